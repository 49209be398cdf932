// The daily retention job with the clock moved on: it deletes exactly what the privacy policy
// says (rows and stored bytes) and nothing else, runs once a day between two instances started
// at the same moment, and a second run is harmless.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Order } from '@shop/contracts/orders';
import { DEFAULT_RETENTION, type RetentionPeriods } from '@shop/contracts/retention';
import { UNVERIFIED_NOTIFICATION_DAYS } from '../src/modules/payments/index.ts';
import { runRetention } from '../src/workflows/retention.ts';
import { designedOrder, expectOk } from './checkout-helpers.ts';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';
import {
  firstModel,
  initiate,
  notificationFor,
  payNowOrder,
  postNotification,
  requestParams,
} from './payments-support.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Where the clock is moved to: four years from now. */
const CLOCK = new Date(Date.now() + 4 * 365 * DAY);
const daysBefore = (days: number, from = CLOCK) => new Date(from.getTime() - days * DAY);
/** The moment of a delivery whose legal guarantee (3 years) plus `extra` days ended at CLOCK. */
const deliveredBefore = (extra: number) => {
  const d = daysBefore(extra);
  d.setUTCFullYear(d.getUTCFullYear() - DEFAULT_RETENTION.warrantyYears);
  return d;
};

const periods: RetentionPeriods = DEFAULT_RETENTION;

