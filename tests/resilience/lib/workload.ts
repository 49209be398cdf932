// A write load of whole customer journeys, recording every acknowledged (2xx, complete) answer:
// orders, photos (browser and phone uploads), designs, checkout steps, payment at the counter,
// online payment through a signed Redsys notification, and invoices.
import type { ModelPage } from '@shop/contracts/catalogue';
import type { Order, OrderStatus } from '@shop/contracts/orders';
import type { PaymentInitiation } from '@shop/contracts/payments';
import sharp from 'sharp';
import {
  decodeMerchantParameters,
  signNotification,
} from '../../../apps/server/src/modules/payments/redsys.ts';
import { HttpError, NetworkError, photoForm, type Reply, Visitor } from './http-client.ts';

/** Redsys's public test key: what the server uses when REDSYS_SECRET_KEY is not set (not production). */
export const REDSYS_TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';

/** How far along the life cycle a status is; an acknowledged status may only be followed by later ones. */
export const STATUS_RANK: Record<OrderStatus, number> = {
  created: 0,
  image_uploaded: 1,
  design_confirmed: 2,
  details_confirmed: 3,
  awaiting_payment: 4,
  to_pay_at_store: 4,
  paid: 5,
  printed: 6,
  ready: 7,
  shipped: 7,
  delivered: 8,
  cancelled: 100,
};

export type PhotoSource = 'browser' | 'phone';
export type PayWay = 'store' | 'online';

export interface AckedOrder {
  id: string;
  status: OrderStatus;
  photoSource: PhotoSource;
  pay: PayWay;
  image: string | null;
  design: string | null;
  invoiceNumber: string | null;
  invoicePdf: string | null;
}

export interface AckedFile {
  id: string;
  role: 'photo' | 'phone-photo' | 'design' | 'invoice';
  orderId: string | null;
}

export const fileIdOf = (uri: string): string => uri.slice('/api/images/'.length);

/** Everything the server acknowledged, and everything that went wrong. */
export class Ledger {
  readonly orders = new Map<string, AckedOrder>();
  readonly files = new Map<string, AckedFile>();
  readonly stats = {
    requests: 0,
    acknowledged: 0,
    networkErrors: 0,
    retriedAfterCrash: 0,
    abandonedFlows: 0,
    completedFlows: 0,
  };
  /** 5xx answers: always a defect. */
  readonly serverErrors: string[] = [];
  /** 4xx answers the workload did not expect (apart from 429). */
  readonly unexpected: string[] = [];

  ackOrder(order: Pick<Order, 'id' | 'status' | 'image' | 'design'>, photoSource: PhotoSource, pay: PayWay) {
    const known = this.orders.get(order.id);
    const status =
      known && STATUS_RANK[known.status] > STATUS_RANK[order.status] ? known.status : order.status;
    this.orders.set(order.id, {
      id: order.id,
      status,
      photoSource,
      pay,
      image: order.image ? fileIdOf(order.image) : (known?.image ?? null),
      design: order.design ? fileIdOf(order.design) : (known?.design ?? null),
      invoiceNumber: known?.invoiceNumber ?? null,
      invoicePdf: known?.invoicePdf ?? null,
    });
  }

  ackStatus(id: string, status: OrderStatus) {
    const known = this.orders.get(id);
    if (known && STATUS_RANK[status] > STATUS_RANK[known.status]) known.status = status;
  }

  summary() {
    const byStatus: Record<string, number> = {};
    for (const o of this.orders.values()) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    const invoices = [...this.orders.values()].filter((o) => o.invoiceNumber).length;
    return { ...this.stats, orders: this.orders.size, files: this.files.size, invoices, byStatus };
  }
}

