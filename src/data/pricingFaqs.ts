import type { FaqEntry } from '@/data/faqs';
import type { FreePlanTerm } from '@/lib/freePlan';
import { FREE_PLAN_TERM } from '@/data/plans';

export const PRICING_FAQ_HEADING = {
  title: 'Pricing Questions',
  subtitle: 'Billing, trials and plan changes, answered.',
} as const;

/** When the Free plan is available, or when it ended. */
export function freePlanAnswer(term: FreePlanTerm): string {
  return term.open
    ? `The Free plan is free to all users until ${term.endLabel}. It includes basic bots and a system advisor, with legal updates coming soon.`
    : `The Free plan ended on ${term.endLabel}. You can still try every Professional feature free for 30 days, with no credit card.`;
}

export const PRICING_FAQS: readonly FaqEntry[] = [
  {
    question: 'Is VAT included in the price?',
    answer:
      'No. The Professional plan costs R200 per month excluding VAT. VAT is added at the prevailing South African rate and shown on your tax invoice.',
  },
  {
    question: 'What happens when my 30-day free trial ends?',
    answer:
      'Nothing is charged automatically, because the trial needs no credit card. At the end of the 30 days you choose a plan to keep using the Professional features; your conversations and documents stay in your account.',
  },
  {
    question: 'Do you offer annual discounts?',
    answer:
      'Yes. Annual discounts are offered on paid plans. Contact us with the number of users you need and we will send you a quote.',
  },
  {
    question: 'Can I change or cancel my plan?',
    answer:
      'Professional is billed monthly and you can cancel at any time; you keep access until the end of the month you have paid for. Changes to an Enterprise plan take effect from the next billing cycle.',
  },
  {
    question: 'How long is the Free plan available?',
    answer: freePlanAnswer(FREE_PLAN_TERM),
  },
  {
    question: 'How do I pay?',
    answer:
      'Professional is paid by debit or credit card through our secure payment provider. Enterprise customers can also pay by EFT against a monthly or annual invoice.',
  },
];
