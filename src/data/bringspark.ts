import type { LucideIcon } from 'lucide-react';
import { FileText, BellRing, Wallet } from 'lucide-react';
import { SISTER_PRODUCT, SITE } from '@/config/site';

export const BRINGSPARK = {
  badge: 'Coming soon',
  title: `${SISTER_PRODUCT.name}`,
  subtitle: `From the team behind ${SITE.name}: an AI assistant for South African small-business owners, launching soon.`,
  intro:
    'Owners of small businesses spend their evenings on quotes, invoices and chasing payments. BringSpark takes on that admin so they can get back to their customers, and hands their accountant cleaner records at year-end.',
  plannedTitle: 'What we are building',
  notice:
    'BringSpark is not available yet. Features and timing may change before launch; nothing on this page is an offer.',
  externalCta: `Visit the ${SISTER_PRODUCT.name} site`,
  contactCta: 'Ask to be notified',
} as const;

interface PlannedFeature {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const BRINGSPARK_FEATURES: readonly PlannedFeature[] = [
  {
    icon: FileText,
    title: 'Quotes and invoices',
    description:
      'Draft VAT-correct quotes and invoices in rand from a short description of the job.',
  },
  {
    icon: BellRing,
    title: 'Polite follow-ups',
    description:
      'Friendly payment reminders and customer replies written for you, sent when you approve them.',
  },
  {
    icon: Wallet,
    title: 'Cash-flow at a glance',
    description: 'A weekly view of what is owed to you, what you owe and what is due to SARS next.',
  },
];
