/** A paragraph, or a bulleted list. Email addresses and https:// URLs in the text are linked when rendered. */
type LegalBlock = string | { readonly items: readonly string[] };

export interface LegalSection {
  /** Anchor id for the table of contents. */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  description: string;
  /** ISO date (YYYY-MM-DD). */
  lastUpdated: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}
