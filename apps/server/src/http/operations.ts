import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { migrations } from '../db/migrate.ts';
import { notFound, unauthenticated } from '../lib/errors.ts';
import { appliedSchemaVersion, operationsSnapshot } from '../read-models/operations.ts';
import type { FileStore } from '../storage/file-store.ts';
import { MAX_ACTIVE_UPLOADS } from './upload-queue.ts';

/**
 * What operators and load balancers ask of an instance (docs/operations.md, 'What to watch'):
 *
 * - `GET /healthz`: the process answers (no database, no storage): restart it when this fails.
 * - `GET /readyz`: the database answers, its schema is this code's, and the file storage takes a
 *   write: send it traffic only when this says so. Nothing secret in either answer.
 * - `GET /metrics`: Prometheus text, only with `METRICS_TOKEN` set (404 otherwise) and the
 *   `Authorization: Bearer <token>` header (401 otherwise).
 */
export interface OperationsOptions {
  db: Database;
  fileStore: FileStore;
  metricsToken: string | undefined;
}

const CODE_SCHEMA_VERSION = Math.max(...migrations.map((m) => m.version));

/** Constant-time comparison of the bearer token (its length is not secret). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Counts an answered request in the metrics (also for answers given outside Fastify: plugins/replay.ts). */
export type CountRequest = (method: string, route: string, status: number, seconds: number) => void;

export async function operationsRoutes(app: FastifyInstance, opts: OperationsOptions): Promise<CountRequest> {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'shop' });
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'shop_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  // The labelled series of each (method, route, status), looked up once: prom-client hashes the
  // labels on every call otherwise.
  const series = new Map<
    string,
    { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof latency.labels> }
  >();
  const countRequest: CountRequest = (method, route, status, seconds) => {
    const key = `${method} ${route} ${status}`;
    let s = series.get(key);
    if (s === undefined) {
      s = { count: requests.labels(method, route, String(status)), time: latency.labels(method, route) };
      series.set(key, s);
    }
    s.count.inc();
    s.time.observe(seconds);
  };
  app.addHook('onResponse', (req, reply, done) => {
    // The route's pattern, never the URL: ids and tokens stay out of the labels.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') countRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const gauge = (name: string, help: string, read: () => number | Promise<number>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await read());
      },
    });
  // One snapshot per scrape, shared by the gauges that read it.
  let snapshot: ReturnType<typeof operationsSnapshot> | null = null;
  const read =
    <T>(pick: (s: Awaited<ReturnType<typeof operationsSnapshot>>) => T) =>
    async () => {
      snapshot ??= operationsSnapshot(opts.db);
      return pick(await snapshot) as number;
    };
  gauge(
    'shop_mail_outbox_depth',
    'Mails waiting to be sent (pending or being sent).',
    read((s) => s.mailOutbox.depth),
  );
  gauge(
    'shop_mail_outbox_oldest_seconds',
    'How long the oldest mail waiting to be sent has waited.',
    read((s) => s.mailOutbox.oldestSeconds),
  );
  gauge(
    'shop_mail_failed',
    'Mails that failed for good (staff must look).',
    read((s) => s.mailFailed),
  );
  gauge(
    'shop_verifactu_records_pending',
    'VERI*FACTU records not yet accepted by the AEAT.',
    read((s) => s.verifactu.pending),
  );
  gauge(
    'shop_verifactu_records_rejected',
    'VERI*FACTU records the AEAT rejected.',
    read((s) => s.verifactu.rejected),
  );
  gauge(
    'shop_payments_pending_over_30m',
    "Card and Bizum payments still 'pending' 30 minutes after they started.",
    read((s) => s.paymentsPendingOver30m),
  );
  gauge(
    'shop_refunds_failed',
    'Refunds the gateway refused (staff must look).',
    read((s) => s.refundsFailed),
  );
  gauge(
    'shop_jobs_due',
    'Jobs of the queue that are due and not finished.',
    read((s) => s.jobs.due),
  );
  gauge(
    'shop_jobs_oldest_due_seconds',
    'How long the oldest due job of the queue has waited.',
    read((s) => s.jobs.oldestDueSeconds),
  );
  gauge(
    'shop_jobs_dead',
    'Jobs of the queue that failed their last attempt (operators must look).',
    read((s) => s.jobs.dead),
  );
  gauge('shop_upload_places_in_use', 'Upload places this instance holds now.', () => app.uploadPlacesInUse());
  gauge('shop_upload_places', 'Upload places this instance has.', () => MAX_ACTIVE_UPLOADS);

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  const probeKey = `readyz/${randomBytes(12).toString('base64url')}`;
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const check = async (what: () => Promise<boolean>): Promise<boolean> => {
      try {
        return await what();
      } catch {
        return false;
      }
    };
    const checks = {
      database: await check(async () => (await opts.db.query('SELECT 1')).rows.length === 1),
      migrations: await check(async () => (await appliedSchemaVersion(opts.db)) >= CODE_SCHEMA_VERSION),
      storage: await check(async () => {
        await opts.fileStore.put(probeKey, Buffer.from('ok'));
        await opts.fileStore.delete(probeKey);
        return true;
      }),
    };
    const ready = Object.values(checks).every(Boolean);
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not-ready', checks });
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!opts.metricsToken) throw notFound();
    if (!tokenMatches(req.headers.authorization, opts.metricsToken)) throw unauthenticated();
    snapshot = null;
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
  return countRequest;
}
