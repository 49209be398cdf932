// Backup and restore, end to end, on PGlite and on PostgreSQL: orders, photos, designs, payments
// and invoices are made through the API; scripts/backup.sh backs them up (PostgreSQL online, while
// the shop runs; PGlite with the server stopped, and it refuses while it runs); everything is
// wiped; scripts/restore.sh restores (and refuses to overwrite existing data); the server starts
// on the restored data and every order, file and invoice is checked, the VERI*FACTU chain
// recomputed, and a new order is invoiced with the next number.
//
//   node --import tsx tests/resilience/backup-restore.ts [--db=pglite|postgres|both] [--journeys=12]
//
// PostgreSQL: DATABASE_URL's server (a fresh database, dropped at the end) or a throwaway cluster
// of its own; pg_dump / pg_restore / psql from Debian's postgresql-client.
import { parseArgs } from 'node:util';
import { runBackupRestore } from './lib/backup-run.ts';
import { createCluster, freshDatabase } from './lib/pg-cluster.ts';
import { requireBuiltServer } from './lib/server-process.ts';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'both' }, journeys: { type: 'string', default: '12' } },
});
requireBuiltServer();
const kinds = values.db === 'both' ? ['pglite', 'postgres'] : [values.db!];
let failed = false;
for (const kind of kinds) {
  let databaseUrl: string | undefined;
  let cleanup = async () => {};
  if (kind === 'postgres') {
    const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (base) {
      const fresh = await freshDatabase(base, 'shop_backup');
      databaseUrl = fresh.url;
      cleanup = fresh.drop;
    } else {
      const cluster = await createCluster();
      databaseUrl = await cluster.createDatabase('shop_backup');
      cleanup = cluster.destroy;
    }
  }
  try {
    const r = await runBackupRestore({
      databaseUrl,
      journeys: Number(values.journeys),
      log: (line) => console.info(`  ${line}`),
    });
    console.info(
      `${r.db}: backed up ${r.backedUp.orders} orders, ${r.backedUp.files} acknowledged files, ${r.backedUp.invoices} invoices; ` +
        `backup ${r.backupSeconds.toFixed(1)} s, restore ${r.restoreSeconds.toFixed(1)} s; refusals: ${r.refusals.join(' | ')}; ` +
        `problems: ${r.problems.length}`,
    );
    for (const p of r.problems) console.info(`  ✖ ${p}`);
    if (r.problems.length) failed = true;
  } finally {
    await cleanup();
  }
}
process.exitCode = failed ? 1 : 0;
