// Crash safety, short version of tests/resilience/crash-safety.ts: the built server under a write
// load of whole journeys (orders, browser and phone uploads, designs, payment at the counter and
// through a signed Redsys notification, invoices) is killed with SIGKILL 5 times at random moments
// and restarted on the same DATA_DIR. After every restart, through the API: every acknowledged order
// is at its acknowledged state or later with its photo and design, every acknowledged file is
// served whole, invoice numbers are 1..N and the VERI*FACTU chain verifies, and no temp file is
// left. At the end, in the database and on disk: every files row has its bytes, of its size and
// whole; files a kill left without a row are removed by the orphan sweep.
//
// PGlite in DATA_DIR by default; with TEST_DATABASE_URL (scripts/test-postgres.sh) a fresh database
// on that PostgreSQL. Runs apps/server/dist/server.js: the build step of scripts/test.sh makes it.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { runCrashSafety } from '../../../tests/resilience/lib/crash-run.ts';
import { freshDatabase } from '../../../tests/resilience/lib/pg-cluster.ts';
import { requireBuiltServer } from '../../../tests/resilience/lib/server-process.ts';

test('no acknowledged write is lost and nothing is left half written across 5 kill -9', async (t) => {
  requireBuiltServer();
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const fresh = await freshDatabase(process.env.TEST_DATABASE_URL, 'shop_crash');
    databaseUrl = fresh.url;
    after(() => fresh.drop());
  }
  const report = await runCrashSafety({
    kills: 5,
    databaseUrl,
    workers: 3,
    killAfterAcks: [6, 24],
    deepEvery: 0,
    log: (line) => t.diagnostic(line),
  });
  const { ledger } = report;
  t.diagnostic(
    `${report.db}: ${ledger.acknowledged} acknowledged writes (${ledger.orders} orders, ${ledger.files} files, ` +
      `${ledger.invoices} invoices), ${ledger.networkErrors} requests cut by the kills, ` +
      `${report.orphansSwept} orphan file(s) swept, ${Math.round(report.durationMs / 1000)} s`,
  );
  assert.deepEqual(report.problems, []);
  assert.deepEqual(report.unexpected, []);
  // The kills really hit a load: something was acknowledged before each, and some requests were cut.
  assert.ok(
    report.cycles.every((c, i) => c.acknowledgedSoFar > (report.cycles[i - 1]?.acknowledgedSoFar ?? 0)),
  );
  assert.ok(ledger.invoices > 0 && ledger.orders > 5, JSON.stringify(ledger));
  assert.ok(report.final.chain.ok && report.final.chain.records === report.final.invoices);
});
