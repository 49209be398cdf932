import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import {
  compareWithKnown,
  cycles,
  declaredCycles,
  moduleEdges,
  placeOf,
  tablesIn,
  tableViolations,
} from './module-boundaries.ts';

const checker = path.join(import.meta.dirname, '..', 'check-module-boundaries.ts');

describe('where a file sits', () => {
  test('modules, platform, read models, workflows, routes and entry files', () => {
    assert.deepEqual(placeOf('apps/server/src/modules/orders/state.ts'), {
      part: 'module',
      module: 'orders',
    });
    assert.deepEqual(placeOf('apps/server/src/db/client.ts'), { part: 'platform' });
    assert.deepEqual(placeOf('apps/server/src/env.ts'), { part: 'platform' });
    assert.deepEqual(placeOf('apps/server/src/read-models/tracking.ts'), { part: 'readModels' });
    assert.deepEqual(placeOf('apps/server/src/workflows/refund.ts'), { part: 'workflows' });
    assert.deepEqual(placeOf('apps/server/src/http/orders.ts'), { part: 'http' });
    assert.deepEqual(placeOf('apps/server/src/runtime.ts'), { part: 'entry' });
    // The longest prefix decides: the demo data's folder is inside the database's.
    assert.deepEqual(placeOf('apps/server/src/db/seed/seed.ts'), { part: 'entry' });
  });
});

describe('tables', () => {
  const known = new Set(['orders', 'invoices', 'payment_attempts']);

  test('finds the tables a query names, not words in comments', () => {
    const text = [
      '// reads FROM invoices, only in this comment',
      '/* UPDATE invoices SET x */',
      'const q = `SELECT o.id FROM orders o JOIN payment_attempts p ON p.order_id = o.id`;',
    ].join('\n');
    assert.deepEqual([...tablesIn(text, known).tables].sort(), ['orders', 'payment_attempts']);
    assert.equal(tablesIn(text, known).writes, false);
    assert.equal(tablesIn('`UPDATE orders SET status = $1`', known).writes, true);
  });

  test("a module naming another module's table, SQL in a workflow, a read model that writes", () => {
    const files = new Map([
      ['apps/server/src/modules/payments/service.ts', '`SELECT * FROM payment_attempts JOIN orders ON true`'],
      ['apps/server/src/modules/orders/state.ts', '`UPDATE orders SET status = $1`'],
      ['apps/server/src/workflows/refund.ts', '`SELECT 1 FROM invoices`'],
      ['apps/server/src/read-models/screens.ts', '`SELECT * FROM orders JOIN invoices ON true`'],
      ['apps/server/src/read-models/bad.ts', '`DELETE FROM orders`'],
      ['apps/server/src/db/migrations/0001-init.ts', '`CREATE TABLE orders ()`'],
    ]);
    assert.deepEqual(tableViolations(files), [
      { rule: 'foreign-table', from: 'apps/server/src/modules/payments/service.ts', to: 'orders' },
      { rule: 'sql-outside-modules', from: 'apps/server/src/workflows/refund.ts', to: 'invoices' },
      { rule: 'read-model-writes', from: 'apps/server/src/read-models/bad.ts', to: 'orders' },
    ]);
  });
});

