import { createHash } from 'node:crypto';

/**
 * VERI*FACTU (RD 1007/2023, Orden HAC/1177/2024): the fingerprint (huella) of each invoice
 * registration record, the chain that links every record to the previous one, the Madrid-time
 * stamps those records carry, and the AEAT verification URL printed as a QR code on the invoice.
 *
 * Pure functions only: no database, no clock. The service decides when; this file decides how.
 */

/**
 * AEAT's TipoFactura: F1 = factura completa (RD 1619/2012 art. 6); F2 = simplificada (art. 7);
 * F3 = completa emitida en sustitución de simplificadas; R1 = rectificativa de una completa;
 * R5 = rectificativa de una simplificada.
 */
export type InvoiceType = 'F1' | 'F2' | 'F3' | 'R1' | 'R5';

/** The fields of an 'alta' (new invoice) record that go into its huella, as they are sent to the AEAT. */
export interface AltaHashFields {
  /** IDEmisorFactura: the seller's NIF. */
  issuerNif: string;
  /** NumSerieFactura: series and number, e.g. "T2026-000001". */
  invoiceNumber: string;
  /** FechaExpedicionFactura: dd-mm-yyyy. */
  issueDate: string;
  /** TipoFactura. */
  invoiceType: string;
  /** CuotaTotal: total VAT, "12.35". */
  cuotaTotal: string;
  /** ImporteTotal: total amount, "123.45". */
  importeTotal: string;
  /** Huella of the previous record of the chain; '' for the first record. */
  previousHash: string;
  /** FechaHoraHusoGenRegistro: yyyy-mm-ddThh:mm:ss+hh:mm. */
  generatedAt: string;
}

/**
 * The text that is hashed, as AEAT's "Detalle de las especificaciones técnicas para generación de la
 * huella o hash de los registros de facturación" gives it for an alta: name=value pairs in this fixed
 * order joined by '&', each value without leading or trailing blanks, an empty value kept as `name=`.
 */
export function altaHashText(r: AltaHashFields): string {
  const pairs: [string, string][] = [
    ['IDEmisorFactura', r.issuerNif],
    ['NumSerieFactura', r.invoiceNumber],
    ['FechaExpedicionFactura', r.issueDate],
    ['TipoFactura', r.invoiceType],
    ['CuotaTotal', r.cuotaTotal],
    ['ImporteTotal', r.importeTotal],
    ['Huella', r.previousHash],
    ['FechaHoraHusoGenRegistro', r.generatedAt],
  ];
  return pairs.map(([name, value]) => `${name}=${value.trim()}`).join('&');
}

const sha256Upper = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();

/** The huella: SHA-256 of the UTF-8 text, 64 uppercase hexadecimal digits. */
export function altaHash(r: AltaHashFields): string {
  return sha256Upper(altaHashText(r));
}

/** The fields of an 'anulación' record that go into its huella. */
export interface AnulacionHashFields {
  /** IDEmisorFacturaAnulada. */
  issuerNif: string;
  /** NumSerieFacturaAnulada. */
  invoiceNumber: string;
  /** FechaExpedicionFacturaAnulada: dd-mm-yyyy. */
  issueDate: string;
  previousHash: string;
  generatedAt: string;
}

/** The hashed text of an anulación (same document, §5): its own five fields. */
export function anulacionHashText(r: AnulacionHashFields): string {
  const pairs: [string, string][] = [
    ['IDEmisorFacturaAnulada', r.issuerNif],
    ['NumSerieFacturaAnulada', r.invoiceNumber],
    ['FechaExpedicionFacturaAnulada', r.issueDate],
    ['Huella', r.previousHash],
    ['FechaHoraHusoGenRegistro', r.generatedAt],
  ];
  return pairs.map(([name, value]) => `${name}=${value.trim()}`).join('&');
}

export function anulacionHash(r: AnulacionHashFields): string {
  return sha256Upper(anulacionHashText(r));
}

/** The huella of either kind of record. */
export function recordHash(r: ChainRecord): string {
  return r.recordType === 'anulacion' ? anulacionHash(r) : altaHash(r);
}

// ---------------------------------------------------------------------------------------------
// Madrid time. Records carry the local time of Spain's peninsula with its UTC offset (+01:00 in
// winter, +02:00 in summer); the invoice date and the numbering year are Madrid calendar dates too,
// so an invoice issued at 00:30 on 1 January in Málaga belongs to the new year.
// ---------------------------------------------------------------------------------------------

const MADRID_PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Madrid',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface MadridTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  /** Minutes east of UTC. */
  offsetMinutes: number;
}

function madridTime(date: Date): MadridTime {
  if (Number.isNaN(date.getTime())) throw new RangeError('fecha no válida');
  // Whole seconds: the record's timestamp has no fractions, and the offset is computed on the same instant.
  const instant = Math.floor(date.getTime() / 1000) * 1000;
  const parts: Record<string, string> = {};
  for (const p of MADRID_PARTS.formatToParts(new Date(instant))) parts[p.type] = p.value;
  const { year, month, day, hour, minute, second } = parts as Record<keyof MadridTime, string>;
  // The wall-clock reading taken as if it were UTC, minus the real instant, is the zone's offset.
  const wall = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  return { year, month, day, hour, minute, second, offsetMinutes: Math.round((wall - instant) / 60_000) };
}

