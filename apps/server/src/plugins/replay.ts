import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newRequestId } from '../lib/request-context.ts';
import type { TrustProxy } from '../lib/trust-proxy.ts';
import { requestLineWriter } from './request-log.ts';

/**
 * Answers of the public catalogue given again at the server's door.
 *
 * A customer's catalogue read (`GET /api/models?…`, brands, stores) is the same bytes for every
 * visitor until the catalogue changes: the catalogue cache already keeps it as ready, compressed
 * text. What it still cost was the way to it: Fastify's routing, a dozen hooks (cookies, forgery
 * protection, staff session, limits, security and cache headers), query validation, the cache
 * lookup: about two thirds of the server's CPU per read, against a bare `node:http` server sending
 * the same bytes (docs/performance.md).
 *
 * So the full path's answer is remembered as it went out (status, every header, body), keyed by
 * what it depends on: the URL, `Accept-Encoding` and `If-None-Match`. The next such request is
 * answered with those bytes before Fastify sees it, when:
 *
 * - the route marked the answer replayable (`markReplayable`, lib/replayable.ts) and the data it
 *   came from has not changed since (`current()`: the catalogue cache's generation, which any
 *   change on this instance or another moves);
 * - it is a GET from a known visitor (a valid visitor cookie and forgery token: the full path would
 *   set no cookie) without a staff session cookie (staff get other answers);
 * - the answer set no cookie and the server is not closing.
 *
 * Anything else goes the full way, which is also how a record is made. A replayed request is
 * counted in the metrics like any other (same route label); the log sums them up once a second
 * (`answers replayed`: route, status, count, slowest), and writes the full path's line for each
 * at `debug`.
 */
interface Record {
  status: number;
  /** Name, value, name, value…: Node writes a flat list as it comes, with no object to walk. */
  headers: string[];
  body: Buffer | string;
  /** The route's pattern, for the metrics' label. */
  route: string;
  current: () => boolean;
}

export interface ReplaySummary {
  route: string;
  statusCode: number;
  count: number;
  /** The longest a replayed answer took to write. */
  slowestMs: number;
}

/** How often the replayed answers are summed up in the log. */
export const REPLAY_SUMMARY_MS = 1000;

/** URLs are the visitors' to choose (search terms): the oldest records make room. */
export const MAX_REPLAY_RECORDS = 2000;

export interface ReplayOptions {
  /** Whether the parsed cookies are a known visitor's (valid visitor id and forgery token). */
  knownVisitor: (cookies: { [name: string]: string | undefined }) => boolean;
  staffCookie: string;
  trustProxy: TrustProxy;
  /** Counts an answered request in the metrics (http/operations.ts). */
  countRequest: (method: string, route: string, status: number, seconds: number) => void;
}

const keyOf = (req: IncomingMessage): string =>
  `${req.url}\n${req.headers['accept-encoding'] ?? ''}\n${req.headers['if-none-match'] ?? ''}`;

declare module 'fastify' {
  interface FastifyInstance {
    answerReplay: AnswerReplay;
  }
}

export class AnswerReplay {
  readonly #records = new Map<string, Record>();
  readonly #max: number;
  #open = false;
  #hits = 0;
  /** Answers given since the last summary, by route and status. */
  readonly #tally = new Map<string, ReplaySummary>();

  constructor(max = MAX_REPLAY_RECORDS) {
    this.#max = max;
  }

  /** Requests answered from a record since the start. */
  get hits(): number {
    return this.#hits;
  }

  get size(): number {
    return this.#records.size;
  }

  open(): void {
    this.#open = true;
  }

  close(): void {
    this.#open = false;
    this.#records.clear();
  }

