import { createHash } from 'node:crypto';
import { formatPhoneForPeople } from '@shop/contracts/checkout-rules';
import {
  CONDITIONS_DOCUMENT_TITLE,
  conditionsDocumentPages,
} from '@shop/contracts/legal-pages/conditions-document';
import type { CompanyInfo, StaticPage } from '@shop/contracts/legal-pages/types';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Config } from '../../env.ts';

/**
 * The conditions as a PDF (ADR 26): the same pages the site shows (packages/contracts/src/legal-pages),
 * printed for the company of this installation. Its version is a hash of the texts, so the copy an
 * order received can be told from a later one: printed on every page and kept with the order.
 */

const MM = 72 / 25.4;
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 20 * MM;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);

export interface ConditionsDocument {
  /** 16 hex digits of the SHA-256 of the texts: the same texts, the same version. */
  version: string;
  pages: StaticPage[];
}

/** The company as the pages read it, with the phone numbers as people write them. */
export function conditionsCompany(company: Config['company']): CompanyInfo {
  return {
    ...company,
    phone: formatPhoneForPeople(company.phone),
    whatsappDisplay: formatPhoneForPeople(company.whatsapp),
  };
}

/** The configuration's company is fixed for a process: its document is built and hashed once. */
const documents = new WeakMap<Config['company'], ConditionsDocument>();

export function conditionsDocument(company: Config['company']): ConditionsDocument {
  const known = documents.get(company);
  if (known) return known;
  const pages = conditionsDocumentPages(conditionsCompany(company));
  const version = createHash('sha256').update(JSON.stringify(pages)).digest('hex').slice(0, 16);
  const document = { version, pages };
  documents.set(company, document);
  return document;
}

/** Text Helvetica (WinAnsi) can draw: Spanish letters and signs stay, anything else loses its accent or becomes '?'. */
function drawable(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\s+/g, ' ')) {
    if (supported.has(ch.codePointAt(0)!)) out += ch;
    else {
      const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += bare && [...bare].every((c) => supported.has(c.codePointAt(0)!)) ? bare : '?';
    }
  }
  return out;
}

class Flow {
  page!: PDFPage;
  y = 0;
  readonly #supported: ReadonlySet<number>;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly footer: string,
  ) {
    this.#supported = new Set(regular.getCharacterSet());
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.page.drawText(drawable(this.footer, this.#supported), {
      x: MARGIN,
      y: MARGIN / 2,
      size: 7.5,
      font: this.regular,
      color: MUTED,
    });
    this.y = PAGE.height - MARGIN;
  }

  #lines(text: string, size: number, font: PDFFont): string[] {
    const max = PAGE.width - 2 * MARGIN;
    const lines: string[] = [];
    let line = '';
    for (const word of drawable(text, this.#supported).split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (!line || font.widthOfTextAtSize(candidate, size) <= max) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  write(text: string, size: number, opts: { font?: PDFFont; before?: number; indent?: string } = {}): void {
    const font = opts.font ?? this.regular;
    const leading = size * 1.35;
    this.y -= opts.before ?? 0;
    const lines = this.#lines(`${opts.indent ?? ''}${text}`, size, font);
    // A heading does not stay alone at the foot of a page.
    if (font === this.bold && this.y - leading * (lines.length + 2) < MARGIN) this.newPage();
    for (const line of lines) {
      if (this.y - leading < MARGIN) this.newPage();
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: INK });
    }
  }
}

/** The PDF of the conditions, in Spanish, A4. The same document and company give the same text. */
export async function renderConditionsPdf(
  document: ConditionsDocument,
  company: Config['company'],
): Promise<Buffer> {
  // No creation or modification date: the bytes depend only on the texts.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${CONDITIONS_DOCUMENT_TITLE} (versión ${document.version})`);
  doc.setLanguage('es-ES');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const flow = new Flow(
    doc,
    regular,
    bold,
    `${company.legalName} · NIF ${company.nif} · ${CONDITIONS_DOCUMENT_TITLE} · versión ${document.version}`,
  );
  flow.write(CONDITIONS_DOCUMENT_TITLE, 18, { font: bold });
  flow.write(
    `${company.legalName} (${company.tradeName}), NIF ${company.nif}, ${company.address}, ${company.postalCode} ${company.town} (${company.province}). ${company.registry}. Versión ${document.version}. Guarda este documento: son las condiciones con las que has hecho tu pedido.`,
    9,
    { before: 6 },
  );
  for (const page of document.pages) {
    flow.write(page.title, 14, { font: bold, before: 16 });
    for (const section of page.sections) {
      flow.write(section.heading, 11, { font: bold, before: 9 });
      for (const block of section.blocks) {
        if (block.kind === 'p') flow.write(block.text, 9.5, { before: 3 });
        else for (const item of block.items) flow.write(item, 9.5, { before: 2, indent: '•  ' });
      }
    }
  }
  return Buffer.from(await doc.save());
}
