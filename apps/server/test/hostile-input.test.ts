import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import type { Model, ModelPage } from '@shop/contracts/catalogue';
import { singleLine } from '@shop/contracts/checkout';
import type { GeneratedInvoice } from '@shop/contracts/invoices';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import type { PaymentInitiation } from '@shop/contracts/payments';
import type { Store } from '@shop/contracts/stores';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { paramOf } from '../src/modules/payments/redsys.ts';
import { HTTP_TIMEOUTS } from '../src/plugins/http-timeouts.ts';
import { IDENTITY, multipart } from './checkout-helpers.ts';
import { animatedPng, animatedWebp } from './fixtures/images.ts';
import { ADMIN, Client, signedIn } from './helpers.ts';
import { notificationFor, requestParams } from './payments-support.ts';
import {
  ADDRESS,
  assertRefused,
  buildAppOn,
  CONTACT,
  createSecurityApp,
  OrderFactory,
  ok,
  type SecurityApp,
  smallPhoto,
  smallPng,
  stored,
} from './security-support.ts';

// =================================================================================================
// HOSTILE-INPUT INDEX: every case of this file, with the answer it must get. Cases already covered
// elsewhere are not repeated (and not counted):
//   malformed.test.ts  - oversized/deep JSON, text/plain/XML/form bodies, `__proto__` on
//                        POST /api/brands, bad ids, prices as text, unknown API paths;
//   photos.test.ts     - 10,000 parts and JSON on POST /api/images, SVG/HTML/truncated/bomb/huge
//                        files, forged and expired phone tokens;
//   images-pipeline.test.ts - animated and other formats fed to the ingest function directly;
//   auth.test.ts       - CSRF tokens, cross-site Origin, roles, sign-in rate limit;
//   payments*.test.ts  - client amounts on initiation, forged/tampered notifications;
//   mail*.test.ts      - a `<script>`/`Bcc:` customer *name* in mails, staff mail injection;
//   staff-orders.test.ts - anonymous listing (401), another store's orders (403).
// Statuses marked * were 500s (or accepted garbage) before the fixes that came with this file.
// =================================================================================================
const INDEX = [
  // --- bodies and content types ------------------------------------------------------------------
  ['H01', 'oversized JSON (300 KB) on confirmUserDetails', '413 BODY_TOO_LARGE'],
  ['H02', 'oversized JSON on staff sign-in', '413 BODY_TOO_LARGE'],
  ['H03', 'oversized JSON on PUT /api/orders/:id (photo)', '413 BODY_TOO_LARGE'],
  ['H04', '5,000-level nested JSON on PUT design', '400 INVALID_JSON'],
  ['H05', '17-level nested JSON (one over the cap) on POST /api/orders', '400 INVALID_JSON'],
  ['H06', '5,000-level nested JSON on POST /api/mails (admin)', '400 INVALID_JSON'],
  ['H07', 'multipart body on POST /api/orders', '415 UNSUPPORTED_MEDIA_TYPE'],
  ['H08', 'multipart body on PUT /api/orders/:id/design', '415 UNSUPPORTED_MEDIA_TYPE'],
  ['H09', 'multipart body on PUT /api/orders/:id (multipart parser in scope)', '400 VALIDATION_FAILED'],
  ['H10', 'JSON body on the phone upload', '415 UNSUPPORTED_MEDIA_TYPE'],
  ['H11', 'JSON body on the catalogue image upload (admin)', '415 UNSUPPORTED_MEDIA_TYPE'],
  ['H12', 'JSON body on PUT /api/images/:id (its owner)', '415 UNSUPPORTED_MEDIA_TYPE'],
  ['H13', 'multipart/form-data without a boundary on POST /api/images', '400 BAD_REQUEST *'],
  ['H14', 'multipart body cut short (no closing boundary) on POST /api/images', '400 BAD_REQUEST *'],
  ['H15', 'multipart body cut short on the catalogue image upload', '400 BAD_REQUEST *'],
  ['H16', '10,000 multipart parts on the phone upload', '413 BODY_TOO_LARGE'],
  ['H17', '10,000 multipart parts on the catalogue image upload', '400 VALIDATION_FAILED'],
  ['H18', 'JSON body with invalid UTF-8 bytes', '400 INVALID_JSON *'],
  ['H19', 'U+0000 inside a JSON string (contact name)', '400 VALIDATION_FAILED *'],
  ['H20', 'U+0000 in a staff or catalogue JSON body (name, note)', '400 VALIDATION_FAILED *'],
  ['H21', 'U+0000 in the gateway notification form', '400 PAYMENT_NOTIFICATION_INVALID *'],
  // --- file names: never used; keys are the server's own ------------------------------------------
  ['H22', 'filename ../../etc/passwd', '201, key server-made'],
  ['H23', 'filename ..\\..\\win.ini', '201, key server-made'],
  ['H24', 'filename with a NUL byte (foto\\0.php)', '201, key server-made'],
  ['H25', 'filename of 5,000 characters', '201, key server-made'],
  ['H26', 'filename with a right-to-left override (factura\\u202Egpj.php)', '201, key server-made'],
  ['H27', 'filename foto.jpg.php sent as application/x-php', '201, stored and served as image/jpeg'],
  ['H28', 'filename ../../etc/passwd on the phone upload', '200, key server-made'],
  // --- polyglots and animations --------------------------------------------------------------------
  ['H29', 'valid JPEG with an HTML/JS payload appended', '201, re-encoded, payload gone'],
  ['H30', 'GIFAR-style JPEG + ZIP archive', '201, re-encoded, archive gone'],
  ['H31', 'PNG with a tEXt chunk holding <script>', '201, re-encoded, chunk gone'],
  ['H32', 'JPEG + HTML payload as a catalogue picture (admin)', '201, re-encoded, payload gone'],
  ['H33', 'PNG tEXt <script> as a catalogue picture (admin)', '201, re-encoded, chunk gone'],
  ['H34', 'animated WebP on the phone upload', '415 UNSUPPORTED_IMAGE'],
  ['H35', 'animated PNG on POST /api/images', '415 UNSUPPORTED_IMAGE'],
  ['H36', 'animated WebP as a catalogue picture (admin)', '415 UNSUPPORTED_IMAGE'],
  // --- slow clients (real HTTP server) -------------------------------------------------------------
  ['H37', 'multipart body trickled one byte every 100 ms', '408 REQUEST_TIMEOUT, connection closed *'],
  ['H38', 'request headers trickled (slowloris)', '408 REQUEST_TIMEOUT, connection closed'],
  // --- mass assignment: status, total, shipping, paymentMethod, orderNumber, id... --------------------
  ['H39', 'mass assignment on POST /api/orders', '201, no effect'],
  ['H40', 'mass assignment on PUT /api/orders/:id', '200, no effect'],
  ['H41', 'mass assignment on PUT /api/orders/:id/design', '200, no effect'],
  ['H42', 'mass assignment on confirmPaymentMethod (body and query)', '200, no effect'],
  ['H43', 'mass assignment on confirmInStorePickup', '200, no effect'],
  ['H44', 'mass assignment on addDelivery', '200, no effect'],
  ['H45', 'mass assignment on confirmUserDetails', '200, no effect'],
  ['H46', 'mass assignment on confirmDelivery', '200, no effect'],
  ['H47', 'mass assignment on POST /api/payment/initiate/:id', '200, no effect'],
  // --- XSS and CRLF in names and addresses -------------------------------------------------------
  ['H48', 'XSS/CRLF in name and address: the API answers JSON strings', '200 application/json'],
  ['H49', 'XSS/CRLF in name and address: mail bodies escaped, headers single-line', 'escaped'],
  ['H50', 'CRLF in the customer e-mail: refused as an e-mail, never reaches a mail header', '400, no header'],
  ['H51', 'XSS/CRLF in name and address: invoice PDF shows literal text, no JavaScript', 'literal'],
  ['H52', 'XSS/CRLF: the staff list answers JSON strings', '200 application/json'],
  ['H53', 'the back office renders with React only (no raw HTML sinks in apps/web/src)', 'none'],
  // --- order ids ---------------------------------------------------------------------------------------
  ['H54', '1,000 random order UUIDs', '404 ORDER_NOT_FOUND ×1000'],
  ['H55', 'guessed UUIDs: nil, max, sequential, a real id one digit off', '400/404'],
  ['H56', 'order numbers on the customer order calls', '400 VALIDATION_FAILED'],
  // --- header injection ------------------------------------------------------------------------------
  ['H57', 'CRLF + Set-Cookie in decode-url encodedUrl', '400 INVALID_URL_CODE'],
  ['H58', 'forged Host / X-Forwarded-* headers on upload links and payment URLs', '200, own origin'],
  ['H59', 'CRLF in a query string of a call that sets headers', '200, no injected header'],
  // --- e-mail normalisation at sign-in ------------------------------------------------------------
  ['H60', 'ADMIN@TEST.LOCAL signs in (case folded)', '200'],
  ['H61', 'admin@test.local + U+0000', '400 VALIDATION_FAILED'],
  ['H62', 'full-width ａｄｍｉｎ@test.local', '400/401, no session'],
  ['H63', 'Cyrillic homoglyph аdmin@test.local', '400/401, no session'],
  ['H64', 'dotted capital I: ADMİN@TEST.LOCAL', '400/401, no session'],
  // --- SQL-ish search terms ---------------------------------------------------------------------------
  ['H65', "filtro=' OR 1=1 --", '200, no match'],
  ['H66', 'filtro=% (LIKE wildcard)', '200, no match'],
  ['H67', 'filtro=_ (LIKE wildcard)', '200, no match'],
  ['H68', 'filtro=\\ (LIKE escape)', '200, no match'],
  ['H69', "stores and brands ?name=' OR 1=1 -- and %", '200, empty'],
  ['H70', "staff orderId=' OR 1=1 --", '400 VALIDATION_FAILED'],
  ['H71', 'U+0000 (%00) in filtro and name filters', '400 VALIDATION_FAILED *'],
  // --- prototype pollution -------------------------------------------------------------------------
  ['H72', '__proto__ / constructor.prototype in every JSON body', '2xx, no pollution'],
  ['H73', '__proto__[x] / constructor[prototype] in query strings', '200, no pollution'],
  // --- numbers -----------------------------------------------------------------------------------------
  ['H74', 'NaN in a JSON body', '400 INVALID_JSON'],
  ['H75', 'Infinity in a JSON body', '400 INVALID_JSON'],
  ['H76', '1e309 in amounts and transforms', '400 VALIDATION_FAILED'],
  ['H77', 'negative zero in amounts and ids', '201 as 0 / 400'],
  ['H78', 'ids beyond 2^31-1 in POST /api/orders', '400 VALIDATION_FAILED *'],
  ['H79', 'ids beyond 2^31-1 in model, staff bodies', '400 VALIDATION_FAILED *'],
  ['H80', 'numbers as strings in the design transform', '400 VALIDATION_FAILED'],
  ['H81', 'path ids Infinity, NaN, -0, 1e400', '400 VALIDATION_FAILED'],
  [
    'H82',
    'staff filter storeId 2^31 and impossible dates (2024-02-30, 0000-01-01)',
    '400 VALIDATION_FAILED *',
  ],
  ['H83', 'paging with NaN, -0, Infinity, 1e309', '400 VALIDATION_FAILED'],
  // --- duplicates, long URLs, invalid UTF-8 in URLs, method override --------------------------
  ['H84', '?page=1&page=2', '400 VALIDATION_FAILED'],
  ['H85', '?paymentMethod=paystore&paymentMethod=paynow', '400 VALIDATION_FAILED'],
  ['H86', '?encodedUrl=a&encodedUrl=b', '400 VALIDATION_FAILED'],
  ['H87', '9 KB query string', '414 BAD_REQUEST *'],
  ['H88', '9 KB path parameter', '414 BAD_REQUEST *'],
  ['H89', 'invalid UTF-8 in the path (%C3%28, %FF)', '400 BAD_REQUEST *'],
  ['H90', 'broken percent-encoding in a query (%E0%A4%A)', '200, no match'],
  ['H91', 'X-HTTP-Method-Override: DELETE on POST', '404, nothing deleted'],
  [
    'H92',
    'X-HTTP-Method-Override / X-Method-Override / _method on GET and POST (admin)',
    '200/404, nothing deleted',
  ],
] as const;

