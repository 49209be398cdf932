import type { StaffUser } from '@shop/contracts/auth';
import type { Database, Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { requireStoreAccess } from '../auth/index.ts';
import { getOrder } from '../orders/index.ts';
import { appendAnulacion } from './annulment.ts';
import { insertRecord, lockChain, softwareIdentity } from './chain.ts';
import { altaFromInvoice, altaSource } from './stored-alta.ts';
import { invoiceByNumber } from './stored-invoice.ts';
import type { InvoiceDeps } from './types.ts';
import { madridTimestamp } from './verifactu.ts';

/**
 * Staff resend a record the AEAT rejected: a new record of the same invoice at the head of the
 * chain (for an alta, Subsanacion S and RechazoPrevio S; for an anulación, RechazoPrevio S), queued
 * for the sender. 409 when the invoice's latest record is not rejected.
 */
export async function correctRejectedRecord(
  db: Database,
  deps: InvoiceDeps,
  number: string,
  staff: StaffUser,
): Promise<{ recordId: number }> {
  return db.transaction(async (tx) => {
    const invoice = await invoiceByNumber(tx, number, true);
    requireStoreAccess(staff, (await getOrder(tx, invoice.order_id)).store.id);
    const { rows } = await tx.query<{ id: number; record_type: 'alta' | 'anulacion'; state: string }>(
      `SELECT id, record_type, state FROM verifactu_records WHERE invoice_id = $1 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [invoice.id],
    );
    const last = rows[0];
    if (last?.state !== 'rejected') throw fail(409, 'INVOICE_STATE', 'verifactuNothingToResend');
    let recordId: number;
    if (last!.record_type === 'anulacion') {
      recordId = await appendAnulacion(tx, deps, invoice, true);
    } else {
      recordId = await appendSubsanacion(tx, deps, invoice.id);
    }
    await tx.query('UPDATE verifactu_records SET corrected_by = $2 WHERE id = $1', [last.id, recordId]);
    return { recordId };
  });
}

/** A new alta of the invoice (Subsanacion S) at the head of the chain. */
async function appendSubsanacion(tx: Queryable, deps: InvoiceDeps, invoiceId: number): Promise<number> {
  const head = await lockChain(tx, deps.config.company.nif.trim());
  const src = await altaSource(tx, invoiceId);
  const generatedAt = madridTimestamp(head.now);
  const { xml, hash, fields } = altaFromInvoice(
    src,
    head.issuerNif,
    softwareIdentity(deps.config),
    head.previous,
    generatedAt,
    true,
  );
  return insertRecord(tx, head, {
    invoiceId,
    recordType: 'alta',
    invoiceNumber: src.full_number,
    issueDate: src.issue_date_text,
    invoiceType: src.kind,
    cuotaTotal: fields.cuotaTotal,
    importeTotal: fields.importeTotal,
    generatedAt,
    hash,
    xml,
    subsanacion: true,
  });
}
