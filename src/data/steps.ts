import type { LucideIcon } from 'lucide-react';
import { UserPlus, Upload, ListChecks } from 'lucide-react';

interface Step {
  icon: LucideIcon;
  title: string;
  description: string;
}

/** About: the three getting-started steps; Home's "how it works" shows the same steps. */
export const STEPS_HEADING = {
  title: 'Get Started in Three Steps',
  subtitle: 'From sign-up to your first cited answer in a few minutes.',
} as const;

export const GETTING_STARTED_STEPS: readonly Step[] = [
  {
    icon: UserPlus,
    title: 'Sign up for a 30-day free trial',
    description:
      'Create your account in 30 seconds. No credit card is needed, and the trial includes every Professional feature.',
  },
  {
    icon: Upload,
    title: 'Upload your documents',
    description:
      'Add SARS correspondence, financial statements, contracts or policies, or simply ask a question in plain language.',
  },
  {
    icon: ListChecks,
    title: 'Get cited answers with task lists',
    description:
      'Receive answers that cite their sources, with a task list of what to do next, who does it and by when.',
  },
];
