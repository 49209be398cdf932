// File storage and the PGlite data directory when processes crash, restart, or run side by side.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { DataDirLockedError, lockDataDir } from '../src/db/pglite-lock.ts';
import { FileService, sweepOrphanFiles } from '../src/modules/files/service.ts';
import { LocalFileStore } from '../src/storage/file-store.ts';

const dirs: string[] = [];
async function tempDir(prefix: string): Promise<string> {
  const d = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}
after(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** The pid of a process that has just exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(r.stdout);
}

const STARTER = path.resolve(import.meta.dirname, '../../../tests/resilience/lib/store-starter.ts');
const HOST = hostname().replace(/[^A-Za-z0-9.-]/g, '_') || 'host';
const hourAgo = () => new Date(Date.now() - 2 * 60 * 60_000);

describe('LocalFileStore shared by several instances', () => {
  it('never fails a write of one instance while another one starts (rolling restart)', async () => {
    // Before: the starting instance emptied .tmp, and the other's writes failed with ENOENT
    // (about 6% of them in this loop), that is a 500 for a customer's upload.
    const root = await tempDir('shop-files-');
    const a = new LocalFileStore(root);
    await a.init();
    const failures: string[] = [];
    let written = 0;
    // The other instance is another process (its pid is not ours), starting over and over.
    const child = spawn(process.execPath, ['--import', 'tsx', STARTER, root], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let starts = 0;
    const firstStart = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        starts += c.length;
        resolve();
      });
      child.once('exit', (code) => reject(new Error(`the other instance exited (${code})`)));
    });
    try {
      await firstStart;
      const since = Date.now();
      const busy = () => Date.now() - since < 1500 || (starts < 30 && Date.now() - since < 20_000);
      const writer = async (w: number) => {
        for (let i = 0; busy(); i++) {
          try {
            await a.put(`upload/w${w}x${String(i).padStart(8, '0')}.jpg`, Buffer.alloc(64 * 1024, i));
            written++;
          } catch (err) {
            failures.push((err as Error).message);
          }
        }
      };
      await Promise.all([writer(1), writer(2)]);
    } finally {
      child.kill('SIGKILL');
    }
    assert.deepEqual(failures.slice(0, 3), []);
    assert.ok(written > 50 && starts >= 30, `${written} writes, ${starts} starts`);
    assert.deepEqual(await readdir(path.join(root, '.tmp')), []);
  });

  it('removes at start the temp files of dead processes of this host, and stale ones, not live ones', async () => {
    const root = await tempDir('shop-files-');
    const tmp = path.join(root, '.tmp');
    await mkdir(tmp, { recursive: true });
    const names = {
      dead: `${HOST}~${deadPid()}~aaaa`,
      ownPid: `${HOST}~${process.pid}~bbbb`,
      liveElsewhere: `otro-servidor~1~cccc`,
      staleElsewhere: `otro-servidor~2~dddd`,
      oldFormat: 'eeeeeeeeeeeeeeeeeeeeeeee',
    };
    for (const n of Object.values(names)) await writeFile(path.join(tmp, n), 'medio fichero');
    await utimes(path.join(tmp, names.staleElsewhere), hourAgo(), hourAgo());
    await utimes(path.join(tmp, names.oldFormat), hourAgo(), hourAgo());
    await new LocalFileStore(root).init();
    assert.deepEqual(await readdir(tmp), [names.liveElsewhere]);
  });

  it('sweeps bytes that no row points at once they are old, and nothing else', async () => {
    const root = await tempDir('shop-files-');
    const store = new LocalFileStore(root);
    await store.init();
    const db = await openDatabase({ dataDir: null });
    after(() => db.close());
    await migrate(db);
    const files = new FileService(store);
    const kept = await files.save(db, {
      kind: 'upload',
      contentType: 'image/jpeg',
      bytes: Buffer.from('foto'),
    });
    // Bytes written, then the transaction died (a crash between the bytes and the row).
    await store.put('upload/huerfanovieja.jpg', Buffer.from('foto huérfana'));
    await store.put('upload/huerfanonueva.jpg', Buffer.from('escritura en curso'));
    await utimes(path.join(root, 'upload/huerfanovieja.jpg'), hourAgo(), hourAgo());
    await utimes(path.join(root, kept.storageKey), hourAgo(), hourAgo());

    assert.equal(await sweepOrphanFiles(db, store), 1);
    assert.deepEqual(
      (await readdir(path.join(root, 'upload'))).sort(),
      [path.basename(kept.storageKey), 'huerfanonueva.jpg'].sort(),
    );
    assert.equal((await readFile(path.join(root, kept.storageKey))).toString(), 'foto');
  });
});

describe('one process per PGlite data directory', () => {
  it('refuses a second PGlite on the same DATA_DIR while the first is open, in Spanish', async () => {
    const dataDir = await tempDir('shop-pglite-');
    const first = await openDatabase({ dataDir });
    try {
      await assert.rejects(
        () => openDatabase({ dataDir }),
        (err: Error) =>
          err instanceof DataDirLockedError &&
          /ya está en uso por el proceso \d+/.test(err.message) &&
          /PostgreSQL \(DATABASE_URL\)/.test(err.message),
      );
      // The refused attempt left the owner's lock alone.
      const lock = JSON.parse(await readFile(path.join(dataDir, 'pglite.lock'), 'utf8'));
      assert.equal(lock.pid, process.pid);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    await again.close();
    await assert.rejects(() => readFile(path.join(dataDir, 'pglite.lock')), { code: 'ENOENT' });
  });

  it('takes over the lock of a process that died (kill -9), or of another host that stopped touching it', async () => {
    const dir = await tempDir('shop-lock-');
    const file = path.join(dir, 'pglite.lock');
    const write = (info: object) => writeFile(file, JSON.stringify({ token: 'x', startedAt: '', ...info }));

    await write({ host: hostname(), pid: deadPid() });
    await (await lockDataDir(file, 'La base de datos'))();

    await write({ host: 'otro-servidor', pid: 1 });
    await assert.rejects(() => lockDataDir(file, 'La base de datos'), DataDirLockedError);
    await utimes(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const release = await lockDataDir(file, 'La base de datos');
    assert.equal(JSON.parse(await readFile(file, 'utf8')).pid, process.pid);
    await release();
  });
});