type CaseId = (typeof INDEX)[number][0];

const XSS = '<script>alert(1)</script>';
const ATTR = '"><img src=x onerror=alert(1)>';
const CRLF = '\r\nBcc: victim@example.com';
const HOSTILE_NAME = `Ana ${XSS}${CRLF}`;
const HOSTILE_ADDRESS = { address: `Calle ${ATTR}${CRLF}`, city: `Málaga ${XSS}`, postalCode: '29005' };

const MASS = {
  status: 'paid',
  total: 0.01,
  shipping: 0,
  price: 0.01,
  amount: 1,
  paymentMethod: 'paynow',
  orderNumber: '999999',
  id: '11111111-1111-4111-8111-111111111111',
  isHomeDelivery: true,
  pendingPayment: false,
  pendingPrinting: false,
  createdAt: '2000-01-01T00:00:00.000Z',
  store: { id: 2 },
};

interface H {
  s: SecurityApp;
  app: FastifyInstance;
  f: OrderFactory;
  admin: Client;
  tmp: string;
  /** The XSS order: pay now, home delivery, paid through the gateway's notification. */
  xss: Promise<{ id: string; invoice: GeneratedInvoice }>;
}

/** Sends a request that must be refused, checking the refusal and that nothing was stored. */
async function refused(
  h: H,
  client: Client,
  req: InjectOptions,
  status: number,
  code: string,
  label = '',
): Promise<LightMyRequestResponse> {
  const before = await stored(h.s.t);
  const res = await client.request(req);
  assertRefused(res, status, code, label);
  assert.ok(!/<script|<img|onerror/i.test(res.body), `${label} nothing echoed back unescaped`);
  assert.deepEqual(await stored(h.s.t), before, `${label} nothing stored`);
  return res;
}

const json = (method: string, url: string, body: string | Buffer): InjectOptions => ({
  method: method as 'POST',
  url,
  headers: { 'content-type': 'application/json' },
  payload: body,
});
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const form = (url: string, parts: Parameters<typeof multipart>[0], method = 'POST'): InjectOptions => ({
  method: method as 'POST',
  url,
  ...multipart(parts),
});
const filePart = (value: Buffer, filename = 'foto.jpg', type = 'image/jpeg') => ({
  name: 'file',
  value,
  filename,
  type,
});

// ------------------------------------------------------------------------------------------------
// Polyglot builders
// ------------------------------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A PNG with a tEXt chunk right after IHDR. */
async function pngWithText(text: string): Promise<Buffer> {
  const png = await smallPng(120, 90);
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([
    png.subarray(0, ihdrEnd),
    pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')),
    png.subarray(ihdrEnd),
  ]);
}

