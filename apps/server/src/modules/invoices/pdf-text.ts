import { type PDFFont, type PDFPage, rgb } from 'pdf-lib';

/** Text on the invoice PDF: what customer text may contain, and a writer that lays it out on A4. */

export const MM = 72 / 25.4;
export const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
export const MARGIN = 18 * MM;
const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.75, 0.75, 0.78);

/**
 * Removes what must not reach a document from text a customer typed: control and format characters
 * (line breaks, bidi overrides, zero-width joiners...) become spaces, runs of spaces collapse.
 */
export function stripControlChars(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Text the standard PDF fonts can draw. Helvetica's WinAnsi encoding has every Spanish letter and
 * sign (á é í ó ú ñ ü ¿ ¡ €); any other character falls back to its letter without accents, or "?".
 */
export function pdfSafeText(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const ch of stripControlChars(text)) {
    if (supported.has(ch.codePointAt(0)!)) {
      out += ch;
      continue;
    }
    const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += bare && [...bare].every((c) => supported.has(c.codePointAt(0)!)) ? bare : '?';
  }
  return out;
}

export class Writer {
  readonly #supported: ReadonlySet<number>;
  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.#supported = new Set(regular.getCharacterSet());
  }

  safe(text: string): string {
    return pdfSafeText(text, this.#supported);
  }

  width(text: string, size: number, font = this.regular): number {
    return font.widthOfTextAtSize(this.safe(text), size);
  }

  text(
    text: string,
    x: number,
    y: number,
    size: number,
    opts: { font?: PDFFont; color?: typeof INK } = {},
  ): void {
    const safe = this.safe(text);
    if (!safe) return;
    this.page.drawText(safe, { x, y, size, font: opts.font ?? this.regular, color: opts.color ?? INK });
  }

  /** Right-aligned at `right`. */
  textRight(text: string, right: number, y: number, size: number, font = this.regular): void {
    this.text(text, right - this.width(text, size, font), y, size, { font });
  }

  /** Splits text into lines no wider than `maxWidth`, breaking inside a word only when it alone is wider. */
  wrap(text: string, size: number, maxWidth: number, font = this.regular): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.safe(text).split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const ch of word) {
        if (line && font.widthOfTextAtSize(line + ch, size) > maxWidth) {
          lines.push(line);
          line = '';
        }
        line += ch;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  /** Draws wrapped text downwards from `y`; returns the y below the last line. */
  paragraph(
    text: string,
    x: number,
    y: number,
    size: number,
    maxWidth: number,
    opts: { font?: PDFFont; color?: typeof INK; leading?: number } = {},
  ): number {
    const leading = opts.leading ?? size * 1.3;
    let cursor = y;
    for (const line of this.wrap(text, size, maxWidth, opts.font)) {
      this.text(line, x, cursor, size, opts);
      cursor -= leading;
    }
    return cursor;
  }

  rule(y: number, x1 = MARGIN, x2 = PAGE.width - MARGIN): void {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness: 0.6, color: RULE });
  }
}
