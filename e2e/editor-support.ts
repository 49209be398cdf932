// Shared helpers of the design editor's browser tests (editor*.test.ts) and bench/editor-drag.ts.
import assert from 'node:assert/strict';
import { cropBox } from '@shop/case-geometry/template-rules';
import type { DesignTransform } from '@shop/case-geometry/transform';
import type { Model, ModelPage } from '@shop/contracts/catalogue';
import type { Order } from '@shop/contracts/orders';
import type { Scene } from '@shop/contracts/scene';
import type { APIResponse, BrowserContext, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { storedTransformKey } from '../apps/web/src/features/editor/lib/stored-transform.ts';
import { eventually, getJson, getJsonAs, storeCode } from './storefront-support.ts';

export const EDITOR_STORE_ID = 1;
const APPLE_ID = 1;

/** The interactive canvas of the editor, found as a person using a screen reader would. */
export const editorCanvas = (page: Page) => page.getByRole('application', { name: 'Tu foto sobre la funda' });

/** The transform the editor shows (`data-transform` of its canvas). */
export async function shownTransform(page: Page): Promise<DesignTransform> {
  const raw = await editorCanvas(page).getAttribute('data-transform');
  assert.ok(raw, 'the editor canvas has no data-transform');
  return JSON.parse(raw) as DesignTransform;
}

/** Asserts two transforms are equal up to floating point noise. */
export function assertSameTransform(actual: DesignTransform, expected: DesignTransform, message = ''): void {
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  const ok =
    close(actual.centerX, expected.centerX) &&
    close(actual.centerY, expected.centerY) &&
    close(actual.scale, expected.scale) &&
    actual.quarterTurns === expected.quarterTurns &&
    actual.flipX === expected.flipX;
  assert.ok(ok, `${message}\n  actual:   ${JSON.stringify(actual)}\n  expected: ${JSON.stringify(expected)}`);
}

/** Waits until the editor shows `expected`. */
export async function expectTransform(page: Page, expected: DesignTransform, message = ''): Promise<void> {
  await eventually(async () => assertSameTransform(await shownTransform(page), expected, message));
}

/**
 * A photo anyone can check by eye: four coloured quadrants (red, green / blue, yellow), a white
 * disc off-centre and a dark diagonal bar, so a wrong turn, mirror or offset shows at once.
 */
export function fourColourPhoto(
  width: number,
  height: number,
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<Buffer> {
  const w2 = width / 2;
  const h2 = height / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${w2}" height="${h2}" fill="#e53935"/>
    <rect x="${w2}" width="${w2}" height="${h2}" fill="#43a047"/>
    <rect y="${h2}" width="${w2}" height="${h2}" fill="#1e88e5"/>
    <rect x="${w2}" y="${h2}" width="${w2}" height="${h2}" fill="#fdd835"/>
    <circle cx="${width * 0.3}" cy="${height * 0.28}" r="${Math.min(width, height) * 0.12}" fill="#ffffff"/>
    <path d="M0 ${height} L${width * 0.12} ${height} L${width} ${height * 0.1} L${width} 0 Z" fill="#263238"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return (format === 'png' ? image.png() : image.jpeg({ quality: 92 })).toBuffer();
}

/** API calls as the browser context's visitor (same cookies, so the same owner of the uploads). */
export async function visitorApi(context: BrowserContext, baseUrl: string) {
  const health = await context.request.get(`${baseUrl}/api/health`);
  assert.ok(health.ok());
  const xsrf = async () =>
    (await context.cookies(baseUrl)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const check = async <T>(res: APIResponse, what: string): Promise<T> => {
    assert.ok(res.ok(), `${what} answered ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    async createOrder(modelId: number): Promise<{ id: string; orderNumber: string }> {
      const res = await context.request.post(`${baseUrl}/api/orders`, {
        headers: { 'x-xsrf-token': await xsrf() },
        data: { store: { id: EDITOR_STORE_ID }, brand: { id: APPLE_ID }, model: { id: modelId } },
      });
      return check(res, 'POST /api/orders');
    },
    async uploadPhoto(bytes: Buffer, name = 'photo.jpg'): Promise<string> {
      const res = await context.request.post(`${baseUrl}/api/images`, {
        headers: { 'x-xsrf-token': await xsrf() },
        multipart: {
          file: { name, mimeType: name.endsWith('.png') ? 'image/png' : 'image/jpeg', buffer: bytes },
        },
        timeout: 60_000,
      });
      return (await check<{ uri: string }>(res, 'POST /api/images')).uri;
    },
    async attachPhoto(orderId: string, uri: string): Promise<Order> {
      const res = await context.request.put(`${baseUrl}/api/orders/${orderId}`, {
        headers: { 'x-xsrf-token': await xsrf() },
        data: { image: uri },
      });
      return check(res, 'PUT /api/orders/{id}');
    },
    /** Adds a photo to the order's tray (the scene editor's photos). */
    async addPhoto(orderId: string, image: string): Promise<Order> {
      const res = await context.request.post(`${baseUrl}/api/orders/${orderId}/photos`, {
        headers: { 'x-xsrf-token': await xsrf() },
        data: { image },
      });
      return check(res, 'POST /api/orders/{id}/photos');
    },
    /** Saves a scene as the order's draft, as the editor does while the customer designs. */
    async saveDraft(orderId: string, scene: Scene): Promise<Order> {
      const res = await context.request.put(`${baseUrl}/api/orders/${orderId}/scene`, {
        headers: { 'x-xsrf-token': await xsrf() },
        data: { scene },
      });
      return check(res, 'PUT /api/orders/{id}/scene');
    },
  };
}

/** The order's draft once the editor says it saved it. */
export async function savedDraft(page: Page, baseUrl: string, orderId: string): Promise<Scene> {
  await page.getByText('Guardado', { exact: true }).waitFor();
  const order = await getJsonAs<Order>(page, `${baseUrl}/api/orders/${orderId}`);
  assert.ok(order.draftScene, 'the editor saved a draft');
  return order.draftScene;
}

/** Waits until the saved draft passes `check`, and returns it. */
export async function draftWhere(
  page: Page,
  baseUrl: string,
  orderId: string,
  check: (scene: Scene) => void,
): Promise<Scene> {
  let last: Scene | undefined;
  await eventually(async () => {
    last = await savedDraft(page, baseUrl, orderId);
    check(last);
  });
  return last!;
}

/** The demo iPhone 15 as the store offers it, with its template's crop box (template pixels). */
export async function editorModel(
  baseUrl: string,
): Promise<{ model: Model; box: { width: number; height: number } }> {
  const page = await getJson<ModelPage>(
    `${baseUrl}/api/models?store=${EDITOR_STORE_ID}&brand=${APPLE_ID}&filtro=iphone%2015&size=50`,
  );
  const model = page.items.find((m) => m.name === 'iPhone 15');
  assert.ok(model?.template && model.outline, 'the demo catalogue has an iPhone 15 with a template');
  const template = Buffer.from(await (await fetch(`${baseUrl}${model.template}`)).arrayBuffer());
  const { data, info } = await sharp(template).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const box = cropBox(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height);
  assert.ok(box);
  return { model, box: { width: box.width, height: box.height } };
}

/** An order of the demo iPhone 15 with `photo` attached, made by the context's visitor. */
export async function orderWithPhoto(
  context: BrowserContext,
  baseUrl: string,
  modelId: number,
  photo: Buffer,
) {
  const visitor = await visitorApi(context, baseUrl);
  const created = await visitor.createOrder(modelId);
  const image = await visitor.uploadPhoto(photo);
  const order = await visitor.attachPhoto(created.id, image);
  return { order, image };
}

/**
 * Puts the order in the tab's session as the storefront does before the editor (docs/product.md §3.10),
 * optionally with a placement the editor should restore, and opens /editor-edicion.
 */
export async function openEditor(
  page: Page,
  baseUrl: string,
  order: { id: string; image: string | null },
  transform?: DesignTransform,
): Promise<void> {
  const storeUrl = await storeCode(baseUrl, EDITOR_STORE_ID);
  if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/`);
  await page.evaluate(
    ({ orderId, storeId, storeUrl, key, stored }) => {
      sessionStorage.setItem('order_id', orderId);
      sessionStorage.setItem('store_id', String(storeId));
      sessionStorage.setItem('store_url', storeUrl);
      sessionStorage.setItem('from_url', 'false');
      if (stored) sessionStorage.setItem(key, stored);
      else sessionStorage.removeItem(key);
    },
    {
      orderId: order.id,
      storeId: EDITOR_STORE_ID,
      storeUrl,
      key: storedTransformKey(order.id),
      stored: transform ? JSON.stringify({ image: order.image, transform }) : null,
    },
  );
  await page.goto(`${baseUrl}/editor-edicion`);
}

/**
 * Intercepts the design upload of '¡OK, pedir!'; `file` resolves with the file it carries (name,
 * type, bytes). Request bodies are only complete when intercepted, hence the route. `holdMs` keeps the
 * request back a moment, so a test can see the editor while it waits.
 */
export async function captureDesignUpload(page: Page, holdMs = 0): Promise<{ file: Promise<File> }> {
  let resolveFile: (file: File) => void;
  let rejectFile: (error: unknown) => void;
  const captured = new Promise<File>((resolve, reject) => {
    resolveFile = resolve;
    rejectFile = reject;
  });
  // Only POST /api/images matches (photos are read from /api/images/<id>); once is enough.
  const handler = async (route: Route) => {
    const request = route.request();
    try {
      const body = request.postDataBuffer();
      assert.ok(body, 'the upload has a body');
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': (await request.headerValue('content-type')) ?? '' },
      }).formData();
      const file = form.get('file');
      assert.ok(file instanceof File, 'the upload has a file field');
      resolveFile(file);
    } catch (error) {
      rejectFile(error);
    }
    if (holdMs) await new Promise((resolve) => setTimeout(resolve, holdMs));
    await route.continue();
  };
  await page.route('**/api/images', handler, { times: 1 });
  // Wrapped: an async function returning the promise itself would wait for the upload.
  return { file: captured };
}
