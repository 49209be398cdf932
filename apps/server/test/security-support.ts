import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { ModelPage } from '@shop/contracts/catalogue';
import { ErrorCode } from '@shop/contracts/errors';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import type { PaymentInitiation } from '@shop/contracts/payments';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import type { HttpTimeouts } from '../src/plugins/http-timeouts.ts';
import type { RateLimits } from '../src/plugins/rate-limit.ts';
import { IDENTITY, multipart } from './checkout-helpers.ts';
import {
  Client,
  createStaff,
  createTestApp,
  TEST_RATE_LIMITS,
  TEST_UPLOAD_DIR,
  type TestApp,
  tableCounts,
} from './helpers.ts';

/**
 * Shared by the access matrix and the hostile-input tests: an app whose routes are recorded as
 * they are added, fixtures for orders in every state, and the assertions every refusal must pass.
 */

/** `METHOD /path` of every route, HEAD twins of GET routes left out. */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS'} /${string}`;

export interface SecurityApp {
  /** The app under test: built by `buildApp` like production, with an `onRoute` recorder. */
  app: FastifyInstance;
  t: TestApp;
  routes: RouteKey[];
  close(): Promise<void>;
}

/** A loopback port nothing listens on (connections are refused at once). */
export async function deadPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A fresh database with the demo catalogue and the three test staff, and an app on it built with
 * `onRoute` so that the test knows every route the real `buildApp` registers.
 */
export async function createSecurityApp(
  opts: { env?: Record<string, string>; timeouts?: Partial<HttpTimeouts>; rateLimits?: RateLimits } = {},
): Promise<SecurityApp> {
  const t = await createTestApp();
  await createStaff(t.db);
  const { app, routes } = await buildAppOn(t, opts);
  return {
    app,
    t,
    routes,
    async close() {
      await app.close();
      await t.close();
    },
  };
}

/** Another app on a test app's database and file store, recording its routes as they are added. */
export async function buildAppOn(
  t: TestApp,
  opts: { env?: Record<string, string>; timeouts?: Partial<HttpTimeouts>; rateLimits?: RateLimits } = {},
): Promise<{ app: FastifyInstance; routes: RouteKey[] }> {
  const seen: RouteOptions[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    // Links and the payment simulator's notification go to a port nobody answers on.
    PUBLIC_URL: `http://127.0.0.1:${await deadPort()}`,
    ...opts.env,
  });
  const app = await buildApp({
    config,
    db: t.db,
    fileStore: t.files,
    logger: false,
    webDist: '/nonexistent',
    uploadTmpDir: TEST_UPLOAD_DIR,
    rateLimits: opts.rateLimits ?? TEST_RATE_LIMITS,
    onRoute: (route) => seen.push(route),
    ...(opts.timeouts ? { timeouts: opts.timeouts } : {}),
  });
  await app.ready();
  const keys = new Set<string>();
  for (const r of seen) for (const m of [r.method].flat()) keys.add(`${m} ${r.url}`);
  const routes = [...keys]
    .filter((k) => !(k.startsWith('HEAD ') && keys.has(`GET ${k.slice(5)}`)))
    .sort() as RouteKey[];
  return { app, routes };
}

/** Everything that counts as stored: rows of every table and bytes in the file store. */
export async function stored(t: TestApp): Promise<{ rows: Record<string, number>; files: number }> {
  return { rows: await tableCounts(t.db), files: t.files.files.size };
}

/**
 * A refusal in the shop's error shape: the status, a stable code (the given one when given), a
 * message in Spanish, as JSON.
 */
export function assertRefused(
  res: LightMyRequestResponse,
  status: number,
  code?: string,
  label = '',
): { error: string; message: string } {
  assert.equal(res.statusCode, status, `${label} ${res.body.slice(0, 300)}`);
  assert.match(String(res.headers['content-type']), /^application\/json/, `${label} JSON error`);
  const body = res.json() as { error: string; message: string };
  assert.ok(ErrorCode.safeParse(body.error).success, `${label} stable code: ${body.error}`);
  if (code) assert.equal(body.error, code, label);
  assertSpanish(body.message, label);
  return body;
}

export function assertSpanish(message: string, label = ''): void {
  // The "No image provided" of docs/product.md §5.4 is quoted verbatim on purpose.
  if (message === messages.noImageProvided) return;
  assert.match(message, /[a-záéíóúñ]/i, `${label} message`);
  assert.doesNotMatch(
    message,
    /\b(the|invalid|must|expected|error|is not)\b/i,
    `${label} in Spanish: ${message}`,
  );
}

export const smallPhoto = (width = 400, height = 300, background = '#c85028') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();

export const smallPng = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 1 } } })
    .png()
    .toBuffer();

export async function upload(c: Client, bytes: Buffer, filename = 'foto.jpg'): Promise<string> {
  const res = await c.request({
    method: 'POST',
    url: '/api/images',
    ...multipart([{ name: 'file', value: bytes, filename, type: 'image/jpeg' }]),
  });
  assert.equal(res.statusCode, 201, `upload: ${res.body}`);
  return (res.json() as { uri: string }).uri;
}

