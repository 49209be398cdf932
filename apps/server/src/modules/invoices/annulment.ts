import type { StaffUser } from '@shop/contracts/auth';
import type { Database, Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { isOrderPaid } from '../orders/index.ts';
import { insertRecord, lockChain, softwareIdentity } from './chain.ts';
import { stripControlChars } from './pdf-text.ts';
import { invoiceByNumber } from './stored-invoice.ts';
import type { InvoiceDeps } from './types.ts';
import { anulacionHash, madridTimestamp } from './verifactu.ts';
import { registroAnulacionXml } from './verifactu-xml.ts';

/**
 * An admin annuls an invoice issued by mistake: a RegistroAnulacion in the chain, and the invoice
 * no longer counts (the order shows none). Refused (409):
 * - for an invoice already annulled, replaced by an F3, or with rectificativas: those stay;
 * - for a rectificativa: it records money given back or a correction made, which happened;
 * - for the invoice of a sale that happened (INVOICE_SALE_HAPPENED), i.e. of an order whose
 *   payment is recorded (`paid_at`): annulled, the order would stay paid with no valid invoice.
 *   A sale is undone by a rectificativa (a refund, a cancellation), never by an anulación.
 * What remains annullable is an ordinary invoice of an order with no recorded payment.
 */
export async function annulInvoice(
  db: Database,
  deps: InvoiceDeps,
  number: string,
  reason: string,
  staff: StaffUser,
): Promise<{ recordId: number }> {
  const why = stripControlChars(reason ?? '');
  if (!why || why.length > 500) throw fail(400, 'VALIDATION_FAILED', 'invoiceReasonRequired');
  return db.transaction(async (tx) => {
    const invoice = await invoiceByNumber(tx, number, true);
    const corrections = await tx.query('SELECT 1 FROM invoices WHERE rectifies_invoice_id = $1 LIMIT 1', [
      invoice.id,
    ]);
    if (invoice.annulled || invoice.replaced || corrections.rows.length > 0) {
      throw fail(409, 'INVOICE_STATE', 'invoiceAnnulNotAllowed');
    }
    if (invoice.kind === 'R1' || invoice.kind === 'R5') {
      throw fail(409, 'INVOICE_STATE', 'rectificativaNotAnnullable');
    }
    if (await isOrderPaid(tx, invoice.order_id))
      throw fail(409, 'INVOICE_SALE_HAPPENED', 'invoiceSaleHappened');
    const recordId = await appendAnulacion(tx, deps, invoice, false);
    await tx.query(
      'INSERT INTO invoice_annulments (invoice_id, record_id, reason, annulled_by) VALUES ($1, $2, $3, $4)',
      [invoice.id, recordId, why, staff.id],
    );
    return { recordId };
  });
}

/** A RegistroAnulacion of the invoice at the head of the chain (RechazoPrevio S to resend a rejected one). */
export async function appendAnulacion(
  tx: Queryable,
  deps: InvoiceDeps,
  invoice: { id: number; full_number: string; issue_date_text: string },
  rechazoPrevio: boolean,
): Promise<number> {
  const head = await lockChain(tx, deps.config.company.nif.trim());
  const fields = {
    issuerNif: head.issuerNif,
    invoiceNumber: invoice.full_number,
    issueDate: invoice.issue_date_text,
    previousHash: head.previous?.hash ?? '',
    generatedAt: madridTimestamp(head.now),
  };
  const hash = anulacionHash(fields);
  const xml = registroAnulacionXml({
    ...fields,
    rechazoPrevio,
    previous: head.previous,
    hash,
    software: softwareIdentity(deps.config),
  });
  return insertRecord(tx, head, {
    invoiceId: invoice.id,
    recordType: 'anulacion',
    invoiceNumber: invoice.full_number,
    issueDate: invoice.issue_date_text,
    invoiceType: null,
    cuotaTotal: null,
    importeTotal: null,
    generatedAt: fields.generatedAt,
    hash,
    xml,
    subsanacion: false,
  });
}
