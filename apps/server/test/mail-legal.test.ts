// What the mails say after the sale, read from a real SMTP server on loopback: every mail names
// the company (legal name, NIF, registry data); the order mails add the withdrawal exemption, the
// legal guarantee and the link to the conditions; the receipt names the means actually used; a
// cancelled order gets its own mail. Orders go through the real calls: customer, gateway, staff.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CONFORMITY_GUARANTEE_YEARS,
  GUARANTEE_REMINDER,
  WITHDRAWAL_EXEMPTION,
} from '@shop/contracts/consumer-terms';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { loadConfig } from '../src/env.ts';
import { MailDispatcher } from '../src/modules/mail/dispatcher.ts';
import { SmtpTransport } from '../src/modules/mail/transport.ts';
import { ADMIN, Client, createStaff, createTestApp, STORE1, signedIn, type TestApp } from './helpers.ts';
import { type Arrived, header, parseMime, part, startSmtp, type TestSmtp } from './mail-support.ts';
import {
  type CatalogueModel,
  firstModel,
  initiate,
  notificationFor,
  payNowOrder,
  postNotification,
  requestParams,
} from './payments-support.ts';
import { decideAtGateway } from './refunds-support.ts';

const PUBLIC_URL = 'https://tienda.example';
const env = { PUBLIC_URL };
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...env });
const company = config.company;

interface ReadMail {
  subject: string;
  to: string[];
  text: string;
  html: string | null;
}

function read(m: Arrived): ReadMail {
  const p = parseMime(m.raw);
  const html = p.parts.find((x) => x.type === 'text/html')?.body ?? null;
  return { subject: header(p, 'subject'), to: m.rcptTo, text: part(p, 'text/plain'), html };
}

/** Every mail, whoever it is for: who sends it, with NIF and registry data. */
function assertFooter(mail: ReadMail): void {
  for (const body of [mail.text, ...(mail.html ? [mail.html] : [])]) {
    const plain = body.replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    assert.ok(plain.includes(company.legalName), `${mail.subject}: the legal name`);
    assert.ok(plain.includes(`NIF ${company.nif}`), `${mail.subject}: the NIF`);
    assert.ok(plain.includes(company.registry), `${mail.subject}: the registry data`);
  }
}

/** The order mails' legal part: no withdrawal, the 3-year guarantee, the conditions' address. */
function assertLegal(mail: ReadMail): void {
  assert.ok(mail.html, 'an order mail has an HTML version');
  for (const body of [mail.text, mail.html]) {
    assert.ok(body.includes(WITHDRAWAL_EXEMPTION), `${mail.subject}: the withdrawal exemption`);
    assert.ok(body.includes(GUARANTEE_REMINDER), `${mail.subject}: the legal guarantee`);
    assert.ok(body.includes(`${CONFORMITY_GUARANTEE_YEARS} años`));
  }
  assert.ok(mail.text.includes(`condiciones generales: ${PUBLIC_URL}/general-conditions`));
  assert.ok(mail.html.includes(`<a href="${PUBLIC_URL}/general-conditions"`));
}

/** The value of a labelled row ('Forma de pago') in the plain-text version. */
function row(mail: ReadMail, label: string): string | undefined {
  return new RegExp(`^ {2}${label}: (.*)$`, 'm').exec(mail.text)?.[1];
}

