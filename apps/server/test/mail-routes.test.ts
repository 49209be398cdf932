import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { OutboxPage } from '@shop/contracts/mail';
import {
  ADMIN,
  Client,
  createStaff,
  createTestApp,
  STORE1,
  signedIn,
  type TestApp,
  tableCounts,
} from './helpers.ts';

describe('POST /api/mails and the outbox list', () => {
  let t: TestApp;
  let admin: Client;
  let clerk: Client;

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
    clerk = await signedIn(t.app, STORE1);
  });
  after(() => t.close());

  const valid = {
    toList: ['cliente@example.com'],
    subject: 'Su pedido',
    text: 'Hola,\nsu funda está lista.',
  };

  it('is for administrators only', async () => {
    const anonymous = new Client(t.app);
    const before = await tableCounts(t.db);
    let res = await anonymous.post('/api/mails', valid);
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().error, 'UNAUTHENTICATED');
    // A stranger learns nothing about the input rules either.
    res = await anonymous.post('/api/mails', { toList: 'nope' });
    assert.equal(res.statusCode, 401);
    res = await clerk.post('/api/mails', valid);
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().error, 'FORBIDDEN');
    assert.deepEqual(await tableCounts(t.db), before);

    assert.equal((await anonymous.get('/api/mails/outbox')).statusCode, 401);
    assert.equal((await clerk.get('/api/mails/outbox')).statusCode, 403);
  });

  it('queues one plain-text message per distinct recipient', async () => {
    const res = await admin.post('/api/mails', {
      toList: ['uno@example.com', 'UNO@example.com', ' dos@example.com '],
      subject: 'Aviso de la tienda',
      text: 'Línea 1\r\nLínea 2',
    });
    assert.equal(res.statusCode, 202, res.body);
    assert.deepEqual(res.json(), { queued: 2 });
    assert.equal(res.headers['cache-control'], 'no-store');
    const { rows } = await t.db.query<{
      to_address: string;
      kind: string;
      status: string;
      html_body: string | null;
    }>(`SELECT to_address, kind, status, html_body FROM mail_outbox ORDER BY id`);
    assert.deepEqual(rows, [
      { to_address: 'uno@example.com', kind: 'manual', status: 'pending', html_body: null },
      { to_address: 'dos@example.com', kind: 'manual', status: 'pending', html_body: null },
    ]);
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const before = await tableCounts(t.db);
    const bad: unknown[] = [
      {},
      { ...valid, toList: [] },
      { ...valid, toList: 'cliente@example.com' },
      { ...valid, toList: ['no-es-un-correo'] },
      { ...valid, toList: ['a@example.com, b@example.com'] },
      { ...valid, toList: Array.from({ length: 21 }, (_, i) => `c${i}@example.com`) },
      { ...valid, subject: '' },
      { ...valid, subject: 'Hola\r\nBcc: intruso@evil.example' },
      { ...valid, subject: 'x'.repeat(201) },
      { ...valid, text: '   ' },
      { ...valid, text: 'x'.repeat(20_001) },
      { ...valid, text: 'nul \u0000 inside' },
    ];
    for (const body of bad) {
      const res = await admin.post('/api/mails', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(res.json().error, 'VALIDATION_FAILED');
    }
    assert.deepEqual(await tableCounts(t.db), before);
  });

  it('lists the outbox newest first, a page at a time', async () => {
    const res = await admin.get('/api/mails/outbox?page=1&size=1');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    const page = res.json() as OutboxPage;
    assert.equal(page.total, 2);
    assert.equal(page.items.length, 1);
    const [item] = page.items;
    assert.equal(item!.to, 'dos@example.com');
    assert.equal(item!.subject, 'Aviso de la tienda');
    assert.equal(item!.status, 'pending');
    assert.equal(item!.attempts, 0);
    assert.equal(item!.sentAt, null);
    assert.equal(item!.lastError, null);
    assert.ok(!Number.isNaN(Date.parse(item!.createdAt)));
    const second = (await admin.get('/api/mails/outbox?page=2&size=1')).json() as OutboxPage;
    assert.equal(second.items[0]!.to, 'uno@example.com');
    assert.equal((await admin.get('/api/mails/outbox?size=0')).statusCode, 400);
    assert.equal((await admin.get('/api/mails/outbox?page=abc')).statusCode, 400);
  });
});
