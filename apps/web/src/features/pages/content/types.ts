/** Company data, read from configuration at run time and interpolated into the static pages. */
export interface CompanyInfo {
  legalName: string;
  tradeName: string;
  nif: string;
  address: string;
  postalCode: string;
  town: string;
  province: string;
  phone: string;
  whatsapp: string;
  email: string;
  /** Written to fit after "Nuestro horario es ...", e.g. 'de lunes a viernes, de 10:00 a 22:00'. */
  hours: string;
  /** Commercial registry entry, e.g. 'Registro Mercantil de Málaga, tomo ..., folio ..., hoja ...'. */
  registry: string;
}

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
