/** A marquee logo: name, logo path, alt text and the intrinsic size the marquee needs. */
interface LogoEntry {
  name: string;
  /** Path under public/. */
  logo: string;
  alt: string;
  width: number;
  height: number;
}

export const LOGOS_HEADING = 'Trusted by finance teams across South Africa';

/* Fictional firms: wordmarks drawn for this project (public/logos/), 160×40 each. */
const LOGO_SIZE = { width: 160, height: 40 } as const;

/** The eight marquee logos. */
export const LOGOS: readonly LogoEntry[] = [
  {
    name: 'Karoo Ledger Partners',
    logo: '/logos/karoo-ledger.svg',
    alt: 'Karoo Ledger Partners',
    ...LOGO_SIZE,
  },
  {
    name: 'Highveld Tax Associates',
    logo: '/logos/highveld-tax.svg',
    alt: 'Highveld Tax Associates',
    ...LOGO_SIZE,
  },
  {
    name: 'Umhlanga Audit & Assurance',
    logo: '/logos/umhlanga-audit.svg',
    alt: 'Umhlanga Audit & Assurance',
    ...LOGO_SIZE,
  },
  {
    name: 'Table Bay Advisory',
    logo: '/logos/table-bay-advisory.svg',
    alt: 'Table Bay Advisory',
    ...LOGO_SIZE,
  },
  {
    name: 'Jacaranda Chartered Accountants',
    logo: '/logos/jacaranda-ca.svg',
    alt: 'Jacaranda Chartered Accountants',
    ...LOGO_SIZE,
  },
  {
    name: 'Drakensberg Capital',
    logo: '/logos/drakensberg-capital.svg',
    alt: 'Drakensberg Capital',
    ...LOGO_SIZE,
  },
  {
    name: 'Limpopo Payroll Services',
    logo: '/logos/limpopo-payroll.svg',
    alt: 'Limpopo Payroll Services',
    ...LOGO_SIZE,
  },
  {
    name: 'Protea Legal & Tax',
    logo: '/logos/protea-legal.svg',
    alt: 'Protea Legal & Tax',
    ...LOGO_SIZE,
  },
];
