import type { Company } from '../config.ts';

/**
 * Company data, read from configuration at run time and interpolated into the static pages
 * (`hours` reads well after "Nuestro horario es ...": 'de lunes a viernes, de 10:00 a 22:00').
 */
export type CompanyInfo = Company;

export type Block = { kind: 'p'; text: string } | { kind: 'ul'; items: string[] };

export interface Section {
  /** Anchor slug, e.g. 'derecho-de-desistimiento'. */
  id: string;
  heading: string;
  blocks: Block[];
}

export interface StaticPage {
  slug: string;
  title: string;
  summary: string;
  sections: Section[];
}

export type PageBuilder = (company: CompanyInfo) => StaticPage;
