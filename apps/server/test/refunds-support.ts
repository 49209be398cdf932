import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { Order } from '@shop/contracts/orders';
import type { PaymentInitiation } from '@shop/contracts/payments';
import { type Client, createStaff, createTestApp, type TestApp } from './helpers.ts';
import { type CatalogueModel, initiate, payNowOrder } from './payments-support.ts';

/** Shared by the refund tests: a real SMTP server on loopback, a listening shop, the simulator. */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export { type Arrived, startSmtp } from './mail-support.ts';

/** The decoded subject and plain-text body of a message as it arrived. */
export function readMail(raw: string): { subject: string; text: string } {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const subjectLine = /^subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  const subject = subjectLine.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
  );
  const start = raw.search(/content-type: text\/plain/i);
  assert.ok(start >= 0, 'a text/plain part');
  const part = raw.slice(start);
  const headEnd = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, headEnd);
  const body = part
    .slice(headEnd)
    .replace(/^\r?\n\r?\n/, '')
    .split(/\r?\n--/)[0]!;
  const encoding = /content-transfer-encoding: (\S+)/i.exec(head)?.[1]?.toLowerCase() ?? '7bit';
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(body.replace(/=\r?\n/g, ''))
        : body;
  return { subject, text };
}

function qp(s: string): string {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      out.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(...Buffer.from(s[i]!, 'utf8'));
  }
  return Buffer.from(out).toString('utf8');
}

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/**
 * The customer's choice on the simulator's page, as the browser posts it: the simulator then
 * sends the shop its signed notification over real HTTP and redirects to URLOK / URLKO.
 */
export async function decideAtGateway(t: TestApp, init: PaymentInitiation, decision: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/simulator/redsys/decision',
    ...form({
      Ds_SignatureVersion: init.ds_SignatureVersion,
      Ds_MerchantParameters: init.ds_MerchantParameters,
      Ds_Signature: init.ds_Signature,
      decision,
    }),
  });
  assert.equal(res.statusCode, 303, res.body);
  return new URL(String(res.headers.location));
}

/** A shop listening on a loopback port (the simulator notifies it over HTTP), with staff. */
export async function listeningShop(env: Record<string, string> = {}) {
  const port = await freePort();
  const shop = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ env: { PUBLIC_URL: shop, ...env } });
  await t.app.listen({ port, host: '127.0.0.1' });
  await createStaff(t.db);
  return t;
}

/** An order paid at the simulator with a card: 24,90 € with home delivery. */
export async function paidOrder(
  t: TestApp,
  c: Client,
  model: CatalogueModel,
  method: 'card' | 'bizum' = 'card',
) {
  const o = await payNowOrder(c, model);
  const init = await initiate(c, o.id, method === 'bizum' ? '?method=bizum' : '');
  await decideAtGateway(t, init, method);
  const order = (await c.get(`/api/orders/${o.id}`)).json() as Order;
  assert.equal(order.status, 'paid');
  return { order, init, due: Math.round((order.total + order.shipping) * 100) };
}

/** Posts straight to the simulator's REST endpoint, as another client of the gateway would. */
export const restCall = (t: TestApp, body: object) =>
  t.app.inject({ method: 'POST', url: '/simulator/redsys/rest/trataPeticionREST', payload: body });