/** Sample files, made once: a camera-like JPEG and the PNG the editor renders. */
export async function samplePhotos(): Promise<{ photo: Buffer; design: Buffer }> {
  const noise = Buffer.alloc(640 * 480 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5) * 131) & 0xff;
  const photo = await sharp(noise, { raw: { width: 640, height: 480, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const design = await sharp({
    create: { width: 300, height: 600, channels: 4, background: { r: 40, g: 100, b: 200, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return { photo, design };
}

export interface WorkloadOptions {
  /** The server's base URL now (a function: it may move, e.g. behind a proxy). */
  base: () => string;
  /** Resolves once the server is up; a worker that lost its connection waits for it. */
  whenUp: () => Promise<void>;
  staff: Visitor;
  ledger: Ledger;
  storeId: number;
  models: ModelPage['items'];
  photos: { photo: Buffer; design: Buffer };
  /** Fraction of journeys that pay online (Redsys notification) instead of at the counter. */
  onlineShare?: number;
  /** Fraction of journeys whose photo comes from a phone through the kiosk's upload link. */
  phoneShare?: number;
  redsysKey?: string;
}

/** Steps that may be repeated safely after a lost answer (the same call twice leaves the same order). */
type StepKind = 'once' | 'idempotent';

class Abandon extends Error {}

export class Workload {
  #stopping = false;
  #workers: Promise<void>[] = [];
  #seq = 0;

  constructor(readonly opts: WorkloadOptions) {}

  start(workers: number): void {
    for (let i = 0; i < workers; i++) this.#workers.push(this.#loop());
  }

  /** Lets every journey in progress end at its next step, and waits for them. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await Promise.all(this.#workers);
  }

  async #loop(): Promise<void> {
    while (!this.#stopping) {
      try {
        await this.journey();
        this.opts.ledger.stats.completedFlows++;
      } catch (err) {
        if (!(err instanceof Abandon)) throw err;
        this.opts.ledger.stats.abandonedFlows++;
      }
    }
  }

  /**
   * One request: records it, classifies failures. A lost connection waits for the server; then an
   * idempotent step is sent again (as a browser retry or the gateway's own retry would) and any
   * other step abandons the journey (its effect may or may not have happened: not acknowledged).
   */
  async #step<T>(name: string, kind: StepKind, fn: () => Promise<T>): Promise<T> {
    const { ledger } = this.opts;
    for (let attempt = 0; ; attempt++) {
      if (this.#stopping && attempt > 0) throw new Abandon(name);
      ledger.stats.requests++;
      try {
        const result = await fn();
        ledger.stats.acknowledged++;
        return result;
      } catch (err) {
        if (err instanceof NetworkError) {
          ledger.stats.networkErrors++;
          await this.opts.whenUp();
          if (kind === 'idempotent' && attempt < 3) {
            ledger.stats.retriedAfterCrash++;
            continue;
          }
          throw new Abandon(name);
        }
        if (err instanceof HttpError) {
          const status = err.reply.status;
          if (status >= 500) ledger.serverErrors.push(`${name}: ${err.message}`);
          else if (status !== 429)
            ledger.unexpected.push(`${name}${attempt ? ' (retry)' : ''}: ${err.message}`);
          throw new Abandon(name);
        }
        if (err instanceof Abandon) throw err;
        ledger.unexpected.push(`${name}: ${(err as Error).message}`);
        throw new Abandon(name);
      }
    }
  }

  /** One customer journey from a new visitor, to a paid and invoiced order. */
  async journey(): Promise<void> {
    const { ledger, staff, photos, models, storeId } = this.opts;
    const n = this.#seq++;
    const phone =
      (this.opts.phoneShare ?? 0.25) > 0 && n % Math.round(1 / (this.opts.phoneShare ?? 0.25)) === 1;
    const online =
      !phone &&
      (this.opts.onlineShare ?? 0.5) > 0 &&
      n % Math.round(1 / (this.opts.onlineShare ?? 0.5)) === 0;
    const source: PhotoSource = phone ? 'phone' : 'browser';
    const pay: PayWay = online ? 'online' : 'store';
    const model = models[n % models.length]!;
    const customer = new Visitor(this.opts.base);
    const asOrder = (r: Reply) => r.json<Order>();

    await this.#step('catalogue', 'idempotent', () => customer.get(`/api/models?store=${storeId}&size=12`));
    const created = await this.#step('create order', 'once', async () => {
      const r = await customer.ok('POST', '/api/orders', {
        json: {
          store: { id: storeId },
          brand: { id: model.brand.id },
          model: { id: model.id },
          origin: phone ? 'screen' : 'false',
        },
      });
      const body = r.json<{ id: string }>();
      ledger.ackOrder({ id: body.id, status: 'created', image: null, design: null }, source, pay);
      return body;
    });
    const id = created.id;

    if (phone) {
      const { urlCode } = await this.#step('upload link', 'idempotent', async () =>
        (await customer.ok('POST', `/api/orders/${id}/generateQR`)).json<{ urlCode: string }>(),
      );
      const handset = new Visitor(this.opts.base);
      await this.#step('phone upload', 'once', async () => {
        const r = await handset.ok('POST', '/api/orders/upload/', {
          form: photoForm(photos.photo, 'IMG_0001.jpg', 'image/jpeg', { encodedUrl: urlCode }),
        });
        const fileId = fileIdOf(r.json<{ uri: string }>().uri);
        ledger.files.set(fileId, { id: fileId, role: 'phone-photo', orderId: id });
        ledger.ackOrder(
          { id, status: 'image_uploaded', image: `/api/images/${fileId}`, design: null },
          source,
          pay,
        );
      });
      // The kiosk sees the photo on its next poll.
      await this.#step('kiosk poll', 'idempotent', async () => {
        const order = asOrder(await customer.get(`/api/orders/${id}`));
        if (!order.image) throw new Error(`kiosk poll: order ${id} has no image after the phone upload`);
      });
    } else {
      const photoId = await this.#step('upload photo', 'once', async () => {
        const r = await customer.ok('POST', '/api/images', {
          form: photoForm(photos.photo, 'foto.jpg', 'image/jpeg'),
        });
        const fileId = fileIdOf(r.json<{ uri: string }>().uri);
        ledger.files.set(fileId, { id: fileId, role: 'photo', orderId: id });
        return fileId;
      });
      await this.#step('attach photo', 'idempotent', async () => {
        const r = await customer.ok('PUT', `/api/orders/${id}`, {
          json: { image: `/api/images/${photoId}` },
        });
        ledger.ackOrder(asOrder(r), source, pay);
      });
    }

    const designId = await this.#step('upload design', 'once', async () => {
      const r = await customer.ok('POST', '/api/images', {
        form: photoForm(photos.design, 'design.png', 'image/png'),
      });
      const fileId = fileIdOf(r.json<{ uri: string }>().uri);
      ledger.files.set(fileId, { id: fileId, role: 'design', orderId: id });
      return fileId;
    });
    await this.#step('save design', 'idempotent', async () => {
      const r = await customer.ok('PUT', `/api/orders/${id}/design`, {
        json: {
          design: `/api/images/${designId}`,
          transform: { centerX: 0.5, centerY: 0.5, scale: 3.5, quarterTurns: 0, flipX: false },
        },
      });
      ledger.ackOrder(asOrder(r), source, pay);
    });
    const method = online ? 'paynow' : 'paystore';
    await this.#step('payment method', 'idempotent', async () => {
      const r = await customer.ok('POST', `/api/orders/${id}/confirmPaymentMethod?paymentMethod=${method}`);
      ledger.ackOrder(asOrder(r), source, pay);
    });
    if (online) {
      await this.#step('pickup', 'idempotent', async () => {
        const r = await customer.ok('POST', `/api/orders/${id}/confirmInStorePickup`);
        ledger.ackOrder(asOrder(r), source, pay);
      });
    }
    await this.#step('contact details', 'idempotent', async () => {
      const r = await customer.ok('POST', `/api/orders/${id}/confirmUserDetails`, {
        json: { name: `Cliente ${n}`, email: `cliente${n}@example.com`, phone: '600111222' },
      });
      ledger.ackOrder(asOrder(r), source, pay);
    });

    if (online) {
      // A fresh attempt after a lost answer is what a customer pressing "Pagar" again makes.
      const init = await this.#step('initiate payment', 'idempotent', async () => {
        const r = await customer.ok('POST', `/api/payment/initiate/${id}`, { json: { method: 'card' } });
        ledger.ackStatus(id, 'awaiting_payment');
        return r.json<PaymentInitiation>();
      });
      const request = decodeMerchantParameters(init.ds_MerchantParameters)!;
      const fields = signNotification(this.opts.redsysKey ?? REDSYS_TEST_KEY, {
        Ds_Date: '02%2F03%2F2026',
        Ds_Hour: '12%3A30',
        Ds_SecurePayment: '1',
        Ds_Amount: request.DS_MERCHANT_AMOUNT!,
        Ds_Currency: '978',
        Ds_Order: request.DS_MERCHANT_ORDER!,
        Ds_MerchantCode: request.DS_MERCHANT_MERCHANTCODE!,
        Ds_Terminal: '001',
        Ds_Response: '0000',
        Ds_MerchantData: '',
        Ds_TransactionType: '0',
        Ds_ConsumerLanguage: '1',
        Ds_AuthorisationCode: '123456',
      });
      // The gateway resends a notification that got no answer.
      await this.#step('gateway notification', 'idempotent', async () => {
        await new Visitor(this.opts.base).ok('POST', '/api/payment/redsys/notification', {
          anonymous: true,
          urlencoded: fields as unknown as Record<string, string>,
        });
        ledger.ackStatus(id, 'paid');
      });
    } else {
      await this.#step('paid at the counter', 'idempotent', async () => {
        const r = await staff.ok('POST', `/api/orders/${id}/confirmPayment`);
        ledger.ackOrder(asOrder(r), source, pay);
      });
    }

    await this.#step('invoice', 'idempotent', async () => {
      const r = await staff.ok('POST', `/api/orders/${id}/generateInvoice`);
      const { uri, number } = r.json<{ uri: string; number: string }>();
      const order = ledger.orders.get(id)!;
      if (order.invoiceNumber && order.invoiceNumber !== number) {
        ledger.unexpected.push(`invoice: order ${id} got ${number} after ${order.invoiceNumber}`);
      }
      order.invoiceNumber = number;
      order.invoicePdf = fileIdOf(uri);
      ledger.files.set(order.invoicePdf, { id: order.invoicePdf, role: 'invoice', orderId: id });
    });
  }
}