describe('mails after the sale, through a real SMTP server', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let model: CatalogueModel;
  let customer: Client;
  let store1: Client;
  let admin: Client;

  /** Sends what the outbox holds to the loopback server; returns what arrived in this round. */
  async function deliver(): Promise<ReadMail[]> {
    const before = smtp.messages.length;
    const dispatcher = new MailDispatcher({
      db: t.db,
      transport: new SmtpTransport(`smtp://127.0.0.1:${smtp.port}`, { timeoutMs: 3000 }),
      from: config.mail.from,
      files: t.app.deps.files,
    });
    await dispatcher.runOnce();
    await dispatcher.stop();
    return smtp.messages.slice(before).map(read);
  }

  /** A pay-now order paid through the gateway with `means`. */
  async function paidOnline(means: 'card' | 'bizum', delivery: boolean): Promise<Order> {
    const order = await payNowOrder(customer, model, { delivery });
    const init = await initiate(customer, order.id, `?method=${means}`);
    const res = await postNotification(t.app, notificationFor(requestParams(init)));
    assert.equal(res.statusCode, 200, res.body);
    const paid = (await customer.get(`/api/orders/${order.id}`)).json() as Order;
    assert.equal(paid.status, 'paid');
    return paid;
  }

  /** A pickup order to pay at the store, placed by the customer. */
  async function placedAtStore(): Promise<Order> {
    const order = await payNowOrder(customer, model, { delivery: false });
    const res = await customer.post(`/api/orders/${order.id}/confirmPaymentMethod?paymentMethod=paystore`);
    assert.equal(res.statusCode, 200, res.body);
    const placed = res.json() as Order;
    assert.equal(placed.status, 'to_pay_at_store');
    return placed;
  }

  const forCustomer = (mails: ReadMail[], subject: RegExp) => {
    const found = mails.filter((m) => m.to.includes('lucia@example.com') && subject.test(m.subject));
    assert.equal(found.length, 1, `one mail ${subject} to the customer (got ${mails.map((m) => m.subject)})`);
    return found[0]!;
  };

  before(async () => {
    t = await createTestApp({ env });
    await createStaff(t.db);
    smtp = await startSmtp();
    customer = new Client(t.app);
    model = await firstModel(customer);
    store1 = await signedIn(t.app, STORE1);
    admin = await signedIn(t.app, ADMIN);
  });
  after(async () => {
    await smtp.close();
    await t.close();
  });

  it('paid with Bizum: the receipt says Bizum, and carries the exemption, the guarantee and the conditions', async () => {
    const order = await paidOnline('bizum', true);
    const mails = await deliver();
    const receipt = forCustomer(mails, /^Pago recibido/);
    assert.equal(row(receipt, 'Forma de pago'), 'Bizum (pago seguro en línea)');
    assert.ok(!receipt.text.includes('Tarjeta o Bizum'));
    assert.ok(receipt.text.includes(order.orderNumber));
    assertLegal(receipt);
    // Every mail of the round, the shop's copy too, names the company.
    assert.ok(mails.length >= 2);
    for (const mail of mails) assertFooter(mail);
  });

  it('paid by card: the receipt says card', async () => {
    await paidOnline('card', false);
    const receipt = forCustomer(await deliver(), /^Pago recibido/);
    assert.equal(row(receipt, 'Forma de pago'), 'Tarjeta (pago seguro en línea)');
    assertLegal(receipt);
    assertFooter(receipt);
  });

  it('pay at the store: the order mail has the legal part; the receipt after paying at the counter says so', async () => {
    const order = await placedAtStore();
    const received = forCustomer(await deliver(), /^Hemos recibido tu pedido/);
    assertLegal(received);
    assertFooter(received);
    assert.ok(received.text.includes(`Pagarás ${formatEuros(order.total)} al recoger tu funda`));

    const paid = await store1.post(`/api/orders/${order.id}/confirmPayment`);
    assert.equal(paid.statusCode, 200, paid.body);
    const receipt = forCustomer(await deliver(), /^Pago recibido/);
    assert.equal(row(receipt, 'Forma de pago'), 'En la tienda');
    assertLegal(receipt);
    assertFooter(receipt);
  });

  it('an unpaid order cancelled by the store: the customer gets one cancellation mail', async () => {
    const order = await placedAtStore();
    await deliver();
    const res = await store1.post(`/api/orders/${order.id}/status`, {
      status: 'cancelled',
      note: 'sin stock',
    });
    assert.equal(res.statusCode, 200, res.body);
    const mails = await deliver();
    const cancelled = forCustomer(mails, /se ha cancelado$/);
    assert.equal(cancelled.subject, `Tu pedido n.º ${order.orderNumber} se ha cancelado`);
    assert.ok(cancelled.text.includes(`Hemos cancelado tu pedido n.º ${order.orderNumber}`));
    assert.ok(cancelled.text.includes('No habías pagado nada'));
    assert.ok(!cancelled.text.includes('te devolvemos'));
    assertFooter(cancelled);
    // Cancelling again changes nothing and sends nothing.
    await store1.post(`/api/orders/${order.id}/status`, { status: 'cancelled' });
    assert.equal((await deliver()).length, 0);
  });

  it('a paid order cancelled by the store: refunded first, the mail says it went back the way it came', async () => {
    // Paid on the simulator's page, so that its gateway knows the payment it is asked to refund;
    // the notification reaches the shop as the signed answer the return address carries.
    const placed = await payNowOrder(customer, model, { delivery: true });
    const back = await decideAtGateway(t, await initiate(customer, placed.id, '?method=card'), 'card');
    const fields = Object.fromEntries(
      ['Ds_SignatureVersion', 'Ds_MerchantParameters', 'Ds_Signature'].map((k) => [
        k,
        back.searchParams.get(k)!,
      ]),
    );
    assert.equal((await postNotification(t.app, fields)).statusCode, 200);
    const order = (await customer.get(`/api/orders/${placed.id}`)).json() as Order;
    assert.equal(order.status, 'paid');
    await deliver();
    const res = await store1.post(`/api/orders/${order.id}/status`, { status: 'cancelled' });
    assert.equal(res.statusCode, 200, res.body);
    const cancelled = forCustomer(await deliver(), /se ha cancelado$/);
    assert.ok(
      cancelled.text.includes(
        `Te hemos devuelto ${formatEuros(order.total + order.shipping)} a la misma tarjeta con la que pagaste`,
      ),
    );
    assertFooter(cancelled);
  });

  it("a staff member's plain mail ends with the company's legal name, NIF and registry data", async () => {
    const res = await admin.post('/api/mails', {
      toList: ['alguien@example.com'],
      subject: 'Tu consulta',
      text: 'Hola, te respondemos.',
    });
    assert.ok(res.statusCode < 300, res.body);
    const [mail] = await deliver();
    assert.ok(mail);
    assert.ok(mail.text.startsWith('Hola, te respondemos.'));
    assertFooter(mail);
  });
});
