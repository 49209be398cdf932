// The conditions on a durable medium (ADR 26): the customer's confirmation mail carries them as a
// PDF printed from the same texts the site shows, with the guarantee's terms, how to complain, the
// hojas de reclamaciones at a distance and alternative dispute resolution; the order keeps the
// version it received; GET /api/conditions/pdf serves the current one. Read from a real SMTP server
// on loopback and with poppler's pdftotext.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Order } from '@shop/contracts/orders';
import { Client, createTestApp, type TestApp } from './helpers.ts';
import {
  type Arrived,
  deliverQueuedMail,
  header,
  parseMime,
  startSmtp,
  type TestSmtp,
} from './mail-support.ts';
import {
  type CatalogueModel,
  firstModel,
  initiate,
  notificationFor,
  payNowOrder,
  postNotification,
  requestParams,
} from './payments-support.ts';

/** The PDF attachments of a mail, by file name, with their bytes. */
function pdfAttachments(raw: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const chunk of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = chunk.search(/\r?\n\r?\n/);
    const head = chunk.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (!/content-type:\s*application\/pdf/i.test(head)) continue;
    const name = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? '';
    const body = chunk.slice(split).replace(/--[^\r\n]*--\s*$/, '');
    found.set(name, Buffer.from(body.replace(/\s+/g, ''), 'base64'));
  }
  return found;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'conditions-'));
  try {
    const file = join(dir, 'c.pdf');
    await writeFile(file, bytes);
    const r = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (r.error) assert.fail('pdftotext (poppler-utils) is needed to read the conditions PDF');
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the conditions as a PDF with the confirmation mail', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let customer: Client;
  let model: CatalogueModel;

  before(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://tienda.example' } });
    smtp = await startSmtp();
    customer = new Client(t.app);
    model = await firstModel(customer);
  });
  after(async () => {
    await smtp.close();
    await t.close();
  });

  async function deliver(): Promise<Arrived[]> {
    const before = smtp.messages.length;
    await deliverQueuedMail(t, smtp.port);
    return smtp.messages.slice(before);
  }

  const toCustomer = (mails: Arrived[]) => mails.filter((m) => m.rcptTo.includes('lucia@example.com'));

  async function recorded(orderId: string) {
    const { rows } = await t.db.query<{ version: string; file_id: string }>(
      'SELECT version, file_id FROM order_conditions WHERE order_id = $1',
      [orderId],
    );
    return rows;
  }

  it('placed to pay at the store: the confirmation carries the conditions, their version is kept', async () => {
    const order = await payNowOrder(customer, model, { delivery: false });
    const res = await customer.post(`/api/orders/${order.id}/confirmPaymentMethod?paymentMethod=paystore`);
    assert.equal((res.json() as Order).status, 'to_pay_at_store');
    const mails = await deliver();
    const mine = toCustomer(mails);
    assert.equal(mine.length, 1);
    assert.match(header(parseMime(mine[0]!.raw), 'subject'), new RegExp(order.orderNumber));

    const [copy] = await recorded(order.id);
    assert.ok(copy, 'the order keeps the version it was sent');
    const pdfs = pdfAttachments(mine[0]!.raw);
    const pdf = pdfs.get(`condiciones-${copy.version}.pdf`);
    assert.ok(pdf, `the conditions are attached (got ${[...pdfs.keys()]})`);
    const text = await pdfText(pdf);
    for (const expected of [
      'Condiciones de tu pedido',
      `versión ${copy.version}`,
      'Fundas Málaga Demo, S.L.',
      'Condiciones generales de contratación',
      'Condiciones de garantía',
      'garantía comercial',
      'garantía legal de conformidad',
      'no es un plazo de la garantía legal',
      'hojas de quejas y reclamaciones',
      'Si compra a distancia',
      'Consumo Responde',
      'Resolución alternativa de litigios',
      'Junta Arbitral de Consumo',
      'haber leído la Política de privacidad',
    ]) {
      assert.ok(text.includes(expected), `the PDF says "${expected}"`);
    }
    // The shop's copy of the mail is not the customer's durable medium.
    for (const shopMail of mails.filter((m) => !m.rcptTo.includes('lucia@example.com'))) {
      assert.equal(pdfAttachments(shopMail.raw).size, 0);
    }

    // The stored copy is the one that went, and the one served now is the same version.
    const stored = await t.app.deps.files.store.get(
      (
        await t.db.query<{ storage_key: string }>('SELECT storage_key FROM files WHERE id = $1', [
          copy.file_id,
        ])
      ).rows[0]!.storage_key,
    );
    assert.deepEqual(stored, pdf);
    const current = await customer.get('/api/conditions/pdf');
    assert.equal(current.statusCode, 200);
    assert.match(String(current.headers['content-type']), /^application\/pdf/);
    assert.equal(current.headers['x-conditions-version'], copy.version);
    assert.ok((await pdfText(current.rawPayload)).includes('Condiciones de tu pedido'));
  });

  it('paid online: the receipt is the confirmation and carries them once; later mails do not repeat them', async () => {
    const order = await payNowOrder(customer, model, { delivery: true });
    const init = await initiate(customer, order.id, '?method=card');
    assert.equal((await postNotification(t.app, notificationFor(requestParams(init)))).statusCode, 200);
    const mine = toCustomer(await deliver());
    assert.equal(mine.length, 1);
    const [copy] = await recorded(order.id);
    assert.ok(copy);
    const names = [...pdfAttachments(mine[0]!.raw).keys()];
    assert.ok(names.includes(`condiciones-${copy.version}.pdf`), `got ${names}`);
    assert.ok(
      names.some((n) => n.startsWith('factura-')),
      'with the invoice',
    );
    // Same texts, same stored PDF for every order.
    const versions = await t.db.query('SELECT DISTINCT version, file_id FROM order_conditions');
    assert.equal(versions.rows.length, 1);
  });
});
