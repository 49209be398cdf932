import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { SalesReport } from '@shop/contracts/reports';
import { migrate } from '../src/db/migrate.ts';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';
import { orderAtCounter } from './verifactu-support.ts';

/**
 * The sales report reads the day sums in invoice_day_totals, which triggers keep as invoices,
 * rectificativas and annulments are written. After each of the shop's own ways of writing them
 * the sums must equal the same sums worked out from the invoices, and the report must show them.
 */

/** The day sums as the report defines them, worked out from the invoices themselves. */
const FROM_INVOICES = `
  SELECT i.issue_date::text AS day, i.store_id, o.model_id, o.case_type_id, count(*)::int AS invoices,
         count(*) FILTER (WHERE i.kind IN ('F1', 'F2'))::int AS sales,
         COALESCE(sum(i.total_cents) FILTER (WHERE i.kind IN ('F1', 'F2')), 0)::int AS sales_total,
         COALESCE(sum(i.base_cents) FILTER (WHERE i.kind IN ('F1', 'F2')), 0)::int AS sales_base,
         COALESCE(-sum(i.total_cents) FILTER (WHERE i.kind IN ('R1', 'R5')), 0)::int AS refund_total,
         COALESCE(-sum(i.base_cents) FILTER (WHERE i.kind IN ('R1', 'R5')), 0)::int AS refund_base
  FROM invoices i JOIN orders o ON o.id = i.order_id
  WHERE i.kind IN ('F1', 'F2', 'R1', 'R5')
    AND NOT EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = i.id)
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;

const STORED = `
  SELECT issue_date::text AS day, store_id, model_id, case_type_id, invoices, sales,
         sales_total_cents::int AS sales_total, sales_base_cents::int AS sales_base,
         refund_total_cents::int AS refund_total, refund_base_cents::int AS refund_base
  FROM invoice_day_totals ORDER BY 1, 2, 3, 4`;

describe('sales report: the day sums follow every invoice written', () => {
  let t: TestApp;
  let admin: Client;
  let customer: Client;

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
    customer = new Client(t.app);
  });
  after(() => t.close());

  const paidOrder = async (storeId: number) => {
    const id = await orderAtCounter(t, storeId, customer);
    const res = await admin.post(`/api/orders/${id}/confirmPayment`);
    assert.equal(res.statusCode, 200, res.body);
    return id;
  };

  /** The stored sums equal the invoices' (all days), and the report over them adds up the same. */
  const expectExact = async (what: string) => {
    const direct = (await t.db.query(FROM_INVOICES)).rows;
    assert.deepEqual((await t.db.query(STORED)).rows, direct, `day sums after ${what}`);
    if (direct.length === 0) return;
    const days = direct.map((r) => r.day as string).sort();
    const report = (
      await admin.get(`/api/reports/sales?from=${days[0]}&to=${days.at(-1)}`)
    ).json() as SalesReport;
    const sum = (f: (r: Record<string, unknown>) => unknown) => direct.reduce((a, r) => a + Number(f(r)), 0);
    assert.equal(
      report.total?.orders,
      sum((r) => r.sales),
      `orders after ${what}`,
    );
    assert.equal(
      Math.round(report.total!.revenue * 100),
      sum((r) => r.sales_total),
      `revenue after ${what}`,
    );
    assert.equal(
      Math.round(report.total!.refundsWithoutVat * 100),
      sum((r) => r.refund_base),
      `refunds after ${what}`,
    );
    const stores = [...new Set(direct.map((r) => r.store_id as number))].sort((a, b) => a - b);
    assert.deepEqual(
      report.rows.map((r) => r.storeId),
      stores,
      `stores listed after ${what}`,
    );
  };

  test('sales, refunds, cancellations, annulments and corrections keep the sums exact', async () => {
    await expectExact('nothing invoiced');
    // Sales in two stores (F2 on payment).
    const a = await paidOrder(1);
    const b = await paidOrder(1);
    const c = await paidOrder(2);
    await expectExact('three sales');
    // A partial refund and a cancellation (R5 each).
    const rectified = await admin.post(`/api/orders/${a}/rectify`, { amount: 2.5, reason: 'Descuento' });
    assert.equal(rectified.statusCode, 200, rectified.body);
    const cancelled = await admin.post(`/api/orders/${b}/status`, {
      status: 'cancelled',
      note: 'No la quiere',
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    await expectExact('a refund and a cancellation');
    // An invoice issued by mistake (the order carries no payment), annulled: it no longer counts.
    await t.db.query('UPDATE orders SET paid_at = NULL, paid_by = NULL WHERE id = $1', [c]);
    const { rows } = await t.db.query<{ full_number: string }>(
      'SELECT full_number FROM invoices WHERE order_id = $1',
      [c],
    );
    const annulled = await admin.post(`/api/invoices/${rows[0]!.full_number}/annul`, { reason: 'Error' });
    assert.equal(annulled.statusCode, 200, annulled.body);
    await expectExact('an annulment');
    const report = (
      await admin.get('/api/reports/sales?from=2000-01-01&to=2002-12-31')
    ).json() as SalesReport;
    assert.deepEqual(report.rows, [], 'a period with no invoices lists no store');
  });

  test("an order's model changed, or an invoice moved with the guard lifted, moves its sums", async () => {
    const id = await paidOrder(1);
    const models = ((await customer.get('/api/models?store=1&size=50')).json() as ModelPage).items;
    const { rows } = await t.db.query<{ model_id: number }>('SELECT model_id FROM orders WHERE id = $1', [
      id,
    ]);
    const other = models.find((m) => m.id !== rows[0]!.model_id)!;
    await t.db.query('UPDATE orders SET model_id = $2, brand_id = $3 WHERE id = $1', [
      id,
      other.id,
      other.brand.id,
    ]);
    await expectExact("an order's model changed");
    await t.db.exec('ALTER TABLE invoices DISABLE TRIGGER invoices_no_update_delete');
    try {
      await t.db.query(
        `UPDATE invoices SET issue_date = (date_trunc('month', issue_date) - interval '1 day')::date
         WHERE order_id = $1`,
        [id],
      );
    } finally {
      await t.db.exec('ALTER TABLE invoices ENABLE TRIGGER invoices_no_update_delete');
    }
    await expectExact('an invoice moved to last month');
  });

  test('the migration fills the sums from the invoices already issued', async () => {
    await paidOrder(2);
    // As before the migration: no sums, no triggers; the invoices stay.
    await t.db.exec(`
      DROP TABLE invoice_day_totals;
      DROP FUNCTION invoices_track_day_totals, invoice_annulments_track_day_totals, orders_track_day_totals
        CASCADE;
      DROP FUNCTION invoice_day_totals_add;
      DELETE FROM schema_migrations WHERE name = 'invoice-day-totals';`);
    assert.ok((await t.db.query(FROM_INVOICES)).rows.length > 0);
    await migrate(t.db);
    await expectExact('the migration');
    await paidOrder(1);
    await expectExact('a sale after the migration');
  });
});