describe('the module graph', () => {
  test('arrows between modules, and the cycles among them', () => {
    const edges = moduleEdges([
      { from: 'apps/server/src/modules/a/x.ts', to: 'apps/server/src/modules/b/index.ts' },
      { from: 'apps/server/src/modules/b/y.ts', to: 'apps/server/src/modules/c/index.ts' },
      { from: 'apps/server/src/modules/c/z.ts', to: 'apps/server/src/modules/a/index.ts' },
      { from: 'apps/server/src/modules/c/z.ts', to: 'apps/server/src/modules/c/w.ts' },
      { from: 'apps/server/src/modules/d/q.ts', to: 'apps/server/src/modules/a/index.ts' },
      { from: 'apps/server/src/app.ts', to: 'apps/server/src/modules/d/index.ts' },
    ]);
    assert.deepEqual(
      [...edges].map(([k, v]) => [k, [...v]]),
      [
        ['a', ['b']],
        ['b', ['c']],
        ['c', ['a']],
        ['d', ['a']],
      ],
    );
    assert.deepEqual(cycles(edges), [['a', 'b', 'c']]);
  });

  test('the declared arrows have no cycle', () => {
    assert.deepEqual(declaredCycles(), []);
  });

  test('the list of older violations only shrinks', () => {
    const v = { rule: 'foreign-table', from: 'f.ts', to: 'orders' };
    assert.deepEqual(compareWithKnown([v], ['foreign-table: f.ts -> orders']), { added: [], gone: [] });
    assert.deepEqual(compareWithKnown([v], []), { added: ['foreign-table: f.ts -> orders'], gone: [] });
    assert.deepEqual(compareWithKnown([], ['foreign-table: f.ts -> orders']), {
      added: [],
      gone: ['foreign-table: f.ts -> orders'],
    });
  });
});

describe('the check on a real tree', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string): void => {
    const full = path.join(root, 'apps/server/src', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  };
  writeFileSync(path.join(root, 'known.json'), '[]');
  const run = (): { ok: boolean; output: string } => {
    try {
      const output = execFileSync(
        process.execPath,
        ['--import', 'tsx', checker, '--root', root, '--known', path.join(root, 'known.json')],
        { encoding: 'utf8', stdio: 'pipe' },
      );
      return { ok: true, output };
    } catch (error) {
      const e = error as { stdout: string; stderr: string };
      return { ok: false, output: e.stdout + e.stderr };
    }
  };

  write('modules/orders/state.ts', 'export const placed = `UPDATE orders SET status = 1`;\n');
  write('modules/orders/index.ts', "export { placed } from './state.ts';\n");
  write(
    'modules/payments/service.ts',
    "import { placed } from '../orders/index.ts';\nexport const pay = placed;\n",
  );
  write('modules/payments/index.ts', "export { pay } from './service.ts';\n");

  test('a tree that keeps to the arrows passes', () => {
    const { ok, output } = run();
    assert.equal(ok, true, output);
  });

  test("a module reaching into another module's file fails", () => {
    write(
      'modules/payments/service.ts',
      "import { placed } from '../orders/state.ts';\nexport const pay = placed;\n",
    );
    const { ok, output } = run();
    assert.equal(ok, false);
    assert.match(
      output,
      /module-internals: apps\/server\/src\/modules\/payments\/service\.ts -> apps\/server\/src\/modules\/orders\/state\.ts/,
    );
    write(
      'modules/payments/service.ts',
      "import { placed } from '../orders/index.ts';\nexport const pay = placed;\n",
    );
  });

  test('a module importing a module it does not declare, closing a cycle, fails', () => {
    write(
      'modules/orders/state.ts',
      "import { pay } from '../payments/index.ts';\nexport const placed = pay;\n",
    );
    const { ok, output } = run();
    assert.equal(ok, false);
    assert.match(
      output,
      /module-arrow: apps\/server\/src\/modules\/orders\/state\.ts -> apps\/server\/src\/modules\/payments\/index\.ts/,
    );
    assert.match(output, /no-cycle: /);
    write('modules/orders/state.ts', 'export const placed = `UPDATE orders SET status = 1`;\n');
  });

  test("a module's SQL on another module's table fails", () => {
    write('modules/payments/refunds.ts', 'export const q = `SELECT total FROM orders`;\n');
    const { ok, output } = run();
    assert.equal(ok, false);
    assert.match(output, /foreign-table: apps\/server\/src\/modules\/payments\/refunds\.ts -> orders/);
    rmSync(path.join(root, 'apps/server/src/modules/payments/refunds.ts'));
    assert.equal(run().ok, true);
  });
});
