import type { Database, Queryable } from '../../db/client.ts';
import { type Claim, claimBatch, type NoClaim, type SenderLogger } from './sender-claim.ts';
import type { SoapResponse, SoapTransport } from './soap-transport.ts';
import type { InvoiceConfig } from './types.ts';
import { DUPLICATE_CODE, parseReply, type ReplyLine, requestBodyXml, soapEnvelope } from './verifactu-xml.ts';

/**
 * The background sender of VERI*FACTU records to the AEAT (web service RegFactuSistemaFacturacion,
 * SOAP 1.1 over TLS with the company's certificate as client certificate).
 *
 * - One sender at a time across instances: a claim locks the single verifactu_sender row
 *   (FOR UPDATE SKIP LOCKED) and leaves a batch row in 'sending' with a lease longer than any
 *   request may take; while that lease runs, nobody else sends.
 * - Pacing (Orden HAC/1177/2024 art. 16.2): the next request goes TiempoEsperaEnvio seconds after
 *   the previous one (60 at first, then what each reply says; counted from the reply, so never
 *   sooner), or as soon as 1,000 records wait.
 * - Per line: Correcto and AceptadoConErrores are accepted (with the request's CSV); Incorrecto is
 *   rejected with the AEAT's code and text, for staff to resend as a subsanación; the AEAT's
 *   duplicate error (the record is already there) counts as accepted.
 * - A record the reply has no line for goes back to the queue, late, and the next request waits
 *   longer each time (the backoff, never less than TiempoEsperaEnvio); after maxUnansweredRounds
 *   such replies in a row the sending stops and staff are told, naming the records.
 * - A SOAP Fault 'Client' stops the sending and alerts staff (resending the same message cannot
 *   help); 'Server', no answer, or an answer we cannot read: the records go back to the queue,
 *   marked late (their next request carries Incidencia S), and the sender backs off.
 * - Kill -9 at any moment: records are rows, written with their invoices, never lost. A batch whose
 *   sender died stays 'sending' until its lease ends; then the same records go again, and what the
 *   AEAT already had comes back as its duplicate error: counted as sent, never registered twice.
 */

export interface SenderOptions {
  db: Database;
  config: InvoiceConfig;
  transport: SoapTransport;
  log?: SenderLogger;
  /** How long a claimed batch is its sender's; longer than the transport's timeout. */
  leaseMs?: number;
  /** Backoff after a failed request or a reply that left records out: base doubling each time, up to max. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Replies in a row that leave records out before the sending stops for staff. */
  maxUnansweredRounds?: number;
  /** How often to look for work when nothing wakes the sender. */
  pollMs?: number;
  /** Tells staff that the sending stopped (a mail to the shop): a malformed request, records left unanswered. */
  alert?: (tx: Queryable, subject: string, text: string) => Promise<void>;
}

export type RunResult =
  | NoClaim
  | { outcome: 'sent'; batchId: number; records: number; unanswered: number }
  | { outcome: 'failed'; batchId: number; error: string }
  | { outcome: 'fault'; batchId: number; error: string };

const DEFAULT_WAIT_SECONDS = 60;

export class VerifactuSender {
  readonly #o: Required<Omit<SenderOptions, 'log' | 'alert'>> & Pick<SenderOptions, 'log' | 'alert'>;
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #current: Promise<unknown> = Promise.resolve();
  #unlisten: (() => Promise<void>) | undefined;

