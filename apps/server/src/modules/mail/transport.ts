import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Mail } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Config } from '../../env.ts';
import { headerText } from './layout.ts';

/** One message, ready to go: one recipient, the Message-ID and date fixed when it was queued. */
export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  /** `<…@…>`; the same on every attempt, so a receiver can recognise a resend. */
  messageId: string;
  date?: Date | undefined;
  /** Files sent with the message (the invoice PDF of the paid mail). */
  attachments?: { filename: string; contentType: string; content: Buffer }[] | undefined;
}

/** Where mails go: an SMTP server, or .eml files when the shop has none configured. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(msg: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/**
 * A failed send. `permanent` means trying again cannot help (the server refused the recipient);
 * anything else (server away, timeout, a 4xx, a login problem the owner can fix) is retried.
 * The message is safe to store and log: credentials are removed from it.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}

/** The same headers and bodies on every transport; nothing may be read from files or URLs. */
function composeOptions(msg: OutgoingMail) {
  return {
    from: msg.from,
    to: msg.to,
    ...(msg.replyTo ? { replyTo: msg.replyTo } : {}),
    // The subject was cleaned when queued; cleaning again costs nothing and keeps CR/LF out of headers.
    subject: headerText(msg.subject, 998),
    text: msg.text,
    ...(msg.html ? { html: msg.html } : {}),
    messageId: msg.messageId,
    ...(msg.date ? { date: msg.date } : {}),
    ...(msg.attachments?.length
      ? {
          attachments: msg.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        }
      : {}),
    // Mail contents are ours, but a path or URL in them must never make the server read or fetch it.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Every form in which the SMTP password could show up in an error message. */
function secretsOf(url: string): string[] {
  try {
    const u = new URL(url);
    const raw = u.password;
    if (!raw) return [];
    let decoded = raw;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      // A malformed escape: the raw form is all there is.
    }
    return [...new Set([raw, decoded])].filter((s) => s.length > 0);
  } catch {
    return [];
  }
}

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('***');
  return out;
}

/** How long to wait for the connection, the greeting and any reply before giving up the attempt. */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * SMTP through nodemailer, one connection per message. A shop sends a handful of mails an hour,
 * so a pool would only keep idle connections that servers drop anyway.
 */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  readonly #transporter: Mail;
  readonly #secrets: string[];

  constructor(url: string, opts: { timeoutMs?: number } = {}) {
    const timeout = opts.timeoutMs ?? SMTP_TIMEOUT_MS;
    this.#secrets = secretsOf(url);
    this.#transporter = nodemailer.createTransport({
      url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      dnsTimeout: timeout,
      disableFileAccess: true,
      disableUrlAccess: true,
      // nodemailer's own logging would print the SMTP dialogue, AUTH included: never.
      logger: false,
      debug: false,
    });
  }

  async send(msg: OutgoingMail): Promise<void> {
    try {
      await this.#transporter.sendMail(composeOptions(msg));
    } catch (err) {
      throw this.#toSendError(err);
    }
  }

  async close(): Promise<void> {
    this.#transporter.close();
  }

  #toSendError(err: unknown): MailSendError {
    const e = (err ?? {}) as { message?: unknown; code?: unknown; responseCode?: unknown; command?: unknown };
    const code = typeof e.code === 'string' ? e.code : undefined;
    const message = typeof e.message === 'string' ? e.message : String(err);
    const responseCode = typeof e.responseCode === 'number' ? e.responseCode : 0;
    // Only a refused recipient is hopeless. A refused login or sender is the owner's to fix, and
    // the retries give them hours to do it.
    const permanent =
      code === 'EENVELOPE' && (e.command === 'API' || (e.command === 'RCPT TO' && responseCode >= 500));
    const text = redact(code && !message.startsWith(code) ? `${code}: ${message}` : message, this.#secrets);
    return new MailSendError(text.slice(0, 1000), permanent);
  }
}

/**
 * The embedded default: every message becomes a complete RFC 5322 file in `dir`, named after its
 * Message-ID (a retry overwrites, never duplicates), written to a temporary name and renamed so a
 * reader never sees half a file.
 */
export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox' as const;

  constructor(readonly dir: string) {}

  /** The file a message is written to. */
  fileFor(messageId: string): string {
    const base = messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._@-]/g, '_');
    return path.join(this.dir, `${base.startsWith('.') ? `_${base}` : base}.eml`);
  }

  async send(msg: OutgoingMail): Promise<void> {
    const bytes = await new MailComposer(composeOptions(msg)).compile().build();
    await mkdir(this.dir, { recursive: true });
    const target = this.fileFor(msg.messageId);
    const temp = path.join(this.dir, `.${path.basename(target)}.${randomUUID()}.tmp`);
    try {
      const handle = await open(temp, 'wx', 0o640);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw new MailSendError(
        `No se pudo escribir el mensaje en ${this.dir}: ${(err as Error).message}`,
        false,
      );
    }
  }

  async close(): Promise<void> {}
}

/** SMTP when `SMTP_URL` is set, otherwise .eml files in `DATA_DIR/outbox`. */
export function createMailTransport(config: Pick<Config, 'mail' | 'dataDir'>): MailTransport {
  return config.mail.smtpUrl
    ? new SmtpTransport(config.mail.smtpUrl)
    : new OutboxTransport(path.join(config.dataDir, 'outbox'));
}
