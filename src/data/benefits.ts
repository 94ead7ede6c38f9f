import type { LucideIcon } from 'lucide-react';
import {
  Globe,
  ClipboardList,
  TrendingUp,
  Newspaper,
  Brain,
  Users,
  ShieldCheck,
  Presentation,
} from 'lucide-react';

export interface BenefitItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const BENEFITS_HEADING = {
  title: 'Why Choose Ledgerwise',
  subtitle:
    'Built in Johannesburg for firms that answer to SARS, the CIPC and their clients every day.',
} as const;

/** Spec §1: the eight "Why Choose" cards, in order. */
export const BENEFITS: readonly BenefitItem[] = [
  {
    icon: Globe,
    title: 'Localized Support',
    description:
      'International data updated for South Africa: rand amounts, SARS practice, the Companies Act and local tax treaties, not a generic overseas answer.',
  },
  {
    icon: ClipboardList,
    title: 'To-Do Lists',
    description:
      'Turn any conversation or document into a checklist with owners and due dates, so nothing slips between the email and the working papers.',
  },
  {
    icon: TrendingUp,
    title: 'Investment Insights',
    description:
      'Compare tax-free savings, retirement annuities and discretionary investments for a client’s situation, with the limits and the tax effect set out.',
  },
  {
    icon: Newspaper,
    title: 'Regulatory Updates',
    description:
      'Keep up with budget changes, new SARS interpretation notes and filing-season dates, summarised for what they mean to your clients.',
  },
  {
    icon: Brain,
    title: 'Complex Problem Solving',
    description:
      'Work through multi-step questions such as residency, foreign tax credits or group restructures, one reasoned step at a time.',
  },
  {
    icon: Users,
    title: 'Leadership Coaching',
    description:
      'Prepare for difficult client conversations, performance reviews and partner meetings with structured talking points and feedback.',
  },
  {
    icon: ShieldCheck,
    title: 'Compliance & Security',
    description:
      'An encrypted solution: your documents are encrypted in transit and at rest, handled under POPIA and never used to train public models.',
  },
  {
    icon: Presentation,
    title: 'Generating Presentations',
    description:
      'Turn findings into a slide outline for a client meeting, an audit committee or a budget briefing, with the key numbers up front.',
  },
];
