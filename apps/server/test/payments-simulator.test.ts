import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import type { PaymentInitiation, PaymentStatus } from '@shop/contracts/payments';
import Fastify from 'fastify';
import { loadConfig } from '../src/env.ts';
import {
  decodeMerchantParameters,
  encodeMerchantParameters,
  paramOf,
  signRequest,
} from '../src/modules/payments/redsys.ts';
import { simulatorRoutes } from '../src/modules/payments/simulator.ts';
import { Client, createTestApp, type TestApp } from './helpers.ts';
import {
  attemptsOf,
  type CatalogueModel,
  countOrderPaid,
  firstModel,
  initiate,
  OTHER_KEY,
  paidEvents,
  payNowOrder,
  requestParams,
} from './payments-support.ts';

/** A port nobody uses right now, so the shop's public URL can be known before it listens. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

const signedFields = (init: PaymentInitiation) => ({
  Ds_SignatureVersion: init.ds_SignatureVersion,
  Ds_MerchantParameters: init.ds_MerchantParameters,
  Ds_Signature: init.ds_Signature,
});

describe('built-in Redsys simulator (real HTTP notification)', () => {
  let t: TestApp;
  let c: Client;
  let model: CatalogueModel;
  let shop: string;
  let orderPaidCalls: Map<string, number>;

  before(async () => {
    const port = await freePort();
    shop = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { PUBLIC_URL: shop } });
    await t.app.listen({ port, host: '127.0.0.1' });
    c = new Client(t.app);
    model = await firstModel(c);
    orderPaidCalls = countOrderPaid(t.app);
  });
  after(() => t.close());

  const order = async (id: string) => (await c.get(`/api/orders/${id}`)).json() as Order;

  /** The browser's auto-submitted form to the gateway URL the shop returned. */
  const openGateway = async (init: PaymentInitiation) => {
    assert.equal(init.url, `${shop}/simulator/redsys`);
    return t.app.inject({ method: 'POST', url: new URL(init.url).pathname, ...form(signedFields(init)) });
  };
  const decide = (init: PaymentInitiation, decision: string, over: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/simulator/redsys/decision',
      ...form({ ...signedFields(init), decision, ...over }),
    });

  test('accepting with a card pays the order through the signed notification, once', async () => {
    const o = await payNowOrder(c, model);
    const init = await initiate(c, o.id);
    const gatewayOrder = requestParams(init).DS_MERCHANT_ORDER!;

    const pageRes = await openGateway(init);
    assert.equal(pageRes.statusCode, 200, pageRes.body);
    assert.match(String(pageRes.headers['content-type']), /^text\/html/);
    assert.match(String(pageRes.headers['content-security-policy']), /script-src 'self'/);
    const html = pageRes.body;
    assert.match(html, /Pasarela de pago de pruebas/);
    assert.ok(html.includes(formatEuros(o.total + o.shipping)), 'amount in es-ES format');
    assert.ok(html.includes(gatewayOrder));
    assert.match(html, /Pagar con tarjeta \(aceptar\)/);
    assert.match(html, /Denegar/);
    assert.match(html, /Cancelar/);
    assert.doesNotMatch(html, /Pagar con Bizum/, 'card was asked for: card only, as Redsys does');
    assert.doesNotMatch(html, /<script|<style|\sstyle=|\son[a-z]+=/i, 'nothing the strict CSP would block');
    assert.match(html, /action="\/simulator\/redsys\/decision"/);
    const css = await t.app.inject({ method: 'GET', url: '/simulator/redsys/style.css' });
    assert.equal(css.statusCode, 200);
    assert.match(String(css.headers['content-type']), /^text\/css/);

    assert.equal((await order(o.id)).status, 'awaiting_payment', 'showing the page changes nothing');
    const res = await decide(init, 'card');
    assert.equal(res.statusCode, 303, res.body);
    const back = new URL(String(res.headers.location));
    assert.equal(`${back.origin}${back.pathname}`, `${shop}/payment-success`);
    assert.equal(back.searchParams.get('Ds_SignatureVersion'), 'HMAC_SHA256_V1');

    assert.equal((await order(o.id)).status, 'paid');
    assert.equal(await paidEvents(t.db, o.id), 1);
    assert.equal(orderPaidCalls.get(o.id), 1);
    const [attempt] = await attemptsOf(t.db, o.id);
    assert.equal(attempt!.status, 'paid');
    assert.equal(attempt!.ds_response, '0000');
    assert.match(attempt!.ds_authorisation_code!, /^\d{6}$/);

    // The customer pressing the button again (or the back button) cannot pay twice.
    const twice = await decide(init, 'card');
    assert.equal(twice.statusCode, 303);
    assert.equal(await paidEvents(t.db, o.id), 1);
    assert.equal(orderPaidCalls.get(o.id), 1);
  });

  test('denying sends the customer to payment-failure; the order is not paid', async () => {
    const o = await payNowOrder(c, model);
    const init = await initiate(c, o.id);
    const res = await decide(init, 'deny');
    assert.equal(res.statusCode, 303);
    assert.ok(String(res.headers.location).startsWith(`${shop}/payment-failure?`));
    assert.equal((await order(o.id)).status, 'awaiting_payment');
    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => [a.status, a.ds_response]),
      [['failed', '0190']],
    );
    assert.equal(orderPaidCalls.get(o.id), undefined);
    const status = (await c.get(`/api/payment/redsys/${o.id}`)).json() as PaymentStatus;
    assert.equal(status.attempts[0]?.cancelledByCustomer, false, 'a denial is not a cancellation');
  });

  test('cancelling at the gateway is a failed attempt (9915)', async () => {
    const o = await payNowOrder(c, model, { delivery: false });
    const init = await initiate(c, o.id);
    const res = await decide(init, 'cancel');
    assert.ok(String(res.headers.location).startsWith(`${shop}/payment-failure`));
    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => [a.status, a.ds_response]),
      [['failed', '9915']],
    );
    // The customer's pages say it was cancelled, not that something went wrong.
    const status = (await c.get(`/api/payment/redsys/${o.id}`)).json() as PaymentStatus;
    assert.equal(status.attempts[0]?.cancelledByCustomer, true);
  });

  test('Bizum: the request carries pay method z, the page offers Bizum only, and it pays', async () => {
    const o = await payNowOrder(c, model);
    const init = await initiate(c, o.id, '?method=bizum');
    assert.equal(requestParams(init).DS_MERCHANT_PAYMETHODS, 'z');
    const html = (await openGateway(init)).body;
    assert.match(html, /Pagar con Bizum/);
    assert.doesNotMatch(html, /Pagar con tarjeta/);
    const refused = await decide(init, 'card');
    assert.equal(refused.statusCode, 400);
    assert.equal((await order(o.id)).status, 'awaiting_payment');

    const res = await decide(init, 'bizum');
    assert.ok(String(res.headers.location).startsWith(`${shop}/payment-success`));
    assert.equal((await order(o.id)).status, 'paid');
    const { rows } = await t.db.query<{ params: Record<string, string> }>(
      `SELECT params FROM payment_notifications WHERE gateway_order = $1`,
      [requestParams(init).DS_MERCHANT_ORDER],
    );
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.params.Ds_ProcessedPayMethod, '68');
    assert.equal(rows[0]!.params.Ds_Terminal, '001');
  });

  test('the simulator checks the request signature as Redsys would and trusts nothing the browser sends', async () => {
    const o = await payNowOrder(c, model);
    const init = await initiate(c, o.id);
    const params = decodeMerchantParameters(init.ds_MerchantParameters)!;

    const wrongSig = await openGateway({
      ...init,
      ds_Signature: signRequest(OTHER_KEY, params).Ds_Signature,
    });
    assert.equal(wrongSig.statusCode, 400);
    assert.match(wrongSig.body, /SIS0042/);

    // A cheaper amount with the original signature, at the page and at the decision.
    const cheaper = encodeMerchantParameters({ ...params, DS_MERCHANT_AMOUNT: '1' });
    assert.equal((await openGateway({ ...init, ds_MerchantParameters: cheaper })).statusCode, 400);
    assert.equal((await decide(init, 'card', { Ds_MerchantParameters: cheaper })).statusCode, 400);
    assert.equal((await decide(init, 'card', { Ds_Signature: 'AAAA' })).statusCode, 400);
    assert.equal((await decide(init, 'anything')).statusCode, 400);

    // Correctly signed (the test key is public) but pointing the notification elsewhere.
    const elsewhere = signRequest(t.app.deps.config.redsys.secretKey, {
      ...params,
      DS_MERCHANT_MERCHANTURL: 'http://169.254.169.254/api/payment/redsys/notification',
    });
    const ssrf = await decide(
      {
        ...init,
        ds_MerchantParameters: elsewhere.Ds_MerchantParameters,
        ds_Signature: elsewhere.Ds_Signature,
      },
      'card',
    );
    assert.equal(ssrf.statusCode, 400);
    const offsite = signRequest(t.app.deps.config.redsys.secretKey, {
      ...params,
      DS_MERCHANT_URLOK: 'https://evil.example/',
    });
    const redirect = await decide(
      { ...init, ds_MerchantParameters: offsite.Ds_MerchantParameters, ds_Signature: offsite.Ds_Signature },
      'card',
    );
    assert.equal(redirect.statusCode, 400);

    assert.equal((await order(o.id)).status, 'awaiting_payment');
    assert.deepEqual(
      (await attemptsOf(t.db, o.id)).map((a) => a.status),
      ['pending'],
    );
    assert.equal(paramOf(params, 'DS_MERCHANT_ORDER'), (await attemptsOf(t.db, o.id))[0]!.gateway_order);
  });

  test('the simulator refuses to exist in production or next to a real gateway', async () => {
    const dev = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
    const withGateway = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      REDSYS_URL: 'https://sis-t.redsys.es:25443/sis/realizarPago',
    });
    for (const config of [withGateway, { ...dev, production: true }]) {
      const app = Fastify({ logger: false });
      app.decorate('deps', { ...t.app.deps, config });
      await assert.rejects(async () => {
        await app.register(simulatorRoutes);
        await app.ready();
      }, /development and tests only/);
      await app.close().catch(() => {});
    }
  });
});
