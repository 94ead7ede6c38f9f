import { FREE_PLAN_TERM } from '@/data/plans';
import { LINKS } from '@/config/env';

export interface CtaAction {
  label: string;
  href: string;
  /** Opens in a new tab with rel="noopener noreferrer". */
  external: boolean;
  variant: 'primary' | 'secondary' | 'outline' | 'ghost';
}

export interface CtaBandContent {
  title: string;
  text: string;
  actions: readonly CtaAction[];
  /** Smaller text links under the buttons. */
  links: readonly CtaAction[];
}

const chatApp = (label: string, variant: CtaAction['variant']): CtaAction => ({
  label,
  href: LINKS.chatApp,
  external: true,
  variant,
});
const internal = (label: string, href: string): CtaAction => ({
  label,
  href,
  external: false,
  variant: 'ghost',
});

/** The call-to-action band and the call-to-action links, per page. */
export const CTA_BANDS = {
  home: {
    title: 'Ready to Give Your Practice Its Evenings Back?',
    text: 'Join South African accountants, tax practitioners and advisors who research, write and plan faster with Ledgerwise.',
    actions: [
      chatApp('Get Started For Free Today', 'primary'),
      chatApp('See How It Works For Free', 'outline'),
    ],
    links: [internal('Request a Demo', '/contact'), internal('See pricing', '/pricing')],
  },
  pricing: {
    title: 'Try Every Professional Feature Free',
    text: 'A 30-day free trial, no credit card, and sign-up takes 30 seconds.',
    actions: [chatApp('Start 30-day free trial', 'primary')],
    links: [internal('Request a Demo', '/contact')],
  },
  about: {
    title: 'See What Ledgerwise Can Do for Your Practice',
    text: FREE_PLAN_TERM.open
      ? 'Ask your first question in minutes. Free access is open to all users.'
      : 'Ask your first question in minutes, with a 30-day free trial of every Professional feature.',
    actions: [chatApp('Get Started', 'primary')],
    links: [internal('See pricing', '/pricing'), internal('Request a Demo', '/contact')],
  },
} as const satisfies Record<string, CtaBandContent>;
