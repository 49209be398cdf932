/**
 * The soak bench's mixed traffic: simulated visitors going through the shop as people do, each
 * journey a new visitor (its own cookies, its own client address through `X-Forwarded-For`, the
 * shop running with TRUST_PROXY=1), so the per-visitor and per-address limits count what they
 * count in a real shop and the traffic is never refused for being one client.
 *
 * Journeys: browse (landing page, config, store, brands, a page of models, a search, a model),
 * an order paid at the store (order, photo, design, pickup, contact data), an order paid now
 * through the built-in Redsys simulator (its page, the card decision, whose notification the
 * simulator posts to the shop), and staff screens (dashboard, order list, an order and its
 * timeline, the sales report) in a few signed-in staff sessions.
 */
import sharp from 'sharp';

export type JourneyKind = 'browse' | 'paystore' | 'paynow' | 'staff';

/** Share of journeys of each kind. */
const WEIGHTS: [JourneyKind, number][] = [
  ['browse', 55],
  ['paystore', 15],
  ['paynow', 15],
  ['staff', 15],
];

const SEARCHES = ['gal', 'iphone', 'redmi', 'pro', 'note', 'a5', 'pixel', 'xz'];

export interface TrafficOptions {
  url: string;
  /** Journeys going on at once. */
  visitors: number;
  /** Mean pause between two requests of a journey (a person reading), milliseconds. */
  thinkMs: number;
  staff: { email: string; password: string };
  storeId: number;
  brandIds: number[];
}

/** What the traffic got: per request kind, status counts; per minute, latencies. */
export class Tally {
  readonly statuses = new Map<string, Map<string, number>>();
  readonly journeys = new Map<JourneyKind, { done: number; failed: number }>();
  /** Milliseconds of the catalogue reads (models pages) since the last `takeMinute`. */
  #catalogue: number[] = [];
  #all: number[] = [];
  #requests = 0;

  count(kind: string, status: number | string, ms: number): void {
    const byStatus = this.statuses.get(kind) ?? new Map<string, number>();
    this.statuses.set(kind, byStatus);
    const key = String(status);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    this.#requests++;
    this.#all.push(ms);
    if (kind === 'GET models') this.#catalogue.push(ms);
  }

  journey(kind: JourneyKind, ok: boolean): void {
    const j = this.journeys.get(kind) ?? { done: 0, failed: 0 };
    if (ok) j.done++;
    else j.failed++;
    this.journeys.set(kind, j);
  }

  /** Requests, catalogue p50/p99 and all requests' p99 since the last call. */
  takeMinute(): { requests: number; catalogueP50: number; catalogueP99: number; allP99: number } {
    const pct = (xs: number[], p: number) => {
      if (!xs.length) return Number.NaN;
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
    };
    const out = {
      requests: this.#requests,
      catalogueP50: pct(this.#catalogue, 50),
      catalogueP99: pct(this.#catalogue, 99),
      allP99: pct(this.#all, 99),
    };
    this.#catalogue = [];
    this.#all = [];
    this.#requests = 0;
    return out;
  }

  /** Every answer that was not a success, by request kind and status. */
  failures(): { kind: string; status: string; count: number }[] {
    const out: { kind: string; status: string; count: number }[] = [];
    for (const [kind, byStatus] of this.statuses) {
      for (const [status, count] of byStatus) {
        if (!/^[23]\d\d$/.test(status)) out.push({ kind, status, count });
      }
    }
    return out.sort((a, b) => b.count - a.count);
  }
}

class Failed extends Error {}

/** One visitor: a cookie jar, an address, and the forgery token the shop gave it. */
class Visitor {
  readonly #jar = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly address: string,
    readonly tally: Tally,
  ) {}

  async call(
    kind: string,
    path: string,
    init: { method?: string; json?: unknown; body?: BodyInit; form?: Record<string, string> } = {},
    expect: (status: number) => boolean = (s) => s >= 200 && s < 300,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      accept: 'application/json, text/html;q=0.9, */*;q=0.8',
      'accept-language': 'es-ES,es;q=0.9',
      'x-forwarded-for': this.address,
    };
    if (this.#jar.size) headers.cookie = [...this.#jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = this.#jar.get('XSRF-TOKEN') ?? this.#jar.get('__Host-XSRF-TOKEN');
    const method = init.method ?? 'GET';
    if (method !== 'GET' && token) headers['x-xsrf-token'] = token;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(this.base + path, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      // Read the whole answer, as a browser does, before the time is taken.
      await res.clone().arrayBuffer();
    } catch {
      this.tally.count(kind, 'error', performance.now() - started);
      throw new Failed(kind);
    }
    this.tally.count(kind, res.status, performance.now() - started);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      if (value) this.#jar.set(pair!.slice(0, eq), value);
      else this.#jar.delete(pair!.slice(0, eq));
    }
    if (!expect(res.status)) throw new Failed(kind);
    return res;
  }

  async json<T>(kind: string, path: string, init?: Parameters<Visitor['call']>[2]): Promise<T> {
    return (await (await this.call(kind, path, init)).json()) as T;
  }
}

/** The photos visitors upload: small camera-like JPEGs (a few hundred KB), made once. */
async function makePhotos(): Promise<{ photo: Buffer; design: Buffer }> {
  const noisy = async (width: number, height: number) => {
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i % 251) ^ ((Math.random() * 64) | 0);
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
  };
  return { photo: await noisy(1200, 900), design: await noisy(480, 760) };
}

