import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import { amountText } from './verifactu.ts';

/**
 * Sending VERI*FACTU registration records to the AEAT (RD 1007/2023: a VERI*FACTU system sends
 * every record it generates, in chain order). The records themselves are written when the invoice is issued
 * and never change; a submission only updates their bookkeeping columns (status, attempts, error),
 * so whatever a submitter does or fails to do, no record is lost or altered.
 */

/** Everything a submitter needs to build the AEAT's RegistroAlta for one record. */
export interface VerifactuSubmission {
  recordId: number;
  issuerNif: string;
  /** NombreRazonEmisor. */
  issuerName: string;
  /** NumSerieFactura. */
  invoiceNumber: string;
  /** FechaExpedicionFactura, dd-mm-yyyy. */
  issueDate: string;
  /** TipoFactura: F2 or R5. */
  invoiceType: string;
  /** DescripcionOperacion. */
  description: string;
  /** Desglose: one entry per VAT rate (regime 01, operación sujeta y no exenta S1). */
  breakdown: { vatRate: string; base: string; vat: string }[];
  cuotaTotal: string;
  importeTotal: string;
  /** Encadenamiento: null for the first record (PrimerRegistro = S), else the previous record. */
  previous: { issuerNif: string; invoiceNumber: string; issueDate: string; hash: string } | null;
  /** Huella, TipoHuella 01 (SHA-256). */
  hash: string;
  /** FechaHoraHusoGenRegistro. */
  generatedAt: string;
}

export type SubmitResult = { ok: true; reference?: string } | { ok: false; error: string };

/**
 * Where records go. The real implementation is the AEAT's SOAP web service
 * (SistemaFacturacion.wsdl, operation RegFactuSistemaFacturacion): it authenticates with the
 * company's qualified certificate (mutual TLS), sends RegistroAlta elements in chain order (at most
 * 1000 per request), honours the waiting time the AEAT returns (TiempoEsperaEnvio, 60 s by default)
 * between requests, returns `ok` with the AEAT's CSV as `reference` for an accepted record
 * ("Correcto" or "AceptadoConErrores") and `ok: false` with the AEAT's error code and text otherwise.
 * It must never report `ok` for a record the AEAT did not accept.
 */
export interface VerifactuSubmitter {
  /** 'outbox' keeps local copies only; 'aeat' is the AEAT web service. Stored with each sent record. */
  readonly channel: 'outbox' | 'aeat';
  submit(record: VerifactuSubmission): Promise<SubmitResult>;
}

/**
 * The local implementation: writes each record as a JSON file in a directory (DATA_DIR/
 * verifactu-outbox), named by record id and invoice number, atomically (temp file, fsync, rename).
 * It sends nothing to the AEAT; records it handled are marked sent *via 'outbox'*, which nobody may
 * read as a submission to the AEAT. Until the company's certificate and the AEAT client are in place
 * this is the archive a gestor can submit from.
 */
export class OutboxSubmitter implements VerifactuSubmitter {
  readonly channel = 'outbox' as const;
  constructor(readonly dir: string) {}

  async submit(record: VerifactuSubmission): Promise<SubmitResult> {
    const name = `${String(record.recordId).padStart(10, '0')}-${record.invoiceNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;
    const document = {
      note: 'Copia local del registro de facturación VERI*FACTU: NO se ha remitido a la AEAT.',
      RegistroAlta: {
        IDVersion: '1.0',
        IDFactura: {
          IDEmisorFactura: record.issuerNif,
          NumSerieFactura: record.invoiceNumber,
          FechaExpedicionFactura: record.issueDate,
        },
        NombreRazonEmisor: record.issuerName,
        TipoFactura: record.invoiceType,
        DescripcionOperacion: record.description,
        Desglose: record.breakdown.map((b) => ({
          Impuesto: '01',
          ClaveRegimen: '01',
          CalificacionOperacion: 'S1',
          TipoImpositivo: b.vatRate,
          BaseImponibleOimporteNoSujeto: b.base,
          CuotaRepercutida: b.vat,
        })),
        CuotaTotal: record.cuotaTotal,
        ImporteTotal: record.importeTotal,
        Encadenamiento: record.previous
          ? {
              RegistroAnterior: {
                IDEmisorFactura: record.previous.issuerNif,
                NumSerieFactura: record.previous.invoiceNumber,
                FechaExpedicionFactura: record.previous.issueDate,
                Huella: record.previous.hash,
              },
            }
          : { PrimerRegistro: 'S' },
        FechaHoraHusoGenRegistro: record.generatedAt,
        TipoHuella: '01',
        Huella: record.hash,
      },
    };
    try {
      await mkdir(this.dir, { recursive: true });
      const tmp = path.join(this.dir, `.tmp-${randomBytes(8).toString('hex')}`);
      const handle = await open(tmp, 'wx', 0o640);
      try {
        await handle.writeFile(`${JSON.stringify(document, null, 2)}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(tmp, path.join(this.dir, name));
      } catch (err) {
        await unlink(tmp).catch(() => {});
        throw err;
      }
      return { ok: true, reference: name };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  }
}

