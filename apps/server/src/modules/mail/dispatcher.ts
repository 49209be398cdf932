import type { Queryable } from '../../db/client.ts';
import type { FileService } from '../files/index.ts';
import type { MailLogger } from './service.ts';
import { MailSendError, type MailTransport } from './transport.ts';

export interface MailDispatcherOptions {
  db: Queryable;
  transport: MailTransport;
  /** The From header (MAIL_FROM). */
  from: string;
  log?: MailLogger | undefined;
  /** Pause between polls when the outbox has nothing due. */
  pollMs?: number;
  /** Rows claimed per round. */
  batchSize?: number;
  /** Attempts before a mail is given up as 'failed'. */
  maxAttempts?: number;
  /** A row 'sending' for longer than this was lost with its instance and goes back to 'pending'. */
  stuckAfterMs?: number;
  /** Where attachments' bytes are read from (mails without attachments need none). */
  files?: FileService;
}

interface ClaimedRow {
  id: number;
  order_id: string | null;
  /** The request that queued the mail (or the job that did), for the log. */
  request_id: string | null;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  message_id: string;
  attempts: number;
  created_at: Date;
}

/** 30 s, 1 min, 2 min… doubling up to one hour: about five hours of tries before giving up. */
const BASE_DELAY_S = 30;
const MAX_DELAY_S = 60 * 60;

/** Seconds to wait after the `attempts`-th failed attempt (1-based). */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(BASE_DELAY_S * 2 ** Math.max(0, attempts - 1), MAX_DELAY_S);
}

/**
 * Sends what the outbox holds. Any number of server instances may run one: a row is claimed by
 * switching it to 'sending' in one statement that skips rows another instance has locked, so two
 * instances never claim the same row. Every time comparison uses the database clock.
 *
 * Guarantees: a 'sent' row is never sent again (only 'pending' rows are claimed, and only the
 * claimant of the current attempt may finish it). Delivery is at least once: if the process dies
 * between the server accepting a message and the row being marked, the row is claimed again after
 * `stuckAfterMs` and resent with the same Message-ID, which receivers use to spot the duplicate.
 */
export class MailDispatcher {
  readonly #db: Queryable;
  readonly #transport: MailTransport;
  readonly #from: string;
  readonly #log: MailLogger | undefined;
  readonly #pollMs: number;
  readonly #batchSize: number;
  readonly #maxAttempts: number;
  readonly #stuckAfterS: number;
  readonly #files: FileService | undefined;

  #timer: NodeJS.Timeout | undefined;
  #running = false;
  /** Set by stop(): the round in flight finishes the message it is on and hands the rest back. */
  #stopping = false;
  /** The round in progress (the poller's or a caller's); rounds never overlap in one instance. */
  #current: Promise<number> = Promise.resolve(0);

  constructor(opts: MailDispatcherOptions) {
    this.#db = opts.db;
    this.#transport = opts.transport;
    this.#from = opts.from;
    this.#log = opts.log;
    this.#pollMs = opts.pollMs ?? 5_000;
    this.#batchSize = opts.batchSize ?? 10;
    this.#maxAttempts = opts.maxAttempts ?? 12;
    this.#stuckAfterS = Math.ceil((opts.stuckAfterMs ?? 10 * 60_000) / 1000);
    this.#files = opts.files;
  }

