import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ErasureResult } from '@shop/contracts/erasure';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import { designedOrder, expectOk } from './checkout-helpers.ts';
import { ADMIN, Client, createStaff, createTestApp, STORE1, signedIn, type TestApp } from './helpers.ts';

/** An erasure request is an administrator's action in the back office, not a script run with the server stopped. */
describe('erasure on request (RGPD art. 17)', () => {
  let t: TestApp;
  let admin: Client;
  const EMAIL = 'ana.borrar@example.com';

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
  });
  after(() => t.close());

  /** A pickup order paid at the store, with the customer's data, a photo and a design. */
  async function placed(email: string): Promise<Order> {
    const c = new Client(t.app);
    const o = await designedOrder(c);
    return (
      await expectOk(
        c.post(`/api/orders/${o.id}/confirmUserDetails`, { name: 'Ana Borrar', email, phone: '600111222' }),
      )
    ).json() as Order;
  }

  const row = async (id: string) =>
    (await t.db.query<Record<string, unknown>>('SELECT * FROM orders WHERE id = $1', [id])).rows[0]!;
  const filesOf = async (id: string) =>
    (
      await t.db.query<{ f: string }>(
        `SELECT f FROM orders o, LATERAL unnest(ARRAY[o.image_id, o.design_id]) AS f WHERE o.id = $1 AND f IS NOT NULL
         UNION SELECT file_id FROM order_photos WHERE order_id = $1`,
        [id],
      )
    ).rows.map((r) => r.f);
  const snapshot = async () => ({
    orders: (await t.db.query('SELECT * FROM orders ORDER BY id')).rows,
    invoices: (await t.db.query('SELECT * FROM invoices ORDER BY id')).rows,
    mails: (await t.db.query('SELECT id FROM mail_outbox ORDER BY id')).rows,
    files: (await t.db.query('SELECT id FROM files ORDER BY id')).rows,
  });

  test('looked at first, then done: finished and unplaced orders forget the person; invoices and orders in progress stay', async () => {
    // Delivered (paid, so invoiced), with a staff note; never placed; still to collect; another customer's.
    const delivered = await placed(EMAIL.toUpperCase());
    await expectOk(admin.post(`/api/orders/${delivered.id}/confirmPayment`));
    await expectOk(admin.post(`/api/orders/${delivered.id}/print`));
    await expectOk(
      admin.post(`/api/orders/${delivered.id}/status`, { status: 'ready', note: 'Ana pasa el lunes' }),
    );
    await expectOk(admin.post(`/api/orders/${delivered.id}/status`, { status: 'delivered' }));
    const unplaced = await designedOrder(new Client(t.app));
    await t.db.query(`UPDATE orders SET customer_name = 'Ana Borrar', customer_email = $2 WHERE id = $1`, [
      unplaced.id,
      EMAIL,
    ]);
    const inProgress = await placed(EMAIL);
    const someoneElse = await placed('otra@example.com');
    await expectOk(admin.post('/api/mails', { toList: [EMAIL], subject: 'Tu funda', text: 'Hola, Ana' }));
    const deliveredFiles = await filesOf(delivered.id);
    assert.ok(deliveredFiles.length >= 2, 'photo and design');

    // Looked at: what it would do, exactly, and nothing changes.
    const before = await snapshot();
    const look = (
      await expectOk(admin.post('/api/admin/erasure', { email: ` ${EMAIL} ` }))
    ).json() as ErasureResult;
    assert.equal(look.done, false);
    assert.deepEqual(
      look.erased.map((o) => [o.orderNumber, o.status, o.invoiced]),
      [
        [delivered.orderNumber, 'delivered', true],
        [unplaced.orderNumber, 'design_confirmed', false],
      ],
    );
    assert.deepEqual(look.pending, [{ orderNumber: inProgress.orderNumber, status: 'to_pay_at_store' }]);
    assert.ok(look.mails >= 2, `the delivered order's mails and the staff mail: ${look.mails}`);
    assert.ok(look.files >= 4, `photos and designs: ${look.files}`);
    assert.deepEqual(await snapshot(), before, 'looking changes nothing');

    // Done.
    const done = (
      await expectOk(admin.post('/api/admin/erasure', { email: EMAIL, confirm: true }))
    ).json() as ErasureResult;
    assert.deepEqual({ ...done, done: false }, look, 'it did what it said it would');
    assert.equal(done.done, true);
    for (const id of [delivered.id, unplaced.id]) {
      const r = await row(id);
      for (const column of ['customer_name', 'customer_email', 'customer_phone', 'image_id', 'design_id']) {
        assert.equal(r[column], null, `${column} of ${id}`);
      }
      assert.deepEqual(await filesOf(id), []);
    }
    assert.equal((await row(delivered.id)).status, 'delivered', 'the order stays for the accounts');
    const after = await snapshot();
    assert.deepEqual(after.invoices, before.invoices, 'the invoices, blocked, are kept as the law requires');
    for (const f of deliveredFiles) {
      assert.ok(!after.files.some((r) => (r as { id: string }).id === f), `file ${f} deleted`);
    }
    const mails = await t.db.query(
      `SELECT 1 FROM mail_outbox WHERE order_id = ANY($1::uuid[]) OR lower(to_address) = $2`,
      [[delivered.id, unplaced.id], EMAIL],
    );
    assert.equal(mails.rows.length, 1, "only the order in progress's own mail is left");
    const timeline = (
      await t.db.query<{ note: string | null }>(
        'SELECT note FROM order_events WHERE order_id = $1 ORDER BY id',
        [delivered.id],
      )
    ).rows.map((e) => e.note);
    assert.ok(!timeline.includes('Ana pasa el lunes'), "the staff's notes go");
    assert.equal(timeline.at(-1), 'Datos personales suprimidos a petición del cliente');
    // Left alone: the order still to collect, and everyone else.
    assert.equal((await row(inProgress.id)).customer_name, 'Ana Borrar');
    assert.ok((await filesOf(inProgress.id)).length >= 2);
    assert.equal((await row(someoneElse.id)).customer_email, 'otra@example.com');

    // Asked again: nothing left but the order in progress.
    const again = (
      await expectOk(admin.post('/api/admin/erasure', { email: EMAIL }))
    ).json() as ErasureResult;
    assert.deepEqual([again.erased, again.mails, again.files], [[], 0, 0]);
  });

  test('administrators only; a malformed address is said so in Spanish', async () => {
    const store = await signedIn(t.app, STORE1);
    assert.equal((await store.post('/api/admin/erasure', { email: EMAIL })).statusCode, 403);
    assert.equal((await new Client(t.app).post('/api/admin/erasure', { email: EMAIL })).statusCode, 401);
    const bad = await admin.post('/api/admin/erasure', { email: 'ana@' });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json(), {
      error: 'VALIDATION_FAILED',
      message: messages.invalidEmail,
      field: 'email',
    });
  });
});
