import type { LucideIcon } from 'lucide-react';
import { Target, HeartHandshake, Lightbulb, ShieldCheck } from 'lucide-react';
import { SITE } from '@/config/site';

export const ABOUT_HERO = {
  tagline: `About ${SITE.name}`,
  title: 'Senior-Level Support for Every Practice',
  subtitle:
    'We build AI tools that give South African finance, tax and legal professionals more time for the work only they can do.',
} as const;

export const VISION = {
  title: 'Our Vision',
  text: 'A South Africa where every accountant, tax practitioner and advisor, in a two-person practice or a national firm, has a tireless, well-read assistant beside them: one that knows the Income Tax Act, cites its sources and never forgets a deadline. Better-supported professionals give better advice, and better advice keeps businesses compliant, solvent and growing.',
} as const;

export const FOUNDER_STORY = {
  title: 'How It Started',
  paragraphs: [
    'Our founder spent more than 19 years in finance: in audit, in corporate tax and as the financial manager of a Gauteng manufacturing group. Across those years the pattern never changed. The best people in every team spent their evenings on research, reconciliations and reading SARS letters instead of advising clients.',
    'When large language models arrived, she saw the chance to hand that groundwork to software, but only if the answers could be trusted. Generic chatbots guessed at South African law and could not say where an answer came from.',
    `In 2024 she teamed up with an engineer who had built data systems for banks, and together they started ${SITE.name} in Johannesburg: an assistant that answers with citations, understands local tax and accounting practice and turns every answer into a list of next steps.`,
  ],
} as const;

interface TeamMember {
  name: string;
  role: string;
  bio: string;
  /** Shown in the avatar circle. */
  initials: string;
}

export const TEAM_HEADING = {
  title: 'Meet the Team',
  subtitle: 'Finance experience and engineering depth, under one roof.',
} as const;

export const TEAM: readonly TeamMember[] = [
  {
    name: 'Nomvula Khumalo',
    role: 'Founder & CEO',
    initials: 'NK',
    bio: 'A chartered accountant with 19+ years of finance experience across audit, corporate tax and financial management. Nomvula sets the product’s standard: every answer must be one she would sign off herself.',
  },
  {
    name: 'Daniel Botha',
    role: 'Co-founder & Lead Engineer',
    initials: 'DB',
    bio: 'A software engineer who spent a decade building secure data platforms for South African banks. Daniel leads the AI, search and security work behind the assistant.',
  },
];

interface Value {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const VALUES_HEADING = {
  title: 'What We Stand For',
  subtitle: 'Four values guide every feature we ship.',
} as const;

export const VALUES: readonly Value[] = [
  {
    icon: Target,
    title: 'Accuracy First',
    description:
      'Answers cite the Act, the SARS guide or the standard they rely on, so you can check them before you advise.',
  },
  {
    icon: HeartHandshake,
    title: 'Client-Centric',
    description:
      'We build for the practitioner and the client behind them, and we answer support emails ourselves.',
  },
  {
    icon: Lightbulb,
    title: 'Innovation',
    description:
      'We put new AI capabilities to work quickly, but only once they are reliable enough for professional use.',
  },
  {
    icon: ShieldCheck,
    title: 'Security',
    description:
      'Client documents are encrypted, handled under POPIA and never used to train public models.',
  },
];
