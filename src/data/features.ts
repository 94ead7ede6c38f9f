import type { LucideIcon } from 'lucide-react';
import { FileSearch, Mail, ChartLine, Scale, Target, ListChecks } from 'lucide-react';

/** A feature card: icon, title, description. */
interface FeatureItem {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const FEATURES_HEADING = {
  title: 'Powerful Features to Help with Your Finance Work',
  subtitle:
    'One assistant for the research, writing and reading that fills a practitioner’s day, tuned for South African tax and accounting work.',
} as const;

/** The six feature cards, in order. */
export const FEATURES: readonly FeatureItem[] = [
  {
    icon: FileSearch,
    title: 'Instant Analysis',
    description:
      'Ask in plain language and get a structured answer in seconds, citing the Act, SARS guide or IFRS standard it relies on.',
  },
  {
    icon: Mail,
    title: 'Email Assistance',
    description:
      'Draft client emails and messages in your firm’s tone: deadline reminders, document requests, SARS letters explained.',
  },
  {
    icon: ChartLine,
    title: 'Financial Analysis',
    description:
      'Upload trial balances or management accounts and get ratios, trends and variances explained.',
  },
  {
    icon: Scale,
    title: 'Policy & Contract Interpretation',
    description:
      'Summarise engagement letters, loan agreements and policies, and see the clauses that carry risk or tax consequences.',
  },
  {
    icon: Target,
    title: 'Strategy & Risk Assessment',
    description:
      'Weigh options such as a restructuring or a new entity, with the risks and the compliance steps set out.',
  },
  {
    icon: ListChecks,
    title: 'Action Item Extraction',
    description:
      'Attach a PDF such as a SARS letter and get a dated to-do list of what must be submitted, by whom and by when.',
  },
];
