import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createSecureContext } from 'node:tls';
import type { Database, Queryable } from '../../db/client.ts';
import { type InvoiceConfig, legacyRecordXml, softwareIdentity } from './service.ts';
import {
  DUPLICATE_CODE,
  MAX_RECORDS_PER_REQUEST,
  parseReply,
  type ReplyLine,
  requestBodyXml,
  soapEnvelope,
} from './verifactu-xml.ts';

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
 * - A SOAP Fault 'Client' stops the sending and alerts staff (resending the same message cannot
 *   help); 'Server', no answer, or an answer we cannot read: the records go back to the queue,
 *   marked late (their next request carries Incidencia S), and the sender backs off.
 * - Kill -9 at any moment: records are rows, written with their invoices, never lost. A batch whose
 *   sender died stays 'sending' until its lease ends; then the same records go again, and what the
 *   AEAT already had comes back as its duplicate error: counted as sent, never registered twice.
 */

export interface SoapResponse {
  status: number;
  body: string;
}

/** Where envelopes go: the AEAT's endpoint (or a test's stand-in). */
export interface SoapTransport {
  post(envelope: string): Promise<SoapResponse>;
}

export interface ClientCertificate {
  pfx: Buffer;
  passphrase: string;
}

/** Reads the company's PKCS#12 and checks its password, so a wrong one stops the start, named. */
export function loadClientCertificate(cert: { path: string; password: string }): ClientCertificate {
  let pfx: Buffer;
  try {
    pfx = readFileSync(cert.path);
  } catch (err) {
    throw new Error(`VERIFACTU_CERT: no se puede leer ${cert.path} (${(err as Error).message})`);
  }
  try {
    createSecureContext({ pfx, passphrase: cert.password });
  } catch (err) {
    throw new Error(
      `VERIFACTU_CERT_PASSWORD: el certificado PKCS#12 no se abre con esa contraseña (${(err as Error).message})`,
    );
  }
  return { pfx, passphrase: cert.password };
}

/** SOAP 1.1 over HTTPS with a client certificate (or plain HTTP outside production). */
export class HttpSoapTransport implements SoapTransport {
  readonly #url: URL;
  readonly #agent: http.Agent;
  readonly #timeoutMs: number;

  constructor(
    endpoint: string,
    opts: { cert?: ClientCertificate; ca?: Buffer | string; timeoutMs?: number } = {},
  ) {
    this.#url = new URL(endpoint);
    this.#timeoutMs = opts.timeoutMs ?? 60_000;
    this.#agent =
      this.#url.protocol === 'https:'
        ? new https.Agent({
            keepAlive: true,
            ...(opts.cert ? { pfx: opts.cert.pfx, passphrase: opts.cert.passphrase } : {}),
            ...(opts.ca ? { ca: opts.ca } : {}),
          })
        : new http.Agent({ keepAlive: true });
  }

  post(envelope: string): Promise<SoapResponse> {
    const body = Buffer.from(envelope, 'utf8');
    const lib = this.#url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(
        this.#url,
        {
          method: 'POST',
          agent: this.#agent,
          timeout: this.#timeoutMs,
          headers: {
            'content-type': 'text/xml; charset=utf-8',
            // SistemaFacturacion.wsdl: soapAction="" on every operation.
            soapaction: '""',
            'content-length': body.length,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`sin respuesta de la AEAT en ${this.#timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}

export interface SenderLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SenderOptions {
  db: Database;
  config: InvoiceConfig;
  transport: SoapTransport;
  log?: SenderLogger;
  /** How long a claimed batch is its sender's; longer than the transport's timeout. */
  leaseMs?: number;
  /** Backoff after a failed request: base doubling per failure, up to max. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How often to look for work when nothing wakes the sender. */
  pollMs?: number;
  /** Tells staff that the AEAT refused a request as malformed (a mail to the shop). */
  alert?: (tx: Queryable, subject: string, text: string) => Promise<void>;
}

export type RunResult =
  | { outcome: 'idle' }
  | { outcome: 'busy' }
  | { outcome: 'halted' }
  | { outcome: 'waiting'; until: Date }
  | { outcome: 'sent'; batchId: number; records: number }
  | { outcome: 'failed'; batchId: number; error: string }
  | { outcome: 'fault'; batchId: number; error: string };

interface Claim {
  batchId: number;
  attempt: number;
  incidencia: boolean;
  records: { id: number; xml: string; recordType: 'alta' | 'anulacion'; invoiceNumber: string }[];
}

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
    const claimed = await this.#claim();
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
    await this.#o.db.transaction(async (tx) => {
      if (!(await this.#fence(tx, claimed))) return;
      for (const r of claimed.records) {
        const line = findLine(reply.lines, r);
        if (!line) {
          // Not answered: back in the queue, to go again (late).
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
      await tx.query(
        `UPDATE verifactu_batches SET state = 'done', finished_at = now(), csv = $2, estado_envio = $3, wait_seconds = $4
         WHERE id = $1`,
        [claimed.batchId, reply.csv, reply.state, wait],
      );
      // TiempoEsperaEnvio counted from the answer: never sooner than that after the request went.
      await tx.query(
        `UPDATE verifactu_sender SET wait_seconds = $1::int, failures = 0, last_error = NULL,
           next_send_at = clock_timestamp() + make_interval(secs => $1::int)`,
        [wait],
      );
    });
    this.#o.log?.info(
      { batchId: claimed.batchId, records: claimed.records.length, estado: reply.state, csv: reply.csv },
      'VERI*FACTU records sent',
    );
    return { outcome: 'sent', batchId: claimed.batchId, records: claimed.records.length };
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

  async #claim(): Promise<Claim | Exclude<RunResult, { batchId: number }>> {
    const leaseSeconds = this.#o.leaseMs / 1000;
    return this.#o.db.transaction(async (tx) => {
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
        this.#o.log?.warn({ batchId, attempt }, 'VERI*FACTU batch interrupted; sending its records again');
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
          xml: r.xml ?? (await legacyRecordXml(tx, r.id, softwareIdentity(this.#o.config))),
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
      const delay = Math.min(this.#o.retryBaseMs * 2 ** Math.min(failures - 1, 20), this.#o.retryMaxMs);
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
