// Crash safety: a write load against the built server, kill -9 at random moments, restart on the
// same DATA_DIR (and database), and check that nothing acknowledged was lost and nothing is half
// there. Shared by tests/resilience/crash-safety.ts (long run) and the short API test.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ModelPage } from '@shop/contracts/catalogue';
import { type Database, openDatabase } from '../../../apps/server/src/db/client.ts';
import { sweepOrphanFiles } from '../../../apps/server/src/modules/files/service.ts';
import { LocalFileStore } from '../../../apps/server/src/storage/file-store.ts';
import { type ApiFindings, apiCheck, type DeepFindings, deepCheck } from './checks.ts';
import { Visitor } from './http-client.ts';
import { errorLines, freePort, RUN_ADMIN, type ServerProcess, startServer } from './server-process.ts';
import { Ledger, samplePhotos, Workload } from './workload.ts';

export interface CrashRunOptions {
  kills: number;
  /** PostgreSQL URL of an empty database; unset = PGlite in DATA_DIR. */
  databaseUrl?: string | undefined;
  workers?: number;
  /**
   * When to kill: once a random number (between the two) of new answers has been acknowledged since
   * the restart, plus a random 0-300 ms, so that every kill falls into a running load.
   */
  killAfterAcks?: [number, number];
  /** Check the database and the files directly after every n-th kill (0: only at the end). */
  deepEvery?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface CycleReport {
  kill: number;
  loadMs: number;
  acknowledgedSoFar: number;
  restartMs: number;
  api: Pick<ApiFindings, 'ordersChecked' | 'filesChecked' | 'invoices' | 'tmpLeftovers'> & {
    problems: number;
  };
  deep?: Pick<DeepFindings, 'fileRows' | 'orphanFiles' | 'tmpFiles' | 'invoices'> & { problems: number };
}

export interface CrashRunReport {
  db: 'pglite' | 'postgres';
  seed: number;
  kills: number;
  cycles: CycleReport[];
  ledger: ReturnType<Ledger['summary']>;
  final: DeepFindings;
  orphansSwept: number;
  afterSweep: Pick<DeepFindings, 'orphanFiles' | 'problems' | 'fileRows'>;
  /** Every violation found, at any point. Must be empty. */
  problems: string[];
  serverErrors: string[];
  unexpected: string[];
  errorLogLines: string[];
  firstStartMs: number;
  durationMs: number;
}

/** A promise and the function that resolves it (Promise.withResolvers is Node 22). */
export function gate(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A small seeded generator (mulberry32), so a run can be repeated. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function runCrashSafety(opts: CrashRunOptions): Promise<CrashRunReport> {
  const began = Date.now();
  const log = opts.log ?? (() => {});
  const seed = opts.seed ?? Math.floor(Math.random() * 2 ** 31);
  const rnd = random(seed);
  const [minAcks, maxAcks] = opts.killAfterAcks ?? [10, 60];
  const kind = opts.databaseUrl ? 'postgres' : 'pglite';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-crash-'));
  const filesRoot = path.join(dataDir, 'files');
  const port = await freePort();
  const ledger = new Ledger();
  const problems: string[] = [];
  const errorLogs: string[] = [];
  const cycles: CycleReport[] = [];
  let server: ServerProcess | null = null;
  let up = gate();
  let workload: Workload | null = null;

  const launch = async () => {
    server = await startServer({ dataDir, port, databaseUrl: opts.databaseUrl });
    return server;
  };
  /** Opens the database as it is now (PGlite: a copy, so that the server does its own recovery). */
  const openAsIs = async (): Promise<{ db: Database; done(): Promise<void> }> => {
    if (opts.databaseUrl) {
      const db = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: null });
      return { db, done: () => db.close() };
    }
    const snapshot = await mkdtemp(path.join(tmpdir(), 'shop-crash-snap-'));
    await cp(path.join(dataDir, 'pglite'), path.join(snapshot, 'pglite'), { recursive: true });
    const db = await openDatabase({ dataDir: snapshot });
    return {
      db,
      async done() {
        await db.close();
        await rm(snapshot, { recursive: true, force: true });
      },
    };
  };

