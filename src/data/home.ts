import type { LucideIcon } from 'lucide-react';
import {
  Receipt,
  Calculator,
  FileSearch,
  Scale,
  Lock,
  ShieldCheck,
  EyeOff,
  MapPin,
} from 'lucide-react';
import { SISTER_PRODUCT } from '@/config/site';

/** Home hero copy. The headline's cycling words are HERO_PHRASES in config/site. */
export const HERO = {
  badge: 'AI-Powered Automation',
  headingLead: 'AI Automation for',
  /** What screen readers hear instead of the animation. */
  headingSpoken: 'AI Automation for Accounting, Tax, Statutory and Audit',
  lead: 'Streamline research, respond to emails, analyze documents, manage tasks and improve client service with an assistant that knows South African tax and accounting.',
  bullets: [
    'Save hours on research and document analysis',
    'Reduce administrative time',
    'Focus on high-value client interactions',
  ],
  primaryCta: 'Start Your Free Trial',
  secondaryCta: 'See How It Works',
  chat: {
    title: 'Ledgerwise Assistant',
    subtitle: 'Online · cites its sources',
    prompts: [
      'Get the tax treaty between South Africa and the United Kingdom.',
      'List the action items in the attached SARS letter (PDF).',
      'Draft a client email about the upcoming provisional tax deadline.',
    ],
    status: 'Analyzing your request...',
  },
} as const;

interface ExampleTask {
  icon: LucideIcon;
  area: string;
  prompt: string;
  result: string;
}

/** Home: the "example tasks" section. */
export const EXAMPLE_TASKS_HEADING = {
  title: 'What You Can Ask',
  subtitle: 'Real requests from South African practices, answered with sources you can check.',
} as const;

export const EXAMPLE_TASKS: readonly ExampleTask[] = [
  {
    icon: Receipt,
    area: 'Tax',
    prompt: 'Can a salaried employee who works from home claim home-office expenses?',
    result: 'The section 23(b) test step by step, and what to claim on the ITR12.',
  },
  {
    icon: Calculator,
    area: 'Accounting',
    prompt: 'Journal a five-year office lease at R45,000 a month under IFRS 16.',
    result: 'The right-of-use asset, the lease liability and the first month’s entries.',
  },
  {
    icon: FileSearch,
    area: 'Audit',
    prompt: 'Summarise the audit findings in this SARS letter and list what we must submit.',
    result: 'A dated checklist, with the 21 business days to respond highlighted.',
  },
  {
    icon: Scale,
    area: 'Statutory & legal',
    prompt: 'What must a private company file with the CIPC each year?',
    result: 'The annual return and beneficial ownership filing, with due dates and penalties.',
  },
];

interface TrustPoint {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** Home: the "security and POPIA" section. */
export const SECURITY_HEADING = {
  title: 'Built for Client Confidentiality',
  subtitle:
    'Your clients trust you with their numbers. We treat their documents with the same care, under POPIA.',
} as const;

export const SECURITY_POINTS: readonly TrustPoint[] = [
  {
    icon: Lock,
    title: 'Encrypted in transit and at rest',
    description:
      'Your documents and chats are encrypted on their way to us and while we store them.',
  },
  {
    icon: ShieldCheck,
    title: 'POPIA aligned',
    description: 'We act as your operator under POPIA, with a named Information Officer.',
  },
  {
    icon: EyeOff,
    title: 'Never used for training',
    description: 'Your uploads never train public AI models and are never sold.',
  },
  {
    icon: MapPin,
    title: 'Made in Johannesburg',
    description: 'A local team, local support hours and answers grounded in local law.',
  },
];

/** Home: the "coming soon" banner for the sister product. */
export const COMING_SOON_BANNER = {
  badge: 'Coming soon',
  title: `${SISTER_PRODUCT.name} is on its way`,
  text: 'Our second product brings the same AI help to small-business owners: quotes, invoices, follow-ups and cash-flow in one place.',
  cta: `Learn about ${SISTER_PRODUCT.name}`,
} as const;
