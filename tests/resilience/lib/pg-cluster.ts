// A throwaway PostgreSQL cluster of our own, as scripts/test-postgres.sh makes one: a temp
// directory, loopback TCP on a free port, its socket inside that directory. Ours alone, so a test
// may stop and start it (pg_ctl) without disturbing anything else.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.ts';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries (Debian's layout), or null. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter(
      (v) =>
        existsSync(path.join(root, v, 'bin', 'initdb')) && existsSync(path.join(root, v, 'bin', 'pg_ctl')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export interface PgCluster {
  port: number;
  dir: string;
  bin: string;
  /** A connection URL for `database` (default: the maintenance database). */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  /** pg_ctl stop -m fast: every connection is cut at once. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createCluster(opts: { durable?: boolean } = {}): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) {
    throw new Error(
      "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin: install Debian's postgresql package " +
        '(scripts/test-postgres.sh does it with apt-get).',
    );
  }
  // initdb and postgres refuse to run as root: then the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'shop-resilience-pg-'));
  await mkdir(path.join(dir, 'sock'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout), Number(gid));
    chownSync(path.join(dir, 'sock'), Number(stdout), Number(gid));
  }
  const as = (cmd: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', cmd, ...args], { cwd: dir })
      : run(cmd, args, { cwd: dir });
  const port = await freePort();
  const data = path.join(dir, 'data');
  await as(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  await appendFile(
    path.join(data, 'postgresql.conf'),
    [
      '',
      '# --- tests/resilience ---',
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${path.join(dir, 'sock')}'`,
      `fsync = ${opts.durable ? 'on' : 'off'}`,
      `synchronous_commit = ${opts.durable ? 'on' : 'off'}`,
      `full_page_writes = ${opts.durable ? 'on' : 'off'}`,
      'max_connections = 300',
      '',
    ].join('\n'),
  );
  const pgCtl = path.join(bin, 'pg_ctl');
  const start = async () => {
    await as(pgCtl, ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  };
  const stop = async () => {
    await as(pgCtl, ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await start();
  let running = true;
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    dir,
    bin,
    url,
    async createDatabase(name) {
      const c = new pg.Client({ connectionString: url() });
      await c.connect();
      try {
        await c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await c.end();
      }
      return url(name);
    },
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop().catch(() => {});
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A new, empty database on the server of `baseUrl` (e.g. TEST_DATABASE_URL); dropped by the returned function. */
export async function freshDatabase(
  baseUrl: string,
  prefix = 'shop_r',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(baseUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
