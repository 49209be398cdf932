import type { InvoiceKind } from '@shop/contracts/invoices';
import type { Queryable } from '../../db/client.ts';
import type { InvoiceConfig } from './types.ts';
import type { InvoiceRef, SoftwareIdentity } from './verifactu-xml.ts';

/**
 * The chain of VERI*FACTU records (the huella of each one covers the previous one's): one chain per
 * issuer, altas and anulaciones alike. Issuing, annulling and correcting lock its head, append one
 * record, and move the head, all in their own transaction.
 */

/**
 * This software, as the AEAT's SistemaInformatico block names it (and the declaración responsable);
 * its producer and version are configuration (VERIFACTU_PRODUCER_NAME, _NIF, VERIFACTU_SYSTEM_VERSION).
 */
export const SOFTWARE = { name: 'Fundamia Tienda Web', id: 'FW' } as const;

export function softwareIdentity(config: InvoiceConfig): SoftwareIdentity {
  return {
    producerName: config.verifactu.producer.name,
    producerNif: config.verifactu.producer.nif,
    name: SOFTWARE.name,
    id: SOFTWARE.id,
    version: config.verifactu.systemVersion,
    installation: config.verifactu.installation,
  };
}

export interface ChainHead {
  issuerNif: string;
  /** The previous record's identification and huella; null for the first record. */
  previous: (InvoiceRef & { hash: string; id: number }) | null;
  /** The time of issue, read after the lock from the database's clock (one clock for every instance). */
  now: Date;
}

/**
 * Locks the head of the issuer's chain until commit: records are chained one at a time, in the
 * same order as the numbers taken after it, and their timestamps never go backwards.
 */
export async function lockChain(tx: Queryable, issuerNif: string): Promise<ChainHead> {
  const chain = await tx.query<{ last_record_id: number | null }>(
    `INSERT INTO verifactu_chain (issuer_nif) VALUES ($1)
     ON CONFLICT (issuer_nif) DO UPDATE SET last_hash = verifactu_chain.last_hash
     RETURNING last_record_id`,
    [issuerNif],
  );
  const lastId = chain.rows[0]!.last_record_id;
  let previous: ChainHead['previous'] = null;
  if (lastId !== null) {
    const { rows } = await tx.query<{
      issuer_nif: string;
      invoice_number: string;
      issue_date: string;
      hash: string;
    }>('SELECT issuer_nif, invoice_number, issue_date, hash FROM verifactu_records WHERE id = $1', [lastId]);
    const p = rows[0]!;
    previous = {
      id: lastId,
      issuerNif: p.issuer_nif,
      invoiceNumber: p.invoice_number,
      issueDate: p.issue_date,
      hash: p.hash,
    };
  }
  const now = (await tx.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now;
  return { issuerNif, previous, now };
}

export interface NewRecord {
  invoiceId: number;
  recordType: 'alta' | 'anulacion';
  invoiceNumber: string;
  issueDate: string;
  invoiceType: InvoiceKind | null;
  cuotaTotal: string | null;
  importeTotal: string | null;
  generatedAt: string;
  hash: string;
  xml: string;
  subsanacion: boolean;
  /** Queued late: generated to replace a record that could not go (its request carries Incidencia). */
  late?: boolean;
}

/** Appends a record at the locked head of the chain, queued for the sender. */
export async function insertRecord(tx: Queryable, head: ChainHead, r: NewRecord): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO verifactu_records (invoice_id, issuer_nif, invoice_number, issue_date, invoice_type, cuota_total,
       importe_total, previous_id, previous_hash, hash, generated_at, record_type, xml, subsanacion, late)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      r.invoiceId,
      head.issuerNif,
      r.invoiceNumber,
      r.issueDate,
      r.invoiceType,
      r.cuotaTotal,
      r.importeTotal,
      head.previous?.id ?? null,
      head.previous?.hash ?? '',
      r.hash,
      r.generatedAt,
      r.recordType,
      r.xml,
      r.subsanacion,
      r.late ?? false,
    ],
  );
  const id = rows[0]!.id;
  await tx.query('UPDATE verifactu_chain SET last_record_id = $2, last_hash = $3 WHERE issuer_nif = $1', [
    head.issuerNif,
    id,
    r.hash,
  ]);
  // Wakes the sender of any instance (a LISTEN on PostgreSQL; nothing to do on PGlite).
  await tx.query(`SELECT pg_notify('verifactu', '')`);
  return id;
}
