import { createHash } from 'node:crypto';
import { type ParserOptions, type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

/**
 * Prepared statements for PGlite: every parameterised query is parsed and planned once, then only
 * bound and executed. PGlite's `query()` makes six calls into the WebAssembly backend (parse,
 * describe, bind, describe, execute, sync); a prepared statement needs one. PostgreSQL servers
 * get named statements for single queries outside transactions (StatementNames, below) and
 * unnamed ones inside transactions: see `fromPg` in client.ts for why.
 *
 * Texts are our own SQL with `$n` parameters, so there are a few dozen of them; past
 * MAX_STATEMENTS (a text built from data would be a bug) new texts take the unprepared path.
 */
export const MAX_STATEMENTS = 500;

/**
 * Names of PostgreSQL prepared statements (pg keeps one per connection and name): stable per text,
 * bounded in number. After a migration altered a table under a statement, `renew` gives the text
 * a new name, which every connection then prepares again.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();
  #renewals = 0;

  nameFor(text: string): string | undefined {
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < MAX_STATEMENTS) {
      name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
      this.#names.set(text, name);
    }
    return name;
  }

  renew(text: string): void {
    const name = this.#names.get(text);
    if (name !== undefined) this.#names.set(text, `${name.split('.')[0]}.${++this.#renewals}`);
  }
}

interface PreparedStatement {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription, or null for statements that return no rows. */
  rowDescription: RowDescription | null;
}

type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type ParameterDescription = InstanceType<typeof protocol.messages.ParameterDescriptionMessage>;

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
};

/** "cached plan must not change result type": a table changed under a prepared statement. */
export const isStalePlan = (err: unknown): boolean =>
  (err as { code?: string } | null)?.code === '0A000' && /cached plan/.test(String(err));

/**
 * Prepared statements on one PGlite instance, run under PGlite's own locks so that they queue with
 * its `query()`, `exec()` and `transaction()` calls exactly as those queue with each other.
 */
export class PglitePrepared {
  readonly #db: PGlite;
  readonly #parsers: ParserOptions;
  readonly #statements = new Map<string, PreparedStatement>();
  #counter = 0;

  constructor(db: PGlite, parsers: ParserOptions) {
    this.#db = db;
    this.#parsers = parsers;
  }

  /** A query outside any transaction (takes the transaction lock, syncs to the file system after). */
  query(text: string, params: unknown[] = []): Promise<Results> {
    return this.#db._runExclusiveTransaction(async () => {
      const result = await this.#db._runExclusiveQuery(() => this.#run(text, params));
      await this.#db.syncToFs();
      return result;
    });
  }

  /** A query inside the transaction that holds the transaction lock now (PGlite syncs at its end). */
  queryInTransaction(text: string, params: unknown[] = []): Promise<Results> {
    return this.#db._runExclusiveQuery(() => this.#run(text, params));
  }

  /** Whether `text` is (or may become) a prepared statement; other texts use PGlite's `query()`. */
  accepts(text: string): boolean {
    return this.#statements.has(text) || this.#statements.size < MAX_STATEMENTS;
  }

  async #run(text: string, params: unknown[]): Promise<Results> {
    let statement = this.#statements.get(text) ?? (await this.#prepare(text));
    try {
      return await this.#execute(statement, params);
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      // Prepare again against the table as it is now (only a migration changes tables).
      this.#statements.delete(text);
      statement = await this.#prepare(text);
      return this.#execute(statement, params);
    }
  }

  async #prepare(text: string): Promise<PreparedStatement> {
    const name = `p${++this.#counter}`;
    const { serialize } = protocol;
    const messages = await this.#db.execProtocolStream(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const described = messages.find((m) => m.name === 'parameterDescription') as
      | ParameterDescription
      | undefined;
    const rows = messages.find((m) => m.name === 'rowDescription') as RowDescription | undefined;
    const statement = { name, paramTypes: described?.dataTypeIDs ?? [], rowDescription: rows ?? null };
    this.#statements.set(text, statement);
    return statement;
  }

  async #execute(statement: PreparedStatement, params: unknown[]): Promise<Results> {
    const { serialize } = protocol;
    const serializers = this.#db.serializers;
    // The same conversion PGlite's query() applies: by the parameter's type as PostgreSQL sees it.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = serializers[statement.paramTypes[i] ?? 0];
      return serializer ? (serializer(value) as string) : String(value);
    });
    const messages = await this.#db.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const all = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(all, this.#db.parsers, { parsers: this.#parsers })[0]!;
  }
}
