import type { FaqEntry } from '@/data/faqs';

export const PRICING_FAQ_HEADING = {
  title: 'Pricing Questions',
  subtitle: 'Billing, trials and plan changes, answered.',
} as const;

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
    answer:
      'The Free plan is free to all users until 21 July 2025. It includes basic bots and a system advisor, with legal updates coming soon.',
  },
  {
    question: 'How do I pay?',
    answer:
      'Professional is paid by debit or credit card through our secure payment provider. Enterprise customers can also pay by EFT against a monthly or annual invoice.',
  },
];