export function ok(res: LightMyRequestResponse, status = 200): LightMyRequestResponse {
  assert.equal(res.statusCode, status, res.body.slice(0, 300));
  return res;
}

export const CONTACT = { name: 'Lucía Pérez', email: 'lucia@example.com', phone: '600111222' };
export const ADDRESS = { address: 'Calle Larios, 5', city: 'Málaga', postalCode: '29005' };

/**
 * Orders of one customer (the "owner") at store 1, in the states the routes need. The owner's
 * photo and design are uploaded once and put on every order (the server lets one visitor use
 * their own upload on several orders), so a fresh order per test is cheap.
 */
export class OrderFactory {
  readonly owner: Client;
  model!: ModelPage['items'][number];
  photo!: string;
  design!: string;

  constructor(readonly app: FastifyInstance) {
    this.owner = new Client(app);
  }

  async init(): Promise<this> {
    this.model = ((await this.owner.get('/api/models?store=1&size=1')).json() as ModelPage).items[0]!;
    this.photo = await upload(this.owner, await smallPhoto());
    this.design = await upload(this.owner, await smallPhoto(240, 380, '#2864c8'), 'design.png');
    return this;
  }

  get(id: string): Promise<Order> {
    return this.owner.get(`/api/orders/${id}`).then((r) => r.json() as Order);
  }

  /** status created */
  async created(): Promise<string> {
    const res = await this.owner.post('/api/orders', {
      store: { id: 1 },
      brand: { id: this.model.brand.id },
      model: { id: this.model.id },
    });
    return (ok(res, 201).json() as { id: string }).id;
  }

  /** status image_uploaded */
  async withPhoto(): Promise<string> {
    const id = await this.created();
    ok(await this.owner.put(`/api/orders/${id}`, { image: this.photo }));
    return id;
  }

  /** status image_uploaded, with a design: ready for '¡OK, pedir!' */
  async withDesign(): Promise<string> {
    const id = await this.withPhoto();
    ok(await this.owner.put(`/api/orders/${id}/design`, { design: this.design, transform: IDENTITY }));
    return id;
  }

  /** status design_confirmed, with the payment method chosen */
  async designed(method: 'paystore' | 'paynow'): Promise<string> {
    const id = await this.withDesign();
    ok(await this.owner.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=${method}`));
    return id;
  }

  /** pay now with home delivery chosen, data still missing (design_confirmed) */
  async delivery(): Promise<string> {
    const id = await this.designed('paynow');
    ok(await this.owner.post(`/api/orders/${id}/addDelivery`));
    return id;
  }

  /** pay now, home delivery, contact and address given: details_confirmed */
  async payNow(contact = CONTACT, address = ADDRESS): Promise<string> {
    const id = await this.delivery();
    ok(await this.owner.post(`/api/orders/${id}/confirmUserDetails`, contact));
    const order = ok(await this.owner.post(`/api/orders/${id}/confirmDelivery`, address)).json() as Order;
    assert.equal(order.status, 'details_confirmed');
    return id;
  }

  /** pay at the store, pickup, contact given: to_pay_at_store */
  async placed(contact: Partial<typeof CONTACT> = { name: CONTACT.name }): Promise<string> {
    const id = await this.designed('paystore');
    const order = ok(await this.owner.post(`/api/orders/${id}/confirmUserDetails`, contact)).json() as Order;
    assert.equal(order.status, 'to_pay_at_store');
    return id;
  }

  /** paid at the counter by `staff` */
  async paid(staff: Client): Promise<string> {
    const id = await this.placed();
    ok(await staff.post(`/api/orders/${id}/confirmPayment`));
    return id;
  }

  /** A pay-now order sent to the gateway: the signed request the browser would post. */
  async initiated(id?: string): Promise<{ id: string; init: PaymentInitiation }> {
    const orderId = id ?? (await this.payNow());
    const init = ok(await this.owner.post(`/api/payment/initiate/${orderId}`)).json() as PaymentInitiation;
    return { id: orderId, init };
  }

  /** An upload-only token for a fresh order (as the kiosk's QR code carries it). */
  async uploadToken(): Promise<{ id: string; token: string }> {
    const id = await this.created();
    const { urlCode } = ok(await this.owner.post(`/api/orders/${id}/generateQR`)).json() as {
      urlCode: string;
    };
    return { id, token: urlCode };
  }
}

/** The fields the browser posts to the gateway (and back to the simulator's decision). */
export const gatewayForm = (init: PaymentInitiation, extra: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({
    Ds_SignatureVersion: init.ds_SignatureVersion,
    Ds_MerchantParameters: init.ds_MerchantParameters,
    Ds_Signature: init.ds_Signature,
    ...extra,
  }).toString(),
});
