// One name for the product everywhere: a model whose name starts with its brand's ('Xiaomi 14T
// Pro' of Xiaomi) is never 'Xiaomi Xiaomi 14T Pro', in the gateway's description or in the mails.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { expectOk, IDENTITY, testPhoto, uploadImage } from './checkout-helpers.ts';
import { Client, createTestApp, type TestApp } from './helpers.ts';
import { type CatalogueModel, initiate, payNowOrder, requestParams } from './payments-support.ts';

describe('the product name', () => {
  let t: TestApp;
  let c: Client;
  let model: CatalogueModel;
  before(async () => {
    t = await createTestApp();
    c = new Client(t.app);
    const page = (await c.get('/api/models?store=1&filtro=14T%20Pro&size=50')).json() as ModelPage;
    const found = page.items.find((m) => m.name === 'Xiaomi 14T Pro' && m.brand.name === 'Xiaomi');
    assert.ok(found, 'the demo store 1 offers the Xiaomi 14T Pro');
    model = found;
  });
  after(() => t.close());

  test('does not repeat the brand in the payment gateway description nor in the mails', async () => {
    const order = await payNowOrder(c, model);
    const params = requestParams(await initiate(c, order.id));
    assert.equal(
      params.DS_MERCHANT_PRODUCTDESCRIPTION,
      `Funda personalizada para Xiaomi 14T Pro (pedido ${order.orderNumber})`,
    );

    // A pay-at-store order of the same model, placed: its mails name the product too.
    const customer = new Client(t.app);
    const created = (
      await expectOk(
        customer.post('/api/orders', {
          store: { id: 1 },
          brand: { id: model.brand.id },
          model: { id: model.id },
        }),
      )
    ).json() as { id: string };
    const id = created.id;
    await expectOk(
      customer.put(`/api/orders/${id}`, { image: await uploadImage(customer, await testPhoto()) }),
    );
    const design = await uploadImage(customer, await testPhoto(480, 760), 'design.png');
    await expectOk(customer.put(`/api/orders/${id}/design`, { design, transform: IDENTITY }));
    await expectOk(customer.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`));
    await expectOk(customer.post(`/api/orders/${id}/confirmInStorePickup`));
    await expectOk(
      customer.post(`/api/orders/${id}/confirmUserDetails`, {
        name: 'Rocío',
        email: 'rocio@example.es',
        phone: '',
      }),
    );
    const { rows } = await t.db.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE order_id = $1',
      [id],
    );
    assert.ok(rows.length > 0, 'a mail was queued');
    for (const { text_body } of rows) {
      assert.ok(!text_body.includes('Xiaomi Xiaomi'), text_body);
    }
    assert.ok(rows.some((r) => r.text_body.includes('Funda personalizada para Xiaomi 14T Pro')));
  });
});
