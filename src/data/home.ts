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
import { SISTER_PRODUCT } from '@/site.config';

/** Home hero copy (spec §1, §2). The headline's cycling words are HERO_PHRASES in site.config. */
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

export interface ExampleTask {
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
    prompt:
      'Is a home office deductible for a salaried employee who works from home three days a week?',
    result:
      'The section 23(b) test set out step by step, the records to keep and what to claim on the ITR12.',
  },
  {
    icon: Calculator,
    area: 'Accounting',
    prompt:
      'Explain the lease entries for a five-year office lease under IFRS 16 at R45,000 a month.',
    result:
      'Right-of-use asset and lease liability at commencement, with the journal for the first month.',
  },
  {
    icon: FileSearch,
    area: 'Audit',
    prompt: 'Summarise the audit findings in this SARS letter and list what we must submit.',
    result: 'A dated checklist of documents, with the 21 business days to respond highlighted.',
  },
  {
    icon: Scale,
    area: 'Statutory & legal',
    prompt: 'What must a private company file with the CIPC each year, and by when?',
    result:
      'The annual return and beneficial ownership filing, their due dates and the penalties for filing late.',
  },
];

export interface TrustPoint {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** Home: the "security and POPIA" section. */
export const SECURITY_HEADING = {
  title: 'Built for Client Confidentiality',
  subtitle:
    'Your clients trust you with their numbers. We treat their documents with the same care, under the Protection of Personal Information Act (POPIA).',
} as const;

export const SECURITY_POINTS: readonly TrustPoint[] = [
  {
    icon: Lock,
    title: 'Encrypted end to end',
    description: 'Documents and conversations are encrypted in transit (TLS) and at rest.',
  },
  {
    icon: ShieldCheck,
    title: 'POPIA aligned',
    description:
      'We act as your operator under POPIA, with a named Information Officer and a clear retention period.',
  },
  {
    icon: EyeOff,
    title: 'Never used for training',
    description: 'Your uploads are never used to train public AI models and never sold.',
  },
  {
    icon: MapPin,
    title: 'Made in Johannesburg',
    description:
      'A South African team, South African support hours and answers grounded in local law.',
  },
];

/** Home: the banner for the sister product (spec §1: "coming soon"). */
export const COMING_SOON_BANNER = {
  badge: 'Coming soon',
  title: `${SISTER_PRODUCT.name} is on its way`,
  text: 'Our second product brings the same AI help to small-business owners: quotes, invoices, follow-ups and cash-flow in one place.',
  cta: `Learn about ${SISTER_PRODUCT.name}`,
} as const;
