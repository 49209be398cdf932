import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CaseType } from '@shop/contracts/case-types';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import { phoneName } from '@shop/contracts/product';
import type { SalesReport } from '@shop/contracts/reports';
import type { LightMyRequestResponse } from 'fastify';
import { IDENTITY, testPhoto, uploadImage } from './checkout-helpers.ts';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';
import {
  type CatalogueModel,
  firstModel,
  initiate,
  notificationFor,
  postNotification,
  requestParams,
} from './payments-support.ts';

/**
 * Orders in a case type: the type and colour a new order takes (the default type and the type's
 * first colour when none is asked), the price in it, 'Tipo de funda' while the design is open, a
 * type withdrawn while the customer is still ordering, and the money that follows the type: the
 * gateway's amount, the invoice line and the sales report.
 */

const cents = (euros: number) => Math.round(euros * 100);

function ok(res: LightMyRequestResponse, status = 200): LightMyRequestResponse {
  assert.equal(res.statusCode, status, res.body);
  return res;
}

function refused(res: LightMyRequestResponse, status: number, error: string, message?: string) {
  assert.equal(res.statusCode, status, res.body);
  assert.equal(res.json().error, error, res.body);
  if (message) assert.equal(res.json().message, message);
}

describe('orders in a case type', () => {
  let t: TestApp;
  let c: Client;
  let admin: Client;
  let model: CatalogueModel;
  /** +7,00 €, no colours. */
  let sturdy: CaseType;
  /** −3,00 €, two colours. */
  let eco: CaseType;
  /** Public, but not sold for the model. */
  let unsold: CaseType;
  let defaultType: { id: number; name: string };

  const order = async (id: string) => ok(await c.get(`/api/orders/${id}`)).json() as Order;
  const create = (body: Record<string, unknown> = {}) =>
    c.post('/api/orders', {
      store: { id: 1 },
      brand: { id: model.brand.id },
      model: { id: model.id },
      ...body,
    });
  const created = async (body: Record<string, unknown> = {}) =>
    order((ok(await create(body), 201).json() as { id: string }).id);
  const newType = async (body: Record<string, unknown>) =>
    ok(await admin.post('/api/case-types', body), 201).json() as CaseType;
  const sellFor = (modelId: number, typeId: number) =>
    t.db.query('INSERT INTO model_case_types (model_id, case_type_id) VALUES ($1, $2)', [modelId, typeId]);
  const hide = (typeId: number) =>
    t.db.query('INSERT INTO store_hidden_case_types (store_id, case_type_id) VALUES (1, $1)', [typeId]);
  const unhide = (typeId: number) =>
    t.db.query('DELETE FROM store_hidden_case_types WHERE store_id = 1 AND case_type_id = $1', [typeId]);
  const orderCount = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0]!.n;

  /** An order with its photo and design, still in the editor (image_uploaded). */
  async function designed(body: Record<string, unknown> = {}): Promise<Order> {
    const o = await created(body);
    ok(await c.put(`/api/orders/${o.id}`, { image: await uploadImage(c, await testPhoto()) }));
    const design = await uploadImage(c, await testPhoto(480, 760, '#2864c8'), 'design.png');
    ok(await c.put(`/api/orders/${o.id}/design`, { design, transform: IDENTITY }));
    return order(o.id);
  }

  before(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://tienda.example' } });
    await createStaff(t.db);
    c = new Client(t.app);
    admin = await signedIn(t.app, ADMIN);
    model = await firstModel(c);
    sturdy = await newType({ name: 'Doble capa', priceDifference: 7 });
    eco = await newType({
      name: 'Ecológica',
      priceDifference: -3,
      colours: [
        { name: 'Verde', hex: '#2E7D32' },
        { name: 'Arena', hex: '#d8c8a8' },
      ],
    });
    unsold = await newType({ name: 'Solo otros modelos', priceDifference: 2 });
    await sellFor(model.id, sturdy.id);
    await sellFor(model.id, eco.id);
    const { rows } = await t.db.query<{ id: number; name: string }>(
      'SELECT id, name FROM case_types WHERE is_default',
    );
    defaultType = rows[0]!;
  });
  after(() => t.close());

  test('a new order without a type is made in the default type, at the model’s price', async () => {
    const o = await created();
    assert.deepEqual(o.caseType, { id: defaultType.id, name: defaultType.name, clear: false });
    assert.equal(o.colour, null);
    assert.equal(o.total, model.price);
    assert.deepEqual(o.model.price, model.price);
  });

  test('a type with a price difference sets the order’s total; its first colour when none is asked', async () => {
    const up = await created({ caseType: { id: sturdy.id } });
    assert.deepEqual(up.caseType, { id: sturdy.id, name: 'Doble capa', clear: false });
    assert.equal(up.colour, null);
    assert.equal(cents(up.total), cents(model.price) + 700);

    const down = await created({ caseType: { id: eco.id } });
    assert.equal(cents(down.total), cents(model.price) - 300);
    assert.deepEqual(down.colour, { id: eco.colours[0]!.id, name: 'Verde', hex: '#2e7d32' });

    const chosen = await created({ caseType: { id: eco.id }, colour: { id: eco.colours[1]!.id } });
    assert.deepEqual(chosen.colour, { id: eco.colours[1]!.id, name: 'Arena', hex: '#d8c8a8' });
    // What the client says about money counts for nothing.
    const sent = await created({ caseType: { id: sturdy.id }, total: 0.01, price: 0.01 });
    assert.equal(cents(sent.total), cents(model.price) + 700);
  });

  test('the case never costs under 0', async () => {
    const giveaway = await newType({ name: 'Regalo', priceDifference: -1000 });
    await sellFor(model.id, giveaway.id);
    const o = await created({ caseType: { id: giveaway.id } });
    assert.equal(o.total, 0);
  });

  test('a type not sold for the model, not public or hidden by the store is refused (422)', async () => {
    const before = await orderCount();
    const notSold = await create({ caseType: { id: unsold.id } });
    refused(notSold, 422, 'CASE_TYPE_NOT_AVAILABLE', messages.caseTypeNotAvailable);
    assert.equal(notSold.json().field, 'caseType');
    refused(await create({ caseType: { id: 999_999 } }), 422, 'CASE_TYPE_NOT_AVAILABLE');

    const withdrawn = await newType({ name: 'Retirada', isPublic: false });
    await sellFor(model.id, withdrawn.id);
    refused(await create({ caseType: { id: withdrawn.id } }), 422, 'CASE_TYPE_NOT_AVAILABLE');

    await hide(sturdy.id);
    refused(await create({ caseType: { id: sturdy.id } }), 422, 'CASE_TYPE_NOT_AVAILABLE');
    await unhide(sturdy.id);
    assert.equal(await orderCount(), before, 'no order was made');
  });

  test('a colour that is not one of the type’s is refused (422)', async () => {
    const before = await orderCount();
    // A colour of another type.
    const other = await create({ caseType: { id: sturdy.id }, colour: { id: eco.colours[0]!.id } });
    refused(other, 422, 'CASE_COLOUR_NOT_AVAILABLE', messages.caseColourNotAvailable);
    assert.equal(other.json().field, 'colour');
    // The default type has no colours.
    refused(await create({ colour: { id: eco.colours[1]!.id } }), 422, 'CASE_COLOUR_NOT_AVAILABLE');
    assert.equal(await orderCount(), before);
  });

  test('the model’s checks come first: an unknown model is MODEL_NOT_FOUND whatever the type', async () => {
    const res = await c.post('/api/orders', {
      store: { id: 1 },
      brand: { id: model.brand.id },
      model: { id: 999_999 },
      caseType: { id: unsold.id },
    });
    refused(res, 400, 'MODEL_NOT_FOUND');
  });

  test('PUT caseType changes type, colour and price while the design is open; 409 once placed', async () => {
    const o = await designed();
    assert.equal(o.status, 'image_uploaded');
    const up = ok(
      await c.put(`/api/orders/${o.id}/caseType`, { caseType: { id: sturdy.id } }),
    ).json() as Order;
    assert.deepEqual(up.caseType, { id: sturdy.id, name: 'Doble capa', clear: false });
    assert.equal(cents(up.total), cents(model.price) + 700);

    const down = ok(
      await c.put(`/api/orders/${o.id}/caseType`, {
        caseType: { id: eco.id },
        colour: { id: eco.colours[1]!.id },
      }),
    ).json() as Order;
    assert.equal(cents(down.total), cents(model.price) - 300);
    assert.equal(down.colour?.name, 'Arena');
    // The price is the model's price today in the type.
    await t.db.query('UPDATE models SET price_cents = price_cents + 100 WHERE id = $1', [model.id]);
    const repriced = ok(
      await c.put(`/api/orders/${o.id}/caseType`, { caseType: { id: eco.id }, colour: null }),
    ).json() as Order;
    assert.equal(cents(repriced.total), cents(model.price) + 100 - 300);
    assert.equal(repriced.colour?.name, 'Verde', 'no colour asked: the type’s first');
    await t.db.query('UPDATE models SET price_cents = price_cents - 100 WHERE id = $1', [model.id]);

    refused(
      await c.put(`/api/orders/${o.id}/caseType`, { caseType: { id: unsold.id } }),
      422,
      'CASE_TYPE_NOT_AVAILABLE',
    );
    refused(
      await c.put(`/api/orders/${o.id}/caseType`, {
        caseType: { id: sturdy.id },
        colour: { id: eco.colours[0]!.id },
      }),
      422,
      'CASE_COLOUR_NOT_AVAILABLE',
    );
    // Somebody else's session may not touch it.
    refused(
      await new Client(t.app).put(`/api/orders/${o.id}/caseType`, { caseType: { id: sturdy.id } }),
      403,
      'ORDER_NOT_OWNED',
    );
    assert.equal((await order(o.id)).caseType.id, eco.id);

    // Placed (pay at the store, data complete): the type is frozen with the design.
    ok(await c.post(`/api/orders/${o.id}/confirmPaymentMethod?paymentMethod=paystore`));
    const placed = ok(
      await c.post(`/api/orders/${o.id}/confirmUserDetails`, {
        name: 'Lucía Pérez',
        email: 'lucia@example.com',
        phone: '600111222',
      }),
    ).json() as Order;
    assert.equal(placed.status, 'to_pay_at_store');
    refused(
      await c.put(`/api/orders/${o.id}/caseType`, { caseType: { id: sturdy.id } }),
      409,
      'DESIGN_LOCKED',
    );
    const after = await order(o.id);
    assert.equal(after.caseType.id, eco.id);
    assert.equal(after.total, placed.total);
  });

  test('a type withdrawn while ordering stops the checkout with a clear 409 until another is chosen', async () => {
    // Hidden by the store while the customer is in the editor: '¡OK, pedir!' is refused.
    const o = await designed({ caseType: { id: sturdy.id } });
    await hide(sturdy.id);
    refused(
      await c.post(`/api/orders/${o.id}/confirmPaymentMethod?paymentMethod=paynow`),
      409,
      'CASE_TYPE_NOT_AVAILABLE',
      messages.caseTypeNoLongerAvailable,
    );
    assert.equal((await order(o.id)).status, 'image_uploaded');
    // No longer sold for the model: the same.
    await unhide(sturdy.id);
    await t.db.query('DELETE FROM model_case_types WHERE model_id = $1 AND case_type_id = $2', [
      model.id,
      sturdy.id,
    ]);
    refused(
      await c.post(`/api/orders/${o.id}/confirmPaymentMethod?paymentMethod=paynow`),
      409,
      'CASE_TYPE_NOT_AVAILABLE',
    );
    await sellFor(model.id, sturdy.id);

    // The way on: another type, then the checkout goes on, and the money follows the new type.
    await hide(sturdy.id);
    ok(
      await c.put(`/api/orders/${o.id}/caseType`, {
        caseType: { id: eco.id },
        colour: { id: eco.colours[1]!.id },
      }),
    );
    ok(await c.post(`/api/orders/${o.id}/confirmPaymentMethod?paymentMethod=paynow`));
    ok(await c.post(`/api/orders/${o.id}/addDelivery`));
    ok(
      await c.post(`/api/orders/${o.id}/confirmUserDetails`, {
        name: 'Lucía Pérez',
        email: 'lucia@example.com',
        phone: '600111222',
      }),
    );
    const ready = ok(
      await c.post(`/api/orders/${o.id}/confirmDelivery`, {
        address: 'Calle Larios, 5',
        city: 'Málaga',
        postalCode: '29005',
      }),
    ).json() as Order;
    await unhide(sturdy.id);
    assert.equal(ready.status, 'details_confirmed');
    const price = cents(model.price) - 300;
    assert.equal(cents(ready.total), price);
    assert.ok(ready.shipping > 0);

    // The gateway is asked for the case in its type plus the delivery.
    const request = requestParams(await initiate(c, o.id));
    assert.equal(request.DS_MERCHANT_AMOUNT, String(price + cents(ready.shipping)));
    ok(await postNotification(t.app, notificationFor(request)));
    const paid = await order(o.id);
    assert.equal(paid.status, 'paid');
    assert.ok(paid.invoice, 'invoiced on payment');

    // The invoice's line names the type and colour, at the type's price.
    const { rows } = await t.db.query<{ lines: { description: string; totalCents: number }[] }>(
      `SELECT lines FROM invoices WHERE order_id = $1 AND kind IN ('F1', 'F2')`,
      [o.id],
    );
    assert.deepEqual(
      rows[0]!.lines.map((l) => [l.description, l.totalCents]),
      [
        [`Funda personalizada Ecológica para ${phoneName(model.brand, model)} (Arena)`, price],
        ['Envío a domicilio', cents(ready.shipping)],
      ],
    );

    // The tracking page names the case as it is made.
    const token = (ok(await c.get(`/api/orders/${o.id}`)).json() as Order).trackingToken;
    const tracking = ok(await c.get(`/api/tracking/${token}`)).json() as { product: string };
    assert.equal(
      tracking.product,
      `Funda personalizada Ecológica para ${phoneName(model.brand, model)} (Arena)`,
    );

    // The sales report counts it under its type.
    const day = (
      await t.db.query<{ d: string }>(
        `SELECT to_char(issue_date, 'YYYY-MM-DD') AS d FROM invoices WHERE order_id = $1`,
        [o.id],
      )
    ).rows[0]!.d;
    const report = ok(await admin.get(`/api/reports/sales?from=${day}&to=${day}`)).json() as SalesReport;
    const ecoSales = report.total?.caseTypes.find((x) => x.caseTypeId === eco.id);
    assert.deepEqual(ecoSales && [ecoSales.caseType, ecoSales.units, cents(ecoSales.revenue)], [
      'Ecológica',
      1,
      price + cents(ready.shipping),
    ]);
    const csv = ok(await admin.get(`/api/reports/sales?from=${day}&to=${day}&format=csv`)).body;
    assert.ok(csv.includes(`;TOTAL;${day};${day};Ecológica;1;`), csv);
  });

  test('a type withdrawn after the payment method was chosen stops the step that would place it', async () => {
    const o = await designed({ caseType: { id: sturdy.id } });
    ok(await c.post(`/api/orders/${o.id}/confirmPaymentMethod?paymentMethod=paystore`));
    await t.db.query('UPDATE case_types SET is_public = false WHERE id = $1', [sturdy.id]);
    const contact = { name: 'Lucía Pérez', email: 'lucia@example.com', phone: '600111222' };
    refused(
      await c.post(`/api/orders/${o.id}/confirmUserDetails`, contact),
      409,
      'CASE_TYPE_NOT_AVAILABLE',
      messages.caseTypeNoLongerAvailable,
    );
    assert.equal((await order(o.id)).status, 'design_confirmed');
    ok(await c.put(`/api/orders/${o.id}/caseType`, { caseType: { id: defaultType.id } }));
    const placed = ok(await c.post(`/api/orders/${o.id}/confirmUserDetails`, contact)).json() as Order;
    assert.equal(placed.status, 'to_pay_at_store');
    assert.equal(placed.total, model.price);
    await t.db.query('UPDATE case_types SET is_public = true WHERE id = $1', [sturdy.id]);
  });
});