  try {
    const first = await launch();
    log(
      `[${kind}] server up in ${first.startMs} ms (first start: migrations and demo catalogue); seed ${seed}`,
    );
    const firstStartMs = first.startMs;
    up.resolve();
    const base = () => `http://127.0.0.1:${port}`;
    const staff = new Visitor(base);
    await staff.login(RUN_ADMIN);
    const page = (await new Visitor(base).get('/api/models?store=1&size=24')).json<ModelPage>();
    if (page.items.length === 0) throw new Error('store 1 offers no model: the demo catalogue is missing');
    workload = new Workload({
      base,
      whenUp: () => up.promise,
      staff,
      ledger,
      storeId: 1,
      models: page.items,
      photos: await samplePhotos(),
    });
    workload.start(opts.workers ?? 4);

    for (let kill = 1; kill <= opts.kills; kill++) {
      const resumed = Date.now();
      const from = ledger.stats.acknowledged;
      const target = Math.round(minAcks + rnd() * (maxAcks - minAcks));
      while (ledger.stats.acknowledged - from < target && Date.now() - resumed < 60_000) {
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, Math.round(rnd() * 300)));
      const loadMs = Date.now() - resumed;
      up = gate();
      const running = server as ServerProcess | null;
      errorLogs.push(...errorLines(running?.logs() ?? ''));
      await running?.kill9();
      const cycle: CycleReport = {
        kill,
        loadMs,
        acknowledgedSoFar: ledger.stats.acknowledged,
        restartMs: 0,
        api: { ordersChecked: 0, filesChecked: 0, invoices: 0, tmpLeftovers: [], problems: 0 },
      };
      if (opts.deepEvery && kill % opts.deepEvery === 0) {
        const { db, done } = await openAsIs();
        try {
          const deep = await deepCheck(db, filesRoot, ledger);
          problems.push(...deep.problems.map((p) => `after kill ${kill}: ${p}`));
          cycle.deep = {
            fileRows: deep.fileRows,
            orphanFiles: deep.orphanFiles,
            tmpFiles: deep.tmpFiles,
            invoices: deep.invoices,
            problems: deep.problems.length,
          };
        } finally {
          await done();
        }
      }
      // The load waits (its requests fail and wait for the server), so the check sees the crash state.
      const restarted = await launch();
      cycle.restartMs = restarted.startMs;
      const api = await apiCheck(staff, ledger, filesRoot);
      problems.push(...api.problems.map((p) => `after restart ${kill}: ${p}`));
      cycle.api = {
        ordersChecked: api.ordersChecked,
        filesChecked: api.filesChecked,
        invoices: api.invoices,
        tmpLeftovers: api.tmpLeftovers,
        problems: api.problems.length,
      };
      cycles.push(cycle);
      up.resolve();
      log(
        `kill ${kill}/${opts.kills} after ${loadMs} ms and ${ledger.stats.acknowledged - from} new answers: ` +
          `${ledger.stats.acknowledged} acknowledged so far, ` +
          `restart ${restarted.startMs} ms, ${api.ordersChecked} orders / ${api.filesChecked} files / ` +
          `${api.invoices} invoices checked, ${api.problems.length} problem(s)` +
          (cycle.deep
            ? `; direct check: ${cycle.deep.problems} problem(s), orphans ${JSON.stringify(cycle.deep.orphanFiles)}, temp files at crash ${cycle.deep.tmpFiles}`
            : ''),
      );
    }

    // Let the journeys in progress finish, then stop cleanly and look at everything directly.
    await workload.stop();
    workload = null;
    const last = server as ServerProcess | null;
    errorLogs.push(...errorLines(last?.logs() ?? ''));
    await last?.stop();
    server = null;

    const { db, done } = await (async () => {
      if (opts.databaseUrl) {
        const d = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: null });
        return { db: d, done: () => d.close() };
      }
      const d = await openDatabase({ dataDir });
      return { db: d, done: () => d.close() };
    })();
    let final: DeepFindings;
    let orphansSwept = 0;
    let afterSweep: CrashRunReport['afterSweep'];
    try {
      final = await deepCheck(db, filesRoot, ledger);
      problems.push(...final.problems.map((p) => `final: ${p}`));
      // Files a crash left without a row are swept by the hourly housekeeping; here at once.
      orphansSwept = await sweepOrphanFiles(db, new LocalFileStore(filesRoot), 0);
      const again = await deepCheck(db, filesRoot, ledger);
      problems.push(...again.problems.map((p) => `after the orphan sweep: ${p}`));
      const left = Object.values(again.orphanFiles).reduce((a, b) => a + b, 0);
      if (left > 0) problems.push(`${left} orphan file(s) left after the sweep`);
      afterSweep = { orphanFiles: again.orphanFiles, problems: again.problems, fileRows: again.fileRows };
    } finally {
      await done();
    }
    for (const e of ledger.serverErrors) problems.push(`5xx: ${e}`);
    for (const e of errorLogs) problems.push(`server logged an error: ${e.slice(0, 500)}`);
    return {
      db: kind,
      seed,
      kills: opts.kills,
      cycles,
      ledger: ledger.summary(),
      final,
      orphansSwept,
      afterSweep,
      problems,
      serverErrors: ledger.serverErrors,
      unexpected: ledger.unexpected,
      errorLogLines: errorLogs,
      firstStartMs,
      durationMs: Date.now() - began,
    };
  } finally {
    up.resolve();
    await workload?.stop().catch(() => {});
    await (server as ServerProcess | null)?.kill9();
    await rm(dataDir, { recursive: true, force: true });
  }
}
