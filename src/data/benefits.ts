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

interface BenefitItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const BENEFITS_HEADING = {
  title: 'Why Choose Ledgerwise',
  subtitle:
    'Built in Johannesburg for firms that answer to SARS, the CIPC and their clients every day.',
} as const;

/** The eight "Why Choose" cards, in order. */
export const BENEFITS: readonly BenefitItem[] = [
  {
    icon: Globe,
    title: 'Localized Support',
    description:
      'International data updated for South Africa: rands, SARS practice, the Companies Act and local tax treaties.',
  },
  {
    icon: ClipboardList,
    title: 'To-Do Lists',
    description: 'Turn any conversation or document into a checklist with owners and due dates.',
  },
  {
    icon: TrendingUp,
    title: 'Investment Insights',
    description:
      'Compare tax-free savings, retirement annuities and discretionary investments, with limits and tax effects.',
  },
  {
    icon: Newspaper,
    title: 'Regulatory Updates',
    description:
      'Budget changes, new SARS interpretation notes and filing-season dates, summarised for your clients.',
  },
  {
    icon: Brain,
    title: 'Complex Problem Solving',
    description:
      'Work through residency, foreign tax credits or group restructures one reasoned step at a time.',
  },
  {
    icon: Users,
    title: 'Leadership Coaching',
    description:
      'Prepare for difficult client conversations, reviews and partner meetings with structured talking points.',
  },
  {
    icon: ShieldCheck,
    title: 'Compliance & Security',
    description:
      'An encrypted solution: documents encrypted in transit and at rest, handled under POPIA, never used for training.',
  },
  {
    icon: Presentation,
    title: 'Generating Presentations',
    description:
      'Turn findings into a slide outline for a client, an audit committee or a budget briefing.',
  },
];
