import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import {
  createOrder,
  designedOrder,
  expectOk,
  IDENTITY,
  testPhoto,
  uploadImage,
} from './checkout-helpers.ts';
import {
  Client,
  createStaff,
  createTestApp,
  STORE1,
  STORE2,
  signedIn,
  type TestApp,
  tableCounts,
} from './helpers.ts';

describe('checkout: the order calls as a server-enforced state machine', () => {
  let t: TestApp;
  let c: Client;
  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    c = new Client(t.app);
  });
  after(() => t.close());

  const call = (order: Order, path: string, body?: unknown) =>
    c.post(`/api/orders/${order.id}/${path}`, body);
  const read = async (order: Order) => (await c.get(`/api/orders/${order.id}`)).json() as Order;

  test('pay at store, pickup: design -> contact data -> placed, nothing to pay online', async () => {
    const order = await designedOrder(c);
    assert.equal(order.status, 'design_confirmed');
    assert.equal(order.paymentMethod, 'paystore');
    assert.notEqual(order.design, null);
    assert.deepEqual(order.designTransform, IDENTITY);
    await expectOk(call(order, 'confirmInStorePickup'));
    const placed = (
      await expectOk(call(order, 'confirmUserDetails', { name: 'Lucía Pérez', email: '', phone: '' }))
    ).json() as Order;
    assert.equal(placed.status, 'to_pay_at_store');
    assert.equal(placed.shipping, 0);
    assert.equal(placed.customerName, 'Lucía Pérez');
  });

  test('pay now with home delivery: the store fee is added once however often addDelivery is called', async () => {
    const order = await designedOrder(c);
    await expectOk(call(order, 'confirmPaymentMethod?paymentMethod=paynow'));
    for (let i = 0; i < 3; i++) await expectOk(call(order, 'addDelivery'));
    await Promise.all([call(order, 'addDelivery'), call(order, 'addDelivery')]);
    const withFee = await read(order);
    assert.equal(withFee.isHomeDelivery, true);
    assert.equal(withFee.shipping, 5);
    assert.equal(withFee.total, order.total, 'the price stays the model price');
    await expectOk(
      call(order, 'confirmUserDetails', { name: 'Ana', email: 'ana@example.es', phone: '600111222' }),
    );
    const ready = (
      await expectOk(
        call(order, 'confirmDelivery', { address: 'Calle Larios 5', city: 'Málaga', postalCode: '29005' }),
      )
    ).json() as Order;
    assert.equal(ready.status, 'details_confirmed');
    assert.equal(ready.customerPostalCode, '29005');
    // Back to pickup: the fee goes, the address too.
    const pickup = (await expectOk(call(order, 'confirmInStorePickup'))).json() as Order;
    assert.equal(pickup.shipping, 0);
    assert.equal(pickup.customerAddress, null);
  });

  test('switching to pay at store drops home delivery and its fee', async () => {
    const order = await designedOrder(c);
    await expectOk(call(order, 'confirmPaymentMethod?paymentMethod=paynow'));
    await expectOk(call(order, 'addDelivery'));
    const back = (await expectOk(call(order, 'confirmPaymentMethod?paymentMethod=paystore'))).json() as Order;
    assert.equal(back.isHomeDelivery, false);
    assert.equal(back.shipping, 0);
    const refused = await call(order, 'addDelivery');
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().message, messages.deliveryNeedsPayNow);
  });

  test('a kiosk order pays at the store', async () => {
    const order = await designedOrder(c, 1, 'screen');
    const res = await call(order, 'confirmPaymentMethod?paymentMethod=paynow');
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, messages.kioskPaysAtStore);
  });

  test('steps out of order get 409 and change nothing', async () => {
    const fresh = await createOrder(c);
    const before = await tableCounts(t.db);
    for (const path of [
      'confirmPaymentMethod?paymentMethod=paystore',
      'confirmInStorePickup',
      'addDelivery',
    ]) {
      const res = await call(fresh, path);
      assert.equal(res.statusCode, 409, path);
      assert.equal(res.json().error, 'ORDER_STATE');
    }
    assert.equal((await call(fresh, 'confirmUserDetails', { name: 'X' })).statusCode, 409);
    assert.equal(
      (await call(fresh, 'confirmDelivery', { address: 'a', city: 'b', postalCode: '29001' })).statusCode,
      409,
    );
    assert.deepEqual(await tableCounts(t.db), before);
    assert.equal((await read(fresh)).status, 'created');
  });

  describe('the contact and delivery rules, at the API', () => {
    // false: picked up and paid at the store; 'online': picked up, paid online; true: delivered (paid online).
    type Way = boolean | 'online';
    const contact: [string, Record<string, string>, Way, keyof typeof messages | null][] = [
      ['name missing (pickup)', { name: '', email: '', phone: '' }, false, 'nameRequired'],
      ['name only spaces', { name: '   ' }, false, 'nameRequired'],
      ['name only (pickup paid at the store) is enough', { name: 'Pepe' }, false, null],
      [
        'pickup paid online without e-mail',
        { name: 'Pepe', email: '', phone: '600000000' },
        'online',
        'emailRequiredToPay',
      ],
      ['pickup paid online with e-mail only', { name: 'Pepe', email: 'p@x.es', phone: '' }, 'online', null],
      [
        'delivery without e-mail',
        { name: 'Pepe', email: '', phone: '600000000' },
        true,
        'contactFieldsRequired',
      ],
      ['delivery without phone', { name: 'Pepe', email: 'p@x.es', phone: '' }, true, 'contactFieldsRequired'],
      ['e-mail without @', { name: 'Pepe', email: 'pepe.x.es', phone: '600000000' }, true, 'invalidEmail'],
      [
        'e-mail without domain',
        { name: 'Pepe', email: 'antonio@', phone: '600000000' },
        true,
        'invalidEmail',
      ],
      ['e-mail without TLD', { name: 'Pepe', email: 'antonio@correo', phone: '' }, false, 'invalidEmail'],
      ['phone with letters', { name: 'Pepe', email: 'p@x.es', phone: '600abc' }, true, 'invalidPhone'],
      ['phone too short', { name: 'Pepe', email: 'p@x.es', phone: '60000' }, true, 'invalidPhone'],
      [
        'phone not Spanish',
        { name: 'Pepe', email: 'p@x.es', phone: '+44 7911 123456' },
        true,
        'invalidPhone',
      ],
      ['delivery, all good', { name: 'Pepe', email: 'p@x.es', phone: '600000000' }, true, null],
    ];
    for (const [name, body, delivery, problem] of contact) {
      test(`contact: ${name}`, async () => {
        const order = await designedOrder(c);
        if (delivery === true || delivery === 'online') {
          await expectOk(call(order, 'confirmPaymentMethod?paymentMethod=paynow'));
          await expectOk(call(order, delivery === true ? 'addDelivery' : 'confirmInStorePickup'));
        }
        const res = await call(order, 'confirmUserDetails', body);
        if (problem === null) {
          assert.equal(res.statusCode, 200, res.body);
          return;
        }
        assert.equal(res.statusCode, 400);
        const { field, ...refusal } = res.json();
        assert.deepEqual(refusal, { error: 'VALIDATION_FAILED', message: messages[problem] });
        const fieldOf: Partial<Record<keyof typeof messages, string>> = {
          nameRequired: 'name',
          emailRequiredToPay: 'email',
          invalidEmail: 'email',
          invalidPhone: 'phone',
        };
        assert.equal(field, fieldOf[problem], 'the form is told which field');
        assert.equal((await read(order)).customerName, null, 'nothing stored');
      });
    }

    const delivery: [string, Record<string, string>, keyof typeof messages | null][] = [
      ['address missing', { address: '', city: 'Málaga', postalCode: '29001' }, 'deliveryFieldsRequired'],
      ['city missing', { address: 'Calle 1', city: ' ', postalCode: '29001' }, 'deliveryFieldsRequired'],
      [
        'postal code missing',
        { address: 'Calle 1', city: 'Málaga', postalCode: '' },
        'deliveryFieldsRequired',
      ],
      [
        'postal code of 4 digits',
        { address: 'Calle 1', city: 'Málaga', postalCode: '2900' },
        'invalidPostalCode',
      ],
      [
        'postal code of 6 digits',
        { address: 'Calle 1', city: 'Málaga', postalCode: '290011' },
        'invalidPostalCode',
      ],
      [
        'postal code with a letter',
        { address: 'Calle 1', city: 'Málaga', postalCode: '2900A' },
        'invalidPostalCode',
      ],
      ['postal code 00000', { address: 'Calle 1', city: 'Málaga', postalCode: '00000' }, 'invalidPostalCode'],
      ['postal code 99999', { address: 'Calle 1', city: 'Málaga', postalCode: '99999' }, 'invalidPostalCode'],
      ['postal code of Álava (01)', { address: 'Calle 1', city: 'Vitoria', postalCode: '01001' }, null],
      ['all good', { address: 'Calle 1', city: 'Málaga', postalCode: '29001' }, null],
    ];
    for (const [name, body, problem] of delivery) {
      test(`delivery: ${name}`, async () => {
        const order = await designedOrder(c);
        await expectOk(call(order, 'confirmPaymentMethod?paymentMethod=paynow'));
        await expectOk(call(order, 'addDelivery'));
        const res = await call(order, 'confirmDelivery', body);
        if (problem === null) {
          assert.equal(res.statusCode, 200, res.body);
          return;
        }
        assert.equal(res.statusCode, 400);
        assert.deepEqual(res.json(), { error: 'VALIDATION_FAILED', message: messages[problem] });
        assert.equal((await read(order)).customerAddress, null, 'nothing stored');
      });
    }

    // The shipping page promises the peninsula only: the islands, Ceuta and Melilla get pickup.
    const outside: [string, string][] = [
      ['Palma (Baleares)', '07001'],
      ['Ibiza (Baleares)', '07800'],
      ['Las Palmas (Canarias)', '35002'],
      ['Santa Cruz de Tenerife (Canarias)', '38001'],
      ['Ceuta', '51001'],
      ['Melilla', '52001'],
    ];
    for (const [place, postalCode] of outside) {
      test(`delivery: ${place} (${postalCode}) is outside the delivery area, and the answer offers pickup`, async () => {
        const order = await designedOrder(c);
        await expectOk(call(order, 'confirmPaymentMethod?paymentMethod=paynow'));
        await expectOk(call(order, 'addDelivery'));
        const res = await call(order, 'confirmDelivery', { address: 'Calle 1', city: place, postalCode });
        assert.equal(res.statusCode, 400);
        assert.deepEqual(res.json(), {
          error: 'DELIVERY_AREA',
          message: messages.postalCodeNotDelivered,
          field: 'postalCode',
        });
        assert.match(messages.postalCodeNotDelivered, /recogida en tienda/);
        const stored = await read(order);
        assert.equal(stored.customerAddress, null, 'nothing stored');
        assert.equal(stored.status, 'design_confirmed');
      });
    }
  });

  describe('Spanish phone numbers however they are typed, stored in E.164', () => {
    const formats: [typed: string, stored: string][] = [
      ['612 345 678', '+34612345678'],
      ['+34 612 345 678', '+34612345678'],
      ['612-345-678', '+34612345678'],
      ['0034612345678', '+34612345678'],
      ['612345678', '+34612345678'],
      ['+34612345678', '+34612345678'],
      ['(+34) 612.345.678', '+34612345678'],
    ];
    for (const [typed, stored] of formats) {
      test(`${JSON.stringify(typed)} is accepted and stored as ${stored}`, async () => {
        const order = await designedOrder(c);
        await expectOk(call(order, 'confirmPaymentMethod?paymentMethod=paynow'));
        await expectOk(call(order, 'addDelivery'));
        const res = await call(order, 'confirmUserDetails', { name: 'Pepe', email: 'p@x.es', phone: typed });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal((res.json() as Order).customerPhone, stored);
        assert.equal((await read(order)).customerPhone, stored);
      });
    }
  });

  test('staff mark a pay-at-store order paid; after payment nothing changes it', async () => {
    const order = await designedOrder(c);
    await expectOk(call(order, 'confirmUserDetails', { name: 'Marta' }));
    const other = await signedIn(t.app, STORE2);
    assert.equal(
      (await other.post(`/api/orders/${order.id}/confirmPayment`)).statusCode,
      403,
      'not their store',
    );
    assert.equal(
      (await c.post(`/api/orders/${order.id}/confirmPayment`)).statusCode,
      401,
      'customers cannot',
    );
    const staff = await signedIn(t.app, STORE1);
    const paid = (await expectOk(staff.post(`/api/orders/${order.id}/confirmPayment`))).json() as Order;
    // Paid is not a step of a pay-at-store order's status line: it stays where it was, paid.
    assert.equal(paid.status, 'to_pay_at_store');
    assert.equal(paid.pendingPayment, false);
    assert.ok(paid.paidAt);
    assert.equal(paid.paidBy, `staff:${STORE1.email}`);
    await expectOk(staff.post(`/api/orders/${order.id}/confirmPayment`));
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND kind = 'paid'`,
      [order.id],
    );
    assert.equal(rows[0]!.n, 1, 'paid once');

    const frozen = await read(order);
    const photo = await uploadImage(c, await testPhoto());
    const attempts = [
      c.put(`/api/orders/${order.id}`, { image: photo }),
      c.delete(`/api/orders/${order.id}/removeImage`),
      c.put(`/api/orders/${order.id}/design`, { design: photo, transform: IDENTITY }),
      call(order, 'confirmPaymentMethod?paymentMethod=paynow'),
      call(order, 'confirmInStorePickup'),
      call(order, 'addDelivery'),
      call(order, 'confirmUserDetails', { name: 'Otro nombre' }),
      call(order, 'confirmDelivery', { address: 'a', city: 'b', postalCode: '29001' }),
      c.get(`/api/orders/${order.id}/screen/getUrl`),
    ];
    for (const res of await Promise.all(attempts)) assert.equal(res.statusCode, 409, res.body);
    assert.deepEqual(await read(order), frozen);
  });

  test('a client-sent price has no effect anywhere', async () => {
    const order = await designedOrder(c);
    await c.post(`/api/orders/${order.id}/confirmPaymentMethod?paymentMethod=paynow`, {
      total: 0.01,
      shipping: 0,
    });
    await c.post(`/api/orders/${order.id}/addDelivery`, { shipping: 0, total: 1 });
    const after = await read(order);
    assert.equal(after.total, order.total);
    assert.equal(after.shipping, 5);
  });
});