interface SubmissionRow {
  id: number;
  issuer_nif: string;
  issuer_name: string;
  invoice_number: string;
  issue_date: string;
  invoice_type: string;
  cuota_total: string;
  importe_total: string;
  hash: string;
  generated_at: string;
  vat_rate: number;
  base_cents: number;
  vat_cents: number;
  lines: { description: string }[];
  prev_issuer_nif: string | null;
  prev_invoice_number: string | null;
  prev_issue_date: string | null;
  prev_hash: string | null;
}

/** How long a run holds the oldest unsent record; longer than any AEAT request may take. */
const LEASE_SECONDS = 120;

/**
 * Takes the oldest record not yet sent, unless another run (maybe on another instance) holds it:
 * records go out one at a time and in chain order.
 */
async function claimNext(db: Database): Promise<VerifactuSubmission | null> {
  return db.transaction(async (tx) => {
    const head = await tx.query<{ id: number; leased: boolean }>(
      `SELECT id, coalesce(lease_until > clock_timestamp(), false) AS leased
       FROM verifactu_records WHERE submission_status <> 'sent' ORDER BY id LIMIT 1 FOR UPDATE`,
    );
    const next = head.rows[0];
    if (!next || next.leased) return null;
    await tx.query(
      'UPDATE verifactu_records SET lease_until = clock_timestamp() + make_interval(secs => $2) WHERE id = $1',
      [next.id, LEASE_SECONDS],
    );
    const { rows } = await tx.query<SubmissionRow>(
      `SELECT r.id, r.issuer_nif, i.seller->>'legalName' AS issuer_name, r.invoice_number, r.issue_date, r.invoice_type,
              r.cuota_total, r.importe_total, r.hash, r.generated_at, i.vat_rate, i.base_cents, i.vat_cents, i.lines,
              p.issuer_nif AS prev_issuer_nif, p.invoice_number AS prev_invoice_number,
              p.issue_date AS prev_issue_date, p.hash AS prev_hash
       FROM verifactu_records r
       JOIN invoices i ON i.id = r.invoice_id
       LEFT JOIN verifactu_records p ON p.id = r.previous_id
       WHERE r.id = $1`,
      [next.id],
    );
    const r = rows[0]!;
    return {
      recordId: r.id,
      issuerNif: r.issuer_nif,
      issuerName: r.issuer_name,
      invoiceNumber: r.invoice_number,
      issueDate: r.issue_date,
      invoiceType: r.invoice_type,
      description: r.lines.map((l) => l.description).join('; '),
      breakdown: [
        { vatRate: `${r.vat_rate}.00`, base: amountText(r.base_cents), vat: amountText(r.vat_cents) },
      ],
      cuotaTotal: r.cuota_total,
      importeTotal: r.importe_total,
      previous:
        r.prev_hash === null
          ? null
          : {
              issuerNif: r.prev_issuer_nif!,
              invoiceNumber: r.prev_invoice_number!,
              issueDate: r.prev_issue_date!,
              hash: r.prev_hash,
            },
      hash: r.hash,
      generatedAt: r.generated_at,
    };
  });
}

/**
 * Sends pending (and previously failed) records in chain order until none is left, `max` were
 * handled, or one fails: a failed record is marked 'error' with one more attempt and its message,
 * and the run stops so that the next run retries it before any later record. Call it on a timer;
 * it is safe to run on several instances at once.
 */
export async function submitPendingRecords(
  db: Database,
  submitter: VerifactuSubmitter,
  opts: { max?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const max = opts.max ?? 500;
  let sent = 0;
  for (let i = 0; i < max; i++) {
    const record = await claimNext(db);
    if (!record) break;
    let result: SubmitResult;
    try {
      result = await submitter.submit(record);
    } catch (err) {
      result = { ok: false, error: (err as Error).message || String(err) };
    }
    if (result.ok) {
      await db.query(
        `UPDATE verifactu_records SET submission_status = 'sent', submission_attempts = submission_attempts + 1,
           last_error = NULL, submitted_via = $2, submission_reference = $3, submitted_at = now(), lease_until = NULL
         WHERE id = $1`,
        [record.recordId, submitter.channel, result.reference ?? null],
      );
      sent++;
      continue;
    }
    await db.query(
      `UPDATE verifactu_records SET submission_status = 'error', submission_attempts = submission_attempts + 1,
         last_error = $2, lease_until = NULL
       WHERE id = $1`,
      [record.recordId, result.error.slice(0, 2000) || 'error desconocido'],
    );
    return { sent, failed: 1 };
  }
  return { sent, failed: 0 };
}
