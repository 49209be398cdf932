import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_COOKIE_HOST } from '@shop/contracts/csrf';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoCatalogue } from '../src/db/seed/seed.ts';
import { loadConfig } from '../src/env.ts';
import type { UploadPace } from '../src/http/upload-queue.ts';
import { createStaffUser } from '../src/modules/auth/service.ts';
import { FileService } from '../src/modules/files/service.ts';
import { RATE_LIMITS, type RateLimits } from '../src/plugins/rate-limit.ts';
import { MemoryFileStore } from '../src/storage/file-store.ts';
import { demoCatalogue, migratedPglite } from './made-once.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  files: MemoryFileStore;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped again at the end).
 */
export async function freshDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ dataDir: null });
    return { db, drop: async () => {} };
  }
  const name = `shop_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: target.toString(), dataDir: null });
  return {
    db,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A fresh database (as `freshDatabase`) with every migration applied. */
async function migratedDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) return { db: await migratedPglite(), drop: async () => {} };
  const fresh = await freshDatabase();
  await migrate(fresh.db);
  return fresh;
}

/** A production configuration that passes every check at boot. */
export const PRODUCTION = {
  NODE_ENV: 'production',
  // Random values (as `openssl rand` makes them): production refuses guessable ones.
  APP_SECRET: 't_ZVqIVXLPonE7CzXnXyW9Qnfs0Sbu_hhXoRiDg20u4',
  REDSYS_SECRET_KEY: '/Ncqnra8LsvvP9B3GDOrj+7p1XaBMdDa',
  REDSYS_URL: 'https://sis.redsys.es/sis/realizarPago',
  REDSYS_REST_URL: 'https://sis.redsys.es/sis/rest/trataPeticionREST',
  PUBLIC_URL: 'https://fundas.example.es',
  // The AEAT's production service (nothing is sent: test apps start no sender).
  VERIFACTU_ENDPOINT:
    'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  VERIFACTU_CERT: '/etc/fundamia/empresa.p12',
  VERIFACTU_CERT_PASSWORD: 'secreta',
  // The company's own data, not the demo company's.
  COMPANY_LEGAL_NAME: 'Fundas del Sur, S.L.',
  COMPANY_NIF: 'B29123452',
  COMPANY_ADDRESS: 'Calle Granada, 12',
  COMPANY_REGISTRY: 'Inscrita en el Registro Mercantil de Málaga, tomo 5123, folio 45, hoja MA-123456',
};

/** Where test apps spool uploads (their DATA_DIR does not exist). */
export const TEST_UPLOAD_DIR = path.join(tmpdir(), 'shop-test-uploads');

/**
 * The request limits of test apps: the real ones times 100, because one test visitor makes more
 * orders and uploads in a minute than a kiosk in a day. Tests of the limits pass RATE_LIMITS.
 */
export const TEST_RATE_LIMITS: RateLimits = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([name, l]) => [
    name,
    { ...l, perVisitor: l.perVisitor * 100, perAddress: l.perAddress * 100 },
  ]),
) as RateLimits;

export async function createTestApp(
  /** logStream: request logs at `info` go there (by default the app logs nothing). */
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    logStream?: DestinationStream;
    rateLimits?: RateLimits;
    uploadTmpDir?: string;
    uploadPace?: UploadPace;
    /** A built storefront to serve (by default none: the API alone). */
    webDist?: string;
  } = {},
): Promise<TestApp> {
  const { db, drop } = await migratedDatabase();
  const files = new MemoryFileStore();
  if (opts.seed !== false) await seedDemoCatalogue(db, new FileService(files), await demoCatalogue());
  const logLevel = opts.logStream ? 'info' : 'silent';
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: logLevel, ...opts.env });
  const app = await buildApp({
    config,
    db,
    fileStore: files,
    webDist: opts.webDist ?? '/nonexistent',
    uploadTmpDir: opts.uploadTmpDir ?? TEST_UPLOAD_DIR,
    rateLimits: opts.rateLimits ?? TEST_RATE_LIMITS,
    ...(opts.uploadPace ? { uploadPace: opts.uploadPace } : {}),
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    db,
    files,
    async close() {
      await app.close();
      await db.close();
      await drop();
    },
  };
}

/** A browser-like client: keeps cookies and echoes the forgery-protection token. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly app: FastifyInstance) {}

  async request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && this.xsrfToken === undefined)
      await this.request({ url: '/api/health' });
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = this.xsrfToken;
    if (opts.csrf !== false && method !== 'GET' && method !== 'HEAD' && token !== undefined) {
      headers['x-xsrf-token'] ??= token;
    }
    const res = await this.app.inject({ ...opts, headers });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** The forgery-protection token, as the storefront reads it (production's cookie name first). */
  get xsrfToken(): string | undefined {
    return this.cookies.get(XSRF_COOKIE_HOST) ?? this.cookies.get(XSRF_COOKIE);
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown) {
    return this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  put(url: string, payload?: unknown) {
    return this.request({
      method: 'PUT',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }

  async login(email: string, password: string): Promise<LightMyRequestResponse> {
    return this.post('/api/auth/login', { email, password });
  }
}

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };
export const STORE1 = { email: 'tienda1@test.local', password: 'store-password-1' };
export const STORE2 = { email: 'tienda2@test.local', password: 'store-password-2' };

/** Staff users for the access tests: one admin and the staff of stores 1 and 2. */
export async function createStaff(db: Database): Promise<void> {
  await createStaffUser(db, { ...ADMIN, name: 'Admin', role: 'admin', storeId: null });
  await createStaffUser(db, { ...STORE1, name: 'Tienda 1', role: 'store', storeId: 1 });
  await createStaffUser(db, { ...STORE2, name: 'Tienda 2', role: 'store', storeId: 2 });
}

export async function signedIn(
  app: FastifyInstance,
  who: { email: string; password: string },
): Promise<Client> {
  const c = new Client(app);
  const res = await c.login(who.email, who.password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return c;
}

/** Row counts of every table, to show that a refused request wrote nothing. */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
     AND table_name NOT IN ('rate_limits', 'staff_sessions') ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}"`);
    counts[table_name] = r.rows[0]!.n;
  }
  return counts;
}
