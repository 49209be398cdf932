import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { Dashboard } from '@shop/contracts/dashboard';
import { messages } from '@shop/contracts/messages';
import { formatEuros } from '@shop/contracts/money';
import type { Order, OrderEvent } from '@shop/contracts/orders';
import type { PrintBatch, PrintQueueItem } from '@shop/contracts/print-batches';
import { phoneName } from '@shop/contracts/product';
import type { SalesReport } from '@shop/contracts/reports';
import type { Tracking } from '@shop/contracts/tracking';
import sharp from 'sharp';
import { GAP_MM, LABEL_MM } from '../src/modules/print/batch-layout.ts';
import { expectOk, IDENTITY, testPhoto, uploadImage } from './checkout-helpers.ts';
import {
  ADMIN,
  Client,
  createStaff,
  createTestApp,
  STORE1,
  STORE2,
  signedIn,
  type TestApp,
} from './helpers.ts';
import {
  initiate,
  notificationFor,
  payNowOrder,
  postNotification,
  requestParams,
} from './payments-support.ts';

const CONTACT = { name: 'Lucía Pérez', email: 'lucia@example.com', phone: '600111222' };

/** A pay-at-store order of `modelId` at `storeId` with the customer's details: to_pay_at_store. */
async function placedOrder(app: TestApp['app'], storeId: number, modelId?: number): Promise<Order> {
  const c = new Client(app);
  const models = ((await c.get(`/api/models?store=${storeId}&size=50`)).json() as ModelPage).items;
  const model = modelId ? models.find((m) => m.id === modelId)! : models[0]!;
  const created = await expectOk(
    c.post('/api/orders', { store: { id: storeId }, brand: { id: model.brand.id }, model: { id: model.id } }),
  );
  const id = (created.json() as { id: string }).id;
  await expectOk(c.put(`/api/orders/${id}`, { image: await uploadImage(c, await testPhoto()) }));
  const design = await uploadImage(c, await testPhoto(480, 760, '#2864c8'), 'design.png');
  await expectOk(c.put(`/api/orders/${id}/design`, { design, transform: IDENTITY }));
  await expectOk(c.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`));
  const order = (await expectOk(c.post(`/api/orders/${id}/confirmUserDetails`, CONTACT))).json() as Order;
  assert.equal(order.status, 'to_pay_at_store');
  return order;
}

async function outbox(t: TestApp, orderId: string) {
  const { rows } = await t.db.query<{ kind: string; subject: string; text_body: string; html_body: string }>(
    'SELECT kind, subject, text_body, html_body FROM mail_outbox WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  return rows;
}

describe('after the order: tracking, status mails, print batches, reports, dashboard', () => {
  let t: TestApp;
  let admin: Client;
  let store1: Client;
  let store2: Client;
  const anonymous = () => new Client(t.app);

  before(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://fundas.example.es' } });
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
    store1 = await signedIn(t.app, STORE1);
    store2 = await signedIn(t.app, STORE2);
  });
  after(() => t.close());

  test('pickup: tracking page data through paid, printed, ready and delivered, with mails and timeline', async () => {
    const order = await placedOrder(t.app, 1);
    const track = async () => {
      const res = await anonymous().get(`/api/tracking/${order.trackingToken}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
      return res.json() as Tracking;
    };
    let tr = await track();
    assert.deepEqual(
      tr.steps.map((s) => s.key),
      // Paid at the counter: produced and ready before it is paid, as it really happens.
      ['received', 'production', 'ready', 'paid', 'delivered'],
    );
    assert.ok(tr.steps[0]!.at);
    assert.equal(tr.steps[1]!.at, null);
    assert.equal(tr.amountDue, order.total);
    assert.equal(tr.pickup?.name, order.store.name);
    assert.equal(tr.delivery, null);
    // No personal data beyond the customer's own delivery data: not even their name or contact.
    assert.ok(!JSON.stringify(tr).includes(CONTACT.email));
    assert.ok(!JSON.stringify(tr).includes(CONTACT.phone));

    // The first mail already links to the tracking page.
    const received = (await outbox(t, order.id)).find(
      (m) => m.kind === 'order-received' && m.subject.startsWith('Hemos'),
    );
    assert.ok(received);
    // The order's tracking token, never its id: whoever the mail reaches can follow, not act.
    assert.match(order.trackingToken ?? '', /^[A-Za-z0-9_-]{22}$/);
    assert.match(
      received.text_body,
      new RegExp(`https://fundas\\.example\\.es/seguimiento/${order.trackingToken}`),
    );
    assert.match(
      received.html_body,
      new RegExp(`href="https://fundas\\.example\\.es/seguimiento/${order.trackingToken}"`),
    );
    assert.ok(!received.text_body.includes(order.id) && !received.html_body.includes(order.id));

    // Another store's staff may not move it; its own may.
    assert.equal((await store2.post(`/api/orders/${order.id}/status`, { status: 'ready' })).statusCode, 403);
    await expectOk(store1.post(`/api/orders/${order.id}/print`));
    tr = await track();
    assert.ok(tr.steps.find((s) => s.key === 'production')!.at);
    await expectOk(store1.post(`/api/orders/${order.id}/status`, { status: 'ready' }));
    tr = await track();
    assert.ok(tr.steps.find((s) => s.key === 'ready')!.at);
    const ready = (await outbox(t, order.id)).find((m) => m.kind === 'ready-for-pickup')!;
    assert.match(ready.subject, /^Tu funda está lista para recoger/);
    assert.match(ready.text_body, /Horario:/);
    assert.ok(ready.text_body.includes(`Pagarás ${formatEuros(order.total)} al recogerla`));
    assert.match(ready.text_body, /Número de pedido: \d{6}/);
    assert.match(ready.text_body, /seguimiento\//);

    // Delivered needs the payment first; then the mail and the last step.
    assert.equal(
      (await store1.post(`/api/orders/${order.id}/status`, { status: 'delivered' })).statusCode,
      409,
    );
    await expectOk(store1.post(`/api/orders/${order.id}/confirmPayment`));
    await expectOk(store1.post(`/api/orders/${order.id}/status`, { status: 'delivered', note: 'Recogido' }));
    tr = await track();
    assert.ok(
      tr.steps.every((s) => s.at !== null),
      JSON.stringify(tr.steps),
    );
    assert.equal(tr.amountDue, null);
    assert.ok(tr.invoice?.uri);
    const delivered = (await outbox(t, order.id)).filter((m) => m.kind === 'order-delivered');
    assert.equal(delivered.length, 1);
    assert.equal(delivered[0]!.subject, `Pedido entregado (pedido n.º ${order.orderNumber})`);

    // Each change is in the timeline with who and when.
    const timeline = (await store1.get(`/api/orders/${order.id}/timeline`)).json() as OrderEvent[];
    const byStaff = timeline.filter((e) => e.actor === `staff:${STORE1.email}` && e.kind === 'status');
    assert.deepEqual(
      byStaff.map((e) => e.toStatus),
      ['printed', 'ready', 'delivered'],
    );
    assert.ok(byStaff.every((e) => !Number.isNaN(Date.parse(e.at))));
    assert.equal(byStaff.at(-1)!.note, 'Recogido');
    // Repeating a change sends nothing new.
    await expectOk(store1.post(`/api/orders/${order.id}/status`, { status: 'delivered' }));
    assert.equal((await outbox(t, order.id)).filter((m) => m.kind === 'order-delivered').length, 1);
  });

  test('home delivery: shipped needs carrier and number; the mail and the page show the tracking link', async () => {
    const customer = new Client(t.app);
    const model = ((await customer.get('/api/models?store=1&size=1')).json() as ModelPage).items[0]!;
    const order = await payNowOrder(customer, model, { delivery: true });
    const init = await initiate(customer, order.id);
    const res = await postNotification(t.app, notificationFor(requestParams(init)));
    assert.equal(res.statusCode, 200, res.body);
    await expectOk(admin.post(`/api/orders/${order.id}/print`));

    const before = await outbox(t, order.id);
    const missing = await admin.post(`/api/orders/${order.id}/status`, { status: 'shipped' });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().error, 'VALIDATION_FAILED');
    assert.match(missing.json().message, /transportista/);
    assert.deepEqual(await outbox(t, order.id), before, 'a refused change sends nothing');
    assert.equal(((await admin.get(`/api/orders/${order.id}`)).json() as Order).status, 'printed');

    const shipped = (
      await expectOk(
        admin.post(`/api/orders/${order.id}/status`, {
          status: 'shipped',
          carrier: 'Correos',
          trackingNumber: 'PQ4F6B0712345670129001V',
        }),
      )
    ).json() as Order;
    assert.equal(shipped.status, 'shipped');
    const url =
      'https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=PQ4F6B0712345670129001V';
    assert.equal(shipped.parcel?.url, url);
    const tr = (await anonymous().get(`/api/tracking/${order.trackingToken}`)).json() as Tracking;
    assert.deepEqual(
      tr.steps.map((s) => s.key),
      ['received', 'paid', 'production', 'shipped', 'delivered'],
    );
    assert.deepEqual(tr.parcel, { carrier: 'Correos', trackingNumber: 'PQ4F6B0712345670129001V', url });
    assert.equal(tr.delivery?.address, 'Calle Larios, 5');
    assert.equal(tr.pickup, null);
    const mail = (await outbox(t, order.id)).find((m) => m.kind === 'order-shipped')!;
    assert.match(mail.subject, /^Tu funda va de camino/);
    assert.ok(mail.text_body.includes('Número de seguimiento: PQ4F6B0712345670129001V'));
    assert.ok(mail.text_body.includes(url));
    assert.ok(mail.text_body.includes(`/seguimiento/${order.trackingToken}`));

    // Parcel data on another change is refused.
    const wrong = await admin.post(`/api/orders/${order.id}/status`, {
      status: 'delivered',
      carrier: 'SEUR',
    });
    assert.equal(wrong.statusCode, 400);
  });

  test('bulk change from the list: all or none, and every order gets its mail', async () => {
    const a = await placedOrder(t.app, 1);
    const b = await placedOrder(t.app, 1);
    await expectOk(store1.post(`/api/orders/${a.id}/print`));
    // b is not printed yet: the whole change is refused, naming b, and a stays as it was.
    const refused = await store1.post('/api/orders/status', { orderIds: [a.id, b.id], status: 'ready' });
    assert.equal(refused.statusCode, 409);
    assert.equal(
      refused.json().message,
      `No se ha cambiado ningún pedido: el pedido n.º ${b.orderNumber}, «Pago en tienda», no admite este cambio. ${messages.orderTransitionNotAllowed}`,
      'names the order, its state and why',
    );
    assert.equal(((await store1.get(`/api/orders/${a.id}`)).json() as Order).status, 'printed');
    assert.equal((await outbox(t, a.id)).filter((m) => m.kind === 'ready-for-pickup').length, 0);

    await expectOk(store1.post(`/api/orders/${b.id}/print`));
    const res = await expectOk(
      store1.post('/api/orders/status', { orderIds: [a.id, b.id], status: 'ready' }),
    );
    assert.deepEqual(res.json(), { changed: 2 });
    for (const o of [a, b]) {
      assert.equal(((await store1.get(`/api/orders/${o.id}`)).json() as Order).status, 'ready');
      assert.equal((await outbox(t, o.id)).filter((m) => m.kind === 'ready-for-pickup').length, 1);
    }
    // Store staff cannot touch another store's orders in bulk either.
    const other = await placedOrder(t.app, 2);
    assert.equal(
      (await store1.post('/api/orders/status', { orderIds: [other.id], status: 'cancelled' })).statusCode,
      403,
    );
  });

  test('tracking: unknown or malformed tokens, and the page is noindex', async () => {
    assert.equal((await anonymous().get(`/api/tracking/${'x'.repeat(22)}`)).statusCode, 404);
    assert.equal(
      (await anonymous().get('/api/tracking/00000000-0000-4000-8000-000000000000')).statusCode,
      404,
    );
    assert.equal((await anonymous().get('/api/tracking/123')).statusCode, 400);
    // An order's id is not its tracking link.
    const order = await placedOrder(t.app, 1);
    assert.equal((await anonymous().get(`/api/tracking/${order.id}`)).statusCode, 404);
    const res = await anonymous().get(`/api/tracking/${order.trackingToken}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-robots-tag'], 'noindex');
  });

  test('print batch: 7 orders of different models on A4, true size, no overlap, then marked printed', async () => {
    const c = new Client(t.app);
    const models = ((await c.get('/api/models?store=1&size=50')).json() as ModelPage).items;
    // Seven different models, from the smallest to the largest case.
    const picked = models.slice(0, 7);
    assert.equal(new Set(picked.map((m) => m.id)).size, 7);
    const orders: Order[] = [];
    for (const m of picked) orders.push(await placedOrder(t.app, 1, m.id));
    const ids = orders.map((o) => o.id);

    const queue = (await store1.get('/api/print-queue')).json() as PrintQueueItem[];
    for (const id of ids) assert.ok(queue.some((q) => q.id === id));
    assert.ok(queue.every((q) => q.storeId === 1));
    // Each line names the case as it is made (here the default type), so staff load the right blank.
    const first = queue.find((q) => q.id === ids[0])!;
    assert.equal(
      first.product,
      `Funda personalizada Rígida para ${phoneName(orders[0]!.brand, orders[0]!.model)}`,
    );
    assert.equal((await store2.post('/api/print-batches', { orderIds: ids, sheet: 'A4' })).statusCode, 403);
    const mixed = await admin.post('/api/print-batches', {
      orderIds: [ids[0], (await placedOrder(t.app, 2)).id],
      sheet: 'A4',
    });
    assert.equal(mixed.statusCode, 400);

    const started = Date.now();
    const res = await store1.post('/api/print-batches', { orderIds: ids, sheet: 'A4' });
    assert.equal(res.statusCode, 201, res.body);
    const batch = res.json() as PrintBatch;
    assert.match(batch.uri, /^\/api\/print-batches\/[0-9a-f-]{36}\/pdf$/);
    assert.equal(batch.placements.length, 7);
    // Nothing is marked printed until the batch is.
    for (const id of ids)
      assert.equal(((await store1.get(`/api/orders/${id}`)).json() as Order).status, 'to_pay_at_store');

    // The layout: inside the margins, nothing overlapping (cases with their labels and gaps).
    const m = batch.marginMm;
    for (const p of batch.placements) {
      assert.ok(p.xMm >= m - 1e-6 && p.yMm >= m - 1e-6);
      assert.ok(p.xMm + p.widthMm <= 210 - m + 1e-6, `x overflow ${JSON.stringify(p)}`);
      assert.ok(p.yMm + p.heightMm + LABEL_MM <= 297 - m + 1e-6, `y overflow ${JSON.stringify(p)}`);
    }
    for (const p of batch.placements)
      for (const q of batch.placements) {
        if (p === q || p.sheet !== q.sheet) continue;
        const apart =
          p.xMm + p.widthMm + GAP_MM <= q.xMm + 1e-6 ||
          q.xMm + q.widthMm + GAP_MM <= p.xMm + 1e-6 ||
          p.yMm + p.heightMm + LABEL_MM + GAP_MM <= q.yMm + 1e-6 ||
          q.yMm + q.heightMm + LABEL_MM + GAP_MM <= p.yMm + 1e-6;
        assert.ok(apart, `overlap ${JSON.stringify([p, q])}`);
      }
    // As few sheets as possible: no sheet could take a case from the last one (each of these cases
    // lies on its side in a 200 x 287 mm area three to a sheet at most, with its label and gap).
    const usable = (210 - 2 * m) * (297 - 2 * m);
    const area = batch.placements.reduce(
      (a, p) => a + (p.widthMm + GAP_MM) * (p.heightMm + LABEL_MM + GAP_MM),
      0,
    );
    assert.ok(batch.sheets >= Math.ceil(area / usable));
    assert.equal(batch.sheets, 3, `7 cases on A4: ${batch.sheets} sheets`);

    // The PDF, read by a real PDF reader.
    const pdf = await store1.get(batch.uri);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal((await store2.get(batch.uri)).statusCode, 403);
    assert.equal((await anonymous().get(batch.uri)).statusCode, 401);
    const dir = mkdtempSync(path.join(tmpdir(), 'batch-'));
    try {
      const file = path.join(dir, 'batch.pdf');
      writeFileSync(file, pdf.rawPayload);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      assert.match(info, /^Pages:\s+3$/m);
      assert.match(info, /Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
      // Each case's image: its pixels at 300 per inch of paper, i.e. the case at its true size.
      const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .slice(2);
      assert.equal(list.length, 7);
      for (const row of list) {
        const cols = row.trim().split(/\s+/);
        const [page, width, height, xppi, yppi] = [cols[0], cols[3], cols[4], cols[12], cols[13]].map(Number);
        const placement = batch.placements.find(
          (p) =>
            p.sheet === page &&
            Math.abs((p.rotated ? p.heightMm : p.widthMm) - (width! / 300) * 25.4) < 0.01 &&
            Math.abs((p.rotated ? p.widthMm : p.heightMm) - (height! / 300) * 25.4) < 0.01,
        );
        assert.ok(placement, `image ${row} matches a placement`);
        // Shown size on paper = pixels / ppi: within 0.5 mm of the case's true size.
        const shownW = (width! / xppi!) * 25.4;
        const shownH = (height! / yppi!) * 25.4;
        assert.ok(Math.abs(shownW - (width! / 300) * 25.4) <= 0.5, `width ${shownW}`);
        assert.ok(Math.abs(shownH - (height! / 300) * 25.4) <= 0.5, `height ${shownH}`);
      }
      // Rendered at 25 px/mm... too big; at 50 dpi: every placement's centre is ink, the gaps paper.
      execFileSync('pdftoppm', ['-r', '50', '-png', file, path.join(dir, 'sheet')]);
      const sheets = readdirSync(dir)
        .filter((f) => f.startsWith('sheet'))
        .sort();
      assert.equal(sheets.length, 3);
      const px = (v: number) => Math.round((v / 25.4) * 50);
      for (let s = 0; s < sheets.length; s++) {
        const { data, info: meta } = await sharp(path.join(dir, sheets[s]!))
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const at = (x: number, y: number) => {
          const i = (px(y) * meta.width + px(x)) * meta.channels;
          return [data[i]!, data[i + 1]!, data[i + 2]!];
        };
        for (const p of batch.placements.filter((q) => q.sheet === s + 1)) {
          const centre = at(p.xMm + p.widthMm / 2, p.yMm + p.heightMm / 2);
          assert.ok(
            centre.some((v) => v < 200),
            `ink at the centre of ${p.orderNumber}: ${centre}`,
          );
        }
        // The page's margin is blank paper.
        assert.deepEqual(at(m / 2, m / 2), [255, 255, 255]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.ok(Date.now() - started < 60_000);

    const printed = (
      await expectOk(store1.post(`/api/print-batches/${batch.id}/printed`))
    ).json() as PrintBatch;
    assert.ok(printed.printedAt);
    for (const id of ids) {
      assert.equal(((await store1.get(`/api/orders/${id}`)).json() as Order).status, 'printed');
      const timeline = (await store1.get(`/api/orders/${id}/timeline`)).json() as OrderEvent[];
      assert.equal(timeline.filter((e) => e.toStatus === 'printed').length, 1);
    }
    // Twice changes nothing.
    await expectOk(store1.post(`/api/print-batches/${batch.id}/printed`));
    const queueAfter = (await store1.get('/api/print-queue')).json() as PrintQueueItem[];
    assert.ok(ids.every((id) => !queueAfter.some((q) => q.id === id)));
  });

  test('print batch: refusals are clear and store nothing', async () => {
    const unpaid = await (async () => {
      const c = new Client(t.app);
      const model = ((await c.get('/api/models?store=1&size=1')).json() as ModelPage).items[0]!;
      return payNowOrder(c, model, { delivery: false });
    })();
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM print_batches')).rows[0]!
      .n;
    const res = await store1.post('/api/print-batches', { orderIds: [unpaid.id], sheet: 'A4' });
    assert.equal(res.statusCode, 409);
    assert.ok(res.json().message.includes(unpaid.orderNumber));
    assert.equal((await store1.post('/api/print-batches', { orderIds: [], sheet: 'A4' })).statusCode, 400);
    assert.equal(
      (await store1.post('/api/print-batches', { orderIds: [unpaid.id], sheet: 'A5' })).statusCode,
      400,
    );
    // A sheet too small for a case (store setting): 422 naming the order.
    const placed = await placedOrder(t.app, 1);
    await expectOk(
      admin.put('/api/stores/1/settings', {
        commissionPercent: 0,
        sheetWidthMm: 100,
        sheetHeightMm: 100,
        marginMm: 10,
      }),
    );
    const small = await store1.post('/api/print-batches', { orderIds: [placed.id] });
    assert.equal(small.statusCode, 422, small.body);
    assert.equal(small.json().error, 'PRINT_SHEET_TOO_SMALL');
    await expectOk(
      admin.put('/api/stores/1/settings', {
        commissionPercent: 0,
        sheetWidthMm: 210,
        sheetHeightMm: 297,
        marginMm: 5,
      }),
    );
    assert.equal(
      (
        await store1.put('/api/stores/1/settings', {
          commissionPercent: 50,
          sheetWidthMm: 210,
          sheetHeightMm: 297,
          marginMm: 5,
        })
      ).statusCode,
      403,
    );
    const after = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM print_batches')).rows[0]!
      .n;
    assert.equal(after, before);
  });

  test('dashboard: what needs doing, per store', async () => {
    const d = (await expectOk(admin.get('/api/dashboard'))).json() as Dashboard;
    assert.ok(d.todayOrders >= 1);
    assert.ok(d.waitingForPrint >= 1);
    // A pickup order ready for 15 days shows up.
    const o = await placedOrder(t.app, 1);
    await expectOk(store1.post(`/api/orders/${o.id}/print`));
    await expectOk(store1.post(`/api/orders/${o.id}/status`, { status: 'ready' }));
    await t.db.query(
      `UPDATE order_events SET at = now() - interval '15 days' WHERE order_id = $1 AND to_status = 'ready'`,
      [o.id],
    );
    const mine = (await expectOk(store1.get('/api/dashboard'))).json() as Dashboard;
    assert.ok(mine.readyTooLong.some((l) => l.id === o.id));
    const theirs = (await expectOk(store2.get('/api/dashboard'))).json() as Dashboard;
    assert.ok(!theirs.readyTooLong.some((l) => l.id === o.id));
    assert.equal((await store2.get('/api/dashboard?storeId=1')).statusCode, 403);
    assert.equal((await anonymous().get('/api/dashboard')).statusCode, 401);
  });
});

describe('sales report: a month of orders, refunds and two stores', () => {
  let t: TestApp;
  let admin: Client;
  let store1: Client;
  let store2: Client;

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
    store1 = await signedIn(t.app, STORE1);
    store2 = await signedIn(t.app, STORE2);
    // Known prices, so that the expectation below can be worked out by hand.
    await t.db.query('UPDATE models SET price_cents = 1995');
  });
  after(() => t.close());

  test('the CSV equals the hand-computed figures; store staff see only their store', async () => {
    await expectOk(
      admin.put('/api/stores/1/settings', {
        commissionPercent: 10,
        sheetWidthMm: 210,
        sheetHeightMm: 297,
        marginMm: 5,
      }),
    );
    await expectOk(
      admin.put('/api/stores/2/settings', {
        commissionPercent: 12.5,
        sheetWidthMm: 297,
        sheetHeightMm: 420,
        marginMm: 5,
      }),
    );
    const pay = async (staff: Client, storeId: number) => {
      const o = await placedOrder(t.app, storeId);
      await expectOk(staff.post(`/api/orders/${o.id}/confirmPayment`));
      return o;
    };
    // Store 1: three sales of 19,95 €, one of them cancelled (a rectificativa of 19,95 €).
    const s1 = [await pay(store1, 1), await pay(store1, 1), await pay(store1, 1)];
    await expectOk(
      store1.post(`/api/orders/${s1[2]!.id}/status`, { status: 'cancelled', note: 'Cliente no la quiere' }),
    );
    // Store 2: three sales, one of them invoiced last month (outside the period).
    const s2 = [await pay(store2, 2), await pay(store2, 2), await pay(store2, 2)];
    // Invoices are immutable; the test moves one to last month by lifting the guard for a moment.
    await t.db.exec('ALTER TABLE invoices DISABLE TRIGGER invoices_no_update_delete');
    await t.db.query(
      `UPDATE invoices SET issue_date = (date_trunc('month', issue_date) - interval '1 day')::date WHERE order_id = $1`,
      [s2[2]!.id],
    );
    await t.db.exec('ALTER TABLE invoices ENABLE TRIGGER invoices_no_update_delete');
    // The period: the month the invoices were issued in (a Madrid calendar day).
    const { rows } = await t.db.query<{ month: string; last: number }>(
      `SELECT to_char(issue_date, 'YYYY-MM') AS month,
              extract(day FROM date_trunc('month', issue_date) + interval '1 month' - interval '1 day')::int AS last
       FROM invoices WHERE order_id = $1`,
      [s1[0]!.id],
    );
    const month = rows[0]!.month;
    const lastDay = rows[0]!.last;
    const from = `${month}-01`;
    const to = `${month}-${lastDay}`;

    // 19,95 € = 16,49 € + 3,46 € VAT (1995 / 1,21 = 1648,76 -> 1649 cents).
    // Store 1: sales 3 x 19,95 = 59,85 (49,47 without VAT); refunds 19,95 (16,49); net 39,90 (32,98);
    //          commission 10 % of 32,98 = 3,298 -> 3,30.
    // Store 2: sales 2 x 19,95 = 39,90 (32,98); no refunds; commission 12,5 % of 32,98 = 4,1225 -> 4,12.
    // Total: 5 orders; 99,75 (82,45); refunds 19,95 (16,49); net 79,80 (65,96); commission 7,42.
    const storeName = async (id: number) =>
      (await t.db.query<{ name: string }>('SELECT name FROM stores WHERE id = $1', [id])).rows[0]!.name;
    const expected = [
      'tienda_id;tienda;desde;hasta;pedidos;ventas_con_iva;ventas_sin_iva;devoluciones_con_iva;devoluciones_sin_iva;neto_con_iva;neto_sin_iva;comision_porcentaje;comision',
      `1;${await storeName(1)};${from};${to};3;59,85;49,47;19,95;16,49;39,90;32,98;10,00;3,30`,
      `2;${await storeName(2)};${from};${to};2;39,90;32,98;0,00;0,00;39,90;32,98;12,50;4,12`,
      `;TOTAL;${from};${to};5;99,75;82,45;19,95;16,49;79,80;65,96;;7,42`,
      // The same sales per case type: every order here is in the default type.
      '',
      'tienda_id;tienda;desde;hasta;tipo_de_funda;unidades;ventas_con_iva;ventas_sin_iva;devoluciones_con_iva;devoluciones_sin_iva;neto_con_iva;neto_sin_iva',
      `1;${await storeName(1)};${from};${to};Rígida;3;59,85;49,47;19,95;16,49;39,90;32,98`,
      `2;${await storeName(2)};${from};${to};Rígida;2;39,90;32,98;0,00;0,00;39,90;32,98`,
      `;TOTAL;${from};${to};Rígida;5;99,75;82,45;19,95;16,49;79,80;65,96`,
    ];
    const csv = await admin.get(`/api/reports/sales?from=${from}&to=${to}&format=csv`);
    assert.equal(csv.statusCode, 200, csv.body);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.equal(csv.body, `\uFEFF${expected.join('\r\n')}\r\n`);

    // The same figures as the invoices themselves.
    const sums = await t.db.query<{ total: string }>(
      `SELECT sum(total_cents) AS total FROM invoices WHERE issue_date BETWEEN $1 AND $2`,
      [from, to],
    );
    assert.equal(Number(sums.rows[0]!.total), 7980);

    const json = (
      await expectOk(admin.get(`/api/reports/sales?from=${from}&to=${to}`))
    ).json() as SalesReport;
    assert.equal(json.rows.length, 2);
    assert.equal(json.rows[0]!.storeName, await storeName(1));
    assert.equal(
      json.rows[0]!.units.reduce((a, u) => a + u.units, 0),
      3,
    );
    assert.equal(json.total?.commission, 7.42);
    assert.deepEqual(
      json.rows.map((r) => r.caseTypes.map((c) => [c.caseType, c.units, c.revenue, c.refunds, c.net])),
      [[['Rígida', 3, 59.85, 19.95, 39.9]], [['Rígida', 2, 39.9, 0, 39.9]]],
    );
    assert.deepEqual(
      json.total?.caseTypes.map((c) => [c.caseType, c.units, c.revenue, c.net]),
      [['Rígida', 5, 99.75, 79.8]],
    );

    // Store staff: their own store only, no total; the other store is a 403.
    const own = (
      await expectOk(store2.get(`/api/reports/sales?from=${from}&to=${to}`))
    ).json() as SalesReport;
    assert.deepEqual(
      own.rows.map((r) => r.storeId),
      [2],
    );
    assert.equal(own.total, null);
    const ownCsv = await store2.get(`/api/reports/sales?from=${from}&to=${to}&storeId=2&format=csv`);
    assert.equal(
      ownCsv.body,
      `\uFEFF${[expected[0], expected[2], '', expected[5], expected[7]].join('\r\n')}\r\n`,
    );
    const refused = await store2.get(`/api/reports/sales?from=${from}&to=${to}&storeId=1`);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().error, 'FORBIDDEN');
    assert.equal(
      (await store1.get(`/api/reports/sales?from=${from}&to=${to}&storeId=2&format=csv`)).statusCode,
      403,
    );
    assert.equal((await new Client(t.app).get(`/api/reports/sales?from=${from}&to=${to}`)).statusCode, 401);
    // Bad periods.
    assert.equal((await admin.get(`/api/reports/sales?from=${to}&to=${from}`)).statusCode, 400);
    assert.equal((await admin.get('/api/reports/sales?from=2026-02-30&to=2026-03-01')).statusCode, 400);
  });
});