  constructor(opts: SenderOptions) {
    this.#o = {
      leaseMs: 3 * 60_000,
      retryBaseMs: 30_000,
      retryMaxMs: 60 * 60_000,
      maxUnansweredRounds: 5,
      pollMs: 5_000,
      ...opts,
    };
  }

  /** Starts the loop; timers never keep the process alive. */
  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    // A new record wakes every instance: 1,000 waiting records go without waiting for the timer.
    this.#unlisten = await this.#o.db.listen('verifactu', () => this.#wake()).catch(() => undefined);
    this.#schedule(0);
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#unlisten?.().catch(() => {});
    await this.#current.catch(() => {});
  }

  #wake(): void {
    if (this.#running) this.#schedule(0);
  }

  #schedule(ms: number): void {
    if (!this.#running) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#tick();
    }, ms);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    let next = this.#o.pollMs;
    try {
      const r = await this.runOnce();
      if (r.outcome === 'sent') next = 0;
      else if (r.outcome === 'waiting')
        next = Math.max(50, Math.min(this.#o.pollMs, r.until.getTime() - Date.now()));
    } catch (err) {
      this.#o.log?.warn({ err }, 'VERI*FACTU sender round failed; will try again');
    }
    this.#schedule(next);
  }

  /** One round: claim what is due, send it, record the answer. Rounds never overlap in one instance. */
  runOnce(): Promise<RunResult> {
    const next = this.#current.catch(() => {}).then(() => this.#round());
    this.#current = next;
    return next;
  }

  async #round(): Promise<RunResult> {
    const claimed = await claimBatch(this.#o);
    if (!('batchId' in claimed)) return claimed;
    const { config } = this.#o;
    const envelope = soapEnvelope(
      requestBodyXml(
        {
          issuerName: config.company.legalName,
          issuerNif: config.company.nif.trim(),
          incidencia: claimed.incidencia,
        },
        claimed.records.map((r) => r.xml),
      ),
    );
    let response: SoapResponse;
    try {
      response = await this.#o.transport.post(envelope);
    } catch (err) {
      return this.#failed(claimed, `sin conexión con la AEAT: ${(err as Error).message}`);
    }
    let reply: ReturnType<typeof parseReply>;
    try {
      reply = parseReply(response.body);
    } catch (err) {
      return this.#failed(claimed, `respuesta HTTP ${response.status} ilegible: ${(err as Error).message}`);
    }
    if (reply.kind === 'fault') {
      if (reply.code === 'Server') return this.#failed(claimed, `SOAP Fault Server: ${reply.text}`);
      return this.#fault(claimed, reply.text);
    }
    const unanswered: Claim['records'] = [];
    await this.#o.db.transaction(async (tx) => {
      if (!(await this.#fence(tx, claimed))) return;
      for (const r of claimed.records) {
        const line = findLine(reply.lines, r);
        if (!line) {
          // Not answered: back in the queue, to go again (late), after a backoff (#leftOut).
          unanswered.push(r);
          await tx.query(`UPDATE verifactu_records SET state = 'pending', late = true WHERE id = $1`, [r.id]);
          continue;
        }
        const { state, code, text } = lineOutcome(line);
        await tx.query(
          `UPDATE verifactu_records SET state = $2, aeat_code = $3, aeat_text = $4,
             csv = CASE WHEN $2 = 'rejected' THEN NULL ELSE $5 END, answered_at = now()
           WHERE id = $1`,
          [r.id, state, code, text, reply.csv],
        );
      }
      const wait = reply.waitSeconds ?? DEFAULT_WAIT_SECONDS;
      // A done batch keeps an error only when its reply left records out (what #leftOut counts).
      const leftOut = unanswered.length > 0 ? `Respuesta sin línea para ${recordList(unanswered)}` : null;
      await tx.query(
        `UPDATE verifactu_batches SET state = 'done', finished_at = now(), csv = $2, estado_envio = $3, wait_seconds = $4,
           error = $5
         WHERE id = $1`,
        [claimed.batchId, reply.csv, reply.state, wait, leftOut],
      );
      if (leftOut) {
        await this.#leftOut(tx, unanswered, wait);
        return;
      }
      // TiempoEsperaEnvio counted from the answer: never sooner than that after the request went.
      await tx.query(
        `UPDATE verifactu_sender SET wait_seconds = $1::int, failures = 0, last_error = NULL,
           next_send_at = clock_timestamp() + make_interval(secs => $1::int)`,
        [wait],
      );
    });
    this.#o.log?.info(
      {
        batchId: claimed.batchId,
        records: claimed.records.length,
        unanswered: unanswered.length,
        estado: reply.state,
        csv: reply.csv,
      },
      'VERI*FACTU records sent',
    );
    return {
      outcome: 'sent',
      batchId: claimed.batchId,
      records: claimed.records.length,
      unanswered: unanswered.length,
    };
  }

  /**
   * The reply had no line for some records, which are queued again. Sending them again at the
   * AEAT's pace would repeat the same request every TiempoEsperaEnvio seconds for ever: the next
   * request waits the backoff instead (never less than TiempoEsperaEnvio), and after
   * maxUnansweredRounds such replies in a row the sending stops and staff are told, as for a
   * Client fault. Once staff resume, the records go again, late; a record the AEAT already holds
   * comes back as its duplicate error and counts as sent.
   */
  async #leftOut(tx: Queryable, records: Claim['records'], waitSeconds: number): Promise<void> {
    const max = this.#o.maxUnansweredRounds;
    const { rows } = await tx.query<{ left_out: boolean }>(
      `SELECT error IS NOT NULL AS left_out FROM verifactu_batches WHERE state = 'done' ORDER BY id DESC LIMIT $1`,
      [max],
    );
    const answered = rows.findIndex((r) => !r.left_out);
    const inARow = answered === -1 ? rows.length : answered;
    const list = recordList(records);
    if (inARow >= max) {
      const reason = `La AEAT dio ${inARow} respuestas seguidas sin línea para ${list}: los registros siguen en cola.`;
      await tx.query(
        `UPDATE verifactu_sender SET wait_seconds = $2::int, failures = 0, halted_at = now(), halted_reason = $1,
           last_error = $1`,
        [reason.slice(0, 2000), waitSeconds],
      );
      await this.#o.alert?.(
        tx,
        'VERI*FACTU: envío a la AEAT detenido',
        `${reason}\n\nCompruebe en la sede electrónica de la AEAT si constan esos registros y, una vez aclarado, reanude el envío en la pantalla Facturas del panel de administración: irán de nuevo, con incidencia, y si la AEAT ya los tiene contarán como enviados.`,
      );
      this.#o.log?.error({ records: list, inARow }, 'VERI*FACTU sending halted: records left unanswered');
      return;
    }
    const delayMs = Math.max(waitSeconds * 1000, this.#backoffMs(inARow));
    await tx.query(
      `UPDATE verifactu_sender SET wait_seconds = $1::int, failures = 0, last_error = $2,
         next_send_at = clock_timestamp() + make_interval(secs => $3)`,
      [
        waitSeconds,
        `La AEAT respondió sin línea para ${list}; van de nuevo (${inARow} de ${max} antes de detener el envío)`.slice(
          0,
          2000,
        ),
        delayMs / 1000,
      ],
    );
    this.#o.log?.warn(
      { records: list, inARow, delayMs },
      'VERI*FACTU reply left records out; sending them again later',
    );
  }

  /** The wait before the `n`th retry in a row: the base doubling each time, up to the maximum. */
  #backoffMs(n: number): number {
    return Math.min(this.#o.retryBaseMs * 2 ** Math.min(n - 1, 20), this.#o.retryMaxMs);
  }

  /** The batch is still this attempt's (a lease that ran out hands it to someone else). */
  async #fence(tx: Queryable, c: Claim): Promise<boolean> {
    await tx.query('SELECT 1 FROM verifactu_sender FOR UPDATE');
    const { rows } = await tx.query(
      `SELECT 1 FROM verifactu_batches WHERE id = $1 AND attempt = $2 AND state = 'sending' FOR UPDATE`,
      [c.batchId, c.attempt],
    );
    return rows.length === 1;
  }

  /** No answer, a Server fault, or an unreadable answer: back to the queue, late; back off. */
  async #failed(c: Claim, error: string): Promise<RunResult> {
    await this.#o.db.transaction(async (tx) => {
      if (!(await this.#fence(tx, c))) return;
      await tx.query(
        `UPDATE verifactu_records SET state = 'pending', late = true WHERE batch_id = $1 AND state = 'sending'`,
        [c.batchId],
      );
      await tx.query(
        `UPDATE verifactu_batches SET state = 'failed', finished_at = now(), error = $2 WHERE id = $1`,
        [c.batchId, error.slice(0, 2000)],
      );
      const { rows } = await tx.query<{ failures: number }>(
        'UPDATE verifactu_sender SET failures = failures + 1, last_error = $1 RETURNING failures',
        [error.slice(0, 2000)],
      );
      const failures = rows[0]!.failures;
      const delay = this.#backoffMs(failures);
      await tx.query(
        'UPDATE verifactu_sender SET next_send_at = clock_timestamp() + make_interval(secs => $1)',
        [delay / 1000],
      );
    });
    this.#o.log?.warn({ batchId: c.batchId, error }, 'VERI*FACTU request failed; records queued, will retry');
    return { outcome: 'failed', batchId: c.batchId, error };
  }

  /** A SOAP Client fault: the message itself is wrong. Stop and tell staff; the records stay queued. */
  async #fault(c: Claim, text: string): Promise<RunResult> {
    const reason = `La AEAT rechazó el envío como mal formado (SOAP Fault Client): ${text}`.slice(0, 2000);
    await this.#o.db.transaction(async (tx) => {
      if (!(await this.#fence(tx, c))) return;
      await tx.query(
        `UPDATE verifactu_records SET state = 'pending' WHERE batch_id = $1 AND state = 'sending'`,
        [c.batchId],
      );
      await tx.query(
        `UPDATE verifactu_batches SET state = 'fault', finished_at = now(), error = $2 WHERE id = $1`,
        [c.batchId, reason],
      );
      await tx.query('UPDATE verifactu_sender SET halted_at = now(), halted_reason = $1, last_error = $1', [
        reason,
      ]);
      await this.#o.alert?.(
        tx,
        'VERI*FACTU: envío a la AEAT detenido',
        `${reason}\n\nLos registros siguen en cola. Revise la pantalla Facturas del panel de administración y, una vez corregido, reanude el envío.`,
      );
    });
    this.#o.log?.error(
      { batchId: c.batchId, fault: text },
      'VERI*FACTU sending halted by a SOAP Client fault',
    );
    return { outcome: 'fault', batchId: c.batchId, error: reason };
  }
}

