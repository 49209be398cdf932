// Every parameterised query runs as a prepared statement (src/db/prepared.ts): on PGlite through
// its protocol, on PostgreSQL as pg's named statements. They must behave exactly like the plain
// queries they replace.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Database } from '../src/db/client.ts';
import { createTestApp, type TestApp } from './helpers.ts';

describe('prepared statements', () => {
  let t: TestApp;
  let db: Database;

  before(async () => {
    t = await createTestApp({ seed: false });
    db = t.db;
    await db.exec(`CREATE TABLE prep_t (id serial PRIMARY KEY, name text NOT NULL UNIQUE, data jsonb,
      tags text[], at timestamptz, n bigint)`);
  });
  after(() => t.close());

  test('the same text with other parameters gives each its own answer', async () => {
    for (let i = 1; i <= 20; i++) {
      const { rows } = await db.query<{ v: number; s: string }>('SELECT $1::int * 2 AS v, $2::text AS s', [
        i,
        `x${i}`,
      ]);
      assert.deepEqual(rows, [{ v: i * 2, s: `x${i}` }]);
    }
  });

  test('parameters and results convert as plain queries do (json, arrays, dates, null, int8)', async () => {
    const at = new Date('2026-03-01T10:00:00.000Z');
    const insert = 'INSERT INTO prep_t (name, data, tags, at, n) VALUES ($1, $2, $3, $4, $5) RETURNING *';
    const a = await db.query(insert, ['a', { k: [1, 'dos'] }, ['x', 'y'], at, 9_007_199_254_740_991]);
    const b = await db.query(insert, ['b', null, null, null, null]);
    assert.equal(a.rowCount, 1);
    assert.deepEqual(a.rows[0], {
      id: 1,
      name: 'a',
      data: { k: [1, 'dos'] },
      tags: ['x', 'y'],
      at,
      n: 9_007_199_254_740_991,
    });
    assert.deepEqual(b.rows[0], { id: 2, name: 'b', data: null, tags: null, at: null, n: null });
    const none = await db.query('SELECT * FROM prep_t WHERE name = $1', ['nobody']);
    assert.deepEqual(none, { rows: [], rowCount: 0 });
    const updated = await db.query('UPDATE prep_t SET n = $1 WHERE id > $2', [7, 0]);
    assert.equal(updated.rowCount, 2);
  });

  test('an error reaches the caller, and the connection goes on working', async () => {
    const insert = 'INSERT INTO prep_t (name) VALUES ($1)';
    await assert.rejects(db.query(insert, ['a']), (err: { code?: string }) => err.code === '23505');
    await assert.rejects(
      db.query('SELECT $1::int AS v', ['not a number']),
      (err: { code?: string }) => err.code === '22P02',
    );
    await assert.rejects(db.query('SELEKT 1'), (err: { code?: string }) => err.code === '42601');
    assert.deepEqual((await db.query('SELECT $1::int AS v', [5])).rows, [{ v: 5 }]);
  });

  test('inside a transaction: committed together, or rolled back together', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO prep_t (name) VALUES ($1)', ['c']);
      await tx.query('INSERT INTO prep_t (name) VALUES ($1)', ['d']);
    });
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO prep_t (name) VALUES ($1)', ['e']);
        await tx.query('INSERT INTO prep_t (name) VALUES ($1)', ['a']); // duplicate: fails
      }),
    );
    const { rows } = await db.query<{ name: string }>(
      'SELECT name FROM prep_t WHERE name = ANY($1) ORDER BY name',
      [['c', 'd', 'e']],
    );
    assert.deepEqual(
      rows.map((r) => r.name),
      ['c', 'd'],
    );
  });

  test('concurrent queries and transactions do not interleave', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? db.transaction(async (tx) => {
              const { rows } = await tx.query<{ id: number }>(
                'INSERT INTO prep_t (name) VALUES ($1) RETURNING id',
                [`p${i}`],
              );
              const again = await tx.query<{ name: string }>('SELECT name FROM prep_t WHERE id = $1', [
                rows[0]!.id,
              ]);
              return again.rows[0]!.name;
            })
          : db.query<{ v: string }>('SELECT $1::text AS v', [`p${i}`]).then((r) => r.rows[0]!.v),
      ),
    );
    assert.deepEqual(
      results,
      Array.from({ length: 30 }, (_, i) => `p${i}`),
    );
  });

  test('PostgreSQL: a transaction after a table change works (statements in transactions are unnamed)', async (t) => {
    // PGlite is one process: its tables change only in the migrations, before the app starts.
    if (db.kind !== 'postgres') return t.skip('PostgreSQL only');
    const select = 'SELECT * FROM prep_t WHERE name = $1';
    await db.query(select, ['a']);
    await db.exec('ALTER TABLE prep_t ADD COLUMN other text');
    const row = await db.transaction(
      async (tx) => (await tx.query<Record<string, unknown>>(select, ['a'])).rows[0]!,
    );
    assert.equal(row.other, null);
    const again = (await db.query<Record<string, unknown>>(select, ['a'])).rows[0]!;
    assert.equal(again.other, null);
  });

  test('a table changed under a prepared statement: prepared again, right answer', async () => {
    const select = 'SELECT * FROM prep_t WHERE name = $1';
    const before = (await db.query<Record<string, unknown>>(select, ['a'])).rows[0]!;
    assert.equal('extra' in before, false);
    await db.exec('ALTER TABLE prep_t ADD COLUMN extra text');
    const afterChange = (await db.query<Record<string, unknown>>(select, ['a'])).rows[0]!;
    assert.equal(afterChange.extra, null);
  });
});
