import { randomBytes } from 'node:crypto';
import { readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';

/**
 * One process per PGlite data directory. PGlite is PostgreSQL in single-user mode: it writes a
 * postmaster.pid (with a made-up pid, -42) and never checks it, so a second process opens the same
 * files happily, and two writers corrupt the database. This lock file refuses the second one.
 *
 * The file holds the owner's host, pid and a token; the owner touches it every 10 s. A lock is
 * stale, and taken over, when its process is gone (same host, pid not running, or our own pid
 * after a restart in a fresh container) or when it has not been touched for 30 s (another host
 * sharing the directory, whose pids we cannot check).
 */

const HEARTBEAT_MS = 10_000;
const STALE_AFTER_MS = 30_000;

interface LockInfo {
  host: string;
  pid: number;
  token: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {}

/** Lock files this process holds: its own pid in a lock is not a leftover then. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readLock(file: string): Promise<{ info: LockInfo | null; ageMs: number } | null> {
  try {
    const [text, st] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    let info: LockInfo | null = null;
    try {
      info = JSON.parse(text) as LockInfo;
    } catch {
      // A torn write of the lock itself (the owner died while creating it): judged by age.
    }
    return { info, ageMs: Date.now() - st.mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function isStale(file: string, lock: { info: LockInfo | null; ageMs: number }): boolean {
  const { info, ageMs } = lock;
  if (info && info.host === hostname()) {
    // Our own pid: a previous life of this container's process, unless we hold it right now.
    if (info.pid === process.pid) return !heldHere.has(file);
    return !isRunning(info.pid);
  }
  return ageMs > STALE_AFTER_MS;
}

/** Takes the lock at `file` or throws DataDirLockedError; resolves to the function that releases it. */
export async function lockDataDir(file: string, what: string): Promise<() => Promise<void>> {
  const mine: LockInfo = {
    host: hostname(),
    pid: process.pid,
    token: randomBytes(12).toString('hex'),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(file, JSON.stringify(mine), { flag: 'wx', mode: 0o640 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = await readLock(file);
    if (held && !isStale(file, held)) {
      const owner = held.info ? `el proceso ${held.info.pid} en ${held.info.host}` : 'otro proceso';
      throw new DataDirLockedError(
        `${what} ya está en uso por ${owner} (${file}). PGlite no admite más de un proceso a la vez: ` +
          'para varias instancias del servidor use PostgreSQL (DATABASE_URL). Si ese proceso ya no existe, ' +
          'espere 30 s o borre el fichero de bloqueo.',
      );
    }
    if (attempt >= 2) throw new DataDirLockedError(`No se pudo tomar el bloqueo ${file}.`);
    // The owner is gone: drop its lock and try again (a racing starter may win; then we refuse).
    await unlink(file).catch((err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    });
  }

  heldHere.add(file);
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(file, now, now).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return async () => {
    clearInterval(heartbeat);
    heldHere.delete(file);
    const held = await readLock(file).catch(() => null);
    if (held?.info?.token === mine.token) await unlink(file).catch(() => {});
  };
}
