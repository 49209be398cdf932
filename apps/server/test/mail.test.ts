import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import type { Queryable } from '../src/db/client.ts';
import { loadConfig } from '../src/env.ts';
import { MailDispatcher } from '../src/modules/mail/dispatcher.ts';
import { enqueueMail, enqueueOrderMail } from '../src/modules/mail/service.ts';
import { OutboxTransport, SmtpTransport } from '../src/modules/mail/transport.ts';
import { paymentFacts } from '../src/modules/payments/index.ts';
import { makeCheckoutEffects, orderMailFacts } from '../src/workflows/order-mails.ts';
import { Client, createTestApp, type TestApp } from './helpers.ts';
import { deadPort, header, parseMime, part, startSmtp, type TestSmtp } from './mail-support.ts';

// ------------------------------------------------------------------------------------------------
// Fixtures
// ------------------------------------------------------------------------------------------------

const EVIL_NAME = 'Ana <script>alert(1)</script>\r\nBcc: intruso@evil.example\r\nX-Injected: yes';
const CUSTOMER = 'ana.cliente@example.com';
/** The order, its invoices and its money, as the order mails read them. */
const mailFacts = orderMailFacts(paymentFacts);

async function newOrder(t: TestApp): Promise<string> {
  const c = new Client(t.app);
  const model = ((await c.get('/api/models?store=1&size=1')).json() as ModelPage).items[0]!;
  const res = await c.post('/api/orders', {
    store: { id: 1 },
    brand: { id: model.brand.id },
    model: { id: model.id },
  });
  assert.equal(res.statusCode, 201, res.body);
  return (res.json() as { id: string }).id;
}

/** A pay-at-store pickup order with the customer's data, as after the data form. */
async function pickupOrder(t: TestApp, email: string | null = CUSTOMER): Promise<string> {
  const id = await newOrder(t);
  await t.db.query(
    `UPDATE orders SET status = 'to_pay_at_store', payment_method = 'paystore', customer_name = $2,
       customer_email = $3, customer_phone = '600111222' WHERE id = $1`,
    [id, EVIL_NAME, email],
  );
  return id;
}

/** A paid home-delivery order. */
async function deliveryOrder(t: TestApp): Promise<string> {
  const id = await newOrder(t);
  await t.db.query(
    `UPDATE orders SET status = 'paid', payment_method = 'paynow', is_home_delivery = true, shipping_cents = 500,
       customer_name = 'Luis Gómez', customer_email = 'luis@example.com', customer_phone = '611222333',
       customer_address = 'Calle Larios, 5, 2.º B', customer_city = 'Málaga', customer_postal_code = '29005'
     WHERE id = $1`,
    [id],
  );
  return id;
}

type Row = {
  id: number;
  dedupe_key: string | null;
  kind: string;
  to_address: string;
  status: string;
  attempts: number;
  message_id: string;
  last_error: string | null;
  sent_at: Date | null;
  due_later: boolean;
};

async function rowsOf(q: Queryable, where: string, params: unknown[]): Promise<Row[]> {
  const { rows } = await q.query<Row>(
    `SELECT id, dedupe_key, kind, to_address, status, attempts, message_id, last_error, sent_at,
            next_attempt_at > now() + interval '20 seconds' AS due_later
     FROM mail_outbox WHERE ${where} ORDER BY id`,
    params,
  );
  return rows;
}

// ------------------------------------------------------------------------------------------------

