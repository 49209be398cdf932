import type { Queryable } from './client.ts';

/** What ran behind a savepoint: its value, or the error it was rolled back for. */
export type Savepointed<T> = { ok: true; value: T } | { ok: false; err: unknown };

/**
 * Runs `fn` in the caller's transaction behind the savepoint `name`: a failure undoes only what
 * `fn` did and is handed back, so the transaction (the record of money that has moved) goes on.
 * A failure of the connection itself cannot be rolled back to the savepoint: then `fn`'s error
 * is thrown.
 */
export async function behindSavepoint<T>(
  tx: Queryable,
  name: string,
  fn: () => Promise<T>,
): Promise<Savepointed<T>> {
  await tx.query(`SAVEPOINT ${name}`);
  try {
    const value = await fn();
    await tx.query(`RELEASE SAVEPOINT ${name}`);
    return { ok: true, value };
  } catch (err) {
    try {
      await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
      await tx.query(`RELEASE SAVEPOINT ${name}`);
    } catch {
      throw err;
    }
    return { ok: false, err };
  }
}
