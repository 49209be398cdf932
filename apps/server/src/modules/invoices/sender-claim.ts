import type { Database } from '../../db/client.ts';
import { softwareIdentity } from './chain.ts';
import { legacyRecordXml } from './stored-alta.ts';
import type { InvoiceConfig } from './types.ts';
import { MAX_RECORDS_PER_REQUEST } from './verifactu-xml.ts';

/**
 * The sender's claim: one batch in flight across every instance. The single verifactu_sender row is
 * locked (FOR UPDATE SKIP LOCKED) while a batch row is left in 'sending' with a lease longer than
 * any request may take; while that lease runs, nobody else sends.
 */

export interface SenderLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A batch claimed for one request: its records, in chain order, with their XML. */
export interface Claim {
  batchId: number;
  attempt: number;
  incidencia: boolean;
  records: { id: number; xml: string; recordType: 'alta' | 'anulacion'; invoiceNumber: string }[];
}

/** Why nothing was claimed: nothing to send, another sender at work, halted, or not yet time. */
export type NoClaim =
  | { outcome: 'idle' }
  | { outcome: 'busy' }
  | { outcome: 'halted' }
  | { outcome: 'waiting'; until: Date };

export async function claimBatch(opts: {
  db: Database;
  config: InvoiceConfig;
  leaseMs: number;
  log?: SenderLogger | undefined;
}): Promise<Claim | NoClaim> {
  const leaseSeconds = opts.leaseMs / 1000;
  return opts.db.transaction(async (tx) => {
    const { rows: senders } = await tx.query<{
      halted_at: Date | null;
      due: boolean;
      next_send_at: Date;
    }>(
      `SELECT halted_at, next_send_at <= clock_timestamp() AS due, next_send_at
       FROM verifactu_sender FOR UPDATE SKIP LOCKED`,
    );
    const s = senders[0];
    if (!s) return { outcome: 'busy' as const };
    if (s.halted_at) return { outcome: 'halted' as const };
    const { rows: open } = await tx.query<{ id: number; attempt: number; live: boolean }>(
      `SELECT id, attempt, lease_until > clock_timestamp() AS live FROM verifactu_batches
       WHERE state = 'sending' ORDER BY id LIMIT 1 FOR UPDATE`,
    );
    let batchId: number;
    let attempt = 1;
    let incidencia: boolean;
    if (open[0]) {
      if (open[0].live) return { outcome: 'busy' as const };
      // Its sender died while the AEAT had the request: the same records again, late.
      batchId = open[0].id;
      attempt = open[0].attempt + 1;
      incidencia = true;
      await tx.query(
        `UPDATE verifactu_batches SET attempt = $2, incidencia = true, started_at = clock_timestamp(),
           lease_until = clock_timestamp() + make_interval(secs => $3) WHERE id = $1`,
        [batchId, attempt, leaseSeconds],
      );
      await tx.query(`UPDATE verifactu_records SET late = true WHERE batch_id = $1 AND state = 'sending'`, [
        batchId,
      ]);
      opts.log?.warn({ batchId, attempt }, 'VERI*FACTU batch interrupted; sending its records again');
    } else {
      const { rows: waiting } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM verifactu_records WHERE state = 'pending' LIMIT $1) p`,
        [MAX_RECORDS_PER_REQUEST],
      );
      const n = waiting[0]!.n;
      if (n === 0) return { outcome: 'idle' as const };
      if (!s.due && n < MAX_RECORDS_PER_REQUEST)
        return { outcome: 'waiting' as const, until: s.next_send_at };
      const { rows: picked } = await tx.query<{ id: number; late: boolean }>(
        `SELECT id, late FROM verifactu_records WHERE state = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [MAX_RECORDS_PER_REQUEST],
      );
      if (picked.length === 0) return { outcome: 'idle' as const };
      incidencia = picked.some((p) => p.late);
      const { rows: batch } = await tx.query<{ id: number }>(
        `INSERT INTO verifactu_batches (records, incidencia, started_at, lease_until)
         VALUES ($1, $2, clock_timestamp(), clock_timestamp() + make_interval(secs => $3)) RETURNING id`,
        [picked.length, incidencia, leaseSeconds],
      );
      batchId = batch[0]!.id;
      await tx.query(
        `UPDATE verifactu_records SET state = 'sending', batch_id = $2 WHERE id = ANY($1::bigint[])`,
        [picked.map((p) => p.id), batchId],
      );
    }
    // Until this request is answered, the next one waits for its turn anyway.
    await tx.query(
      `UPDATE verifactu_sender SET next_send_at = clock_timestamp() + make_interval(secs => wait_seconds)`,
    );
    const { rows } = await tx.query<{
      id: number;
      xml: string | null;
      record_type: 'alta' | 'anulacion';
      invoice_number: string;
    }>(
      `SELECT id, xml, record_type, invoice_number FROM verifactu_records
       WHERE batch_id = $1 AND state = 'sending' ORDER BY id`,
      [batchId],
    );
    const records = [];
    for (const r of rows) {
      records.push({
        id: r.id,
        xml: r.xml ?? (await legacyRecordXml(tx, r.id, softwareIdentity(opts.config))),
        recordType: r.record_type,
        invoiceNumber: r.invoice_number,
      });
    }
    if (records.length === 0) {
      await tx.query(`UPDATE verifactu_batches SET state = 'done', finished_at = now() WHERE id = $1`, [
        batchId,
      ]);
      return { outcome: 'idle' as const };
    }
    return { batchId, attempt, incidencia, records };
  });
}
