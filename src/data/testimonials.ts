/**
 * The three built-in testimonials: shown when PocketBase has none or cannot be
 * reached at build time. Same shape as a PocketBase record after the loader's defaults.
 */
interface SampleTestimonial {
  quote: string;
  author: string;
  position: string;
  company: string;
}

export const SAMPLE_TESTIMONIALS: readonly SampleTestimonial[] = [
  {
    quote:
      'Ledgerwise answers the provisional tax questions my clients ask every season, with the SARS references attached. Research that took an afternoon now takes a coffee.',
    author: 'Thandi Mokoena',
    position: 'Tax Practitioner',
    company: 'Mokoena Tax Advisory',
  },
  {
    quote:
      'I upload a SARS letter and get a clear list of what is due and by when. Our team spends its time on clients instead of on paperwork.',
    author: 'Pieter van der Merwe',
    position: 'Managing Partner',
    company: 'Karoo Ledger Accountants',
  },
  {
    quote:
      'Drafting client emails about deadlines and changes in legislation used to eat my mornings. Now I review a good draft and send it.',
    author: 'Ayesha Patel',
    position: 'Financial Manager',
    company: 'Umhlanga Audit & Assurance',
  },
];

/** The Home testimonials section's heading. */
export const TESTIMONIALS_SECTION = {
  tagline: 'Testimonials',
  title: 'What Professionals Say',
  subtitle: 'Tax practitioners, accountants and finance teams on working with Ledgerwise.',
} as const;
