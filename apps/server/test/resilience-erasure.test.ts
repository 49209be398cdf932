// An erasure request from the back office (`POST /api/admin/erasure`, docs/operations.md, "Data
// retention and erasure"): a customer's finished and abandoned orders lose their personal data,
// photos, designs and mails; invoices and VERI*FACTU records stay as they were (blocked, kept for
// the legal period) and the chain still verifies; orders in progress and other customers are left alone.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ChainVerificationResult } from '@shop/contracts/invoices';
import type { Order } from '@shop/contracts/orders';
import { designedOrder, expectOk } from './checkout-helpers.ts';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';

describe('anonymising a customer on request', () => {
  let t: TestApp;
  let admin: Client;
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
  });
  after(() => t.close());

  /** An order at the counter with this customer's data, paid; invoiced when asked. */
  async function order(email: string, opts: { pay?: boolean; invoice?: boolean } = {}): Promise<Order> {
    const c = new Client(t.app);
    const o = await designedOrder(c);
    await expectOk(
      c.post(`/api/orders/${o.id}/confirmUserDetails`, { name: 'Lucía Pérez', email, phone: '600111222' }),
    );
    if (opts.pay) await expectOk(admin.post(`/api/orders/${o.id}/confirmPayment`));
    if (opts.invoice) await expectOk(admin.post(`/api/orders/${o.id}/generateInvoice`));
    return (await c.get(`/api/orders/${o.id}`)).json() as Order;
  }

  const row = async (id: string) =>
    (
      await t.db.query<Record<string, unknown>>(
        `SELECT status, customer_name, customer_email, customer_phone, customer_address, image_id, design_id,
                design_transform, design_scene, draft_scene, price_cents FROM orders WHERE id = $1`,
        [id],
      )
    ).rows[0]!;
  const count = async (sql: string, params: unknown[]) =>
    (await t.db.query<{ n: number }>(sql, params)).rows[0]!.n;

  it('erases what is not needed, keeps invoices (blocked) and orders in progress', async () => {
    const delivered = await order('Lucia@Example.com', { pay: true, invoice: true });
    await t.db.query(`UPDATE orders SET status = 'delivered' WHERE id = $1`, [delivered.id]);
    const abandoned = await order('lucia@example.com');
    await t.db.query(`UPDATE orders SET status = 'design_confirmed' WHERE id = $1`, [abandoned.id]);
    const inProgress = await order('lucia@example.com', { pay: true });
    const someoneElse = await order('otra@example.com', { pay: true, invoice: true });
    const invoicesBefore = (await t.db.query('SELECT * FROM invoices ORDER BY id')).rows;
    const files = [delivered.image, delivered.design, abandoned.image, abandoned.design].map((u) =>
      u!.slice('/api/images/'.length),
    );
    assert.ok(
      (await count('SELECT count(*)::int AS n FROM mail_outbox WHERE order_id = $1', [delivered.id])) > 0,
    );

    // A design's texts may name people: a draft with one goes too.
    await t.db.query(`UPDATE orders SET draft_scene = $2 WHERE id = $1`, [
      abandoned.id,
      JSON.stringify({ layers: [{ kind: 'text', text: 'Lucía y Pablo' }] }),
    ]);
    assert.ok(
      (await count('SELECT count(*)::int AS n FROM order_photos WHERE order_id = $1', [delivered.id])) > 0,
    );

    await expectOk(admin.post('/api/admin/erasure', { email: ' LUCIA@example.com ', confirm: true }));

    for (const o of [delivered, abandoned]) {
      const r = await row(o.id);
      assert.deepEqual(
        [r.customer_name, r.customer_email, r.customer_phone, r.customer_address, r.image_id, r.design_id],
        [null, null, null, null, null, null],
      );
      assert.equal(r.design_transform, null);
      assert.deepEqual([r.design_scene, r.draft_scene], [null, null]);
      assert.equal(await count('SELECT count(*)::int AS n FROM order_photos WHERE order_id = $1', [o.id]), 0);
      assert.ok((r.price_cents as number) > 0, 'the sale itself stays');
      assert.equal(await count('SELECT count(*)::int AS n FROM mail_outbox WHERE order_id = $1', [o.id]), 0);
      const timeline = (await admin.get(`/api/orders/${o.id}/timeline`)).json() as { actor: string }[];
      assert.equal(timeline.at(-1)?.actor, 'rgpd');
    }
    assert.equal((await row(delivered.id)).status, 'delivered');
    // Photos and designs (with their editor and preview sizes) have no row any more, nor bytes.
    assert.equal(
      await count('SELECT count(*)::int AS n FROM files WHERE id = ANY($1) OR parent_id = ANY($1)', [files]),
      0,
    );
    // Invoices untouched: same rows, same buyer data (blocked), chain intact.
    assert.deepEqual((await t.db.query('SELECT * FROM invoices ORDER BY id')).rows, invoicesBefore);
    const chain = (await admin.get('/api/invoices/verify')).json() as ChainVerificationResult;
    // Every paid order is invoiced on payment: one record per invoice.
    assert.deepEqual([chain.ok, chain.records], [true, invoicesBefore.length]);
    const pdf = await admin.get(`/api/images/${invoicesBefore[0]!.pdf_file_id}`);
    assert.equal(pdf.statusCode, 200);
    // The order still to be delivered, and another customer: untouched.
    assert.equal((await row(inProgress.id)).customer_email, 'lucia@example.com');
    assert.ok((await row(inProgress.id)).image_id);
    assert.equal((await row(someoneElse.id)).customer_email, 'otra@example.com');
  });

  it('refuses to run without an address', async () => {
    const res = await admin.post('/api/admin/erasure', { email: '', confirm: true });
    assert.equal(res.statusCode, 400);
  });
});