/** A one-file ZIP archive (stored, no compression), as a GIFAR/JAR would carry. */
function zipArchive(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localSize = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(localSize, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

const HTML_PAYLOAD = `<html><body><script>alert(document.cookie)</script><img src=x onerror=alert(1)></body></html>`;

/** Every stored byte of an upload and its derivatives, by URI. */
async function storedBytesOf(h: H, uri: string): Promise<{ key: string; bytes: Buffer; type: string }[]> {
  const id = uri.split('/').pop()!;
  const { rows } = await h.s.t.db.query<{ storage_key: string; content_type: string }>(
    'SELECT storage_key, content_type FROM files WHERE id = $1 OR parent_id = $1',
    [id],
  );
  assert.ok(rows.length >= 1, 'stored');
  return rows.map((r) => ({
    key: r.storage_key,
    type: r.content_type,
    bytes: h.s.t.files.files.get(r.storage_key)!,
  }));
}

/** The server made the storage keys; nothing of the client's file name reached a key or a row. */
async function assertServerKeys(h: H, uri: string, filename: string): Promise<void> {
  const files = await storedBytesOf(h, uri);
  for (const f of files) {
    assert.match(f.key, /^upload(-preview)?\/[A-Za-z0-9_-]{22}\.jpg$/, `key ${f.key}`);
    assert.ok(f.bytes, `bytes under ${f.key}`);
  }
  const probe = filename.replace(/\0/g, '').slice(0, 12);
  const { rows } = await h.s.t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM files WHERE storage_key LIKE '%' || $1 || '%' OR content_type LIKE '%php%'`,
    [probe.replace(/[\\%_]/g, (c) => `\\${c}`)],
  );
  assert.equal(rows[0]!.n, 0, 'no trace of the client file name or type');
  for (const key of h.s.t.files.files.keys()) {
    assert.ok(!key.includes('..') && !key.includes('\\') && !key.includes('\0'), `key ${key}`);
  }
}

/** An upload must come back as a clean image: served as such, without the payload anywhere. */
async function assertPayloadGone(h: H, uri: string, payloads: (string | Buffer)[]): Promise<void> {
  for (const f of await storedBytesOf(h, uri)) {
    for (const p of payloads) assert.equal(f.bytes.indexOf(p), -1, `${f.key} still holds the payload`);
    const meta = await sharp(f.bytes).metadata();
    assert.ok(meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp', f.key);
    if (f.type === 'image/jpeg') {
      assert.equal(f.bytes.readUInt16BE(f.bytes.length - 2), 0xffd9, `${f.key} ends at the JPEG end marker`);
    }
  }
  const served = await h.admin.get(`${uri}?variant=original`);
  assert.equal(served.statusCode, 200);
  assert.match(String(served.headers['content-type']), /^image\/(jpeg|png|webp)$/);
  assert.equal(served.headers['x-content-type-options'], 'nosniff');
  for (const p of payloads) assert.equal(served.rawPayload.indexOf(p), -1);
}

/** A fresh client's upload through POST /api/images. */
async function uploadAs(c: Client, value: Buffer, filename: string, type = 'image/jpeg') {
  return c.request(form('/api/images', [filePart(value, filename, type)]));
}

// ------------------------------------------------------------------------------------------------
// Raw HTTP for slow clients
// ------------------------------------------------------------------------------------------------

interface Trickle {
  elapsedMs: number;
  response: string;
}

/** Opens a socket, sends `head`, then one chunk every 100 ms until the server closes it (max 15 s). */
async function trickle(port: number, head: string, chunk: () => Buffer): Promise<Trickle> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const start = Date.now();
  const received: Buffer[] = [];
  socket.on('data', (d: Buffer) => received.push(d));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(chunk());
  }, 100);
  const cap = setTimeout(() => socket.destroy(), 15_000);
  await closed;
  clearInterval(timer);
  clearTimeout(cap);
  return { elapsedMs: Date.now() - start, response: Buffer.concat(received).toString('utf8') };
}

/** The JSON body of a raw HTTP response. */
const rawBody = (response: string): unknown => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));

// ------------------------------------------------------------------------------------------------
// Mass assignment: the same call with and without the extra fields gives the same order
// ------------------------------------------------------------------------------------------------

/** What an order looks like, minus what differs between two orders anyway. */
function comparable(o: Order) {
  // Every order has a tracking token of its own (the owner reads it with the order).
  const { id: _id, orderNumber: _n, createdAt: _c, trackingToken: _t, ...rest } = o;
  return rest;
}

async function massCase(
  h: H,
  makeOrder: () => Promise<string>,
  call: (id: string, extra: boolean) => InjectOptions,
): Promise<void> {
  const plain = await makeOrder();
  const hostile = await makeOrder();
  const a = await h.f.owner.request(call(plain, false));
  const b = await h.f.owner.request(call(hostile, true));
  assert.equal(b.statusCode, a.statusCode, b.body.slice(0, 300));
  assert.ok(a.statusCode < 300, a.body.slice(0, 300));
  const plainOrder = await h.f.get(plain);
  const hostileOrder = await h.f.get(hostile);
  assert.deepEqual(comparable(hostileOrder), comparable(plainOrder), 'the extra fields changed nothing');
  assert.equal(hostileOrder.id, hostile);
  assert.notEqual(hostileOrder.orderNumber, MASS.orderNumber);
  assert.notEqual(hostileOrder.status, 'paid');
  assert.equal(hostileOrder.total, h.f.model.price);
  assert.equal(hostileOrder.store.id, 1);
}

// ------------------------------------------------------------------------------------------------
// The cases
// ------------------------------------------------------------------------------------------------

const CASES: Record<CaseId, (h: H) => Promise<void>> = {
  // --- bodies and content types -------------------------------------------------------------------
  async H01(h) {
    const id = await h.f.designed('paystore');
    const body = JSON.stringify({ name: 'x'.repeat(300_000) });
    await refused(
      h,
      h.f.owner,
      json('POST', `/api/orders/${id}/confirmUserDetails`, body),
      413,
      'BODY_TOO_LARGE',
    );
    assert.equal((await h.f.get(id)).customerName, null);
  },
  async H02(h) {
    const body = JSON.stringify({ email: ADMIN.email, password: 'p'.repeat(300_000) });
    const c = new Client(h.app);
    await refused(h, c, json('POST', '/api/auth/login', body), 413, 'BODY_TOO_LARGE');
    assert.equal(c.cookies.has('staff_session'), false);
  },
  async H03(h) {
    const id = await h.f.created();
    const body = JSON.stringify({ image: h.f.photo, padding: 'x'.repeat(300_000) });
    await refused(h, h.f.owner, json('PUT', `/api/orders/${id}`, body), 413, 'BODY_TOO_LARGE');
  },
  async H04(h) {
    const id = await h.f.withPhoto();
    const res = await refused(
      h,
      h.f.owner,
      json('PUT', `/api/orders/${id}/design`, nested(5000)),
      400,
      'INVALID_JSON',
    );
    assert.equal(res.json().message, messages.jsonTooDeep);
  },
  async H05(h) {
    const body = `${'['.repeat(17)}${']'.repeat(17)}`;
    const res = await refused(h, h.f.owner, json('POST', '/api/orders', body), 400, 'INVALID_JSON');
    assert.equal(res.json().message, messages.jsonTooDeep);
  },
  async H06(h) {
    await refused(h, h.admin, json('POST', '/api/mails', nested(5000)), 400, 'INVALID_JSON');
  },
  async H07(h) {
    const parts = [{ name: 'store', value: '{"id":1}' }];
    await refused(h, h.f.owner, form('/api/orders', parts), 415, 'UNSUPPORTED_MEDIA_TYPE');
  },
  async H08(h) {
    const id = await h.f.withPhoto();
    const parts = [{ name: 'design', value: h.f.design }];
    await refused(
      h,
      h.f.owner,
      form(`/api/orders/${id}/design`, parts, 'PUT'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  },
  async H09(h) {
    const id = await h.f.created();
    const parts = [{ name: 'image', value: h.f.photo }];
    await refused(h, h.f.owner, form(`/api/orders/${id}`, parts, 'PUT'), 400, 'VALIDATION_FAILED');
    assert.equal((await h.f.get(id)).image, null);
  },
  async H10(h) {
    const { token } = await h.f.uploadToken();
    const req = json('POST', '/api/orders/upload/', JSON.stringify({ encodedUrl: token, file: 'AAAA' }));
    await refused(h, new Client(h.app), req, 415, 'UNSUPPORTED_MEDIA_TYPE');
  },
  async H11(h) {
    const req = json('POST', '/api/admin/images?kind=brand-image', JSON.stringify({ file: 'iVBORw0KGgo=' }));
    await refused(h, h.admin, req, 415, 'UNSUPPORTED_MEDIA_TYPE');
  },
  async H12(h) {
    const uri = (await uploadAs(h.f.owner, await smallPhoto(), 'a.jpg')).json().uri as string;
    await refused(
      h,
      h.f.owner,
      json('PUT', uri, JSON.stringify({ file: 'x' })),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  },
  async H13(h) {
    const req: InjectOptions = {
      method: 'POST',
      url: '/api/images',
      headers: { 'content-type': 'multipart/form-data' },
      payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n${XSS}\r\n--x--\r\n`,
    };
    await refused(h, new Client(h.app), req, 400, 'BAD_REQUEST');
  },
  async H14(h) {
    const req: InjectOptions = {
      method: 'POST',
      url: '/api/images',
      headers: { 'content-type': 'multipart/form-data; boundary=cut' },
      payload: Buffer.concat([
        Buffer.from('--cut\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n'),
        await smallPhoto(),
      ]),
    };
    await refused(h, new Client(h.app), req, 400, 'BAD_REQUEST');
  },
  async H15(h) {
    const req: InjectOptions = {
      method: 'POST',
      url: '/api/admin/images?kind=brand-image',
      headers: { 'content-type': 'multipart/form-data; boundary=cut' },
      payload: Buffer.concat([
        Buffer.from('--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'),
        await smallPng(),
      ]),
    };
    await refused(h, h.admin, req, 400, 'BAD_REQUEST');
  },
  async H16(h) {
    // photos.test.ts sends 10,000 parts to POST /api/images; here the phone's link upload.
    const { id, token } = await h.f.uploadToken();
    const parts = [
      { name: 'encodedUrl', value: token },
      ...Array.from({ length: 10_000 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
    ];
    await refused(h, new Client(h.app), form('/api/orders/upload/', parts), 413, 'BODY_TOO_LARGE');
    assert.equal((await h.f.get(id)).image, null);
  },
  async H17(h) {
    const parts = Array.from({ length: 10_000 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    await refused(h, h.admin, form('/api/admin/images?kind=brand-image', parts), 400, 'VALIDATION_FAILED');
  },
  async H18(h) {
    const id = await h.f.designed('paystore');
    // {"name":"\xC3("} : a UTF-8 lead byte followed by an ASCII byte.
    const body = Buffer.concat([Buffer.from('{"name":"Ana'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    await refused(
      h,
      h.f.owner,
      json('POST', `/api/orders/${id}/confirmUserDetails`, body),
      400,
      'INVALID_JSON',
    );
    const lone = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    await refused(
      h,
      h.f.owner,
      json('POST', `/api/orders/${id}/confirmUserDetails`, lone),
      400,
      'INVALID_JSON',
    );
    assert.equal((await h.f.get(id)).customerName, null);
  },
  async H19(h) {
    const id = await h.f.designed('paystore');
    const body = JSON.stringify({ name: 'Ana\u0000Bcc', email: 'ana@example.com', phone: '600111222' });
    await refused(
      h,
      h.f.owner,
      json('POST', `/api/orders/${id}/confirmUserDetails`, body),
      400,
      'VALIDATION_FAILED',
    );
    const delivery = await h.f.delivery();
    const address = JSON.stringify({ ...ADDRESS, city: 'Mál\u0000aga' });
    await refused(
      h,
      h.f.owner,
      json('POST', `/api/orders/${delivery}/confirmDelivery`, address),
      400,
      'VALIDATION_FAILED',
    );
  },
  async H20(h) {
    const id = await h.f.created();
    const calls: [string, string, unknown][] = [
      ['POST', '/api/brands', { name: 'Marca\u0000' }],
      [
        'POST',
        '/api/stores',
        { name: 'T\u0000', address: 'a', postalCode: '29001', town: 't', province: 'p' },
      ],
      [
        'POST',
        '/api/staff',
        { email: 'n@test.local', name: 'N\u0000', password: 'una-clave-larga', role: 'admin' },
      ],
      ['POST', `/api/orders/${id}/status`, { status: 'cancelled', note: 'nota\u0000' }],
      ['POST', '/api/auth/login', { email: ADMIN.email, password: `${ADMIN.password}\u0000` }],
    ];
    for (const [method, url, body] of calls) {
      await refused(h, h.admin, json(method, url, JSON.stringify(body)), 400, 'VALIDATION_FAILED', url);
    }
    assert.equal((await h.f.get(id)).status, 'created');
  },
  async H21(h) {
    const before = await stored(h.s.t);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/payment/redsys/notification',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'Ds_SignatureVersion=HMAC_SHA256_V1%00&Ds_MerchantParameters=%00e30%3D&Ds_Signature=%00',
    });
    assertRefused(res, 400, 'PAYMENT_NOTIFICATION_INVALID');
    const after = await stored(h.s.t);
    // The unverifiable post is logged (payment_notifications) and nothing else changes.
    const { payment_notifications: logged = 0, ...rest } = after.rows;
    const { payment_notifications: loggedBefore = 0, ...restBefore } = before.rows;
    assert.ok(logged - loggedBefore <= 1);
    assert.deepEqual(rest, restBefore);
  },

  // --- file names ------------------------------------------------------------------------------------
  H22: (h) => fileNameCase(h, '../../etc/passwd'),
  H23: (h) => fileNameCase(h, '..\\..\\win.ini'),
  H24: (h) => fileNameCase(h, 'foto\u0000.php'),
  H25: (h) => fileNameCase(h, `${'a'.repeat(5000)}.jpg`),
  H26: (h) => fileNameCase(h, 'factura\u202Egpj.php'),
  async H27(h) {
    const res = await uploadAs(new Client(h.app), await smallPhoto(), 'foto.jpg.php', 'application/x-php');
    assert.equal(res.statusCode, 201, res.body);
    const uri = res.json().uri as string;
    await assertServerKeys(h, uri, 'foto.jpg.php');
    const served = await h.admin.get(`${uri}?variant=original`);
    assert.equal(served.headers['content-type'], 'image/jpeg');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
  },
  async H28(h) {
    const { id, token } = await h.f.uploadToken();
    const res = await new Client(h.app).request(
      form('/api/orders/upload/', [
        { name: 'encodedUrl', value: token },
        filePart(await smallPhoto(), '../../etc/passwd'),
      ]),
    );
    assert.equal(res.statusCode, 200, res.body);
    const uri = res.json().uri as string;
    assert.equal((await h.f.get(id)).image, uri);
    await assertServerKeys(h, uri, '../../etc/passwd');
  },

  // --- polyglots and animations --------------------------------------------------------------------
  async H29(h) {
    const polyglot = Buffer.concat([await smallPhoto(), Buffer.from(HTML_PAYLOAD)]);
    const res = await uploadAs(new Client(h.app), polyglot, 'foto.jpg');
    assert.equal(res.statusCode, 201, res.body);
    await assertPayloadGone(h, res.json().uri, ['<script', 'onerror', '<html']);
  },
  async H30(h) {
    const jar = zipArchive('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\nMain-Class: Evil\n');
    const gifar = Buffer.concat([await smallPhoto(), jar]);
    const res = await uploadAs(new Client(h.app), gifar, 'foto.jpg');
    assert.equal(res.statusCode, 201, res.body);
    await assertPayloadGone(h, res.json().uri, [
      Buffer.from('PK\x03\x04', 'latin1'),
      'MANIFEST',
      'Main-Class',
    ]);
  },
  async H31(h) {
    const png = await pngWithText(XSS);
    assert.ok(png.includes(XSS), 'the chunk is there before upload');
    assert.equal((await sharp(png).metadata()).format, 'png');
    const res = await uploadAs(new Client(h.app), png, 'foto.png', 'image/png');
    assert.equal(res.statusCode, 201, res.body);
    await assertPayloadGone(h, res.json().uri, ['<script', 'tEXt', 'Comment']);
  },
  async H32(h) {
    const polyglot = Buffer.concat([await smallPhoto(), Buffer.from(HTML_PAYLOAD)]);
    const res = await h.admin.request(
      form('/api/admin/images?kind=brand-image', [filePart(polyglot, 'marca.jpg')]),
    );
    assert.equal(res.statusCode, 201, res.body);
    const bytes = (await h.app.inject({ method: 'GET', url: res.json().uri })).rawPayload;
    assert.equal(bytes.indexOf('<script'), -1);
    assert.equal(bytes.indexOf('onerror'), -1);
    assert.equal(bytes.readUInt16BE(bytes.length - 2), 0xffd9);
  },
  async H33(h) {
    const res = await h.admin.request(
      form('/api/admin/images?kind=model-image', [
        filePart(await pngWithText(XSS), 'modelo.png', 'image/png'),
      ]),
    );
    assert.equal(res.statusCode, 201, res.body);
    const served = await h.app.inject({ method: 'GET', url: res.json().uri });
    assert.equal(served.headers['content-type'], 'image/png');
    for (const p of ['<script', 'tEXt', 'Comment']) assert.equal(served.rawPayload.indexOf(p), -1, p);
  },
  async H34(h) {
    const { id, token } = await h.f.uploadToken();
    const req = form('/api/orders/upload/', [
      { name: 'encodedUrl', value: token },
      filePart(await animatedWebp(), 'anim.webp', 'image/webp'),
    ]);
    const res = await refused(h, new Client(h.app), req, 415, 'UNSUPPORTED_IMAGE');
    assert.equal(res.json().message, messages.animatedImage);
    assert.equal((await h.f.get(id)).image, null);
  },
  async H35(h) {
    const req = form('/api/images', [filePart(await animatedPng(), 'anim.png', 'image/png')]);
    const res = await refused(h, new Client(h.app), req, 415, 'UNSUPPORTED_IMAGE');
    assert.equal(res.json().message, messages.animatedImage);
  },
  async H36(h) {
    const req = form('/api/admin/images?kind=brand-image', [
      filePart(await animatedWebp(), 'anim.webp', 'image/webp'),
    ]);
    const res = await refused(h, h.admin, req, 415, 'UNSUPPORTED_IMAGE');
    assert.equal(res.json().message, messages.animatedImage);
  },

  // --- slow clients ------------------------------------------------------------------------------------
  async H37(h) {
    // Production keeps Node's own guards, which Fastify would otherwise turn off (0 = never).
    assert.equal(h.app.server.requestTimeout, HTTP_TIMEOUTS.requestMs);
    assert.ok(HTTP_TIMEOUTS.requestMs > 0 && HTTP_TIMEOUTS.requestMs <= 300_000);
    assert.equal(h.app.server.timeout, HTTP_TIMEOUTS.idleMs);
    assert.ok(h.app.server.headersTimeout > 0 && h.app.server.headersTimeout <= HTTP_TIMEOUTS.requestMs);

    await withShortTimeouts(h, async (port, cookie, xsrf) => {
      const before = await stored(h.s.t);
      const boundary = 'slowslowslow';
      const head =
        `POST /api/images HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nX-XSRF-TOKEN: ${xsrf}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lento.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n';
      const jpeg = await smallPhoto();
      let at = 0;
      const { elapsedMs, response } = await trickle(port, head, () => jpeg.subarray(at, ++at));
      assert.match(response, /^HTTP\/1\.1 408 /, `the server answered: ${response.slice(0, 80)}`);
      assert.deepEqual(rawBody(response), { error: 'REQUEST_TIMEOUT', message: messages.requestTimeout });
      assert.ok(elapsedMs < 6000, `closed after ${elapsedMs} ms (request timeout 1.5 s)`);
      assert.ok(at < 100, 'the body never finished');
      assert.deepEqual(await stored(h.s.t), before, 'nothing stored');
    });
  },
  async H38(h) {
    await withShortTimeouts(h, async (port) => {
      let n = 0;
      const { elapsedMs, response } = await trickle(
        port,
        `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n`,
        () => Buffer.from(`X-Lento-${n++}: a\r\n`),
      );
      assert.match(response, /^HTTP\/1\.1 408 /, `the server answered: ${response.slice(0, 80)}`);
      assert.deepEqual(rawBody(response), { error: 'REQUEST_TIMEOUT', message: messages.requestTimeout });
      assert.ok(elapsedMs < 6000, `closed after ${elapsedMs} ms (headers timeout 1 s)`);
    });
  },

  // --- mass assignment -------------------------------------------------------------------------------
  async H39(h) {
    const base = { store: { id: 1 }, brand: { id: h.f.model.brand.id }, model: { id: h.f.model.id } };
    const plain = ok(await h.f.owner.post('/api/orders', base), 201).json() as { id: string };
    const res = ok(await h.f.owner.post('/api/orders', { ...MASS, ...base }), 201);
    const created = res.json() as { id: string; orderNumber: string };
    assert.notEqual(created.id, MASS.id);
    assert.notEqual(created.orderNumber, MASS.orderNumber);
    const order = await h.f.get(created.id);
    assert.deepEqual(
      comparable(order),
      comparable(await h.f.get(plain.id)),
      'the extra fields changed nothing',
    );
    assert.equal(order.status, 'created');
    assert.equal(order.total, h.f.model.price);
    assert.equal(order.shipping, 0);
    assert.equal(order.paymentMethod, null);
    assert.equal(order.isHomeDelivery, false);
    assert.equal(order.pendingPayment, true);
    assert.equal((await h.f.get(MASS.id).catch(() => null))?.id, undefined);
  },
  H40: (h) =>
    massCase(
      h,
      () => h.f.created(),
      (id, extra) => ({
        method: 'PUT',
        url: `/api/orders/${id}`,
        payload: { ...(extra ? MASS : {}), image: h.f.photo },
      }),
    ),
  H41: (h) =>
    massCase(
      h,
      () => h.f.withPhoto(),
      (id, extra) => ({
        method: 'PUT',
        url: `/api/orders/${id}/design`,
        payload: {
          ...(extra ? MASS : {}),
          design: h.f.design,
          transform: { ...IDENTITY, ...(extra ? MASS : {}) },
        },
      }),
    ),
  H42: (h) =>
    massCase(
      h,
      () => h.f.withDesign(),
      (id, extra) => ({
        method: 'POST',
        url: `/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore${extra ? '&total=0&status=paid&shipping=0' : ''}`,
        ...(extra ? { payload: MASS } : {}),
      }),
    ),
  H43: (h) =>
    massCase(
      h,
      () => h.f.designed('paynow'),
      (id, extra) => ({
        method: 'POST',
        url: `/api/orders/${id}/confirmInStorePickup`,
        ...(extra ? { payload: MASS } : {}),
      }),
    ),
  H44: (h) =>
    massCase(
      h,
      () => h.f.designed('paynow'),
      (id, extra) => ({
        method: 'POST',
        url: `/api/orders/${id}/addDelivery`,
        ...(extra ? { payload: { ...MASS, shipping: 0.01, isHomeDelivery: false } } : {}),
      }),
    ),
  H45: (h) =>
    massCase(
      h,
      () => h.f.designed('paystore'),
      (id, extra) => ({
        method: 'POST',
        url: `/api/orders/${id}/confirmUserDetails`,
        payload: { ...(extra ? MASS : {}), ...CONTACT },
      }),
    ),
  H46: (h) =>
    massCase(
      h,
      () => h.f.delivery(),
      (id, extra) => ({
        method: 'POST',
        url: `/api/orders/${id}/confirmDelivery`,
        payload: { ...(extra ? MASS : {}), ...ADDRESS },
      }),
    ),
  async H47(h) {
    await massCase(
      h,
      () => h.f.payNow(),
      (id, extra) => ({
        method: 'POST',
        url: `/api/payment/initiate/${id}${extra ? '?amount=1&total=0.01' : ''}`,
        ...(extra ? { payload: { ...MASS, method: 'card', DS_MERCHANT_AMOUNT: '1' } } : {}),
      }),
    );
    const id = await h.f.payNow();
    const init = ok(
      await h.f.owner.post(`/api/payment/initiate/${id}`, {
        ...MASS,
        method: 'card',
        DS_MERCHANT_AMOUNT: '1',
      }),
    ).json() as PaymentInitiation;
    const order = await h.f.get(id);
    const amount = paramOf(requestParams(init), 'DS_MERCHANT_AMOUNT');
    assert.equal(amount, String(Math.round((order.total + order.shipping) * 100)));
    assert.equal(order.status, 'awaiting_payment');
  },

  // --- XSS and CRLF -----------------------------------------------------------------------------------
  async H48(h) {
    const { id } = await h.xss;
    const res = await h.f.owner.get(`/api/orders/${id}`);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json; charset=utf-8$/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    const order = res.json() as Order;
    // Markup kept as typed (it is text); the line breaks stored as spaces, one line wherever it goes.
    assert.equal(order.customerName, singleLine(HOSTILE_NAME));
    assert.ok(order.customerName?.includes(XSS));
    assert.equal(order.customerAddress, singleLine(HOSTILE_ADDRESS.address));
    assert.equal(order.customerCity, HOSTILE_ADDRESS.city);
    assert.ok(!/[\r\n]/.test(res.body), 'no line break in the JSON text');
  },
  async H49(h) {
    const { id } = await h.xss;
    const { rows } = await h.s.t.db.query<{
      kind: string;
      to_address: string;
      reply_to: string | null;
      subject: string;
      text_body: string;
      html_body: string | null;
    }>(
      'SELECT kind, to_address, reply_to, subject, text_body, html_body FROM mail_outbox WHERE order_id = $1',
      [id],
    );
    assert.deepEqual(rows.map((r) => r.kind).sort(), ['delivery-details', 'order-paid']);
    const htmlAll = rows.map((r) => r.html_body ?? '').join('\n');
    assert.ok(htmlAll.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'the name and city are escaped');
    assert.ok(htmlAll.includes('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;'), 'the address is escaped');
    for (const r of rows) {
      for (const header of [r.to_address, r.reply_to ?? '', r.subject]) {
        assert.ok(
          !/[\r\n\0]/.test(header),
          `${r.kind}: a header with a line break: ${JSON.stringify(header)}`,
        );
      }
      assert.ok(!/victim@example\.com/.test(`${r.to_address} ${r.reply_to ?? ''}`), 'no injected recipient');
      assert.ok(!/<script|<img/i.test(r.html_body ?? ''), `${r.kind}: raw markup in the HTML`);
      assert.ok(!/^\s*Bcc:/im.test(r.text_body), `${r.kind}: a value started a line of its own`);
    }
    const shop = rows.find((r) => r.kind === 'delivery-details')!;
    assert.ok(shop.text_body.includes(`Calle ${ATTR} Bcc: victim@example.com`), 'the address, on one line');
  },
  async H50(h) {
    const email = `bea@example.com${CRLF}`;
    const id = await h.f.designed('paystore');
    // Not an e-mail address: refused like any other, so it never gets near a mail header.
    const res = await h.f.owner.post(`/api/orders/${id}/confirmUserDetails`, { name: 'Bea', email });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().message, messages.invalidEmail);
    assert.equal((await h.f.get(id)).customerEmail, null);
    const { rows } = await h.s.t.db.query<{ kind: string; to_address: string; reply_to: string | null }>(
      'SELECT kind, to_address, reply_to FROM mail_outbox WHERE order_id = $1',
      [id],
    );
    for (const r of rows) {
      assert.ok(!/[\r\n]|victim|bea@/i.test(`${r.to_address}|${r.reply_to ?? ''}`), JSON.stringify(r));
    }
  },
  async H51(h) {
    const { invoice } = await h.xss;
    const pdf = await h.admin.get(invoice.uri);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    const file = path.join(h.tmp, 'xss.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = run('pdftotext', ['-enc', 'UTF-8', file, '-']).replace(/\s+/g, ' ');
    for (const expected of [`Ana ${XSS} Bcc: victim@example.com`, `Calle ${ATTR}`, `Málaga ${XSS}`]) {
      assert.ok(text.includes(expected), `the PDF lacks the literal "${expected}":\n${text}`);
    }
    const info = run('pdfinfo', ['-js', file]);
    assert.doesNotMatch(info, /alert|^JavaScript:\s*yes/im, `pdfinfo -js finds a script:\n${info}`);
    const ACTIONS = [
      '/JS',
      '/JavaScript',
      '/OpenAction',
      '/AA',
      '/Launch',
      '/SubmitForm',
      '/ImportData',
      '/EmbeddedFile',
      '/RichMedia',
    ];
    // Dictionaries only: compressed stream data is binary and may hold any byte sequence.
    const raw = pdf.rawPayload.toString('latin1').replace(/stream\r?\n[\s\S]*?endstream/g, '');
    const doc = await PDFDocument.load(pdf.rawPayload);
    const objects = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => (o instanceof PDFRawStream ? o.dict.toString() : o.toString()))
      .join('\n');
    for (const name of ACTIONS) {
      const re = new RegExp(`${name.replace('/', '\\/')}(?![A-Za-z])`);
      assert.doesNotMatch(raw, re, `raw PDF has ${name}`);
      assert.doesNotMatch(objects, re, `a PDF object has ${name}`);
    }
  },
  async H52(h) {
    const { id } = await h.xss;
    const res = await h.admin.get(`/api/orders?orderId=${id}`);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    const [order] = res.json().items as Order[];
    assert.equal(order!.customerName, singleLine(HOSTILE_NAME));
    assert.equal(order!.customerAddress, singleLine(HOSTILE_ADDRESS.address));
  },
  async H53() {
    const web = fileURLToPath(new URL('../../web/src', import.meta.url));
    const sinks =
      /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|createContextualFragment|new Function\(|\beval\(/;
    const found: string[] = [];
    let scanned = 0;
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = path.join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(tsx?|jsx?)$/.test(name)) {
          scanned++;
          readFileSync(p, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              if (sinks.test(line)) found.push(`${path.relative(web, p)}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk(web);
    assert.ok(scanned > 20, `scanned ${scanned} files of the web app`);
    assert.deepEqual(found, [], 'raw HTML sinks in the web app');
  },

  // --- order ids ---------------------------------------------------------------------------------------
  async H54(h) {
    const c = new Client(h.app);
    const start = Date.now();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const res = await c.get(`/api/orders/${randomUUID()}`);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (i === 0) assertRefused(res, 404, 'ORDER_NOT_FOUND');
    }
    const elapsed = Date.now() - start;
    assert.deepEqual([...statuses], [[404, 1000]], 'no random id names an order');
    assert.ok(elapsed < 60_000, `1,000 misses took ${elapsed} ms`);
    // Listing, the other way to find orders, is for staff only.
    assertRefused(await c.get('/api/orders'), 401, 'UNAUTHENTICATED');
  },
  async H55(h) {
    const real = await h.f.created();
    const last = real.at(-1)!;
    const oneOff = `${real.slice(0, -1)}${last === '0' ? '1' : '0'}`;
    const guesses = [
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
      oneOff,
    ];
    for (const g of guesses) {
      const res = await new Client(h.app).get(`/api/orders/${g}`);
      assert.ok([400, 404].includes(res.statusCode), `${g}: ${res.statusCode}`);
      assertRefused(res, res.statusCode, res.statusCode === 404 ? 'ORDER_NOT_FOUND' : 'VALIDATION_FAILED');
    }
  },
  async H56(h) {
    const id = await h.f.created();
    const number = (await h.f.get(id)).orderNumber;
    const c = new Client(h.app);
    for (const ref of [number, String(Number(number))]) {
      for (const [method, url] of [
        ['GET', `/api/orders/${ref}`],
        ['GET', `/api/orders/${ref}/details`],
        ['GET', `/api/payment/redsys/${ref}`],
        ['GET', `/api/orders/${ref}/screen/getUrl`],
        ['POST', `/api/orders/${ref}/generateQR`],
        ['POST', `/api/orders/${ref}/confirmUserDetails`],
        ['POST', `/api/payment/initiate/${ref}`],
      ] as const) {
        const req = method === 'POST' ? json(method, url, JSON.stringify(CONTACT)) : { method, url };
        await refused(h, c, req, 400, 'VALIDATION_FAILED', url);
      }
    }
  },

  // --- header injection ----------------------------------------------------------------------------------
  async H57(h) {
    const c = new Client(h.app);
    const res = await refused(
      h,
      c,
      { method: 'GET', url: '/api/stores/decode-url?encodedUrl=MTpmYWxzZQ%0d%0aSet-Cookie:%20pwn=1' },
      400,
      'INVALID_URL_CODE',
    );
    assert.equal(res.json().message, messages.invalidStoreUrl);
    assert.ok(!String(res.headers['set-cookie'] ?? '').includes('pwn'));
    assert.equal(res.headers.pwn, undefined);
  },
  async H58(h) {
    const publicUrl = h.app.deps.config.publicUrl!;
    const forged = {
      host: 'evil.example',
      'x-forwarded-host': 'evil2.example',
      'x-forwarded-proto': 'gopher',
    };
    const id = await h.f.created();
    const link = ok(
      await h.f.owner.request({ method: 'GET', url: `/api/orders/${id}/screen/getUrl`, headers: forged }),
    );
    assert.ok((link.json().url as string).startsWith(`${publicUrl}/upload/`), link.body);
    const payNow = await h.f.payNow();
    const init = ok(
      await h.f.owner.request({ method: 'POST', url: `/api/payment/initiate/${payNow}`, headers: forged }),
    ).json() as PaymentInitiation;
    const params = requestParams(init);
    for (const name of ['DS_MERCHANT_MERCHANTURL', 'DS_MERCHANT_URLOK', 'DS_MERCHANT_URLKO']) {
      const value = decodeURIComponent(paramOf(params, name) ?? '');
      assert.ok(value.startsWith(`${publicUrl}/`), `${name}: ${value}`);
    }
    assert.ok(!JSON.stringify(init).includes('evil'));
  },
  async H59(h) {
    const id = await h.f.created();
    const res = await h.f.owner.request({
      method: 'GET',
      url: `/api/orders/${id}/screen/getUrl?x=%0d%0aLocation:%20https://evil.example&y=%0aSet-Cookie:%20a=1`,
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers.location, undefined);
    assert.ok(!String(res.headers['set-cookie'] ?? '').includes('a=1'));
    assert.ok(!JSON.stringify(res.json()).includes('evil'));
  },

  // --- sign-in e-mails ------------------------------------------------------------------------------------
  async H60(h) {
    const c = new Client(h.app);
    const res = await c.login('ADMIN@TEST.LOCAL', ADMIN.password);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await c.get('/api/auth/me')).json().email, ADMIN.email);
  },
  async H61(h) {
    const c = new Client(h.app);
    await refused(
      h,
      c,
      json(
        'POST',
        '/api/auth/login',
        JSON.stringify({ email: `${ADMIN.email}\u0000`, password: ADMIN.password }),
      ),
      400,
      'VALIDATION_FAILED',
    );
    assert.equal(c.cookies.has('staff_session'), false);
  },
  H62: (h) => lookalikeLogin(h, 'ａｄｍｉｎ@test.local'),
  H63: (h) => lookalikeLogin(h, '\u0430dmin@test.local'),
  H64: (h) => lookalikeLogin(h, 'ADM\u0130N@TEST.LOCAL'),

  // --- SQL-ish search terms ---------------------------------------------------------------------------
  H65: (h) => noMatch(h, `/api/models?filtro=${encodeURIComponent("' OR 1=1 --")}`),
  H66: (h) => noMatch(h, '/api/models?filtro=%25'),
  H67: (h) => noMatch(h, '/api/models?filtro=_'),
  H68: (h) => noMatch(h, '/api/models?filtro=%5C'),
  async H69(h) {
    for (const url of [
      `/api/stores?name=${encodeURIComponent("' OR 1=1 --")}`,
      '/api/stores?name=%25',
      `/api/brands?name=${encodeURIComponent("' OR 1=1 --")}`,
      '/api/brands?name=%25',
      '/api/brands?name=_',
    ]) {
      for (const c of [new Client(h.app), h.admin]) {
        const res = await c.get(url);
        assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
        assert.deepEqual(res.json(), [], url);
      }
    }
  },
  async H70(h) {
    const res = await refused(
      h,
      h.admin,
      { method: 'GET', url: `/api/orders?orderId=${encodeURIComponent("' OR 1=1 --")}` },
      400,
      'VALIDATION_FAILED',
    );
    assert.equal(res.json().message, messages.orderIdFilterInvalid);
  },
  async H71(h) {
    for (const url of [
      '/api/models?filtro=%00',
      '/api/models?filtro=iphone%00',
      '/api/stores?name=a%00',
      '/api/brands?name=%00',
    ]) {
      for (const c of [new Client(h.app), h.admin])
        await refused(h, c, { method: 'GET', url }, 400, 'VALIDATION_FAILED', url);
    }
    await refused(h, h.admin, { method: 'GET', url: '/api/orders?orderId=1%00' }, 400, 'VALIDATION_FAILED');
  },

  // --- prototype pollution ------------------------------------------------------------------------------
  async H72(h) {
    const pollute = (body: object) =>
      JSON.stringify(body).replace(
        /^\{/,
        '{"__proto__":{"polluted":"yes","isAdmin":true,"status":"paid"},"constructor":{"prototype":{"polluted":"yes"}},',
      );
    const fresh = async () => h.f.created();
    const freshBrand = async () =>
      String(
        ok(await h.admin.post('/api/brands', { name: `Proto ${randomUUID().slice(0, 8)}` }), 201).json().id,
      );
    const calls: [Client, string, () => Promise<string>, (arg: string) => object, number][] = [
      [
        h.f.owner,
        'POST /api/orders',
        async () => '',
        () => ({ store: { id: 1 }, brand: { id: h.f.model.brand.id }, model: { id: h.f.model.id } }),
        201,
      ],
      [h.f.owner, 'PUT /api/orders/:id', fresh, () => ({ image: h.f.photo }), 200],
      [
        h.f.owner,
        'PUT /api/orders/:id/design',
        () => h.f.withPhoto(),
        () => ({ design: h.f.design, transform: IDENTITY }),
        200,
      ],
      [
        h.f.owner,
        'POST /api/orders/:id/confirmUserDetails',
        () => h.f.designed('paystore'),
        () => CONTACT,
        200,
      ],
      [h.f.owner, 'POST /api/orders/:id/confirmDelivery', () => h.f.delivery(), () => ADDRESS, 200],
      [h.f.owner, 'POST /api/payment/initiate/:id', () => h.f.payNow(), () => ({ method: 'card' }), 200],
      [new Client(h.app), 'POST /api/auth/login', async () => '', () => ADMIN, 200],
      [h.admin, 'POST /api/orders/:id/status', fresh, () => ({ status: 'cancelled' }), 200],
      [
        h.admin,
        'POST /api/brands',
        async () => '',
        () => ({ name: `Proto ${randomUUID().slice(0, 8)}` }),
        201,
      ],
      [
        h.admin,
        'PUT /api/brands/:id',
        freshBrand,
        () => ({ name: `Proto ${randomUUID().slice(0, 8)}` }),
        200,
      ],
      [
        h.admin,
        'POST /api/models',
        async () => '',
        () => ({ name: `Proto ${randomUUID().slice(0, 8)}`, brand: { id: 1 }, price: 20, isPublic: false }),
        201,
      ],
      [
        h.admin,
        'POST /api/stores',
        async () => '',
        () => ({ name: 'Proto', address: 'a', postalCode: '29001', town: 't', province: 'p' }),
        201,
      ],
      [
        h.admin,
        'POST /api/staff',
        async () => '',
        () => ({
          email: `proto${Date.now()}@test.local`,
          name: 'P',
          password: 'una-clave-larga',
          role: 'store',
          storeId: 1,
        }),
        201,
      ],
      [
        h.admin,
        'POST /api/mails',
        async () => '',
        () => ({ toList: ['a@example.com'], subject: 'Proto', text: 'Proto' }),
        202,
      ],
    ];
    for (const [client, route, make, body, status] of calls) {
      const id = await make();
      const [method, pattern] = route.split(' ') as [string, string];
      const url = pattern.replace(':id', id);
      const res = await client.request(json(method, url, pollute(body(id))));
      assert.equal(res.statusCode, status, `${route}: ${res.body.slice(0, 200)}`);
      assert.ok(!res.body.includes('polluted'), `${route} echoed the polluted key`);
      assert.equal(({} as Record<string, unknown>).polluted, undefined, `${route} polluted Object.prototype`);
      assert.equal(({} as Record<string, unknown>).isAdmin, undefined);
      if (route === 'PUT /api/orders/:id') assert.equal((await h.f.get(id)).status, 'image_uploaded');
    }
    assert.equal(Object.hasOwn(Object.prototype, 'polluted'), false);
  },
  async H73(h) {
    const res = await new Client(h.app).get(
      '/api/models?__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__.polluted=1&size=1',
    );
    assert.equal(res.statusCode, 200);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    const staff = await h.admin.get(
      '/api/orders?__proto__[storeId]=2&constructor[prototype][role]=admin&size=1',
    );
    assert.equal(staff.statusCode, 200);
    assert.equal(({} as Record<string, unknown>).role, undefined);
  },

  // --- numbers -------------------------------------------------------------------------------------------
  async H74(h) {
    await refused(
      h,
      h.f.owner,
      json('POST', '/api/orders', '{"store":{"id":NaN},"brand":{"id":1},"model":{"id":1}}'),
      400,
      'INVALID_JSON',
    );
  },
  async H75(h) {
    const id = await h.f.withPhoto();
    const body = `{"design":"${h.f.design}","transform":{"centerX":0.5,"centerY":0.5,"scale":Infinity,"quarterTurns":0,"flipX":false}}`;
    await refused(h, h.f.owner, json('PUT', `/api/orders/${id}/design`, body), 400, 'INVALID_JSON');
    await refused(
      h,
      h.admin,
      json('POST', '/api/models', '{"name":"M","brand":{"id":1},"price":-Infinity}'),
      400,
      'INVALID_JSON',
    );
  },
  async H76(h) {
    await refused(
      h,
      h.admin,
      json('POST', '/api/models', '{"name":"M","brand":{"id":1},"price":1e309}'),
      400,
      'VALIDATION_FAILED',
    );
    const store =
      '{"name":"T","address":"a","postalCode":"29001","town":"t","province":"p","shipping":1e309}';
    await refused(h, h.admin, json('POST', '/api/stores', store), 400, 'VALIDATION_FAILED');
    const id = await h.f.withPhoto();
    const body = `{"design":"${h.f.design}","transform":{"centerX":1e309,"centerY":0.5,"scale":1,"quarterTurns":0,"flipX":false}}`;
    await refused(h, h.f.owner, json('PUT', `/api/orders/${id}/design`, body), 400, 'VALIDATION_FAILED');
  },
  async H77(h) {
    const store =
      '{"name":"Cero","address":"a","postalCode":"29001","town":"t","province":"p","shipping":-0}';
    const res = ok(await h.admin.request(json('POST', '/api/stores', store)), 201);
    assert.ok(res.body.includes('"shipping":0'), res.body);
    assert.ok(!res.body.includes('-0'));
    assert.ok(Object.is((res.json() as Store).shipping, 0));
    const model = ok(
      await h.admin.request(
        json('POST', '/api/models', '{"name":"Cero","brand":{"id":1},"price":-0,"isPublic":false}'),
      ),
      201,
    );
    assert.ok(Object.is((model.json() as Model).price, 0));
    await refused(
      h,
      h.f.owner,
      json('POST', '/api/orders', '{"store":{"id":-0},"brand":{"id":1},"model":{"id":1}}'),
      400,
      'VALIDATION_FAILED',
    );
  },
  async H78(h) {
    for (const field of ['store', 'brand', 'model'] as const) {
      const body = {
        store: { id: 1 },
        brand: { id: h.f.model.brand.id },
        model: { id: h.f.model.id },
        [field]: { id: 2 ** 31 },
      };
      await refused(
        h,
        h.f.owner,
        json('POST', '/api/orders', JSON.stringify(body)),
        400,
        'VALIDATION_FAILED',
        field,
      );
    }
    await refused(
      h,
      h.f.owner,
      json('POST', '/api/orders', '{"store":{"id":9007199254740993},"brand":{"id":1},"model":{"id":1}}'),
      400,
      'VALIDATION_FAILED',
    );
  },
  async H79(h) {
    const staff = { email: 'grande@test.local', name: 'G', password: 'una-clave-larga', role: 'store' };
    const calls: [string, string, unknown][] = [
      ['POST', '/api/models', { name: 'M', brand: { id: 2 ** 31 }, price: 10 }],
      ['POST', '/api/models', { name: 'M', brand: { id: 1 }, price: 10, stores: [1, 2 ** 31] }],
      ['POST', '/api/staff', { ...staff, storeId: 2 ** 31 }],
      ['PUT', '/api/staff/1', { storeId: 2 ** 31 }],
    ];
    for (const [method, url, body] of calls) {
      await refused(h, h.admin, json(method, url, JSON.stringify(body)), 400, 'VALIDATION_FAILED', url);
    }
  },
  async H80(h) {
    const id = await h.f.withPhoto();
    for (const transform of [
      { ...IDENTITY, quarterTurns: '1' },
      { ...IDENTITY, scale: '1.2' },
      { ...IDENTITY, flipX: 'false' },
    ]) {
      await refused(
        h,
        h.f.owner,
        json('PUT', `/api/orders/${id}/design`, JSON.stringify({ design: h.f.design, transform })),
        400,
        'VALIDATION_FAILED',
      );
    }
  },
  async H81(h) {
    for (const id of ['Infinity', 'NaN', '-0', '1e400', '-1e3']) {
      await refused(
        h,
        new Client(h.app),
        { method: 'GET', url: `/api/stores/${id}` },
        400,
        'VALIDATION_FAILED',
        id,
      );
      await refused(h, h.admin, { method: 'DELETE', url: `/api/models/${id}` }, 400, 'VALIDATION_FAILED', id);
    }
  },
  async H82(h) {
    for (const query of [
      'storeId=2147483648',
      'startDate=2024-02-30',
      'endDate=2024-13-01',
      'endDate=0000-01-01',
      'startDate=9999-99-99',
    ]) {
      await refused(
        h,
        h.admin,
        { method: 'GET', url: `/api/orders?${query}` },
        400,
        'VALIDATION_FAILED',
        query,
      );
    }
    ok(await h.admin.get('/api/orders?startDate=2024-02-29&endDate=2999-12-31'));
  },
  async H83(h) {
    for (const query of ['page=NaN', 'page=-0', 'page=Infinity', 'page=1e309', 'size=-0', 'size=1e2.5']) {
      await refused(
        h,
        new Client(h.app),
        { method: 'GET', url: `/api/models?${query}` },
        400,
        'VALIDATION_FAILED',
        query,
      );
    }
  },

  // --- duplicates, URLs, method override -----------------------------------------------------------------
  async H84(h) {
    await refused(
      h,
      new Client(h.app),
      { method: 'GET', url: '/api/models?page=1&page=2' },
      400,
      'VALIDATION_FAILED',
    );
    await refused(
      h,
      h.admin,
      { method: 'GET', url: '/api/orders?storeId=1&storeId=2' },
      400,
      'VALIDATION_FAILED',
    );
  },
  async H85(h) {
    const id = await h.f.withDesign();
    await refused(
      h,
      h.f.owner,
      {
        method: 'POST',
        url: `/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore&paymentMethod=paynow`,
      },
      400,
      'VALIDATION_FAILED',
    );
    assert.equal((await h.f.get(id)).paymentMethod, null);
  },
  async H86(h) {
    await refused(
      h,
      new Client(h.app),
      { method: 'GET', url: '/api/stores/decode-url?encodedUrl=MTpmYWxzZQ&encodedUrl=Mjpmb28' },
      400,
      'VALIDATION_FAILED',
    );
  },
  async H87(h) {
    const id = await h.f.created();
    await refused(
      h,
      new Client(h.app),
      { method: 'GET', url: `/api/orders/${id}?x=${'a'.repeat(9 * 1024)}` },
      414,
      'BAD_REQUEST',
    );
    await refused(
      h,
      h.admin,
      { method: 'GET', url: `/api/models?filtro=${'%41'.repeat(3 * 1024)}` },
      414,
      'BAD_REQUEST',
    );
  },
  async H88(h) {
    await refused(
      h,
      new Client(h.app),
      { method: 'GET', url: `/api/orders/${'a'.repeat(9 * 1024)}/details` },
      414,
      'BAD_REQUEST',
    );
    // A path parameter over the router's 100 characters is refused the same way, well below 8 KB.
    await refused(
      h,
      new Client(h.app),
      { method: 'GET', url: `/api/stores/${'1'.repeat(200)}` },
      414,
      'BAD_REQUEST',
    );
  },
  async H89(h) {
    for (const url of ['/api/stores/%C3%28', '/api/orders/%FF/details', '/api/images/%E0%A4%A']) {
      await refused(h, new Client(h.app), { method: 'GET', url }, 400, 'BAD_REQUEST', url);
    }
  },
  async H90(h) {
    await noMatch(h, '/api/models?filtro=%E0%A4%A');
    await noMatch(h, '/api/models?filtro=%C3%28');
  },
  async H91(h) {
    const id = await h.f.created();
    for (const header of ['x-http-method-override', 'x-method-override', 'x-http-method']) {
      await refused(
        h,
        h.admin,
        { method: 'POST', url: `/api/orders/${id}`, headers: { [header]: 'DELETE' }, payload: {} },
        404,
        'NOT_FOUND',
        header,
      );
    }
    assert.equal((await h.f.get(id)).status, 'created');
  },
  async H92(h) {
    const before = await stored(h.s.t);
    for (const header of ['x-http-method-override', 'x-method-override', 'x-http-method']) {
      const res = await h.admin.request({
        method: 'GET',
        url: '/api/stores/2',
        headers: { [header]: 'DELETE' },
      });
      assert.equal(res.statusCode, 200, header);
      const model = await h.admin.request({
        method: 'GET',
        url: '/api/models/1',
        headers: { [header]: 'DELETE' },
      });
      assert.equal(model.statusCode, 200, header);
    }
    assertRefused(
      await h.admin.request({ method: 'POST', url: '/api/stores/2?_method=DELETE', payload: {} }),
      404,
      'NOT_FOUND',
    );
    assert.deepEqual(await stored(h.s.t), before, 'nothing was deleted');
  },
};

async function fileNameCase(h: H, filename: string): Promise<void> {
  const res = await uploadAs(new Client(h.app), await smallPhoto(), filename, 'application/octet-stream');
  assert.equal(res.statusCode, 201, res.body);
  const uri = res.json().uri as string;
  assert.match(uri, /^\/api\/images\/[A-Za-z0-9_-]{22}$/);
  await assertServerKeys(h, uri, filename);
}

async function lookalikeLogin(h: H, email: string): Promise<void> {
  const c = new Client(h.app);
  const before = await stored(h.s.t);
  const res = await c.login(email, ADMIN.password);
  assert.ok([400, 401].includes(res.statusCode), `${email}: ${res.statusCode} ${res.body}`);
  assertRefused(res, res.statusCode, res.statusCode === 400 ? 'VALIDATION_FAILED' : 'INVALID_CREDENTIALS');
  assert.equal(c.cookies.has('staff_session'), false);
  assert.equal((await c.get('/api/auth/me')).statusCode, 401);
  assert.deepEqual(await stored(h.s.t), before);
}

async function noMatch(h: H, url: string): Promise<void> {
  for (const c of [new Client(h.app), h.admin]) {
    const res = await c.get(url);
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    const page = res.json() as ModelPage;
    assert.equal(page.total, 0, `${url} matched ${page.total} models`);
    assert.deepEqual(page.items, []);
  }
}

function run(tool: string, args: string[]): string {
  const r = spawnSync(tool, args, { encoding: 'utf8' });
  if (r.error) assert.fail(`${tool} is not installed (apt-get install -y poppler-utils): ${r.error.message}`);
  assert.equal(r.status, 0, `${tool} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** A second app on the same data with short timeouts, listening on a real port. */
async function withShortTimeouts(
  h: H,
  fn: (port: number, cookie: string, xsrf: string) => Promise<void>,
): Promise<void> {
  const { app } = await buildAppOn(h.s.t, {
    timeouts: { requestMs: 1500, headersMs: 1000, idleMs: 10_000, checkIntervalMs: 100 },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    const cookies = health.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
    await fn(port, cookies.join('; '), xsrf);
    // The server is still there for everybody else.
    const after = await fetch(`http://127.0.0.1:${port}/api/health`);
    assert.equal(after.status, 200);
  } finally {
    await app.close();
  }
}

/** The order of the XSS cases: pay now, home delivery, paid by the gateway, then invoiced. */
async function xssOrder(h: H): Promise<{ id: string; invoice: GeneratedInvoice }> {
  const id = await h.f.payNow(
    { name: HOSTILE_NAME, email: 'ana@example.com', phone: '600111222' },
    HOSTILE_ADDRESS,
  );
  // A full invoice: a simplified one names no buyer, so the hostile text would not reach it at all.
  ok(
    await h.f.owner.put(`/api/orders/${id}/invoiceRequest`, {
      fullInvoice: true,
      taxId: 'B12345674',
      name: HOSTILE_NAME,
      address: HOSTILE_ADDRESS.address,
      postalCode: HOSTILE_ADDRESS.postalCode,
      city: HOSTILE_ADDRESS.city,
    }),
  );
  const { init } = await h.f.initiated(id);
  const notification = notificationFor(requestParams(init));
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/payment/redsys/notification',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...notification }).toString(),
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal((await h.f.get(id)).status, 'paid');
  const invoice = ok(await h.admin.post(`/api/orders/${id}/generateInvoice`)).json() as GeneratedInvoice;
  return { id, invoice };
}

describe('hostile input: the documented 4xx, nothing stored, nothing rendered unescaped', () => {
  const h = {} as H;

  before(async () => {
    h.s = await createSecurityApp();
    h.app = h.s.app;
    h.f = await new OrderFactory(h.app).init();
    h.admin = await signedIn(h.app, ADMIN);
    h.tmp = mkdtempSync(path.join(tmpdir(), 'hostile-'));
    h.xss = xssOrder(h);
    await h.xss;
  });
  after(async () => {
    rmSync(h.tmp, { recursive: true, force: true });
    await h.s.close();
  });

  test(`the index lists ${INDEX.length} cases, at least 40, each implemented once`, () => {
    const ids = INDEX.map(([id]) => id);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    assert.deepEqual(Object.keys(CASES).sort(), [...ids].sort(), 'the index and the implementations agree');
    assert.ok(INDEX.length >= 40, `${INDEX.length} hostile cases`);
  });

  for (const [id, what, expected] of INDEX) {
    test(`${id} ${what} -> ${expected}`, () => CASES[id](h));
  }
});
