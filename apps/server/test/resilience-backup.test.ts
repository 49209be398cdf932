// Backup and restore, short version of tests/resilience/backup-restore.ts: orders with photos,
// designs, payments and invoices made through the API of the built server; scripts/backup.sh;
// everything wiped; scripts/restore.sh; the server started on the restored data: every order,
// file and invoice is back, the VERI*FACTU chain verifies, the next invoice takes the next number.
// PGlite: the backup refuses while the server runs, then works with it stopped. PostgreSQL
// (TEST_DATABASE_URL): online backup; an order made after the dump is not restored. Both: a restore
// over existing data is refused.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { runBackupRestore } from '../../../tests/resilience/lib/backup-run.ts';
import { freshDatabase } from '../../../tests/resilience/lib/pg-cluster.ts';
import { requireBuiltServer } from '../../../tests/resilience/lib/server-process.ts';

test('scripts/backup.sh and scripts/restore.sh bring back orders, files and invoices', async (t) => {
  requireBuiltServer();
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const fresh = await freshDatabase(process.env.TEST_DATABASE_URL, 'shop_backup');
    databaseUrl = fresh.url;
    after(() => fresh.drop());
  }
  const report = await runBackupRestore({ databaseUrl, journeys: 3, log: (line) => t.diagnostic(line) });
  assert.deepEqual(report.problems, []);
  assert.equal(report.backedUp.invoices, 3);
  assert.equal(report.refusals.length, report.db === 'pglite' ? 2 : 1, report.refusals.join('\n'));
  if (report.db === 'pglite') assert.match(report.refusals[0]!, /is using .*pglite\. Stop it first/);
  assert.match(report.refusals.at(-1)!, /not empty \(use --force/);
  assert.match(report.restoreOutput, /3 orders, \d+ files, 3 invoices \(3 VERI\*FACTU records\)/);
});