describe('order mails through a real SMTP server', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const dispatcherFor = (port: number, opts: { maxAttempts?: number } = {}) =>
    new MailDispatcher({
      db: t.db,
      transport: new SmtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 3000 }),
      from: config.mail.from,
      // The receipt carries the conditions' PDF (ADR 26), read from file storage.
      files: t.app.deps.files,
      ...opts,
    });

  before(async () => {
    t = await createTestApp();
    smtp = await startSmtp();
  });
  after(async () => {
    await smtp.close();
    await t.close();
  });

  it('delivers the order-received mails as queued, escaped and without header injection', async () => {
    const id = await pickupOrder(t);
    const order = await mailFacts.orders.order(t.db, id);
    const queued = await t.db.transaction((tx) =>
      enqueueOrderMail(tx, id, 'order-received', config, mailFacts),
    );
    assert.equal(queued, 2);
    const rows = await rowsOf(t.db, 'order_id = $1', [id]);
    assert.deepEqual(
      rows.map((r) => r.dedupe_key),
      [`order:${id}:received:customer`, `order:${id}:received:shop`],
    );
    for (const r of rows) assert.match(r.message_id, /^<[0-9a-f-]{36}@fundamia\.example>$/);

    const dispatcher = dispatcherFor(smtp.port);
    assert.equal(await dispatcher.runOnce(), 2);
    await dispatcher.stop();
    assert.equal(smtp.messages.length, 2);

    const toCustomer = smtp.messages.find((m) => m.rcptTo.includes(CUSTOMER));
    const toShop = smtp.messages.find((m) => m.rcptTo.includes(config.mail.shopEmail));
    assert.ok(toCustomer && toShop);
    // One recipient each: the name's "Bcc:" line reached nobody.
    assert.deepEqual(toCustomer.rcptTo, [CUSTOMER]);
    assert.deepEqual(toShop.rcptTo, [config.mail.shopEmail]);

    const c = parseMime(toCustomer.raw);
    assert.equal(header(c, 'to'), CUSTOMER);
    assert.equal(header(c, 'subject'), `Hemos recibido tu pedido n.º ${order.orderNumber}`);
    assert.equal(header(c, 'message-id'), rows[0]!.message_id);
    assert.equal(header(c, 'reply-to'), config.company.email);
    const text = part(c, 'text/plain');
    const html = part(c, 'text/html');
    for (const body of [text, html]) {
      assert.ok(body.includes(order.orderNumber));
      assert.ok(body.includes(`Funda personalizada para ${order.brand.name} ${order.model.name}`));
      assert.ok(body.includes(formatEuros(order.total)));
      assert.ok(body.includes(order.store.address));
      assert.ok(body.includes(config.company.hours));
      assert.ok(body.includes('al recoger tu funda en la tienda'));
    }
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'the name is escaped in HTML');
    assert.ok(!html.includes('<script'), 'no script element in the HTML');
    assert.ok(
      text.includes('Hola, Ana <script>alert(1)</script> Bcc: intruso@evil.example X-Injected: yes:'),
    );
    assert.match(html, /^<!DOCTYPE html>\s*<html lang="es"/);

    const s = parseMime(toShop.raw);
    const subject = header(s, 'subject');
    assert.ok(
      subject.startsWith(`Nuevo pedido n.º ${order.orderNumber} de Ana <script>alert(1)</script> Bcc:`),
    );
    assert.ok(!/[\r\n]/.test(subject));
    assert.equal(header(s, 'reply-to'), CUSTOMER, 'the shop can answer the customer');
    assert.ok(part(s, 'text/plain').includes('+34 600 111 222'), 'the phone as people read it');
    for (const p of [c, s]) {
      assert.ok(!p.headerLines.some((l) => /^(bcc|x-injected):/i.test(l)), 'no injected header line');
      assert.equal(p.headers.get('subject')?.length, 1);
    }

    const after = await rowsOf(t.db, 'order_id = $1', [id]);
    assert.deepEqual(
      after.map((r) => [r.status, r.attempts, r.sent_at !== null]),
      [
        ['sent', 1, true],
        ['sent', 1, true],
      ],
    );
    // Sent rows are never claimed again.
    const again = dispatcherFor(smtp.port);
    assert.equal(await again.runOnce(), 0);
    await again.stop();
    assert.equal(smtp.messages.length, 2);
  });

  it('queues each milestone mail once, however often the milestone is reported', async () => {
    const id = await pickupOrder(t);
    const effects = makeCheckoutEffects(config, t.app.deps.files, paymentFacts);
    await t.db.transaction((tx) => effects.orderPlaced(tx, id));
    await t.db.transaction((tx) => effects.orderPlaced(tx, id));
    assert.equal(
      await t.db.transaction((tx) => enqueueOrderMail(tx, id, 'order-received', config, mailFacts)),
      0,
    );
    assert.equal((await rowsOf(t.db, 'order_id = $1', [id])).length, 2);

    // Paid at the counter: the receipt to the customer; the shop already has its copy.
    await t.db.query(`UPDATE orders SET status = 'paid' WHERE id = $1`, [id]);
    await t.db.transaction((tx) => effects.orderPaid(tx, id));
    await t.db.transaction((tx) => effects.orderPaid(tx, id));
    const rows = await rowsOf(t.db, 'order_id = $1', [id]);
    assert.deepEqual(rows.map((r) => r.dedupe_key).sort(), [
      `order:${id}:paid:customer`,
      `order:${id}:received:customer`,
      `order:${id}:received:shop`,
    ]);

    await t.db.transaction((tx) => effects.orderReady(tx, id));
    await t.db.transaction((tx) => effects.orderReady(tx, id));
    assert.equal((await rowsOf(t.db, `order_id = $1 AND kind = 'ready-for-pickup'`, [id])).length, 1);
    await t.db.query('DELETE FROM mail_outbox WHERE order_id = $1', [id]);
  });

  it("the shop's copy shows a full invoice asked for, before the payment issues it", async () => {
    const id = await pickupOrder(t);
    await t.db.query(
      `INSERT INTO invoice_requests (order_id, tax_id, tax_id_kind, country, name, address, postal_code, city)
       VALUES ($1, 'B12345674', 'NIF', 'ES', 'Talleres Pérez, S.L.', 'Calle Larios 5', '29005', 'Málaga')`,
      [id],
    );
    await t.db.transaction((tx) =>
      makeCheckoutEffects(config, t.app.deps.files, paymentFacts).orderPlaced(tx, id),
    );
    const { rows } = await t.db.query<{ to_address: string; text_body: string; html_body: string }>(
      'SELECT to_address, text_body, html_body FROM mail_outbox WHERE order_id = $1',
      [id],
    );
    const shop = rows.find((r) => r.to_address === config.mail.shopEmail);
    assert.ok(shop, 'the shop has its copy');
    assert.ok(
      shop.text_body.includes(
        'Factura completa solicitada\n  NIF, NIE o CIF: B12345674\n  Nombre o razón social: Talleres Pérez, S.L.\n  Dirección fiscal: Calle Larios 5, 29005 Málaga',
      ),
      shop.text_body,
    );
    assert.ok(shop.html_body.includes('B12345674'));
    const customer = rows.find((r) => r.to_address === CUSTOMER);
    assert.ok(
      customer && !customer.text_body.includes('Factura completa solicitada'),
      'only in the shop copy',
    );
    await t.db.query('DELETE FROM mail_outbox WHERE order_id = $1', [id]);
    await t.db.query('DELETE FROM invoice_requests WHERE order_id = $1', [id]);
  });

  it('sends no customer mail without a usable address, and still the shop copy', async () => {
    const id = await pickupOrder(t, 'ana@example.com, otro@example.com');
    await t.db.transaction((tx) =>
      makeCheckoutEffects(config, t.app.deps.files, paymentFacts).orderPlaced(tx, id),
    );
    const rows = await rowsOf(t.db, 'order_id = $1', [id]);
    assert.deepEqual(
      rows.map((r) => r.to_address),
      [config.mail.shopEmail],
    );
    await t.db.query('DELETE FROM mail_outbox WHERE order_id = $1', [id]);
  });

  it('sends the receipt and the delivery details of a paid home delivery', async () => {
    const id = await deliveryOrder(t);
    const order: Order = await mailFacts.orders.order(t.db, id);
    await t.db.transaction((tx) =>
      makeCheckoutEffects(config, t.app.deps.files, paymentFacts).orderPaid(tx, id),
    );
    assert.deepEqual(
      (await rowsOf(t.db, 'order_id = $1', [id])).map((r) => r.kind),
      ['order-paid', 'delivery-details'],
    );
    const before = smtp.messages.length;
    const dispatcher = dispatcherFor(smtp.port);
    assert.equal(await dispatcher.runOnce(), 2);
    await dispatcher.stop();
    const arrived = smtp.messages.slice(before).map((m) => ({ rcpt: m.rcptTo, mail: parseMime(m.raw) }));

    const receipt = arrived.find((m) => m.rcpt[0] === 'luis@example.com')!.mail;
    assert.equal(header(receipt, 'subject'), `Pago recibido: pedido n.º ${order.orderNumber}`);
    const text = part(receipt, 'text/plain');
    assert.ok(text.includes(`Envío a domicilio: ${formatEuros(5)}`));
    assert.ok(text.includes(`Total pagado: ${formatEuros(order.total + 5)} (IVA incluido)`));
    assert.ok(text.includes('2 a 4 días laborables'));
    assert.ok(text.includes('lunes a viernes'));
    assert.ok(part(receipt, 'text/html').includes('Calle Larios, 5, 2.º B'));

    const details = arrived.find((m) => m.rcpt[0] === config.mail.shopEmail)!.mail;
    assert.equal(
      header(details, 'subject'),
      `Datos de envío del pedido n.º ${order.orderNumber}: Luis Gómez`,
    );
    const dt = part(details, 'text/plain');
    for (const v of [
      'Luis Gómez',
      '+34 611 222 333',
      'luis@example.com',
      'Calle Larios, 5, 2.º B',
      'Málaga',
      '29005',
    ]) {
      assert.ok(dt.includes(v), v);
    }
  });

  it('keeps a mail pending with backoff while the server is down, then sends it exactly once', async () => {
    const port = await deadPort();
    const queued = await enqueueMail(
      t.db,
      { toList: ['cliente@example.com'], subject: 'Aviso', text: 'Hola' },
      config,
    );
    assert.equal(queued, 1);
    const [row] = await rowsOf(t.db, `kind = 'manual' AND to_address = 'cliente@example.com'`, []);

    const down = dispatcherFor(port);
    assert.equal(await down.runOnce(), 1);
    let [now] = await rowsOf(t.db, 'id = $1', [row!.id]);
    assert.equal(now!.status, 'pending');
    assert.equal(now!.attempts, 1);
    assert.equal(now!.due_later, true, 'next attempt at least 20 s away');
    assert.match(now!.last_error ?? '', /ECONNREFUSED|ESOCKET|ECONNECTION/);
    // Not due yet: nothing is attempted.
    assert.equal(await down.runOnce(), 0);
    await down.stop();

    const back = await startSmtp(port);
    try {
      await t.db.query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1`, [row!.id]);
      const up = dispatcherFor(port);
      assert.equal(await up.runOnce(), 1);
      for (let i = 0; i < 3; i++) assert.equal(await up.runOnce(), 0);
      await up.stop();
      assert.equal(back.messages.length, 1);
      [now] = await rowsOf(t.db, 'id = $1', [row!.id]);
      assert.equal(now!.status, 'sent');
      assert.equal(now!.attempts, 2);
      assert.equal(now!.last_error, null);
      assert.equal(header(parseMime(back.messages[0]!.raw), 'message-id'), row!.message_id);
    } finally {
      await back.close();
    }
  });

  it('gives a mail up as failed after the last attempt', async () => {
    const port = await deadPort();
    await enqueueMail(t.db, { toList: ['nunca@example.com'], subject: 'Aviso', text: 'Hola' }, config);
    const d = dispatcherFor(port, { maxAttempts: 2 });
    const where = `to_address = 'nunca@example.com'`;
    assert.equal(await d.runOnce(), 1);
    assert.equal((await rowsOf(t.db, where, []))[0]!.status, 'pending');
    await t.db.query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE ${where}`);
    assert.equal(await d.runOnce(), 1);
    const [row] = await rowsOf(t.db, where, []);
    assert.equal(row!.status, 'failed');
    assert.equal(row!.attempts, 2);
    await t.db.query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE ${where}`);
    assert.equal(await d.runOnce(), 0);
    await d.stop();
  });

  it('puts a mail stuck in sending after a crash back in the queue, and never resends a sent one', async () => {
    await enqueueMail(t.db, { toList: ['atascado@example.com'], subject: 'Aviso', text: 'Hola' }, config);
    const where = `to_address = 'atascado@example.com'`;
    await t.db.query(
      `UPDATE mail_outbox SET status = 'sending', attempts = 1, claimed_at = now() - interval '11 minutes' WHERE ${where}`,
    );
    const before = smtp.messages.length;
    const d = dispatcherFor(smtp.port);
    assert.equal(await d.runOnce(), 1);
    const [row] = await rowsOf(t.db, where, []);
    assert.equal(row!.status, 'sent');
    assert.equal(row!.attempts, 2);
    assert.equal(smtp.messages.length, before + 1);

    // A fresh claim (under 10 minutes) belongs to a live instance: left alone.
    await enqueueMail(t.db, { toList: ['enviando@example.com'], subject: 'Aviso', text: 'Hola' }, config);
    await t.db.query(
      `UPDATE mail_outbox SET status = 'sending', attempts = 1, claimed_at = now() WHERE to_address = 'enviando@example.com'`,
    );
    assert.equal(await d.runOnce(), 0);
    await d.stop();
    assert.equal(smtp.messages.length, before + 1);
  });

  it('keeps the SMTP password out of the stored error', async () => {
    const secret = 's3cr3t-pa55';
    const strict = await startSmtp(0, {
      authOptional: false,
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      // A careless server that repeats the password it was given.
      onAuth(auth, _session, callback) {
        callback(new Error(`Credenciales no válidas: ${auth.username}/${auth.password}`));
      },
    });
    try {
      await enqueueMail(t.db, { toList: ['clave@example.com'], subject: 'Aviso', text: 'Hola' }, config);
      const d = new MailDispatcher({
        db: t.db,
        transport: new SmtpTransport(`smtp://tienda:${secret}@127.0.0.1:${strict.port}`, { timeoutMs: 3000 }),
        from: config.mail.from,
      });
      assert.equal(await d.runOnce(), 1);
      await d.stop();
      const [row] = await rowsOf(t.db, `to_address = 'clave@example.com'`, []);
      assert.equal(row!.status, 'pending');
      assert.ok(row!.last_error?.includes('Credenciales no válidas: tienda/***'), row!.last_error ?? '');
      assert.ok(!row!.last_error?.includes(secret));
      assert.equal(strict.messages.length, 0);
    } finally {
      await strict.close();
    }
  });

  it('never sends a mail twice when several instances dispatch at once', async () => {
    const toList = Array.from({ length: 20 }, (_, i) => `lote${i}@example.com`);
    await enqueueMail(t.db, { toList, subject: 'Lote', text: 'Hola' }, config);
    await enqueueMail(
      t.db,
      { toList: toList.map((a) => a.replace('lote', 'lote-b')), subject: 'Lote', text: 'Hola' },
      config,
    );
    const before = smtp.messages.length;
    const instances = [dispatcherFor(smtp.port), dispatcherFor(smtp.port), dispatcherFor(smtp.port)];
    const drain = async (d: MailDispatcher) => {
      while ((await d.runOnce()) > 0) {}
    };
    await Promise.all(instances.map(drain));
    await Promise.all(instances.map((d) => d.stop()));
    const arrived = smtp.messages.slice(before);
    assert.equal(arrived.length, 40);
    const ids = new Set(arrived.map((m) => header(parseMime(m.raw), 'message-id')));
    assert.equal(ids.size, 40);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE subject = 'Lote' AND status = 'sent' AND attempts = 1`,
    );
    assert.equal(rows[0]!.n, 40);
  });

  it('polls on its own once started, and stops cleanly', async () => {
    await enqueueMail(t.db, { toList: ['sondeo@example.com'], subject: 'Sondeo', text: 'Hola' }, config);
    const d = new MailDispatcher({
      db: t.db,
      transport: new SmtpTransport(`smtp://127.0.0.1:${smtp.port}`, { timeoutMs: 3000 }),
      from: config.mail.from,
      pollMs: 20,
    });
    d.start();
    const deadline = Date.now() + 10_000;
    while ((await rowsOf(t.db, `to_address = 'sondeo@example.com' AND status = 'sent'`, [])).length === 0) {
      assert.ok(Date.now() < deadline, 'the poller did not send the mail');
      await new Promise((r) => setTimeout(r, 20));
    }
    await d.stop();
    await enqueueMail(t.db, { toList: ['tras-parar@example.com'], subject: 'Sondeo', text: 'Hola' }, config);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal((await rowsOf(t.db, `to_address = 'tras-parar@example.com'`, []))[0]!.status, 'pending');
    await t.db.query(`DELETE FROM mail_outbox WHERE to_address = 'tras-parar@example.com'`);
  });

  it('lets the milestone commit when its mail cannot be queued, and logs why', async () => {
    const id = await pickupOrder(t);
    const logged: { obj: object; msg: string }[] = [];
    const log = {
      info() {},
      warn() {},
      error: (obj: object, msg: string) => logged.push({ obj, msg }),
    };
    const effects = makeCheckoutEffects(config, t.app.deps.files, paymentFacts, log);
    await t.db.transaction(async (tx) => {
      // The outbox refuses the insert (as a broken database object would) in this transaction only.
      await tx.query(`ALTER TABLE mail_outbox ADD CONSTRAINT refuse_all CHECK (kind = 'none') NOT VALID`);
      await effects.orderPlaced(tx, id);
      await tx.query(`ALTER TABLE mail_outbox DROP CONSTRAINT refuse_all`);
      await tx.query(`UPDATE orders SET customer_phone = '699000000' WHERE id = $1`, [id]);
    });
    assert.equal((await mailFacts.orders.order(t.db, id)).customerPhone, '699000000');
    assert.equal((await rowsOf(t.db, 'order_id = $1', [id])).length, 0);
    assert.equal(logged.length, 1);
    assert.equal(logged[0]!.msg, 'order mail could not be queued');
    assert.deepEqual(
      { ...logged[0]!.obj, err: undefined },
      { err: undefined, orderId: id, milestone: 'placed' },
    );
  });

  it('gives up at once on a recipient the server refuses', async () => {
    const picky = await startSmtp(0, {
      onRcptTo(address, _session, callback) {
        const err = Object.assign(new Error('Buzón inexistente'), { responseCode: 550 });
        callback(address.address.startsWith('noexiste') ? err : undefined);
      },
    });
    try {
      await enqueueMail(t.db, { toList: ['noexiste@example.com'], subject: 'Aviso', text: 'Hola' }, config);
      const d = dispatcherFor(picky.port);
      assert.equal(await d.runOnce(), 1);
      await d.stop();
      const [row] = await rowsOf(t.db, `to_address = 'noexiste@example.com'`, []);
      assert.equal(row!.status, 'failed');
      assert.equal(row!.attempts, 1);
      assert.match(row!.last_error ?? '', /550/);
    } finally {
      await picky.close();
    }
  });
});

