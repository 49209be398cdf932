// 50 orders paid at the same moment through two app instances on one PostgreSQL database: 50
// consecutive invoice numbers and one unbroken VERI*FACTU chain, each record chained to the one
// before it. PostgreSQL only (two instances need a shared server; PGlite lives inside one
// process): scripts/test.sh leaves this file out of the PGlite run, by name, and says so.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, before, test } from 'node:test';
import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoCatalogue } from '../src/db/seed/seed.ts';
import { loadConfig } from '../src/env.ts';
import { FileService } from '../src/modules/files/service.ts';
import { verifyStoredChain } from '../src/modules/invoices/queries.ts';
import { MemoryFileStore } from '../src/storage/file-store.ts';
import { ADMIN, type Client, createStaff, signedIn } from './helpers.ts';
import { demoCatalogue } from './made-once.ts';
import { hashTextFromXml, readRecord } from './verifactu-support.ts';

const url = process.env.TEST_DATABASE_URL;
const name = `shop_inv_${randomBytes(5).toString('hex')}`;
const instances: { app: FastifyInstance; db: Database }[] = [];
/** The instances' error log lines, shown with a failed answer (an INTERNAL says nothing by itself). */
const errorLog: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    errorLog.push(String(chunk).trim());
    done();
  },
});

before(async () => {
  assert.ok(url, 'PostgreSQL only: run with npm run test:pg (TEST_DATABASE_URL)');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const store = new MemoryFileStore();
  for (let i = 0; i < 2; i++) {
    const db = await openDatabase({ databaseUrl: target.toString(), dataDir: null });
    await migrate(db);
    if (i === 0) {
      await seedDemoCatalogue(db, new FileService(store), await demoCatalogue());
      await createStaff(db);
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      VERIFACTU_ENDPOINT: 'http://127.0.0.1:9/',
    });
    const app = await buildApp({ config, db, fileStore: store, logStream, webDist: '/nonexistent' });
    await app.ready();
    instances.push({ app, db });
  }
});

after(async () => {
  for (const i of instances) {
    await i.app.close();
    await i.db.close();
  }
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

test('50 orders paid at once on two instances: 50 consecutive numbers, one unbroken chain', async (t) => {
  const db = instances[0]!.db;
  const { rows: models } = await db.query<{ id: number; brand_id: number; price_cents: number }>(
    'SELECT m.id, m.brand_id, m.price_cents FROM models m JOIN store_models sm ON sm.model_id = m.id WHERE sm.store_id = 1 LIMIT 1',
  );
  const m = models[0]!;
  const ids: string[] = [];
  for (let i = 0; i < 50; i++) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO orders (id, store_id, brand_id, model_id, price_cents, origin, status, payment_method, customer_name,
         case_type_id)
       VALUES (gen_random_uuid(), 1, $1, $2, $3, 'false', 'to_pay_at_store', 'paystore', 'Cliente ' || $4,
         (SELECT id FROM case_types WHERE is_default)) RETURNING id`,
      [m.brand_id, m.id, m.price_cents, i],
    );
    ids.push(rows[0]!.id);
  }
  const clerks = await Promise.all(instances.map((i) => signedIn(i.app, ADMIN)));
  // Every call queues behind the one invoice counter, so on a loaded machine the last ones may
  // wait longer than the pool lets them: those get a 503 (nothing written) and are sent again
  // after the Retry-After it gives, as the back office's clerk would.
  let busy = 0;
  const confirm = async (id: string, clerk: Client) => {
    for (;;) {
      const r = await clerk.post(`/api/orders/${id}/confirmPayment`);
      if (r.statusCode !== 503) return r;
      busy += 1;
      await setTimeout(Number(r.headers['retry-after']) * 1000);
    }
  };
  const started = performance.now();
  const responses = await Promise.all(ids.map((id, i) => confirm(id, clerks[i % 2]!)));
  t.diagnostic(
    `50 payments confirmed in ${Math.round(performance.now() - started)} ms; ${busy} answered busy and were sent again`,
  );
  for (const r of responses) assert.equal(r.statusCode, 200, `${r.body}\n${errorLog.join('\n')}`);
  const numbers = responses.map((r) => (r.json() as { invoice: { number: string } }).invoice.number);
  const year = Number(numbers[0]!.slice(1, 5));
  assert.deepEqual(
    [...numbers].sort(),
    Array.from({ length: 50 }, (_, i) => `T${year}-${String(i + 1).padStart(6, '0')}`),
  );

  const { rows } = await db.query<{ id: number; previous_id: number | null; xml: string; hash: string }>(
    'SELECT id, previous_id, xml, hash FROM verifactu_records ORDER BY id',
  );
  assert.equal(rows.length, 50);
  let previous = null as { id: number; hash: string } | null;
  for (const r of rows) {
    assert.equal(r.previous_id, previous?.id ?? null);
    const { fields } = readRecord(r.xml);
    assert.equal(fields.Encadenamiento.RegistroAnterior?.Huella ?? '', previous?.hash ?? '');
    assert.equal(createHash('sha256').update(hashTextFromXml(r.xml)).digest('hex').toUpperCase(), r.hash);
    previous = { id: r.id, hash: r.hash };
  }
  assert.deepEqual(await verifyStoredChain(db), { ok: true, records: 50 });
});