const TRANSFORM = { centerX: 0.5, centerY: 0.5, scale: 3.5, quarterTurns: 0, flipX: false };

/** Mixed traffic until `stop()`: `visitors` journeys at once, one after another. */
export async function startTraffic(
  opts: TrafficOptions,
  tally: Tally,
): Promise<{ stop: () => Promise<void> }> {
  const photos = await makePhotos();
  let running = true;
  let addressCounter = 0;
  const nextAddress = () => {
    const n = addressCounter++;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
  const pause = () =>
    running ? new Promise((r) => setTimeout(r, opts.thinkMs * (0.5 + Math.random()))) : undefined;
  const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

  // Staff work in a few sessions signed in once, from the store's address, as a shift does. Each
  // is signed in by the first journey that needs it (journeys at once share the promise): a burst
  // of sign-ins for one account is what the sign-in limit is there to refuse.
  const staffSessions: Promise<Visitor>[] = [];
  const staffSession = (): Promise<Visitor> => {
    if (staffSessions.length >= 3) return pick(staffSessions);
    const v = new Visitor(opts.url, `192.0.2.${staffSessions.length + 1}`, tally);
    const session = (async () => {
      await v.call('GET config', '/api/config');
      await v.call('POST auth/login', '/api/auth/login', { method: 'POST', json: opts.staff });
      return v;
    })();
    staffSessions.push(session);
    // A session that could not sign in is tried again by a later journey.
    session.catch(() => staffSessions.splice(staffSessions.indexOf(session), 1));
    return session;
  };

  const upload = async (v: Visitor, file: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), name);
    return (await v.json<{ uri: string }>('POST images', '/api/images', { method: 'POST', body: form })).uri;
  };

  const browse = async (v: Visitor) => {
    const s = opts.storeId;
    await v.call('GET page', '/');
    await v.call('GET config', '/api/config');
    await pause();
    await v.call('GET store', `/api/stores/${s}`);
    await v.call('GET brands', `/api/brands?store=${s}`);
    await pause();
    const page = await v.json<{ items: { id: number }[] }>(
      'GET models',
      `/api/models?store=${s}&brand=${pick(opts.brandIds)}&page=1&size=20`,
    );
    await pause();
    await v.call('GET models', `/api/models?store=${s}&filtro=${pick(SEARCHES)}&page=1&size=20`);
    if (page.items.length) await v.call('GET model', `/api/models/${pick(page.items).id}`);
  };

  /** Browse, order, photo, design: the order ready for its payment method. */
  const designed = async (v: Visitor): Promise<string> => {
    await browse(v);
    const s = opts.storeId;
    const page = await v.json<{ items: { id: number; brand: { id: number } }[] }>(
      'GET models',
      `/api/models?store=${s}&brand=${pick(opts.brandIds)}&page=1&size=20`,
    );
    const model = page.items.length ? pick(page.items) : null;
    if (!model) throw new Failed('no model');
    const { id } = await v.json<{ id: string }>('POST orders', '/api/orders', {
      method: 'POST',
      json: { store: { id: s }, brand: { id: model.brand.id }, model: { id: model.id } },
    });
    await pause();
    const image = await upload(v, photos.photo, 'foto.jpg');
    await v.call('PUT order image', `/api/orders/${id}`, { method: 'PUT', json: { image } });
    await pause();
    const design = await upload(v, photos.design, 'design.jpg');
    await v.call('PUT order design', `/api/orders/${id}/design`, {
      method: 'PUT',
      json: { design, transform: TRANSFORM },
    });
    await v.call('GET order', `/api/orders/${id}`);
    return id;
  };

  const details = async (v: Visitor, id: string) => {
    await v.call('POST pickup', `/api/orders/${id}/confirmInStorePickup`, { method: 'POST' });
    await pause();
    await v.call('POST details', `/api/orders/${id}/confirmUserDetails`, {
      method: 'POST',
      json: { name: 'Lucía Pérez', email: `cliente${addressCounter}@example.com`, phone: '600111222' },
    });
  };

  const journeys: Record<JourneyKind, (v: Visitor) => Promise<void>> = {
    browse,
    paystore: async (v) => {
      const id = await designed(v);
      await v.call('POST method', `/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`, {
        method: 'POST',
      });
      await details(v, id);
    },
    paynow: async (v) => {
      const id = await designed(v);
      await v.call('POST method', `/api/orders/${id}/confirmPaymentMethod?paymentMethod=paynow`, {
        method: 'POST',
      });
      await details(v, id);
      const init = await v.json<{
        url: string;
        ds_SignatureVersion: string;
        ds_MerchantParameters: string;
        ds_Signature: string;
      }>('POST payment/initiate', `/api/payment/initiate/${id}`, { method: 'POST' });
      const form = {
        Ds_SignatureVersion: init.ds_SignatureVersion,
        Ds_MerchantParameters: init.ds_MerchantParameters,
        Ds_Signature: init.ds_Signature,
      };
      const gateway = new URL(init.url).pathname;
      await v.call('POST simulator page', gateway, { method: 'POST', form });
      await pause();
      // The simulator posts the signed notification to the shop before it answers.
      await v.call(
        'POST simulator decision',
        `${gateway}/decision`,
        { method: 'POST', form: { ...form, decision: 'card' } },
        (s) => s === 303,
      );
      const order = await v.json<{ status: string }>('GET order', `/api/orders/${id}`);
      if (order.status !== 'paid') {
        tally.count('order status after the gateway', order.status, 0);
        throw new Failed('not paid');
      }
    },
    staff: async () => {
      const v = await staffSession();
      await v.call('GET staff dashboard', '/api/dashboard');
      await pause();
      const list = await v.json<{ items: { id: string }[] }>('GET staff orders', '/api/orders?page=1');
      await pause();
      if (list.items.length) {
        const id = pick(list.items.slice(0, 20)).id;
        await v.call('GET staff order', `/api/orders/${id}`);
        await v.call('GET staff timeline', `/api/orders/${id}/timeline`);
      }
      await pause();
      const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
      await v.call('GET staff sales report', `/api/reports/sales?from=${day(30)}&to=${day(0)}`);
    },
  };

  const total = WEIGHTS.reduce((s, [, w]) => s + w, 0);
  const chooseKind = (): JourneyKind => {
    let r = Math.random() * total;
    for (const [kind, w] of WEIGHTS) {
      r -= w;
      if (r < 0) return kind;
    }
    return 'browse';
  };

  const worker = async () => {
    while (running) {
      const kind = chooseKind();
      const v = new Visitor(opts.url, nextAddress(), tally);
      try {
        await journeys[kind](v);
        tally.journey(kind, true);
      } catch (err) {
        if (!(err instanceof Failed)) tally.count(`${kind}: ${(err as Error).message}`, 'error', 0);
        tally.journey(kind, false);
      }
      await pause();
    }
  };
  const workers = Array.from({ length: opts.visitors }, () => worker());
  return {
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}