describe('the .eml outbox', () => {
  let t: TestApp;
  let dir: string;
  const config = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' });

  before(async () => {
    t = await createTestApp();
    dir = await mkdtemp(path.join(tmpdir(), 'shop-outbox-'));
  });
  after(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes each message as a complete .eml file named after its Message-ID', async () => {
    const id = await pickupOrder(t);
    await t.db.transaction((tx) =>
      enqueueOrderMail(tx, id, 'order-received', config(), mailFacts, {
        audiences: ['customer'],
      }),
    );
    const [row] = await rowsOf(t.db, 'order_id = $1', [id]);
    const transport = new OutboxTransport(path.join(dir, 'outbox'));
    const d = new MailDispatcher({ db: t.db, transport, from: config().mail.from });
    assert.equal(await d.runOnce(), 1);

    const files = await readdir(path.join(dir, 'outbox'));
    assert.deepEqual(files, [`${row!.message_id.slice(1, -1)}.eml`]);
    const mail = parseMime(await readFile(transport.fileFor(row!.message_id), 'utf8'));
    assert.equal(header(mail, 'to'), CUSTOMER);
    assert.equal(header(mail, 'message-id'), row!.message_id);
    assert.ok(header(mail, 'subject').startsWith('Hemos recibido tu pedido n.º '));
    assert.ok(part(mail, 'text/html').includes('&lt;script&gt;'));
    assert.ok(part(mail, 'text/plain').includes('Resumen del pedido'));

    // A resend (after a crash) overwrites the same file.
    const { rows } = await t.db.query<{ subject: string; text_body: string; html_body: string }>(
      'SELECT subject, text_body, html_body FROM mail_outbox WHERE id = $1',
      [row!.id],
    );
    await transport.send({
      from: config().mail.from,
      to: CUSTOMER,
      subject: rows[0]!.subject,
      text: rows[0]!.text_body,
      html: rows[0]!.html_body,
      messageId: row!.message_id,
    });
    assert.deepEqual(await readdir(path.join(dir, 'outbox')), files);
    await d.stop();
  });
});
