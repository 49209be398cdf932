import type { InvoiceKind } from '@shop/contracts/invoices';
import type { Queryable } from '../../db/client.ts';
import type { InvoiceLine } from './amounts.ts';
import { descriptionOf } from './issue.ts';
import { altaHash, amountText } from './verifactu.ts';
import { type InvoiceRef, registroAltaXml, type SoftwareIdentity } from './verifactu-xml.ts';

/**
 * A RegistroAlta rebuilt from a stored invoice: for a subsanación of a rejected record, and for a
 * record issued before records kept their XML.
 */

export interface AltaSource {
  id: number;
  kind: InvoiceKind;
  full_number: string;
  issue_date_text: string;
  base_cents: number;
  vat_cents: number;
  total_cents: number;
  vat_rate: number;
  operation_date_text: string | null;
  lines: InvoiceLine[];
  seller_name: string;
  buyer_tax_id: string | null;
  buyer_tax_id_kind: 'NIF' | 'VAT' | null;
  buyer_country: string | null;
  buyer_fiscal_name: string | null;
  rectified_number: string | null;
  rectified_date: string | null;
  replaced_number: string | null;
  replaced_date: string | null;
  reason: string | null;
}

const ALTA_SOURCE = `
  SELECT i.id, i.kind, i.full_number, to_char(i.issue_date, 'DD-MM-YYYY') AS issue_date_text, i.base_cents,
         i.vat_cents, i.total_cents, i.vat_rate, to_char(i.operation_date, 'DD-MM-YYYY') AS operation_date_text,
         i.lines, i.seller->>'legalName' AS seller_name, i.buyer_tax_id, i.buyer_tax_id_kind, i.buyer_country,
         i.buyer_fiscal_name, r.full_number AS rectified_number, to_char(r.issue_date, 'DD-MM-YYYY') AS rectified_date,
         s.full_number AS replaced_number, to_char(s.issue_date, 'DD-MM-YYYY') AS replaced_date, i.reason
  FROM invoices i
  LEFT JOIN invoices r ON r.id = i.rectifies_invoice_id
  LEFT JOIN invoices s ON s.id = i.replaces_invoice_id`;

/** The stored invoice a RegistroAlta is rebuilt from. */
export async function altaSource(q: Queryable, invoiceId: number): Promise<AltaSource> {
  return (await q.query<AltaSource>(`${ALTA_SOURCE} WHERE i.id = $1`, [invoiceId])).rows[0]!;
}

/** The RegistroAlta of a stored invoice, chained to `previous`, generated at `generatedAt`. */
export function altaFromInvoice(
  src: AltaSource,
  issuerNif: string,
  software: SoftwareIdentity,
  previous: (InvoiceRef & { hash: string }) | null,
  generatedAt: string,
  subsanacion: boolean,
): { xml: string; hash: string; fields: { cuotaTotal: string; importeTotal: string } } {
  const fields = {
    issuerNif,
    invoiceNumber: src.full_number,
    issueDate: src.issue_date_text,
    invoiceType: src.kind,
    cuotaTotal: amountText(src.vat_cents),
    importeTotal: amountText(src.total_cents),
    previousHash: previous?.hash ?? '',
    generatedAt,
  };
  const hash = altaHash(fields);
  const ref = (n: string | null, d: string | null) =>
    n && d ? [{ issuerNif, invoiceNumber: n, issueDate: d }] : undefined;
  const xml = registroAltaXml({
    ...fields,
    issuerName: src.seller_name,
    subsanacion,
    rectifies: ref(src.rectified_number, src.rectified_date),
    replaces: ref(src.replaced_number, src.replaced_date),
    operationDate: src.operation_date_text,
    description: descriptionOf(src.kind, src.lines, src.rectified_number, src.reason),
    recipient:
      src.buyer_tax_id && src.buyer_tax_id_kind
        ? src.buyer_tax_id_kind === 'NIF'
          ? { name: src.buyer_fiscal_name ?? '', nif: src.buyer_tax_id }
          : {
              name: src.buyer_fiscal_name ?? '',
              country: src.buyer_country ?? '',
              vatNumber: src.buyer_tax_id,
            }
        : null,
    breakdown: [
      { vatRate: `${src.vat_rate}.00`, base: amountText(src.base_cents), vat: amountText(src.vat_cents) },
    ],
    previous,
    hash,
    software,
  });
  return { xml, hash, fields };
}

/**
 * The XML of a record that was issued before records kept their XML: rebuilt from its stored
 * fields and its invoice, so that it can still be sent and read.
 */
export async function legacyRecordXml(
  q: Queryable,
  recordId: number,
  software: SoftwareIdentity,
): Promise<string> {
  const { rows } = await q.query<{
    invoice_id: number;
    issuer_nif: string;
    generated_at: string;
    p_nif: string | null;
    p_number: string | null;
    p_date: string | null;
    p_hash: string | null;
  }>(
    `SELECT r.invoice_id, r.issuer_nif, r.generated_at, p.issuer_nif AS p_nif, p.invoice_number AS p_number,
            p.issue_date AS p_date, p.hash AS p_hash
     FROM verifactu_records r LEFT JOIN verifactu_records p ON p.id = r.previous_id WHERE r.id = $1`,
    [recordId],
  );
  const r = rows[0]!;
  const src = await altaSource(q, r.invoice_id);
  const previous =
    r.p_hash !== null
      ? { issuerNif: r.p_nif!, invoiceNumber: r.p_number!, issueDate: r.p_date!, hash: r.p_hash }
      : null;
  return altaFromInvoice(src, r.issuer_nif, software, previous, r.generated_at, false).xml;
}