/** 'T2026-000001 (alta), T2026-000002 (anulación)': the records as staff find them. */
const recordList = (records: Claim['records']): string =>
  records
    .map((r) => `${r.invoiceNumber} (${r.recordType === 'anulacion' ? 'anulación' : 'alta'})`)
    .join(', ');

function findLine(lines: readonly ReplyLine[], r: Claim['records'][number]): ReplyLine | undefined {
  const operation = r.recordType === 'anulacion' ? 'Anulacion' : 'Alta';
  return lines.find((l) => l.invoiceNumber === r.invoiceNumber && l.operation === operation);
}

function lineOutcome(line: ReplyLine): {
  state: 'accepted' | 'accepted_with_errors' | 'rejected';
  code: number | null;
  text: string | null;
} {
  if (line.state === 'Correcto') return { state: 'accepted', code: null, text: null };
  if (line.state === 'AceptadoConErrores')
    return { state: 'accepted_with_errors', code: line.code, text: line.text };
  if (line.duplicateOf !== null || line.code === DUPLICATE_CODE) {
    // The AEAT already holds this record (a request whose answer we never read): it is sent.
    return line.duplicateOf === 'AceptadaConErrores'
      ? { state: 'accepted_with_errors', code: line.code, text: line.text }
      : { state: 'accepted', code: line.code, text: line.text };
  }
  return { state: 'rejected', code: line.code, text: line.text };
}

/** Staff resume sending after fixing what a Client fault pointed at. */
export async function resumeSending(q: Queryable): Promise<void> {
  await q.query(
    'UPDATE verifactu_sender SET halted_at = NULL, halted_reason = NULL, failures = 0, next_send_at = clock_timestamp()',
  );
}
