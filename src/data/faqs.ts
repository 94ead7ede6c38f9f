import { CONTACT, SITE } from '@/config/site';

/** One FAQ entry: question and answer. */
export interface FaqEntry {
  question: string;
  answer: string;
}

export const FAQ_HEADING = {
  title: 'Frequently Asked Questions',
  subtitle: `Straight answers about ${SITE.name}, your data and getting started.`,
} as const;

/** Eight questions. One answer gives the support address; one states a free trial of a month. */
export const FAQS: readonly FaqEntry[] = [
  {
    question: `What is ${SITE.name}?`,
    answer: `${SITE.name} is an AI assistant for finance, tax, accounting, audit and legal professionals. It researches questions with cited sources, drafts client emails, analyses documents and turns correspondence into task lists, with a focus on South African law and SARS practice.`,
  },
  {
    question: 'Who is it built for?',
    answer:
      'Advisors, tax practitioners, accountants, auditors, lawyers, CFOs and finance teams, particularly in small and medium firms that need senior-level research without a large research department.',
  },
  {
    question: 'Is there a free trial?',
    answer:
      'Yes. Every new account gets a free trial of a month with full access to the Professional features. No credit card is needed to start, and you can choose a plan at any time during the month.',
  },
  {
    question: 'How accurate are the answers?',
    answer:
      'Answers cite the legislation, SARS guides, interpretation notes or standards they rely on, so you can check every point at its source. Like any AI tool it can make mistakes: treat its output as a well-researched first draft and apply your professional judgement before advising a client.',
  },
  {
    question: 'Is my client data safe?',
    answer:
      'Documents and conversations are encrypted in transit and at rest, processed in line with the Protection of Personal Information Act (POPIA), and never used to train public AI models. You can delete a conversation or your whole account at any time.',
  },
  {
    question: 'Which documents can I upload?',
    answer:
      'PDFs, Word documents, spreadsheets and plain text: SARS letters and assessments, financial statements, trial balances, contracts and policies. Scanned PDFs work best when the text is legible.',
  },
  {
    question: 'Does it replace my accountant or tax practitioner?',
    answer:
      'No. It makes professionals faster, it does not replace them. Registered tax practitioners, accountants and attorneys remain responsible for the advice they give and the returns they submit.',
  },
  {
    question: 'How do I get help or contact support?',
    answer: `Email our support team at ${CONTACT.supportEmail} and we reply within one business day, Monday to Friday, South African time. You can also use the contact form on this site.`,
  },
];