  /** The record for this request, if it may be answered from one (see the class's comment). */
  find(req: IncomingMessage, isPlainVisitor: (cookieHeader: string | undefined) => boolean): Record | null {
    if (!this.#open || req.method !== 'GET') return null;
    const key = keyOf(req);
    const record = this.#records.get(key);
    if (record === undefined) return null;
    if (!record.current()) {
      this.#records.delete(key);
      return null;
    }
    if (!isPlainVisitor(req.headers.cookie)) return null;
    this.#hits++;
    return record;
  }

  /** Counts an answer given from `record` for the next summary. */
  served(record: Record, ms: number): void {
    const key = `${record.route} ${record.status}`;
    const t = this.#tally.get(key);
    if (t === undefined) {
      this.#tally.set(key, { route: record.route, statusCode: record.status, count: 1, slowestMs: ms });
    } else {
      t.count++;
      if (ms > t.slowestMs) t.slowestMs = ms;
    }
  }

  /** What was answered since the last call, by route and status (and starts counting anew). */
  takeSummary(): ReplaySummary[] {
    const out = [...this.#tally.values()];
    this.#tally.clear();
    return out;
  }

  /** Keeps the full path's answer to `req` if it may be replayed. */
  remember(req: FastifyRequest, reply: FastifyReply): void {
    const replayable = reply.replayable;
    if (!replayable || !this.#open || req.method !== 'GET') return;
    const status = reply.statusCode;
    if (status !== 200 && status !== 304) return;
    const sent = reply.getHeaders() as OutgoingHttpHeaders;
    if (sent['set-cookie'] !== undefined || !replayable.current()) return;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(sent)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
    }
    const key = keyOf(req.raw);
    if (!this.#records.has(key) && this.#records.size >= this.#max) {
      this.#records.delete(this.#records.keys().next().value as string);
    }
    const route = req.routeOptions.url ?? 'unmatched';
    this.#records.set(key, { status, headers, body: replayable.body, route, current: replayable.current });
  }
}

/** The address Fastify gives as `req.ip` for the same trust setting (lib/trust-proxy.ts). */
function addressOf(trust: TrustProxy): (req: IncomingMessage) => string | undefined {
  if (trust === false) return (req) => req.socket.remoteAddress;
  const trusts =
    typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : proxyAddr.compile(trust);
  return (req) => proxyAddr.all(req, trusts).at(-1);
}

/**
 * Puts `replay` at the door of `app`'s HTTP server: before Fastify's own request handler, which
 * answers whatever the replay does not. Call it once the app is built.
 */
export function registerReplay(app: FastifyInstance, replay: AnswerReplay, opts: ReplayOptions): void {
  app.decorate('answerReplay', replay);
  app.decorateReply('replayable', null);
  app.addHook('onResponse', (req, reply, done) => {
    replay.remember(req, reply);
    done();
  });
  // A replayed answer is the same bytes as one the full path answered and logged: each is counted
  // in the metrics, and in the log summed up once a second by route and status (one line per
  // request at `debug`). Writing a line for each cost more than everything else a replayed read
  // does (docs/performance.md).
  const summarise = () => {
    for (const s of replay.takeSummary()) app.log.info(s, 'answers replayed');
  };
  const summaries = setInterval(summarise, REPLAY_SUMMARY_MS).unref();
  app.addHook('preClose', (done) => {
    clearInterval(summaries);
    summarise();
    replay.close();
    done();
  });

  const { knownVisitor, staffCookie } = opts;
  const isPlainVisitor = (header: string | undefined) => {
    if (!header) return false;
    const cookies = app.parseCookie(header);
    return cookies[staffCookie] === undefined && knownVisitor(cookies);
  };
  const address = addressOf(opts.trustProxy);
  const line = requestLineWriter(app.log, 'debug');
  const answer = (req: IncomingMessage, res: ServerResponse, record: Record) => {
    const started = performance.now();
    res.writeHead(record.status, record.headers);
    res.end(record.body);
    const ms = performance.now() - started;
    opts.countRequest('GET', record.route, record.status, ms / 1000);
    replay.served(record, ms);
    // The line the full path writes (OneLinePerRequest), at debug.
    line?.(newRequestId(), { method: 'GET', url: req.url ?? '', ip: address(req) }, record.status, ms);
  };

  const server = app.server;
  const [handler] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!handler) throw new Error('the HTTP server has no request handler to put the replay before');
  server.removeListener('request', handler);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const record = replay.find(req, isPlainVisitor);
    if (record) answer(req, res, record);
    else handler(req, res);
  });
  replay.open();
}
