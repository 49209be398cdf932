import type { ModelPage } from '@shop/contracts/catalogue';
import type { DesignTransform, Order } from '@shop/contracts/orders';
import sharp from 'sharp';
import type { Client } from './helpers.ts';

/** A multipart body built by hand, so tests control every byte. */
export function multipart(
  parts: { name: string; value: string | Buffer; filename?: string; type?: string }[],
) {
  const boundary = `----shoptest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"`
      : `form-data; name="${p.name}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const testPhoto = (width = 1200, height = 900, background = '#c85028') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 85 })
    .toBuffer();

export async function uploadImage(c: Client, file: Buffer, filename = 'foto.jpg'): Promise<string> {
  const res = await c.request({
    method: 'POST',
    url: '/api/images',
    ...multipart([{ name: 'file', value: file, filename }]),
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { uri: string }).uri;
}

/**
 * A placement that covers every case of the demo catalogue with `testPhoto()` (4:3): centred, the
 * photo 3.5 case widths wide, so 2.6 case widths tall (the tallest case is 2.2 widths tall).
 */
export const IDENTITY: DesignTransform = {
  centerX: 0.5,
  centerY: 0.5,
  scale: 3.5,
  quarterTurns: 0,
  flipX: false,
};

/** A fresh order of the first model store `storeId` offers, with origin `origin`. */
export async function createOrder(
  c: Client,
  storeId = 1,
  origin: 'false' | 'screen' = 'false',
): Promise<Order> {
  const model = ((await c.get(`/api/models?store=${storeId}&size=1`)).json() as ModelPage).items[0]!;
  const res = await c.post('/api/orders', {
    store: { id: storeId },
    brand: { id: model.brand.id },
    model: { id: model.id },
    origin,
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return (await c.get(`/api/orders/${(res.json() as { id: string }).id}`)).json() as Order;
}

/**
 * An order with its photo and design, as after '¡OK, pedir!' in the editor (pay at store chosen),
 * made in `customer`'s session: the order is theirs to go on with, nobody else's.
 */
export async function designedOrder(
  c: Client,
  storeId = 1,
  origin: 'false' | 'screen' = 'false',
): Promise<Order> {
  const order = await createOrder(c, storeId, origin);
  const photo = await uploadImage(c, await testPhoto());
  await expectOk(c.put(`/api/orders/${order.id}`, { image: photo }));
  const design = await uploadImage(c, await testPhoto(480, 760, '#2864c8'), 'design.png');
  await expectOk(c.put(`/api/orders/${order.id}/design`, { design, transform: IDENTITY }));
  return (
    await expectOk(c.post(`/api/orders/${order.id}/confirmPaymentMethod?paymentMethod=paystore`))
  ).json() as Order;
}

export async function expectOk<T extends { statusCode: number; body: string }>(p: Promise<T>): Promise<T> {
  const res = await p;
  if (res.statusCode >= 300) throw new Error(`expected success, got ${res.statusCode} ${res.body}`);
  return res;
}