describe('retention job', () => {
  let t: TestApp;
  let admin: Client;
  const logged: object[] = [];
  const log = { info: (obj: object) => logged.push(obj) };

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
  });
  after(() => t.close());

  const customer = () => new Client(t.app);

  /** An abandoned order (design confirmed, with the customer's name), last changed at `at`. */
  async function abandoned(at: Date): Promise<Order> {
    const o = await designedOrder(customer());
    await t.db.query(
      `UPDATE orders SET status = 'design_confirmed', customer_name = 'Ana Abandona', updated_at = $2 WHERE id = $1`,
      [o.id, at],
    );
    return o;
  }

  /** A paid pickup order with its invoice, moved to `status` at `at`. */
  async function finished(
    status: 'delivered' | 'cancelled' | 'paid',
    at: Date,
    opts: { batch?: boolean } = {},
  ): Promise<Order & { batchId?: string }> {
    const c = customer();
    const o = await designedOrder(c);
    await expectOk(
      c.post(`/api/orders/${o.id}/confirmUserDetails`, {
        name: 'Lucía Pérez',
        email: 'lucia@example.com',
        phone: '600111222',
      }),
    );
    // A cancelled order is an unpaid one here (a paid one needs its rectifying invoice first).
    if (status !== 'cancelled') await expectOk(admin.post(`/api/orders/${o.id}/confirmPayment`));
    // Printed with others on the printer's sheet: the batch's PDF holds its design too.
    const batchId = opts.batch
      ? (
          (await expectOk(admin.post('/api/print-batches', { orderIds: [o.id], sheet: 'A4' }))).json() as {
            id: string;
          }
        ).id
      : undefined;
    if (status !== 'paid') {
      await t.db.query(`UPDATE orders SET status = $2 WHERE id = $1`, [o.id, status]);
      await t.db.query(
        `INSERT INTO order_events (order_id, from_status, to_status, actor, at) VALUES ($1, 'to_pay_at_store', $2, 'staff:x', $3)`,
        [o.id, status, at],
      );
    }
    await t.db.query('UPDATE orders SET updated_at = $2 WHERE id = $1', [o.id, daysBefore(2000)]);
    return batchId ? { ...o, batchId } : o;
  }

  const batchFile = async (batchId: string) =>
    (
      await t.db.query<{ file_id: string | null }>('SELECT file_id FROM print_batches WHERE id = $1', [
        batchId,
      ])
    ).rows[0]!.file_id;

  const orderRow = async (id: string) =>
    (await t.db.query<Record<string, unknown>>('SELECT * FROM orders WHERE id = $1', [id])).rows[0];

  /** The order's files (photo, design, prints, design photos, and their derived sizes). */
  async function orderFiles(id: string): Promise<string[]> {
    const { rows } = await t.db.query<{ id: string }>(
      `WITH own AS (
         SELECT f FROM orders o, LATERAL unnest(ARRAY[o.image_id, o.design_id, o.print_png_id, o.print_pdf_id]) AS f
         WHERE o.id = $1 AND f IS NOT NULL
         UNION SELECT file_id FROM order_design_photos WHERE order_id = $1)
       SELECT id FROM files WHERE id IN (SELECT f FROM own) OR parent_id IN (SELECT f FROM own) ORDER BY id`,
      [id],
    );
    return rows.map((r) => r.id);
  }

  /** Everything the job could touch, to compare before and after. */
  async function snapshot() {
    const q = async (sql: string) => (await t.db.query<Record<string, unknown>>(sql)).rows;
    const files = await q('SELECT id, storage_key FROM files ORDER BY id');
    const store = t.files as unknown as { files: Map<string, Buffer> };
    return {
      orders: await q('SELECT * FROM orders ORDER BY id'),
      events: await q('SELECT * FROM order_events ORDER BY id'),
      files: files.map((f) => f.id as string),
      bytes: files.filter((f) => store.files.has(f.storage_key as string)).map((f) => f.id as string),
      keys: [...store.files.keys()].sort(),
      designPhotos: await q('SELECT * FROM order_design_photos ORDER BY order_id, file_id'),
      attempts: await q('SELECT * FROM payment_attempts ORDER BY id'),
      invoices: await q('SELECT * FROM invoices ORDER BY id'),
    };
  }

  it('with the clock moved on, deletes exactly what the policy says, once a day between instances', async () => {
    // What the policy deletes at CLOCK…
    const oldAbandoned = await abandoned(daysBefore(31));
    const payer = customer();
    const gatewayOrder = await payNowOrder(payer, await firstModel(payer), { delivery: true });
    await initiate(payer, gatewayOrder.id);
    const attempts = await t.db.query('SELECT 1 FROM payment_attempts WHERE order_id = $1', [
      gatewayOrder.id,
    ]);
    assert.equal(attempts.rows.length, 1, 'the customer went to the gateway');
    await t.db.query(`UPDATE orders SET status = 'awaiting_payment', updated_at = $2 WHERE id = $1`, [
      gatewayOrder.id,
      daysBefore(31),
    ]);
    const oldDelivered = await finished('delivered', deliveredBefore(31), { batch: true });
    const oldCancelled = await finished('cancelled', daysBefore(31));
    // …and what it keeps.
    const recentAbandoned = await abandoned(daysBefore(20));
    const recentDelivered = await finished('delivered', deliveredBefore(20), { batch: true });
    const recentCancelled = await finished('cancelled', daysBefore(20));
    const inProgress = await finished('paid', daysBefore(2000));
    const placer = customer();
    const placedLongAgo = await designedOrder(placer);
    await expectOk(
      placer.post(`/api/orders/${placedLongAgo.id}/confirmUserDetails`, {
        name: 'Pedro Tienda',
        email: '',
        phone: '',
      }),
    );
    await t.db.query('UPDATE orders SET updated_at = $2 WHERE id = $1', [placedLongAgo.id, daysBefore(2000)]);

    const goneFiles = new Set<string>();
    for (const o of [oldAbandoned, gatewayOrder, oldDelivered, oldCancelled]) {
      const own = await orderFiles(o.id);
      assert.ok(own.length >= 2, `order ${o.orderNumber} has its photo and design`);
      for (const f of own) goneFiles.add(f);
    }
    const oldBatchFile = (await batchFile(oldDelivered.batchId!))!;
    goneFiles.add(oldBatchFile);
    const recentBatchFile = (await batchFile(recentDelivered.batchId!))!;
    const keptIds = [recentAbandoned, recentDelivered, recentCancelled, inProgress, placedLongAgo].map(
      (o) => o.id,
    );
    const before = await snapshot();

    // Two instances at the same moment: one does the work, the other nothing.
    const [a, b] = await Promise.all([
      runRetention(t.db, t.app.deps.files, periods, { now: CLOCK, log }),
      runRetention(t.db, t.app.deps.files, periods, { now: CLOCK, log }),
    ]);
    const ran = [a, b].filter((r) => r.outcome === 'ran');
    assert.equal(ran.length, 1, JSON.stringify([a, b]));
    assert.ok(['busy', 'done-today'].includes((a.outcome === 'ran' ? b : a).outcome));
    assert.deepEqual(
      { ...ran[0]!, day: undefined },
      {
        outcome: 'ran',
        day: undefined,
        abandonedOrders: 1,
        abandonedAnonymised: 1,
        photoOrders: 2,
        personalDataOrders: 0,
        files: ran[0]!.files,
        unverifiedNotifications: 0,
      },
    );
    assert.ok(ran[0]!.files >= 8, 'at least the photo and the design of each of the four orders');
    const after = await snapshot();

    // Rows: the abandoned order without a payment attempt is gone, with its timeline.
    assert.deepEqual(
      after.orders.map((o) => o.id),
      before.orders.map((o) => o.id).filter((id) => id !== oldAbandoned.id),
    );
    assert.equal(after.events.filter((e) => e.order_id === oldAbandoned.id).length, 0);
    // The one that reached the gateway keeps its row and payment records, without personal data.
    const stripped = (await orderRow(gatewayOrder.id))!;
    for (const column of [
      'customer_name',
      'customer_email',
      'customer_phone',
      'customer_address',
      'image_id',
      'design_id',
    ]) {
      assert.equal(stripped[column], null, column);
    }
    assert.deepEqual(after.attempts, before.attempts, 'payment records are kept');
    // Delivered past the guarantee and cancelled past their period: the files go, the order stays.
    for (const o of [oldDelivered, oldCancelled]) {
      const row = (await orderRow(o.id))!;
      assert.equal(row.image_id, null);
      assert.equal(row.design_id, null);
      assert.equal(row.customer_name, 'Lucía Pérez', 'the order record stays with the invoice');
    }
    assert.deepEqual(after.invoices, before.invoices, 'invoices are never touched');
    // The batch with the old order's design loses its PDF (its download says so); the recent one keeps it.
    assert.equal(await batchFile(oldDelivered.batchId!), null);
    const expiredPdf = await admin.get(`/api/print-batches/${oldDelivered.batchId}/pdf`);
    assert.equal(expiredPdf.statusCode, 410, expiredPdf.body);
    assert.equal((expiredPdf.json() as { error: string }).error, 'PRINT_BATCH_EXPIRED');
    assert.equal(await batchFile(recentDelivered.batchId!), recentBatchFile);
    assert.equal((await admin.get(`/api/print-batches/${recentDelivered.batchId}/pdf`)).statusCode, 200);
    // Files: exactly the photos and designs (with their derived sizes) of those four orders, rows and bytes.
    assert.deepEqual(
      after.files,
      before.files.filter((f) => !goneFiles.has(f)),
    );
    assert.deepEqual(
      after.bytes,
      before.bytes.filter((f) => !goneFiles.has(f)),
    );
    assert.equal(before.keys.length - after.keys.length, goneFiles.size, 'the stored bytes went too');
    // Everything else is as it was.
    const kept = (rows: Record<string, unknown>[]) => rows.filter((r) => keptIds.includes(r.id as string));
    assert.deepEqual(kept(after.orders), kept(before.orders));
    const keptEvents = (rows: Record<string, unknown>[]) =>
      rows.filter((e) => keptIds.includes(e.order_id as string));
    assert.deepEqual(keptEvents(after.events), keptEvents(before.events));
    for (const id of keptIds) assert.ok((await orderFiles(id)).length >= 2, 'kept orders keep their files');
    // The job says what it did.
    assert.ok(logged.some((l) => (l as { outcome?: string }).outcome === 'ran'));

    // Twice in a row the same day: nothing happens.
    const again = await runRetention(t.db, t.app.deps.files, periods, { now: CLOCK, log });
    assert.equal(again.outcome, 'done-today');
    assert.deepEqual(await snapshot(), after);

    // The next day: it runs, finds nothing new, and changes nothing.
    const nextDay = await runRetention(t.db, t.app.deps.files, periods, {
      now: new Date(CLOCK.getTime() + DAY),
    });
    assert.deepEqual(
      [
        nextDay.outcome,
        nextDay.abandonedOrders,
        nextDay.abandonedAnonymised,
        nextDay.photoOrders,
        nextDay.personalDataOrders,
        nextDay.files,
      ],
      ['ran', 0, 0, 0, 0, 0],
    );
    assert.deepEqual(await snapshot(), after);

    // Eleven days on, the recent ones have reached their periods too; the order in progress and
    // the placed one still never go.
    const later = await runRetention(t.db, t.app.deps.files, periods, {
      now: new Date(CLOCK.getTime() + 11 * DAY),
    });
    assert.deepEqual([later.outcome, later.abandonedOrders, later.photoOrders], ['ran', 1, 2]);
    assert.equal(await orderRow(recentAbandoned.id), undefined);
    assert.ok((await orderFiles(inProgress.id)).length >= 2);
    assert.ok((await orderFiles(placedLongAgo.id)).length >= 2);
    assert.equal((await orderRow(placedLongAgo.id))!.customer_name as string, 'Pedro Tienda');
  });

  it("past the invoices' legal keeping period, a finished order forgets its customer; the invoices stay", async () => {
    const now = new Date(CLOCK.getTime() + 100 * DAY);
    const years = (n: number) => new Date(now.getTime() - n * 365.25 * DAY);
    const old = await finished('delivered', years(periods.invoiceYears + 0.1));
    const young = await finished('delivered', years(periods.invoiceYears - 0.1));
    await t.db.query(
      `UPDATE order_events SET note = 'La clienta pasará el lunes' WHERE order_id = $1 AND actor LIKE 'staff:%'`,
      [old.id],
    );
    const invoicesBefore = (await t.db.query('SELECT * FROM invoices ORDER BY id')).rows;
    const mailsBefore = (
      await t.db.query('SELECT count(*)::int AS n FROM mail_outbox WHERE order_id = $1', [old.id])
    ).rows[0] as { n: number };
    assert.ok(mailsBefore.n > 0, 'the order had its mails');

    const run = await runRetention(t.db, t.app.deps.files, periods, { now });
    assert.equal(run.personalDataOrders, 1);
    const row = (await orderRow(old.id))!;
    for (const column of [
      'customer_name',
      'customer_email',
      'customer_phone',
      'customer_address',
      'customer_city',
      'customer_postal_code',
    ]) {
      assert.equal(row[column], null, column);
    }
    assert.equal(row.status, 'delivered', 'the order itself stays, for the accounts');
    assert.equal((await orderRow(young.id))!.customer_name, 'Lucía Pérez', 'still within the period');
    assert.deepEqual((await t.db.query('SELECT * FROM invoices ORDER BY id')).rows, invoicesBefore);
    const mails = await t.db.query('SELECT 1 FROM mail_outbox WHERE order_id = $1', [old.id]);
    assert.equal(mails.rows.length, 0, 'the mails repeating the data go');
    const notes = (
      await t.db.query<{ note: string | null; actor: string }>(
        'SELECT note, actor FROM order_events WHERE order_id = $1 ORDER BY id',
        [old.id],
      )
    ).rows;
    assert.ok(
      notes.every((n) => n.note !== 'La clienta pasará el lunes'),
      "staff's notes go",
    );
    assert.equal(notes.at(-1)?.note, 'Datos personales suprimidos: plazo legal de conservación cumplido');
    const recorded = await t.db.query<{ personal_data_orders: number }>(
      'SELECT personal_data_orders FROM retention_runs WHERE day = $1::date',
      [run.day],
    );
    assert.equal(recorded.rows[0]?.personal_data_orders, 1);
  });

  it('notifications that failed verification go after UNVERIFIED_NOTIFICATION_DAYS; verified ones stay', async () => {
    assert.equal(UNVERIFIED_NOTIFICATION_DAYS, 30);
    const now = new Date(CLOCK.getTime() + 60 * DAY);
    const c = customer();
    const order = await payNowOrder(c, await firstModel(c));
    const genuine = notificationFor(requestParams(await initiate(c, order.id)));
    assert.equal((await postNotification(t.app, genuine)).statusCode, 200);
    const forged = { ...genuine, Ds_Signature: `${genuine.Ds_Signature.slice(0, -4)}AAAA` };
    for (let i = 0; i < 3; i++) await postNotification(t.app, forged);
    const { rows } = await t.db.query<{ id: number; verified: boolean }>(
      'SELECT id, verified FROM payment_notifications ORDER BY id',
    );
    const unverified = rows.filter((r) => !r.verified).map((r) => Number(r.id));
    const verified = rows.filter((r) => r.verified).map((r) => Number(r.id));
    assert.equal(unverified.length, 3);
    assert.ok(verified.length >= 1);
    // Two unverified ones past the period, one just inside it; the verified ones long past it.
    const age = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
    await t.db.query('UPDATE payment_notifications SET received_at = $2 WHERE id = ANY($1::bigint[])', [
      unverified.slice(0, 2),
      age(UNVERIFIED_NOTIFICATION_DAYS + 1),
    ]);
    await t.db.query('UPDATE payment_notifications SET received_at = $2 WHERE id = $1', [
      unverified[2],
      age(UNVERIFIED_NOTIFICATION_DAYS - 1),
    ]);
    await t.db.query('UPDATE payment_notifications SET received_at = $2 WHERE id = ANY($1::bigint[])', [
      verified,
      age(400),
    ]);
    const run = await runRetention(t.db, t.app.deps.files, periods, { now, log });
    assert.equal(run.outcome, 'ran');
    assert.equal(run.unverifiedNotifications, 2);
    const { rows: left } = await t.db.query<{ id: number }>(
      'SELECT id FROM payment_notifications ORDER BY id',
    );
    assert.deepEqual(
      left.map((r) => Number(r.id)),
      [...verified, unverified[2]!].sort((a, b) => a - b),
    );
  });
});
