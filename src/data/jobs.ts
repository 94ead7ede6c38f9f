import type { LucideIcon } from 'lucide-react';
import {
  ChartLine,
  Calculator,
  FileSearch,
  Receipt,
  BadgeCheck,
  ShieldCheck,
  Briefcase,
  ChartPie,
  Wallet,
  Banknote,
  Search,
  Landmark,
  Building,
  Handshake,
} from 'lucide-react';

/** A job title and its icon. */
interface JobItem {
  icon: LucideIcon;
  title: string;
}

/** The first 10 titles appear as a text list, the first 9 as an icon grid. */
const JOB_LIST_COUNT = 10;
const JOB_GRID_COUNT = 9;

export const AUDIENCE = {
  title: 'Who Is This For?',
  subtitle:
    'Ledgerwise is built for advisors, tax practitioners, accountants and lawyers: the people who carry their clients’ compliance, numbers and risk.',
  /** The four professions the site is for, in order. */
  groups: ['Advisors', 'Tax Practitioners', 'Accountants', 'Lawyers'],
  listTitle: 'Built for roles like',
  gridTitle: 'Everyday work, covered',
} as const;

/** All 14 job titles, in order. */
export const JOB_TITLES: readonly JobItem[] = [
  { icon: ChartLine, title: 'Financial Analyst' },
  { icon: Calculator, title: 'Accountant' },
  { icon: FileSearch, title: 'Auditor' },
  { icon: Receipt, title: 'Tax Advisor' },
  { icon: BadgeCheck, title: 'Compliance Officer' },
  { icon: ShieldCheck, title: 'Risk Professional' },
  { icon: Briefcase, title: 'Financial Manager' },
  { icon: ChartPie, title: 'CFO Support' },
  { icon: Wallet, title: 'Debtors/Creditors Manager' },
  { icon: Banknote, title: 'Payroll Specialist' },
  { icon: Search, title: 'Forensic Accountant' },
  { icon: Landmark, title: 'Treasury Manager' },
  { icon: Building, title: 'Corporate Finance Specialist' },
  { icon: Handshake, title: 'Financial Consultant' },
];

export const LISTED_JOBS = JOB_TITLES.slice(0, JOB_LIST_COUNT);
export const GRID_JOBS = JOB_TITLES.slice(0, JOB_GRID_COUNT);
