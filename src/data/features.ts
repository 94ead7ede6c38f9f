import type { LucideIcon } from 'lucide-react';
import { FileSearch, Mail, ChartLine, Scale, Target, ListChecks } from 'lucide-react';

/** Spec §3 Feature item: icon, title, description. */
export interface FeatureItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const FEATURES_HEADING = {
  title: 'Powerful Features to Help with Your Finance Work',
  subtitle:
    'One assistant for the research, writing and reading that fills a practitioner’s day, tuned for South African tax and accounting work.',
} as const;

/** Spec §1: the six feature cards, in order. */
export const FEATURES: readonly FeatureItem[] = [
  {
    icon: FileSearch,
    title: 'Instant Analysis',
    description:
      'Ask a question in plain language and get a structured answer in seconds, with the Income Tax Act section, SARS guide or IFRS standard it relies on cited beside it.',
  },
  {
    icon: Mail,
    title: 'Email Assistance',
    description:
      'Draft client emails and messages in your firm’s tone: deadline reminders, requests for supporting documents and plain-language explanations of a SARS assessment.',
  },
  {
    icon: ChartLine,
    title: 'Financial Analysis',
    description:
      'Upload trial balances or management accounts and get ratios, trends and variances explained, ready to discuss with a client or a board.',
  },
  {
    icon: Scale,
    title: 'Policy & Contract Interpretation',
    description:
      'Summarise engagement letters, loan agreements and company policies, and see the clauses that carry risk, obligations or tax consequences.',
  },
  {
    icon: Target,
    title: 'Strategy & Risk Assessment',
    description:
      'Weigh options such as a restructuring, a new entity or a change in year-end, with the risks, the compliance steps and the questions to ask first.',
  },
  {
    icon: ListChecks,
    title: 'Action Item Extraction',
    description:
      'Attach a PDF such as a SARS letter of audit findings or a verification request and get a dated to-do list of what must be submitted, by whom and by when.',
  },
];
