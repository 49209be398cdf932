// Crash safety under a write load: kill -9 the built server at random moments, restart it on the
// same data, and check that every acknowledged order, photo, payment and invoice is there and
// whole, no row points at a missing file, no half or temp file survives, invoice numbers have no
// gap and the VERI*FACTU chain verifies.
//
//   node --import tsx tests/resilience/crash-safety.ts [--db=pglite|postgres] [--kills=20]
//        [--workers=4] [--kill-after=10-60] [--deep-every=1] [--seed=N] [--json=report.json]
//
// Each kill comes once a random number of new answers (--kill-after, default 10 to 60) has been
// acknowledged since the restart, plus a random 0-300 ms: always in the middle of the load.
//
// --db=postgres uses DATABASE_URL (a fresh database is created on that server and dropped), or a
// throwaway cluster of its own (Debian's PostgreSQL binaries). Needs the built server
// (npm run build). Exit status 1 when anything acknowledged was lost or anything is half there.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { runCrashSafety } from './lib/crash-run.ts';
import { createCluster, freshDatabase } from './lib/pg-cluster.ts';
import { requireBuiltServer } from './lib/server-process.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    kills: { type: 'string', default: '20' },
    workers: { type: 'string', default: '4' },
    'kill-after': { type: 'string', default: '10-60' },
    'deep-every': { type: 'string', default: '1' },
    seed: { type: 'string' },
    json: { type: 'string' },
  },
});
if (values.db !== 'pglite' && values.db !== 'postgres') throw new Error('--db must be pglite or postgres');
const [minAcks, maxAcks] = values['kill-after']!.split('-').map(Number) as [number, number];
requireBuiltServer();

let databaseUrl: string | undefined;
let cleanup = async () => {};
if (values.db === 'postgres') {
  const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (base) {
    const fresh = await freshDatabase(base, 'shop_crash');
    databaseUrl = fresh.url;
    cleanup = fresh.drop;
  } else {
    const cluster = await createCluster({ durable: true });
    databaseUrl = await cluster.createDatabase('shop_crash');
    cleanup = cluster.destroy;
  }
}

try {
  const report = await runCrashSafety({
    kills: Number(values.kills),
    databaseUrl,
    workers: Number(values.workers),
    killAfterAcks: [minAcks, maxAcks],
    deepEvery: Number(values['deep-every']),
    seed: values.seed ? Number(values.seed) : undefined,
    log: (line) => console.info(line),
  });
  const { ledger } = report;
  console.info('\n=== crash safety ===');
  console.info(
    `database: ${report.db}, kills: ${report.kills}, seed: ${report.seed}, ${Math.round(report.durationMs / 1000)} s`,
  );
  console.info(
    `requests: ${ledger.requests}, acknowledged: ${ledger.acknowledged}, lost connections: ${ledger.networkErrors}, ` +
      `steps re-sent after a crash: ${ledger.retriedAfterCrash}`,
  );
  console.info(
    `journeys: ${ledger.completedFlows} complete, ${ledger.abandonedFlows} cut by a kill; acknowledged orders: ` +
      `${ledger.orders} ${JSON.stringify(ledger.byStatus)}, files: ${ledger.files}, invoices: ${ledger.invoices}`,
  );
  const restarts = report.cycles.map((c) => c.restartMs);
  console.info(
    `restart to healthy: median ${restarts.sort((a, b) => a - b)[Math.floor(restarts.length / 2)]} ms, max ${Math.max(...restarts)} ms (first start ${report.firstStartMs} ms)`,
  );
  console.info(
    `final: ${report.final.fileRows} file rows, ${report.final.filesOnDisk} files on disk, ${report.final.invoices} invoices, ` +
      `chain ${report.final.chain.ok ? 'verified' : 'BROKEN'} (${report.final.chain.records} records)`,
  );
  const tmpAtCrash = report.cycles.reduce((n, c) => n + (c.deep?.tmpFiles ?? 0), 0);
  console.info(
    `orphan files (bytes without a row) at the end: ${JSON.stringify(report.final.orphanFiles)}; swept: ${report.orphansSwept}; ` +
      `temp files found right after kills: ${tmpAtCrash} (all removed at restart)`,
  );
  if (report.unexpected.length) {
    console.info(`unexpected 4xx answers (${report.unexpected.length}):`);
    for (const u of report.unexpected.slice(0, 20)) console.info(`  ${u}`);
  }
  console.info(`problems: ${report.problems.length}`);
  for (const p of report.problems.slice(0, 50)) console.info(`  ✖ ${p}`);
  if (values.json) await writeFile(values.json, JSON.stringify(report, null, 2));
  process.exitCode = report.problems.length === 0 ? 0 : 1;
} finally {
  await cleanup();
}
