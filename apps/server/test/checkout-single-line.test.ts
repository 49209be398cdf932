import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import { createTestApp, type TestApp } from './helpers.ts';
import { ADDRESS, OrderFactory, ok } from './security-support.ts';

/**
 * A customer's name and delivery address are one line wherever they go (labels, mail headers,
 * invoices, the back office): breaks and separators typed or pasted into them are stored as spaces.
 */
describe('contact and delivery fields are stored on one line', () => {
  let t: TestApp;
  let f: OrderFactory;
  before(async () => {
    t = await createTestApp();
    f = await new OrderFactory(t.app).init();
  });
  after(() => t.close());

  const stored = async (id: string) =>
    (
      await t.db.query<{ customer_name: string; customer_address: string; customer_city: string }>(
        'SELECT customer_name, customer_address, customer_city FROM orders WHERE id = $1',
        [id],
      )
    ).rows[0]!;

  test('CR/LF, U+2028, tabs and bidirectional controls in a name become single spaces', async () => {
    const id = await f.designed('paystore');
    const res = ok(
      await f.owner.post(`/api/orders/${id}/confirmUserDetails`, {
        name: ' Lucía\r\nPérez\u2028Bcc: otro@example.com\u2029\t\u202eGil ',
      }),
    );
    const order = res.json() as Order;
    assert.equal(order.status, 'to_pay_at_store');
    assert.equal((await stored(id)).customer_name, 'Lucía Pérez Bcc: otro@example.com Gil');
  });

  test('a name of nothing but breaks is a missing name, in Spanish', async () => {
    const id = await f.designed('paystore');
    const res = await f.owner.post(`/api/orders/${id}/confirmUserDetails`, { name: '\r\n\u2028\u2029' });
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.json(), {
      error: 'VALIDATION_FAILED',
      message: messages.nameRequired,
      field: 'name',
    });
    assert.equal((await stored(id)).customer_name, null);
  });

  test('the delivery address and city are one line too', async () => {
    const id = await f.delivery();
    ok(
      await f.owner.post(`/api/orders/${id}/confirmUserDetails`, {
        name: 'Lucía\nPérez',
        email: 'lucia@example.com',
        phone: '600111222',
      }),
    );
    ok(
      await f.owner.post(`/api/orders/${id}/confirmDelivery`, {
        ...ADDRESS,
        address: 'Calle Larios, 5\r\n2º B',
        city: 'Má\u2028laga',
      }),
    );
    const row = await stored(id);
    assert.deepEqual(
      [row.customer_name, row.customer_address, row.customer_city],
      ['Lucía Pérez', 'Calle Larios, 5 2º B', 'Má laga'],
    );
  });
});
