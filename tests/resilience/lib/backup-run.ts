// Backup and restore, tested end to end: create data through the API, back it up with
// scripts/backup.sh, wipe everything, restore with scripts/restore.sh, start the server on the
// restored data and check orders, files and the invoice chain. Shared by
// tests/resilience/backup-restore.ts and the short API test.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ModelPage } from '@shop/contracts/catalogue';
import pg from 'pg';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { apiCheck, deepCheck } from './checks.ts';
import { gate } from './crash-run.ts';
import { Visitor } from './http-client.ts';
import { freePort, REPO_ROOT, RUN_ADMIN, type ServerProcess, startServer } from './server-process.ts';
import { Ledger, samplePhotos, Workload } from './workload.ts';

const exec = promisify(execFile);

export interface BackupRunOptions {
  /** PostgreSQL: the URL of an empty database (dropped and created again to "lose" it). */
  databaseUrl?: string | undefined;
  /** Journeys (order to invoice) before the backup. */
  journeys?: number;
  log?: (line: string) => void;
}

export interface BackupRunReport {
  db: 'pglite' | 'postgres';
  backedUp: { orders: number; files: number; invoices: number };
  backupSeconds: number;
  restoreSeconds: number;
  backupDir: string;
  /** The PGlite backup refused while the server ran; a restore over existing data refused. */
  refusals: string[];
  problems: string[];
  restoreOutput: string;
}

async function sh(script: string, args: string[], env: Record<string, string>) {
  try {
    const r = await exec('bash', [path.join(REPO_ROOT, 'scripts', script), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

async function recreate(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = '/postgres';
  const c = new pg.Client({ connectionString: target.toString() });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await c.end();
  }
}

export async function runBackupRestore(opts: BackupRunOptions): Promise<BackupRunReport> {
  const log = opts.log ?? (() => {});
  const kind = opts.databaseUrl ? 'postgres' : 'pglite';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-backup-data-'));
  const backupRoot = await mkdtemp(path.join(tmpdir(), 'shop-backup-'));
  const port = await freePort();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
  };
  if (!opts.databaseUrl) env.DATABASE_URL = '';
  const problems: string[] = [];
  const refusals: string[] = [];
  let server: ServerProcess | null = null;
  const start = async () => {
    server = await startServer({ dataDir, port, databaseUrl: opts.databaseUrl });
    return server;
  };
  try {
    await start();
    const base = () => `http://127.0.0.1:${port}`;
    const staff = new Visitor(base);
    await staff.login(RUN_ADMIN);
    const models = (await new Visitor(base).get('/api/models?store=1&size=8')).json<ModelPage>().items;
    const ledger = new Ledger();
    const open = gate();
    open.resolve();
    const workload = new Workload({
      base,
      whenUp: () => open.promise,
      staff,
      ledger,
      storeId: 1,
      models,
      photos: await samplePhotos(),
    });
    for (let i = 0; i < (opts.journeys ?? 6); i++) await workload.journey();
    problems.push(...ledger.serverErrors, ...ledger.unexpected);
    const summary = ledger.summary();
    log(`${kind}: ${summary.orders} orders, ${summary.files} files, ${summary.invoices} invoices created`);

    if (kind === 'pglite') {
      const refused = await sh('backup.sh', [backupRoot], env);
      if (refused.code === 0) problems.push('backup.sh copied PGlite while the server was running');
      else refusals.push(refused.out.trim().split('\n')[0] ?? '');
      await (server as ServerProcess | null)?.stop();
    }
    const t0 = Date.now();
    const backup = await sh('backup.sh', [backupRoot], env);
    const backupSeconds = (Date.now() - t0) / 1000;
    if (backup.code !== 0) throw new Error(`backup.sh failed:\n${backup.out}`);
    const [dirName] = (await readdir(backupRoot)).filter(
      (d) => d.startsWith('shop-') && !d.endsWith('.partial'),
    );
    if (!dirName) throw new Error(`no backup directory:\n${backup.out}`);
    const backupDir = path.join(backupRoot, dirName);
    log(`backup.sh (${backupSeconds.toFixed(1)} s): ${backup.out.trim().split('\n').at(-1)}`);
    const expected = new Ledger();
    for (const [k, v] of ledger.orders) expected.orders.set(k, { ...v });
    for (const [k, v] of ledger.files) expected.files.set(k, { ...v });

    // PostgreSQL is backed up online: an order made after the dump is not in the backup.
    let lateOrder: string | null = null;
    if (kind === 'postgres') {
      await workload.journey();
      lateOrder = [...ledger.orders.keys()].find((id) => !expected.orders.has(id)) ?? null;
      await (server as ServerProcess | null)?.stop();
    }
    server = null;

    // Everything is lost.
    await rm(dataDir, { recursive: true, force: true });
    if (opts.databaseUrl) await recreate(opts.databaseUrl);
    log('data directory and database wiped');

    const t1 = Date.now();
    const restore = await sh('restore.sh', [backupDir], env);
    const restoreSeconds = (Date.now() - t1) / 1000;
    if (restore.code !== 0) throw new Error(`restore.sh failed:\n${restore.out}`);
    log(`restore.sh (${restoreSeconds.toFixed(1)} s):\n${restore.out.trim()}`);
    const again = await sh('restore.sh', [backupDir], env);
    if (again.code === 0) problems.push('restore.sh overwrote existing data without --force');
    else refusals.push(again.out.trim().split('\n').at(-1) ?? '');

    const restarted = await start();
    log(`server started on the restored data in ${restarted.startMs} ms`);
    const staffAgain = new Visitor(base);
    await staffAgain.login(RUN_ADMIN);
    const api = await apiCheck(staffAgain, expected, path.join(dataDir, 'files'));
    problems.push(...api.problems);
    if (lateOrder) {
      const r = await staffAgain.request('GET', `/api/orders/${lateOrder}`);
      if (r.status !== 404) problems.push(`the order made after the backup answers ${r.status}`);
    }
    // The restored shop works: a new journey, its invoice numbered next.
    const after = new Workload({
      base,
      whenUp: () => open.promise,
      staff: staffAgain,
      ledger: expected,
      storeId: 1,
      models,
      photos: await samplePhotos(),
    });
    await after.journey();
    problems.push(...expected.serverErrors, ...expected.unexpected);
    const final = await apiCheck(staffAgain, expected, null);
    problems.push(...final.problems.map((p) => `after a new order: ${p}`));
    await restarted.stop();
    server = null;

    const db = opts.databaseUrl
      ? await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: null })
      : await openDatabase({ dataDir });
    try {
      const deep = await deepCheck(db, path.join(dataDir, 'files'), expected);
      problems.push(...deep.problems);
      const orphans = Object.values(deep.orphanFiles).reduce((a, b) => a + b, 0);
      if (orphans) log(`${orphans} file(s) without a row in the restored data (written after the dump)`);
    } finally {
      await db.close();
    }
    return {
      db: kind,
      backedUp: { orders: summary.orders, files: summary.files, invoices: summary.invoices },
      backupSeconds,
      restoreSeconds,
      backupDir,
      refusals,
      problems,
      restoreOutput: restore.out,
    };
  } finally {
    await (server as ServerProcess | null)?.kill9();
    await rm(dataDir, { recursive: true, force: true });
    await rm(backupRoot, { recursive: true, force: true });
  }
}