/** "2026-11-22T19:20:30+01:00": FechaHoraHusoGenRegistro (ISO 8601 with the Madrid offset). */
export function madridTimestamp(date: Date): string {
  const t = madridTime(date);
  const sign = t.offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(t.offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${t.year}-${t.month}-${t.day}T${t.hour}:${t.minute}:${t.second}${offset}`;
}

/** "22-11-2026": the date format of FechaExpedicionFactura and of the QR's `fecha`. */
export function madridDate(date: Date): string {
  const t = madridTime(date);
  return `${t.day}-${t.month}-${t.year}`;
}

/** "2026-11-22": the same Madrid calendar date, as SQL takes it. */
export function madridIsoDate(date: Date): string {
  const t = madridTime(date);
  return `${t.year}-${t.month}-${t.day}`;
}

/** The Madrid calendar year: the numbering year of the invoice series. */
export function madridYear(date: Date): number {
  return Number(madridTime(date).year);
}

/** Integer cents as the decimal text of the AEAT schemas: 1235 -> "12.35", -500 -> "-5.00". */
export function amountText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`importe no entero en céntimos: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// The QR code (Orden HAC/1177/2024 art. 20-21; AEAT "Características del QR y especificaciones del
// servicio de cotejo"): a URL of AEAT's cotejo service carrying the seller's NIF, the invoice number,
// its date and its total, so that the buyer can check that the AEAT holds the record.
// ---------------------------------------------------------------------------------------------

/** AEAT's production cotejo service: only invoices actually registered with the AEAT are found there. */
export const AEAT_COTEJO_URL_PRODUCTION = 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR';
/** AEAT's pre-production (test) environment: for records sent anywhere but the production service. */
export const AEAT_COTEJO_URL_TEST = 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR';

/**
 * The cotejo service of the environment the records go to (`production`: VERIFACTU_ENDPOINT is the
 * AEAT's production service), not of the run mode: a record is found only where it was sent.
 */
export const cotejoBaseUrl = (production: boolean): string =>
  production ? AEAT_COTEJO_URL_PRODUCTION : AEAT_COTEJO_URL_TEST;

export interface CotejoParams {
  nif: string;
  /** NumSerieFactura. */
  invoiceNumber: string;
  /** dd-mm-yyyy. */
  issueDate: string;
  /** ImporteTotal, "24.90". */
  importeTotal: string;
}

/** The text of the invoice's QR code; every value URL-encoded as the AEAT asks. */
export function cotejoUrl(p: CotejoParams, production: boolean): string {
  const query = [
    ['nif', p.nif],
    ['numserie', p.invoiceNumber],
    ['fecha', p.issueDate],
    ['importe', p.importeTotal],
  ]
    .map(([k, v]) => `${k}=${encodeURIComponent(v!.trim())}`)
    .join('&');
  return `${cotejoBaseUrl(production)}?${query}`;
}

// ---------------------------------------------------------------------------------------------
// Chain verification (RD 1007/2023 art. 8: integridad y trazabilidad). Each record's huella is recomputed
// from its own fields and the previous record's huella; the first record of an issuer chains ''.
// ---------------------------------------------------------------------------------------------

export interface ChainRecord extends AltaHashFields {
  id: number;
  /** 'alta' unless said otherwise; an anulación hashes only its identification fields. */
  recordType?: 'alta' | 'anulacion';
  /** The record the huella chains to, when the store keeps it; null for the first one. */
  previousId?: number | null;
  hash: string;
}

export interface ChainVerification {
  ok: boolean;
  /** How many records were examined. */
  records: number;
  /** The first record whose huella or link does not hold. */
  firstBrokenId?: number;
}

/**
 * Verifies records fed in id order, one at a time, so a long history can be read in pages. Each
 * issuer (NIF) has its own chain.
 */
export class ChainVerifier {
  #heads = new Map<string, { id: number; hash: string }>();
  #count = 0;
  #lastId = Number.NEGATIVE_INFINITY;
  #firstBrokenId: number | undefined;

  push(r: ChainRecord): void {
    this.#count++;
    if (this.#firstBrokenId !== undefined) return;
    const head = this.#heads.get(r.issuerNif);
    const linked =
      r.id > this.#lastId &&
      r.previousHash === (head?.hash ?? '') &&
      (r.previousId === undefined || r.previousId === (head?.id ?? null));
    if (!linked || recordHash(r) !== r.hash) this.#firstBrokenId = r.id;
    this.#lastId = r.id;
    this.#heads.set(r.issuerNif, { id: r.id, hash: r.hash });
  }

  result(): ChainVerification {
    return this.#firstBrokenId === undefined
      ? { ok: true, records: this.#count }
      : { ok: false, records: this.#count, firstBrokenId: this.#firstBrokenId };
  }
}

/** Recomputes every huella from the first record on; records must be in id (chain) order. */
export function verifyChain(records: Iterable<ChainRecord>): ChainVerification {
  const verifier = new ChainVerifier();
  for (const r of records) verifier.push(r);
  return verifier.result();
}
