import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { MailDispatcher } from '../src/modules/mail/dispatcher.ts';
import { SmtpTransport } from '../src/modules/mail/transport.ts';
import type { TestApp } from './helpers.ts';
// ------------------------------------------------------------------------------------------------
// A real SMTP server on loopback, and a small MIME reader for what arrives
// ------------------------------------------------------------------------------------------------

export interface Arrived {
  /** RCPT TO addresses: who the server was asked to deliver to, whatever the headers say. */
  rcptTo: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  messages: Arrived[];
  close(): Promise<void>;
}

export async function startSmtp(
  port = 0,
  extra: ConstructorParameters<typeof SMTPServer>[0] = {},
): Promise<TestSmtp> {
  const messages: Arrived[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          rcptTo: session.envelope.rcptTo.map((a) => a.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...extra,
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it (a mail server that is down). */
export async function deadPort(): Promise<number> {
  const s = await startSmtp();
  await s.close();
  return s.port;
}

export interface Parsed {
  headers: Map<string, string[]>;
  /** Raw header lines (unfolded), to look for injected ones. */
  headerLines: string[];
  parts: { type: string; body: string }[];
}

/** RFC 2047 encoded words, adjacent ones joined before UTF-8 decoding (a character may span two). */
export function decodeWords(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, '?==?');
  return joined.replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)+/g, (run) => {
    const bytes: Buffer[] = [];
    for (const m of run.matchAll(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g)) {
      const [, enc, data] = m;
      if (enc!.toUpperCase() === 'B') bytes.push(Buffer.from(data!, 'base64'));
      else bytes.push(qpBytes(data!.replace(/_/g, ' ')));
    }
    return Buffer.concat(bytes).toString('utf8');
  });
}

export function qpBytes(s: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      out.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(...Buffer.from(s[i]!, 'utf8'));
  }
  return Buffer.from(out);
}

export function decodeBody(body: string, encoding: string): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return qpBytes(body.replace(/=\r?\n/g, '')).toString('utf8');
  return body;
}

export function parseMime(raw: string): Parsed {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headerLines = head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  const headers = new Map<string, string[]>();
  for (const line of headerLines) {
    const i = line.indexOf(':');
    const name = line.slice(0, i).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(i + 1).trim())]);
  }
  const type = headers.get('content-type')?.[0] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .flatMap((p) => parseMime(p.replace(/^\r?\n/, '')).parts);
    return { headers, headerLines, parts };
  }
  const encoding = headers.get('content-transfer-encoding')?.[0] ?? '7bit';
  return {
    headers,
    headerLines,
    parts: [{ type: type.split(';')[0]!.trim().toLowerCase(), body: decodeBody(body, encoding) }],
  };
}

export const header = (p: Parsed, name: string) => p.headers.get(name)?.[0] ?? '';
export const part = (p: Parsed, type: string) => {
  const found = p.parts.find((x) => x.type === type);
  assert.ok(found, `no ${type} part`);
  return found.body;
};

/** Sends every mail the app has queued through the SMTP server on `port`, once, as the dispatcher does. */
export async function deliverQueuedMail(t: TestApp, port: number): Promise<void> {
  const dispatcher = new MailDispatcher({
    db: t.db,
    transport: new SmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 3000 }),
    from: t.app.deps.config.mail.from,
    files: t.app.deps.files,
  });
  await dispatcher.runOnce();
  await dispatcher.stop();
}
