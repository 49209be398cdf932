import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './pglite-lock.ts';
import { isStalePlan, PglitePrepared, StatementNames } from './prepared.ts';

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

/** What every module needs from the database: parameterised SQL, nothing more. */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` on each NOTIFY of `channel`, and also whenever notifications may have been
   * missed (a lost connection). Resolves to a function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// int8 (counts, sums) as JS numbers: every value we keep fits in 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** A dedicated connection for LISTEN that comes back by itself after the server goes away. */
async function pgListener(connectionString: string, channel: string, onNotify: () => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    const reconnect = () => {
      if (stopped || client !== c) return;
      client = null;
      c.end().catch(() => {});
      // Changes made while we were away went unheard.
      onNotify();
      retry = setTimeout(() => void connect().catch(reconnect), 1000);
      retry.unref();
    };
    client = c;
    c.on('error', reconnect);
    c.on('end', reconnect);
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      reconnect();
      throw err;
    }
  };
  await connect().catch(() => {});
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

function fromPg(pool: pg.Pool, connectionString: string): Database {
  const run = async <R>(q: pg.Pool | pg.PoolClient, text: string, params?: unknown[]) => {
    const r = await q.query(text, params as unknown[]);
    return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
  };
  // Single queries outside a transaction are named (prepared) statements: parsed and planned once
  // per connection, which halves PostgreSQL's CPU for an order (0.7–0.9 ms -> 0.40–0.45 ms,
  // bench/http.ts). A named plan fails with "cached plan must not change result type" once a
  // migration alters a table it reads (a rolling upgrade): then the text gets a new name and the
  // query runs again, which only works outside a transaction. Inside transactions statements stay
  // unnamed, or that error would abort customers' checkouts.
  const names = new StatementNames();
  const single = async <R>(text: string, params?: unknown[]): Promise<QueryResult<R>> => {
    const name = names.nameFor(text);
    if (!name) return run<R>(pool, text, params);
    try {
      const r = await pool.query({ name, text, values: params ?? [] });
      return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      names.renew(text);
      const r = await pool.query({ name: names.nameFor(text), text, values: params ?? [] });
      return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
    }
  };
  return {
    kind: 'postgres',
    query: (text, params) => single(text, params),
    exec: async (text) => {
      await pool.query(text);
    },
    async transaction(fn) {
      const client = await pool.connect();
      // Checked out, the client has no listener for a lost connection (the pool listens only to
      // idle ones), and an 'error' event nobody hears ends the process: a transaction waiting
      // between two statements when the server restarts would take the app down with it. Heard
      // here, the loss fails the transaction's next statement, and the client is thrown away.
      let lost: Error | undefined;
      const onLost = (err: Error) => {
        lost = err;
      };
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: (text, params) => run(client, text, params),
          exec: async (text) => {
            await client.query(text);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        if (!lost) await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    listen: (channel, onNotify) => pgListener(connectionString, channel, onNotify),
    close: () => pool.end(),
  };
}

/** The app's database over a PGlite instance (the tests make theirs from a migrated copy). */
export function fromPglite(db: PGlite): Database {
  const parsers = { 20: (v: string) => Number.parseInt(v, 10) };
  // Prepared statements: one call into the WebAssembly backend per query instead of six.
  const prepared = new PglitePrepared(db, parsers);
  return {
    kind: 'pglite',
    async query(text, params) {
      const r = prepared.accepts(text)
        ? await prepared.query(text, params)
        : await db.query(text, params, { parsers });
      return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
    },
    exec: async (text) => {
      await db.exec(text);
    },
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          async query(text, params) {
            const r = prepared.accepts(text)
              ? await prepared.queryInTransaction(text, params)
              : await tx.query(text, params, { parsers });
            return { rows: r.rows as never[], rowCount: r.affectedRows ?? r.rows.length };
          },
          exec: async (text) => {
            await tx.exec(text);
          },
        }),
      ),
    async listen(channel, onNotify) {
      const unsubscribe = await db.listen(channel, () => onNotify());
      return async () => unsubscribe();
    },
    close: () => db.close(),
  };
}

/**
 * PostgreSQL when `databaseUrl` is set, otherwise PGlite (PostgreSQL compiled to WASM) kept in
 * `<dataDir>/pglite`, or in memory when `dataDir` is null (tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // A dropped connection is reported on the pool; without a listener it would crash the process.
    pool.on('error', () => {});
    return fromPg(pool, opts.databaseUrl);
  }
  if (opts.dataDir === null) return fromPglite(await PGlite.create());
  const dir = path.join(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  // PGlite does not stop a second process from opening the same files (that corrupts them).
  const unlock = await lockDataDir(
    path.join(opts.dataDir, 'pglite.lock'),
    `La base de datos PGlite de ${dir}`,
  );
  let database: Database;
  try {
    database = fromPglite(await PGlite.create({ dataDir: dir }));
  } catch (err) {
    await unlock();
    throw err;
  }
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        await unlock();
      }
    },
  };
}