  /** Starts polling. The timer does not keep the process alive. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(0);
  }

  /**
   * Stops polling and waits for the message being sent (the rest of its batch goes back to the
   * outbox for the next start or another instance); then closes the transport. Final.
   */
  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#current.catch(() => 0);
    await this.#transport.close();
  }

  /** One round: returns how many mails were attempted (sent or not). */
  runOnce(): Promise<number> {
    const next = this.#current.catch(() => 0).then(() => this.#round());
    this.#current = next;
    return next;
  }

  #schedule(delayMs: number): void {
    if (!this.#running) return;
    this.#timer = setTimeout(() => void this.#tick(), delayMs);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    this.#timer = undefined;
    let handled = 0;
    try {
      handled = await this.runOnce();
    } catch (err) {
      // The database may be away for a moment: try again at the next poll.
      this.#log?.warn({ err }, 'mail outbox round failed');
    }
    // A full batch means more may be waiting: carry on at once instead of after a poll interval.
    this.#schedule(handled >= this.#batchSize ? 0 : this.#pollMs);
  }

  async #round(): Promise<number> {
    await this.#rescueStuck();
    if (this.#stopping) return 0;
    const rows = await this.#claim();
    let handled = 0;
    for (const row of rows) {
      if (this.#stopping) {
        await this.#release(rows.slice(handled));
        break;
      }
      await this.#deliver(row);
      handled++;
    }
    return handled;
  }

  /** Hands claimed but unattempted rows back, as if never claimed, so a shutdown does not delay them. */
  async #release(rows: ClaimedRow[]): Promise<void> {
    await this.#db.query(
      `UPDATE mail_outbox SET status = 'pending', attempts = attempts - 1, claimed_at = NULL
       WHERE id = ANY($1::bigint[]) AND status = 'sending'`,
      [rows.map((r) => r.id)],
    );
  }

  /** Rows left in 'sending' by an instance that died mid-send become due again (or fail for good). */
  async #rescueStuck(): Promise<void> {
    const { rows } = await this.#db.query<{ id: number; status: string }>(
      `UPDATE mail_outbox
       SET status = CASE WHEN attempts >= $2 THEN 'failed' ELSE 'pending' END,
           next_attempt_at = now(), claimed_at = NULL,
           last_error = 'El envío se interrumpió (reinicio o caída del servidor) sin confirmación.'
       WHERE status = 'sending' AND claimed_at < now() - make_interval(secs => $1)
       RETURNING id, status`,
      [this.#stuckAfterS, this.#maxAttempts],
    );
    for (const r of rows)
      this.#log?.warn({ outboxId: Number(r.id), status: r.status }, 'mail send interrupted; recovered');
  }

  /**
   * Claims due rows: the attempt is counted now, so a message whose sending crashes the process
   * still runs out of attempts instead of looping forever.
   */
  async #claim(): Promise<ClaimedRow[]> {
    const { rows } = await this.#db.query<ClaimedRow>(
      `UPDATE mail_outbox
       SET status = 'sending', attempts = attempts + 1, claimed_at = now()
       WHERE status = 'pending' AND id IN (
         SELECT id FROM mail_outbox
         WHERE status = 'pending' AND next_attempt_at <= now()
         ORDER BY next_attempt_at, id
         LIMIT $1
         FOR UPDATE SKIP LOCKED)
       RETURNING id, order_id, request_id, to_address, reply_to, subject, text_body, html_body, message_id, attempts,
         created_at`,
      [this.#batchSize],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
  }

  /** The row's attachments, read from file storage; a missing file fails the attempt (retried). */
  async #attachments(row: ClaimedRow) {
    const { rows } = await this.#db.query<{ file_id: string; filename: string; content_type: string }>(
      'SELECT file_id, filename, content_type FROM mail_attachments WHERE outbox_id = $1 ORDER BY id',
      [row.id],
    );
    const out = [];
    for (const a of rows) {
      const file = this.#files ? await this.#files.find(this.#db, a.file_id) : null;
      const content = file ? await this.#files!.bytes(file) : null;
      if (!content) throw new Error(`No se encuentra el adjunto ${a.filename}.`);
      out.push({ filename: a.filename, contentType: a.content_type, content });
    }
    return out;
  }

  async #deliver(row: ClaimedRow): Promise<void> {
    try {
      const attachments = await this.#attachments(row);
      await this.#transport.send({
        attachments,
        from: this.#from,
        to: row.to_address,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? undefined,
        messageId: row.message_id,
        date: row.created_at,
      });
    } catch (err) {
      await this.#failed(row, err);
      return;
    }
    // `attempts` fences the update: if this attempt was declared lost and the row claimed again,
    // the newer claimant owns it and this instance must not touch it.
    const { rowCount } = await this.#db.query(
      `UPDATE mail_outbox SET status = 'sent', sent_at = now(), claimed_at = NULL, last_error = NULL
       WHERE id = $1 AND status = 'sending' AND attempts = $2`,
      [row.id, row.attempts],
    );
    if (rowCount === 1)
      this.#log?.info({ outboxId: row.id, orderId: row.order_id, reqId: row.request_id }, 'mail sent');
  }

  async #failed(row: ClaimedRow, err: unknown): Promise<void> {
    // Transport errors are already free of credentials; anything else is reduced to its message.
    const permanent = err instanceof MailSendError && err.permanent;
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const giveUp = permanent || row.attempts >= this.#maxAttempts;
    await this.#db.query(
      `UPDATE mail_outbox
       SET status = $3, last_error = $4, claimed_at = NULL,
           next_attempt_at = CASE WHEN $3 = 'pending' THEN now() + make_interval(secs => $5) ELSE next_attempt_at END
       WHERE id = $1 AND status = 'sending' AND attempts = $2`,
      [row.id, row.attempts, giveUp ? 'failed' : 'pending', message, retryDelaySeconds(row.attempts)],
    );
    const context = {
      outboxId: row.id,
      orderId: row.order_id,
      reqId: row.request_id,
      attempts: row.attempts,
      error: message,
    };
    if (giveUp) this.#log?.error(context, 'mail given up');
    else this.#log?.warn(context, 'mail not sent; will retry');
  }
}
