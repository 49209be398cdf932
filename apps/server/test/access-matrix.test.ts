import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StaffAccount } from '@shop/contracts/auth';
import type { Brand, Model } from '@shop/contracts/catalogue';
import type { GeneratedInvoice } from '@shop/contracts/invoices';
import type { Order, PrintFileSchema } from '@shop/contracts/orders';
import type { PaymentInitiation } from '@shop/contracts/payments';
import { emptyScene } from '@shop/contracts/scene';
import type { Store } from '@shop/contracts/stores';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { createStaffUser } from '../src/modules/auth/service.ts';
import { encodeStoreUrl } from '../src/modules/stores/url-code.ts';
import { IDENTITY, multipart } from './checkout-helpers.ts';
import { ADMIN, Client, STORE1, STORE2, signedIn } from './helpers.ts';
import { notificationFor, requestParams } from './payments-support.ts';
import {
  ADDRESS,
  assertRefused,
  CONTACT,
  createSecurityApp,
  gatewayForm,
  OrderFactory,
  ok,
  type RouteKey,
  type SecurityApp,
  smallPhoto,
  smallPng,
  stored,
  upload,
} from './security-support.ts';

/**
 * Who may call what: every route of the app (recorded by `buildApp`'s `onRoute` option) against
 * six callers, each cell a real request whose expected status is in the table below. A route
 * added without an entry, or an entry whose route is gone, fails the first test.
 *
 * The callers. The victim is a customer of store 1 (the "owner" of the fixtures): every order,
 * photo and staff object the requests name belongs to store 1 and the owner.
 *
 * - anonymous: a visitor never seen before, with no staff session, holding only ids it was
 *   handed: the owner's order id ("another customer's order id", as a forwarded mail or a
 *   screenshot would give it) and the owner's file ids.
 * - otherCustomer: another customer (a visitor with an order and photos of their own, no staff
 *   session) using the owner's order id together with their OWN uploads.
 * - otherStore: staff of store 2 acting on store 1's things.
 * - ownStore: staff of store 1.
 * - admin.
 * - owner: the browser session that created the owner's orders and uploaded the owner's files
 *   (where a row does not name it, it gets what `anonymous` gets: it is a visitor like any other).
 *
 * An order belongs to the session that created it (ADR 21): the customer's order calls answer
 * the owner, staff of the order's store and admins (200), and refuse every other session with
 * 403 ORDER_NOT_OWNED (staff of another store: 403 FORBIDDEN), whatever order id they hold.
 * Order numbers are refused by the customer calls and listing orders is staff-only (401
 * anonymous, 403 for another store). An upload can be put on an order (photo or design) only by
 * the visitor who uploaded it (staff of the store using their own upload: 200), and only that
 * visitor may replace or delete it (403). Two capabilities are tokens of their own: a phone
 * upload link's token, tied to one order, adds the photo to THAT order whoever sends it (the
 * phone is another session than the kiosk), and the tracking link's token reads the tracking page
 * and downloads the invoices, for whoever holds it, and does nothing else
 * (order-ownership.test.ts tries everything else with it). The payment's KO return is the
 * owner's alone (or the gateway's signed answer, see order-ownership.test.ts).
 *
 * Each request is valid for the route, so the only reason for a refusal is who is asking;
 * calls that change state get fresh objects per cell, and cells of a shared object run refusals
 * first (the table's column order). Every refusal leaves every table and the file store as they
 * were.
 */

const ROLES = ['anonymous', 'otherCustomer', 'otherStore', 'ownStore', 'admin', 'owner'] as const;
type Role = (typeof ROLES)[number];
/** The owner's status is the anonymous visitor's unless given. */
type Expect = Record<Exclude<Role, 'owner'>, number> & { owner?: number };
const expected = (e: Expect, role: Role): number => (role === 'owner' ? (e.owner ?? e.anonymous) : e[role]);

const all = (status: number): Expect => ({
  anonymous: status,
  otherCustomer: status,
  otherStore: status,
  ownStore: status,
  admin: status,
  owner: status,
});
/** The customer's order calls: the session that made the order, staff of its store, admins. */
const orderOwner = (status: number): Expect => ({
  anonymous: 403,
  otherCustomer: 403,
  otherStore: 403,
  ownStore: status,
  admin: status,
  owner: status,
});
/** The refusal codes of `orderOwner` rows: a visitor session that is not the owner. */
const NOT_OWNED: Partial<Record<Role, string>> = {
  anonymous: 'ORDER_NOT_OWNED',
  otherCustomer: 'ORDER_NOT_OWNED',
};
/** Staff of the object's store and admins. */
const ownStoreStaff = (status: number): Expect => ({
  anonymous: 401,
  otherCustomer: 401,
  otherStore: 403,
  ownStore: status,
  admin: status,
});
const adminOnly = (status: number): Expect => ({
  anonymous: 401,
  otherCustomer: 401,
  otherStore: 403,
  ownStore: 403,
  admin: status,
});

/** The error code every refusal status must carry. */
const REFUSAL_CODE: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
};

const MATRIX_STAFF = { email: 'matriz@test.local', password: 'matrix-password-1' };

interface Prepared {
  req: InjectOptions & { method: string; url: string };
  /** Who sends it; the role's usual client when absent. */
  client?: Client;
  /** More checks after the status (the action hit the right thing, nothing else). */
  verify?: (res: LightMyRequestResponse) => Promise<void>;
}

interface Entry {
  expect: Expect;
  /** Refusal codes other than REFUSAL_CODE's, by caller. */
  codes?: Partial<Record<Role, string>>;
  prepare(ctx: Ctx, role: Role): Promise<Prepared>;
}

const get = (url: string) => ({ method: 'GET', url });
const post = (url: string, payload?: object) => ({
  method: 'POST',
  url,
  ...(payload === undefined ? {} : { payload }),
});
const put = (url: string, payload?: object) => ({
  method: 'PUT',
  url,
  ...(payload === undefined ? {} : { payload }),
});
const del = (url: string) => ({ method: 'DELETE', url });
const uploadForm = (url: string, bytes: Buffer, extra: { name: string; value: string }[] = []) => ({
  method: url.startsWith('/api/images/') ? 'PUT' : 'POST',
  url,
  ...multipart([...extra, { name: 'file', value: bytes, filename: 'foto.jpg', type: 'image/jpeg' }]),
});

class Ctx {
  f!: OrderFactory;
  staff!: Record<'otherStore' | 'ownStore' | 'admin', Client>;
  otherCustomer!: Client;
  otherCustomerOrder!: string;
  seq = 0;
  /** A store-1 order with the owner's personal data, read by the read-only cells. */
  readOrder!: string;
  /** A created store-1 order for the calls that mint upload tokens. */
  freshOrder!: string;
  /** Paid store-1 orders: one printed and invoiced (its files are read), one for print/invoice. */
  filesOrder!: { invoice: string; printPng: string; printPdf: string };
  paidOrder!: string;
  store1!: Omit<Store, 'id'>;
  targetStaffId!: number;
  gateway!: PaymentInitiation;
  readonly #own = new Map<string, { photo: string; design: string }>();

  #batch: string | undefined;

  constructor(readonly s: SecurityApp) {}

  /** A print batch of one store-1 order, made by an admin; `fresh`: a new one (to mark printed). */
  async batch(fresh = false): Promise<string> {
    if (this.#batch && !fresh) return this.#batch;
    const res = ok(
      await this.staff.admin.post('/api/print-batches', { orderIds: [await this.f.placed()], sheet: 'A4' }),
      201,
    );
    const id = (res.json() as { id: string }).id;
    if (!fresh) this.#batch = id;
    return id;
  }

  #clearPrint: string | undefined;

  /** A paid store-1 order in a clear case, printed by an admin (its print has a white layer). */
  async clearPrintedOrder(): Promise<string> {
    if (this.#clearPrint) return this.#clearPrint;
    const id = await this.f.paid(this.staff.admin);
    await this.s.t.db.query(
      'UPDATE orders SET case_type_id = (SELECT id FROM case_types WHERE clear ORDER BY id LIMIT 1) WHERE id = $1',
      [id],
    );
    const print = ok(await this.staff.admin.post(`/api/orders/${id}/print`)).json() as {
      white: string | null;
    };
    assert.ok(print.white);
    this.#clearPrint = id;
    return id;
  }

  get app() {
    return this.s.app;
  }

  async init(): Promise<void> {
    this.f = await new OrderFactory(this.app).init();
    this.staff = {
      otherStore: await signedIn(this.app, STORE2),
      ownStore: await signedIn(this.app, STORE1),
      admin: await signedIn(this.app, ADMIN),
    };
    this.otherCustomer = new Client(this.app);
    const own = await this.otherCustomer.post('/api/orders', {
      store: { id: 1 },
      brand: { id: this.f.model.brand.id },
      model: { id: this.f.model.id },
    });
    this.otherCustomerOrder = (ok(own, 201).json() as { id: string }).id;
    await createStaffUser(this.s.t.db, { ...MATRIX_STAFF, name: 'Matriz', role: 'store', storeId: 1 });
    this.targetStaffId = (
      await createStaffUser(this.s.t.db, {
        email: 'objetivo@test.local',
        password: 'target-password-1',
        name: 'Objetivo',
        role: 'store',
        storeId: 1,
      })
    ).id;
    this.readOrder = await this.f.placed(CONTACT);
    this.freshOrder = await this.f.created();
    const admin = this.staff.admin;
    const filesOrder = await this.f.paid(admin);
    const invoice = ok(
      await admin.post(`/api/orders/${filesOrder}/generateInvoice`),
    ).json() as GeneratedInvoice;
    const print = ok(await admin.post(`/api/orders/${filesOrder}/print`)).json() as z.infer<
      typeof PrintFileSchema
    >;
    this.filesOrder = { invoice: invoice.uri, printPng: print.png, printPdf: print.uri };
    this.paidOrder = await this.f.paid(admin);
    const { id: _id, ...store1 } = ok(await admin.get('/api/stores/1')).json() as Store;
    this.store1 = store1;
    this.gateway = (await this.f.initiated()).init;
  }

  client(role: Role): Client {
    if (role === 'owner') return this.f.owner;
    if (role === 'anonymous') return new Client(this.app);
    if (role === 'otherCustomer') return this.otherCustomer;
    return this.staff[role];
  }

  /** A client of the role that may be spent (signed in or out) by the cell. */
  async spare(role: Role): Promise<Client> {
    if (role === 'anonymous' || role === 'otherCustomer' || role === 'owner') return new Client(this.app);
    return signedIn(this.app, { otherStore: STORE2, ownStore: STORE1, admin: ADMIN }[role]);
  }

  /** The role's own photo and design uploads (never the anonymous caller's: it has none). */
  async own(role: Role): Promise<{ photo: string; design: string }> {
    let own = this.#own.get(role);
    if (!own) {
      const c = this.client(role);
      own = {
        photo: await upload(c, await smallPhoto(400, 300, '#3a7d44')),
        design: await upload(c, await smallPhoto(240, 380, '#7d3a6b'), 'design.png'),
      };
      this.#own.set(role, own);
    }
    return own;
  }

  unique(prefix: string): string {
    return `${prefix} ${++this.seq}`;
  }

  async freshStore(): Promise<number> {
    const res = await this.staff.admin.post('/api/stores', {
      name: this.unique('Tienda temporal'),
      address: 'Calle Nueva, 1',
      postalCode: '29002',
      town: 'Málaga',
      province: 'Málaga',
    });
    return (ok(res, 201).json() as Store).id;
  }

  async freshBrand(): Promise<number> {
    const res = await this.staff.admin.post('/api/brands', { name: this.unique('Marca') });
    return (ok(res, 201).json() as Brand).id;
  }

  async freshModel(): Promise<number> {
    // A public model needs a case template: the demo's first model lends its own.
    const { template } = ok(await this.staff.admin.get('/api/models/1'), 200).json() as Model;
    const res = await this.staff.admin.post('/api/models', {
      name: this.unique('Modelo'),
      brand: { id: 1 },
      price: 21.5,
      template,
    });
    return (ok(res, 201).json() as Model).id;
  }

  order(id: string): Promise<Order> {
    return this.f.get(id);
  }
}

/** A case type no order or model uses, made for one cell. */
async function freshCaseType(ctx: Ctx): Promise<number> {
  const res = await ctx.staff.admin.post('/api/case-types', { name: ctx.unique('Tipo') });
  return (ok(res, 201).json() as { id: number }).id;
}

const TABLE: Record<RouteKey, Entry> = {
  // ---------------------------------------------------------------------------- shell
  'GET /api/health': { expect: all(200), prepare: async () => ({ req: get('/api/health') }) },
  'GET /api/config': { expect: all(200), prepare: async () => ({ req: get('/api/config') }) },
  'GET /api/docs': { expect: all(200), prepare: async () => ({ req: get('/api/docs') }) },
  // For search engines: public.
  'GET /robots.txt': { expect: all(200), prepare: async () => ({ req: get('/robots.txt') }) },
  'GET /sitemap.xml': { expect: all(200), prepare: async () => ({ req: get('/sitemap.xml') }) },
  // For operators and load balancers: open, nothing secret; the metrics are off here (no
  // METRICS_TOKEN) and need their bearer token when on (operations.test.ts).
  'GET /healthz': { expect: all(200), prepare: async () => ({ req: get('/healthz') }) },
  'GET /readyz': { expect: all(200), prepare: async () => ({ req: get('/readyz') }) },
  'GET /metrics': { expect: all(404), prepare: async () => ({ req: get('/metrics') }) },

  // ---------------------------------------------------------------------------- staff sign-in
  'POST /api/auth/login': {
    // Public: whoever holds valid credentials signs in (as that account, whoever they were).
    expect: all(200),
    prepare: async (ctx, role) => {
      const client = await ctx.spare(role);
      return {
        client,
        req: post('/api/auth/login', MATRIX_STAFF),
        verify: async () => {
          const me = ok(await client.get('/api/auth/me')).json() as { email: string };
          assert.equal(me.email, MATRIX_STAFF.email);
        },
      };
    },
  },
  'POST /api/auth/logout': {
    expect: all(204),
    prepare: async (ctx, role) => {
      const client = await ctx.spare(role);
      return {
        client,
        req: post('/api/auth/logout'),
        verify: async () => assert.equal((await client.get('/api/auth/me')).statusCode, 401),
      };
    },
  },
  'PUT /api/auth/password': {
    // Every staff member changes their own password (an account of the role made for the cell).
    expect: { anonymous: 401, otherCustomer: 401, otherStore: 204, ownStore: 204, admin: 204 },
    prepare: async (ctx, role) => {
      const password = 'clave-de-la-celda-1';
      let client = new Client(ctx.app);
      if (role === 'otherStore' || role === 'ownStore' || role === 'admin') {
        const who = { email: `celda${++ctx.seq}@test.local`, password };
        await createStaffUser(ctx.s.t.db, {
          ...who,
          name: 'Celda',
          role: role === 'admin' ? 'admin' : 'store',
          storeId: { otherStore: 2, ownStore: 1, admin: null }[role],
        });
        client = await signedIn(ctx.app, who);
      }
      return {
        client,
        req: put('/api/auth/password', { currentPassword: password, newPassword: 'ciruela-lámpara-vapor-9' }),
      };
    },
  },
  'GET /api/auth/me': {
    expect: { anonymous: 401, otherCustomer: 401, otherStore: 200, ownStore: 200, admin: 200 },
    prepare: async () => ({ req: get('/api/auth/me') }),
  },
  'GET /api/staff': { expect: adminOnly(200), prepare: async () => ({ req: get('/api/staff') }) },
  'POST /api/staff': {
    expect: adminOnly(201),
    prepare: async (ctx) => ({
      req: post('/api/staff', {
        email: `nuevo${++ctx.seq}@test.local`,
        name: 'Nueva persona',
        password: 'una-clave-larga',
        role: 'store',
        storeId: 1,
      }),
    }),
  },
  'PUT /api/staff/:id': {
    expect: adminOnly(200),
    prepare: async (ctx) => ({
      req: put(`/api/staff/${ctx.targetStaffId}`, { name: ctx.unique('Renombrada') }),
      verify: async (res) => {
        if (res.statusCode === 200) assert.equal((res.json() as StaffAccount).id, ctx.targetStaffId);
      },
    }),
  },

  'GET /api/staff/:id': {
    expect: adminOnly(200),
    prepare: async (ctx) => ({ req: get(`/api/staff/${ctx.targetStaffId}`) }),
  },
  'DELETE /api/staff/:id': {
    expect: adminOnly(204),
    prepare: async (ctx) => {
      const res = await ctx.staff.admin.post('/api/staff', {
        email: `borrar${++ctx.seq}@test.local`,
        name: 'Cuenta sin uso',
        password: 'una-clave-larga',
        role: 'store',
        storeId: 2,
      });
      return { req: del(`/api/staff/${(ok(res, 201).json() as StaffAccount).id}`) };
    },
  },

  // ---------------------------------------------------------------------------- stores
  'GET /api/stores': { expect: all(200), prepare: async () => ({ req: get('/api/stores') }) },
  'POST /api/stores': {
    expect: adminOnly(201),
    prepare: async (ctx) => ({
      req: post('/api/stores', {
        name: ctx.unique('Tienda'),
        address: 'Calle Granada, 3',
        postalCode: '29015',
        town: 'Málaga',
        province: 'Málaga',
      }),
    }),
  },
  'GET /api/stores/decode-url': {
    expect: all(200),
    prepare: async () => ({ req: get(`/api/stores/decode-url?encodedUrl=${encodeStoreUrl(1, 'screen')}`) }),
  },
  'GET /api/stores/:id': { expect: all(200), prepare: async () => ({ req: get('/api/stores/1') }) },
  'PUT /api/stores/:id': {
    // The store's record (shipping fee, 'de baja') is the admins' alone, the store's own staff included.
    expect: adminOnly(200),
    prepare: async (ctx) => ({ req: put('/api/stores/1', ctx.store1) }),
  },
  'DELETE /api/stores/:id': {
    expect: adminOnly(204),
    prepare: async (ctx) => ({ req: del(`/api/stores/${await ctx.freshStore()}`) }),
  },
  'GET /api/stores/:id/validate': {
    expect: all(200),
    prepare: async () => ({ req: get('/api/stores/1/validate') }),
  },
  'GET /api/stores/:id/:origin': {
    expect: all(200),
    prepare: async () => ({ req: get('/api/stores/1/screen') }),
  },

  // ---------------------------------------------------------------------------- catalogue
  'GET /api/brands': { expect: all(200), prepare: async () => ({ req: get('/api/brands') }) },
  'POST /api/brands': {
    expect: adminOnly(201),
    prepare: async (ctx) => ({ req: post('/api/brands', { name: ctx.unique('Marca nueva') }) }),
  },
  'GET /api/brands/:id': { expect: all(200), prepare: async () => ({ req: get('/api/brands/1') }) },
  'PUT /api/brands/:id': {
    expect: adminOnly(200),
    prepare: async (ctx) => ({
      req: put(`/api/brands/${await ctx.freshBrand()}`, { name: ctx.unique('Marca cambiada') }),
    }),
  },
  'DELETE /api/brands/:id': {
    expect: adminOnly(204),
    prepare: async (ctx) => ({ req: del(`/api/brands/${await ctx.freshBrand()}`) }),
  },
  'GET /api/models': { expect: all(200), prepare: async () => ({ req: get('/api/models?store=1') }) },
  'POST /api/models': {
    expect: adminOnly(201),
    prepare: async (ctx) => ({
      req: post('/api/models', {
        name: ctx.unique('Modelo nuevo'),
        brand: { id: 1 },
        price: 22.9,
        isPublic: false,
      }),
    }),
  },
  'GET /api/models/:id': {
    expect: all(200),
    prepare: async (ctx) => ({ req: get(`/api/models/${ctx.f.model.id}`) }),
  },
  'PUT /api/models/:id': {
    expect: adminOnly(200),
    prepare: async (ctx) => ({
      req: put(`/api/models/${await ctx.freshModel()}`, {
        name: ctx.unique('Modelo cambiado'),
        brand: { id: 1 },
        price: 23.9,
        isPublic: false,
      }),
    }),
  },
  'PUT /api/models/:id/toggleVisibility': {
    expect: adminOnly(200),
    prepare: async (ctx) => ({ req: put(`/api/models/${await ctx.freshModel()}/toggleVisibility`) }),
  },
  'DELETE /api/models/:id': {
    expect: adminOnly(204),
    prepare: async (ctx) => ({ req: del(`/api/models/${await ctx.freshModel()}`) }),
  },
  // Case types: any staff member reads them (the back office's forms), admins write them.
  'GET /api/case-types': {
    expect: { anonymous: 401, otherCustomer: 401, otherStore: 200, ownStore: 200, admin: 200 },
    prepare: async () => ({ req: get('/api/case-types') }),
  },
  'POST /api/case-types': {
    expect: adminOnly(201),
    prepare: async (ctx) => ({ req: post('/api/case-types', { name: ctx.unique('Tipo nuevo') }) }),
  },
  'GET /api/case-types/:id': {
    expect: { anonymous: 401, otherCustomer: 401, otherStore: 200, ownStore: 200, admin: 200 },
    prepare: async () => ({ req: get('/api/case-types/1') }),
  },
  'PUT /api/case-types/:id': {
    expect: adminOnly(200),
    prepare: async (ctx) => ({
      req: put(`/api/case-types/${await freshCaseType(ctx)}`, { name: ctx.unique('Tipo cambiado') }),
    }),
  },
  'DELETE /api/case-types/:id': {
    expect: adminOnly(204),
    prepare: async (ctx) => ({ req: del(`/api/case-types/${await freshCaseType(ctx)}`) }),
  },
  'POST /api/admin/images': {
    expect: adminOnly(201),
    prepare: async () => ({
      req: {
        method: 'POST',
        url: '/api/admin/images?kind=brand-image',
        ...multipart([{ name: 'file', value: await smallPng(), filename: 'marca.png', type: 'image/png' }]),
      },
    }),
  },

  // ---------------------------------------------------------------------------- files
  'POST /api/images': {
    expect: all(201),
    prepare: async () => ({ req: uploadForm('/api/images', await smallPhoto()) }),
  },
  'GET /api/images/:id': {
    // An invoice of a store-1 order; its print file (checked too) is guarded the same way.
    expect: { anonymous: 403, otherCustomer: 403, otherStore: 403, ownStore: 200, admin: 200 },
    prepare: async (ctx, role) => {
      const client = ctx.client(role);
      return {
        client,
        req: get(ctx.filesOrder.invoice),
        verify: async (res) => {
          for (const uri of [ctx.filesOrder.printPng, ctx.filesOrder.printPdf]) {
            const print = await client.get(uri);
            assert.equal(print.statusCode, res.statusCode, `${uri}: ${print.body.slice(0, 100)}`);
          }
        },
      };
    },
  },
  'PUT /api/images/:id': {
    // Replacing the owner's photo: the uploader, admins, and staff of a store whose order uses it
    // (this one is on no order yet: no store's staff).
    expect: { anonymous: 403, otherCustomer: 403, otherStore: 403, ownStore: 403, admin: 200, owner: 200 },
    prepare: async (ctx) => ({
      req: uploadForm(await upload(ctx.f.owner, await smallPhoto(300, 200)), await smallPhoto()),
    }),
  },
  'DELETE /api/images/:id': {
    expect: { anonymous: 403, otherCustomer: 403, otherStore: 403, ownStore: 403, admin: 204, owner: 204 },
    prepare: async (ctx) => {
      const uri = await upload(ctx.f.owner, await smallPhoto(300, 200));
      return {
        req: del(uri),
        verify: async (res) => {
          const after = await ctx.f.owner.get(uri);
          assert.equal(after.statusCode, res.statusCode === 204 ? 404 : 200);
        },
      };
    },
  },

  // ---------------------------------------------------------------------------- invoices, mail
  'GET /api/invoices': { expect: adminOnly(200), prepare: async () => ({ req: get('/api/invoices') }) },
  'GET /api/invoices/verify': {
    expect: adminOnly(200),
    prepare: async () => ({ req: get('/api/invoices/verify') }),
  },
  // Looked at only (no confirm): the matrix changes no one's data.
  'POST /api/admin/erasure': {
    expect: adminOnly(200),
    prepare: async () => ({ req: post('/api/admin/erasure', { email: 'nadie@example.com' }) }),
  },
  'POST /api/mails': {
    expect: adminOnly(202),
    prepare: async () => ({
      req: post('/api/mails', {
        toList: ['cliente@example.com'],
        subject: 'Aviso',
        text: 'Su funda está lista.',
      }),
    }),
  },
  'GET /api/mails/outbox': {
    expect: adminOnly(200),
    prepare: async () => ({ req: get('/api/mails/outbox') }),
  },
  // The conditions in force, as the confirmation mail's PDF: public, like the conditions page.
  'GET /api/conditions/pdf': { expect: all(200), prepare: async () => ({ req: get('/api/conditions/pdf') }) },
  'GET /api/verifactu/declaration': {
    expect: all(200),
    prepare: async () => ({ req: get('/api/verifactu/declaration') }),
  },

  // ---------------------------------------------------------------------------- orders: customer
  'POST /api/orders': {
    expect: all(201),
    prepare: async (ctx) => ({
      req: post('/api/orders', {
        store: { id: 1 },
        brand: { id: ctx.f.model.brand.id },
        model: { id: ctx.f.model.id },
      }),
    }),
  },
  'GET /api/orders/:id': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx, role) => ({
      req: get(`/api/orders/${ctx.readOrder}`),
      verify: async (res) => {
        if (res.statusCode !== 200) return;
        const order = res.json() as Order;
        assert.equal(order.customerName, CONTACT.name);
        // The tracking token is the owner's to keep or share; staff read the order without it.
        if (role === 'owner') assert.match(order.trackingToken ?? '', /^[A-Za-z0-9_-]{22}$/);
        else assert.equal(order.trackingToken, null);
      },
    }),
  },
  'GET /api/orders/:id/details': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({ req: get(`/api/orders/${ctx.readOrder}/details`) }),
  },
  'PUT /api/orders/:id': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx, role) => {
      const id = await ctx.f.created();
      const image = role === 'anonymous' ? ctx.f.photo : (await ctx.own(role)).photo;
      return {
        req: put(`/api/orders/${id}`, { image }),
        verify: async (res) =>
          assert.equal((await ctx.order(id)).image, res.statusCode === 200 ? image : null),
      };
    },
  },
  'PUT /api/orders/:id/design': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx, role) => {
      const id = await ctx.f.withPhoto();
      const design = role === 'anonymous' ? ctx.f.design : (await ctx.own(role)).design;
      return {
        req: put(`/api/orders/${id}/design`, { design, transform: IDENTITY }),
        verify: async (res) =>
          assert.equal((await ctx.order(id)).design, res.statusCode === 200 ? design : null),
      };
    },
  },
  'PUT /api/orders/:id/caseType': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => {
      const id = await ctx.f.created();
      // A second type sold for the model, so that the change shows.
      const { rows } = await ctx.s.t.db.query<{ id: number }>(
        `WITH t AS (INSERT INTO case_types (name, price_delta_cents) VALUES ('Antigolpes ' || gen_random_uuid(), 700)
                    RETURNING id)
         INSERT INTO model_case_types (model_id, case_type_id) SELECT $1, id FROM t RETURNING case_type_id AS id`,
        [ctx.f.model.id],
      );
      const caseType = rows[0]!.id;
      return {
        req: put(`/api/orders/${id}/caseType`, { caseType: { id: caseType } }),
        verify: async (res) =>
          assert.equal((await ctx.order(id)).caseType.id === caseType, res.statusCode === 200),
      };
    },
  },
  'POST /api/orders/:id/photos': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx, role) => {
      const id = await ctx.f.created();
      const image = role === 'anonymous' ? ctx.f.photo : (await ctx.own(role)).photo;
      return {
        req: post(`/api/orders/${id}/photos`, { image }),
        verify: async (res) =>
          assert.deepEqual(
            (await ctx.order(id)).photos.map((p) => p.uri),
            res.statusCode === 200 ? [image] : [],
          ),
      };
    },
  },
  'PUT /api/orders/:id/scene': {
    // The draft places the order's own photos: whoever holds the order id may save it.
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => {
      const id = await ctx.f.withPhoto();
      const scene = emptyScene(ctx.f.model.id, ctx.f.photo);
      return {
        req: put(`/api/orders/${id}/scene`, { scene }),
        verify: async (res) =>
          assert.deepEqual((await ctx.order(id)).draftScene, res.statusCode === 200 ? scene : null),
      };
    },
  },
  'DELETE /api/orders/:id/removeImage': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({ req: del(`/api/orders/${await ctx.f.withPhoto()}/removeImage`) }),
  },
  'GET /api/orders/:id/:origin/getUrl': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({ req: get(`/api/orders/${ctx.freshOrder}/screen/getUrl`) }),
  },
  'POST /api/orders/:id/generateQR': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({ req: post(`/api/orders/${ctx.freshOrder}/generateQR`) }),
  },
  'POST /api/orders/upload': {
    // The link token is the credential: it adds the photo to its own order, whoever sends it.
    expect: all(200),
    prepare: async (ctx, role) => phoneUpload(ctx, role, '/api/orders/upload'),
  },
  'POST /api/orders/upload/': {
    expect: all(200),
    prepare: async (ctx, role) => phoneUpload(ctx, role, '/api/orders/upload/'),
  },
  'GET /api/upload-links/:token': {
    // The link token is the credential; the answer says only whether it can still be used.
    expect: all(200),
    prepare: async (ctx) => {
      const { token } = await ctx.f.uploadToken();
      return {
        req: get(`/api/upload-links/${token}`),
        verify: async (res) => assert.deepEqual(res.json(), { status: 'open' }),
      };
    },
  },
  'POST /api/orders/:id/confirmPaymentMethod': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({
      req: post(`/api/orders/${await ctx.f.withDesign()}/confirmPaymentMethod?paymentMethod=paystore`),
    }),
  },
  'POST /api/orders/:id/confirmInStorePickup': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({
      req: post(`/api/orders/${await ctx.f.designed('paynow')}/confirmInStorePickup`),
    }),
  },
  'POST /api/orders/:id/addDelivery': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({ req: post(`/api/orders/${await ctx.f.designed('paynow')}/addDelivery`) }),
  },
  'POST /api/orders/:id/confirmUserDetails': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({
      req: post(`/api/orders/${await ctx.f.designed('paystore')}/confirmUserDetails`, CONTACT),
    }),
  },
  'POST /api/orders/:id/confirmDelivery': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({
      req: post(`/api/orders/${await ctx.f.delivery()}/confirmDelivery`, ADDRESS),
    }),
  },
  'POST /api/payment/initiate/:id': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({ req: post(`/api/payment/initiate/${await ctx.f.payNow()}`) }),
  },
  'GET /api/payment/redsys/:id': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({ req: get(`/api/payment/redsys/${ctx.readOrder}`) }),
  },
  'POST /api/payment/redsys/notification': {
    // The gateway's server-to-server call: its signature is the only credential, whoever posts.
    expect: all(200),
    prepare: async (ctx) => {
      const { id, init } = await ctx.f.initiated();
      const fields = notificationFor(requestParams(init));
      return {
        req: {
          method: 'POST',
          url: '/api/payment/redsys/notification',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ ...fields }).toString(),
        },
        verify: async () => assert.equal((await ctx.order(id)).status, 'paid'),
      };
    },
  },

  'POST /api/payment/redsys/:id/ko': {
    // Back from the gateway's KO page: it ends the attempt, so only the session that made the
    // order may post it without the gateway's signed answer (staff included: it is not theirs).
    expect: { anonymous: 403, otherCustomer: 403, otherStore: 403, ownStore: 403, admin: 403, owner: 200 },
    codes: { ...NOT_OWNED, ownStore: 'ORDER_NOT_OWNED', admin: 'ORDER_NOT_OWNED' },
    prepare: async (ctx) => {
      const { id } = await ctx.f.initiated();
      return {
        req: post(`/api/payment/redsys/${id}/ko`, {}),
        verify: async (res) => {
          const { rows } = await ctx.s.t.db.query<{ status: string }>(
            'SELECT status FROM payment_attempts WHERE order_id = $1',
            [id],
          );
          assert.deepEqual(rows, [{ status: res.statusCode === 200 ? 'failed' : 'pending' }]);
        },
      };
    },
  },

  // ---------------------------------------------------------------------------- payments: staff
  'POST /api/orders/:id/refund': {
    expect: adminOnly(200),
    prepare: async (ctx) => {
      const { id, init } = await ctx.f.initiated();
      await ctx.app.inject({
        method: 'POST',
        url: '/api/payment/redsys/notification',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...notificationFor(requestParams(init)) }).toString(),
      });
      return {
        req: post(`/api/orders/${id}/refund`, { amount: 1, reason: 'Prueba de acceso' }),
        verify: async (res) => {
          const { rows } = await ctx.s.t.db.query('SELECT 1 FROM payment_refunds WHERE order_id = $1', [id]);
          assert.equal(rows.length, res.statusCode === 200 ? 1 : 0);
        },
      };
    },
  },
  'GET /api/payments': { expect: adminOnly(200), prepare: async () => ({ req: get('/api/payments') }) },
  'GET /api/payments/csv': {
    expect: adminOnly(200),
    prepare: async () => ({ req: get('/api/payments/csv') }),
  },
  'POST /api/payments/:gatewayOrder/resolve': {
    expect: adminOnly(200),
    prepare: async (ctx) => {
      const { init } = await ctx.f.initiated();
      const gatewayOrder = requestParams(init).DS_MERCHANT_ORDER!;
      await ctx.s.t.db.query(
        `UPDATE payment_attempts SET created_at = now() - interval '31 minutes' WHERE gateway_order = $1`,
        [gatewayOrder],
      );
      return { req: post(`/api/payments/${gatewayOrder}/resolve`, { notTaken: true }) };
    },
  },

  // ---------------------------------------------------------------------------- orders: staff
  'GET /api/orders': {
    expect: ownStoreStaff(200),
    prepare: async () => ({ req: get('/api/orders?storeId=1') }),
  },
  'GET /api/orders/:id/timeline': {
    expect: ownStoreStaff(200),
    prepare: async (ctx) => ({ req: get(`/api/orders/${ctx.readOrder}/timeline`) }),
  },
  'POST /api/orders/:id/status': {
    expect: ownStoreStaff(200),
    prepare: async (ctx) => {
      const id = await ctx.f.created();
      return {
        req: post(`/api/orders/${id}/status`, { status: 'cancelled', note: 'Anulado' }),
        verify: async (res) =>
          assert.equal((await ctx.order(id)).status, res.statusCode === 200 ? 'cancelled' : 'created'),
      };
    },
  },
  'POST /api/orders/:id/confirmPayment': {
    expect: ownStoreStaff(200),
    prepare: async (ctx) => {
      const id = await ctx.f.placed();
      return {
        req: post(`/api/orders/${id}/confirmPayment`),
        verify: async (res) => assert.equal((await ctx.order(id)).paidAt !== null, res.statusCode === 200),
      };
    },
  },
  'POST /api/orders/:id/print': {
    expect: ownStoreStaff(200),
    prepare: async (ctx) => ({ req: post(`/api/orders/${ctx.paidOrder}/print`) }),
  },
  'GET /api/orders/:id/print-white.png': {
    expect: ownStoreStaff(200),
    prepare: async (ctx) => ({ req: get(`/api/orders/${await ctx.clearPrintedOrder()}/print-white.png`) }),
  },
  'POST /api/orders/:id/generateInvoice': {
    expect: ownStoreStaff(200),
    prepare: async (ctx) => ({ req: post(`/api/orders/${ctx.paidOrder}/generateInvoice`) }),
  },

  // ---------------------------------------------------------------------------- after the order
  // The tracking link's token is its own capability: whoever holds it reads the tracking page.
  'GET /api/tracking/:token': {
    expect: all(200),
    prepare: async (ctx) => ({
      req: get(`/api/tracking/${(await ctx.order(ctx.readOrder)).trackingToken}`),
      verify: async (res) => assert.equal((res.json() as { orderNumber: string }).orderNumber.length, 6),
    }),
  },
  // ... and downloads the order's invoices.
  'GET /api/tracking/:token/invoices/:number/pdf': {
    expect: all(200),
    prepare: async (ctx) => {
      const order = await ctx.order(ctx.paidOrder);
      return { req: get(`/api/tracking/${order.trackingToken}/invoices/${order.invoice!.number}/pdf`) };
    },
  },
  'POST /api/orders/status': {
    expect: ownStoreStaff(200),
    prepare: async (ctx) => {
      const id = await ctx.f.created();
      return {
        req: post('/api/orders/status', { orderIds: [id], status: 'cancelled' }),
        verify: async (res) =>
          assert.equal((await ctx.order(id)).status, res.statusCode === 200 ? 'cancelled' : 'created'),
      };
    },
  },
  'GET /api/print-queue': {
    expect: ownStoreStaff(200),
    prepare: async () => ({ req: get('/api/print-queue?storeId=1') }),
  },
  'POST /api/print-batches': {
    expect: ownStoreStaff(201),
    prepare: async (ctx) => ({
      req: post('/api/print-batches', { orderIds: [await ctx.f.placed()], sheet: 'A4' }),
    }),
  },
  'GET /api/print-batches': {
    expect: ownStoreStaff(200),
    prepare: async () => ({ req: get('/api/print-batches?storeId=1') }),
  },
  'GET /api/print-batches/:id': {
    expect: ownStoreStaff(200),
    prepare: async (ctx) => ({ req: get(`/api/print-batches/${await ctx.batch()}`) }),
  },
  'GET /api/print-batches/:id/pdf': {
    expect: ownStoreStaff(200),
    prepare: async (ctx) => ({ req: get(`/api/print-batches/${await ctx.batch()}/pdf`) }),
  },
  'POST /api/print-batches/:id/printed': {
    expect: ownStoreStaff(200),
    prepare: async (ctx) => ({ req: post(`/api/print-batches/${await ctx.batch(true)}/printed`) }),
  },
  'GET /api/stores/:id/settings': {
    expect: ownStoreStaff(200),
    prepare: async () => ({ req: get('/api/stores/1/settings') }),
  },
  'PUT /api/stores/:id/settings': {
    expect: adminOnly(200),
    prepare: async () => ({
      req: put('/api/stores/1/settings', {
        commissionPercent: 10,
        sheetWidthMm: 210,
        sheetHeightMm: 297,
        marginMm: 5,
      }),
    }),
  },
  'GET /api/reports/sales': {
    expect: ownStoreStaff(200),
    prepare: async () => ({ req: get('/api/reports/sales?from=2026-01-01&to=2026-12-31&storeId=1') }),
  },
  'GET /api/dashboard': {
    expect: ownStoreStaff(200),
    prepare: async () => ({ req: get('/api/dashboard?storeId=1') }),
  },

  // ---------------------------------------------------------------------------- invoices on the order
  // The PDF and the full-invoice request: the session that made the order, staff of its store.
  'GET /api/orders/:id/invoices/:number/pdf': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({ req: get((await ctx.order(ctx.paidOrder)).invoice!.uri) }),
  },
  'GET /api/orders/:id/invoiceRequest': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({ req: get(`/api/orders/${ctx.readOrder}/invoiceRequest`) }),
  },
  'PUT /api/orders/:id/invoiceRequest': {
    expect: orderOwner(200),
    codes: NOT_OWNED,
    prepare: async (ctx) => ({
      req: put(`/api/orders/${await ctx.f.designed('paystore')}/invoiceRequest`, { fullInvoice: false }),
    }),
  },
  'GET /api/invoices/:number/record': {
    expect: ownStoreStaff(200),
    prepare: async (ctx) => ({
      req: get(`/api/invoices/${(await ctx.order(ctx.paidOrder)).invoice!.number}/record`),
    }),
  },
  'POST /api/invoices/:number/resend': {
    // Nothing is rejected here: staff who may act on it get the 409 that says so.
    expect: { anonymous: 401, otherCustomer: 401, otherStore: 403, ownStore: 409, admin: 409 },
    prepare: async (ctx) => ({
      req: post(`/api/invoices/${(await ctx.order(ctx.paidOrder)).invoice!.number}/resend`),
    }),
  },
  'POST /api/invoices/:number/annul': {
    expect: adminOnly(200),
    prepare: async (ctx) => {
      // Issued by mistake: its order carries no payment (the invoice of a sale is never annulled).
      const id = await ctx.f.paid(ctx.staff.admin);
      await ctx.s.t.db.query('UPDATE orders SET paid_at = NULL, paid_by = NULL WHERE id = $1', [id]);
      return {
        req: post(`/api/invoices/${(await ctx.order(id)).invoice!.number}/annul`, { reason: 'Error' }),
      };
    },
  },
  'POST /api/invoices/:number/exchange': {
    expect: ownStoreStaff(200),
    prepare: async (ctx) => {
      const id = await ctx.f.paid(ctx.staff.admin);
      return {
        req: post(`/api/invoices/${(await ctx.order(id)).invoice!.number}/exchange`, {
          taxId: '12345678Z',
          name: 'Cliente',
          address: 'Calle 1',
          postalCode: '29001',
          city: 'Málaga',
        }),
      };
    },
  },
  'POST /api/orders/:id/rectify': {
    expect: adminOnly(200),
    prepare: async (ctx) => ({
      req: post(`/api/orders/${await ctx.f.paid(ctx.staff.admin)}/rectify`, {
        amount: 1,
        reason: 'Devolución',
      }),
    }),
  },
  'POST /api/verifactu/resume': {
    expect: adminOnly(200),
    prepare: async () => ({ req: post('/api/verifactu/resume') }),
  },

  // ---------------------------------------------------------------------------- payment simulator
  // The built-in stand-in for the card gateway (never in production): a page of another "site".
  'POST /simulator/redsys': {
    expect: all(200),
    prepare: async (ctx) => ({
      req: { method: 'POST', url: '/simulator/redsys', ...gatewayForm(ctx.gateway) },
    }),
  },
  'POST /simulator/redsys/decision': {
    expect: all(303),
    prepare: async (ctx) => ({
      req: {
        method: 'POST',
        url: '/simulator/redsys/decision',
        ...gatewayForm(ctx.gateway, { decision: 'deny' }),
      },
    }),
  },
  // The test gateway's REST side: signed fields are its only credential; unsigned ones get an error code.
  'POST /simulator/redsys/rest/trataPeticionREST': {
    expect: all(200),
    prepare: async () => ({
      req: post('/simulator/redsys/rest/trataPeticionREST', {}),
      verify: async (res) => assert.deepEqual(res.json(), { errorCode: 'SIS0429' }),
    }),
  },
  'POST /simulator/redsys/rest/consulta': {
    expect: all(200),
    prepare: async () => ({
      req: post('/simulator/redsys/rest/consulta', {}),
      verify: async (res) => assert.deepEqual(res.json(), { errorCode: 'SIS0429' }),
    }),
  },
  'GET /simulator/redsys/style.css': {
    expect: all(200),
    prepare: async () => ({ req: get('/simulator/redsys/style.css') }),
  },
};

/**
 * A phone upload with a fresh link of a fresh order of the owner: the photo lands on that order,
 * and never on an order of the one who sends it.
 */
async function phoneUpload(ctx: Ctx, role: Role, url: string): Promise<Prepared> {
  const { id, token } = await ctx.f.uploadToken();
  return {
    req: uploadForm(url, await smallPhoto(), [{ name: 'encodedUrl', value: token }]),
    verify: async (res) => {
      const order = await ctx.order(id);
      assert.equal(order.image, (res.json() as { uri: string }).uri, 'the photo is on the token’s order');
      assert.equal(order.status, 'image_uploaded');
      if (role === 'otherCustomer') {
        const own = (await ctx.otherCustomer.get(`/api/orders/${ctx.otherCustomerOrder}`)).json() as Order;
        assert.equal(own.image, null, "nothing on the sender's own order");
      }
    },
  };
}

/** `/api/orders/:id/timeline` as a pattern for the path of a request. */
function pathPattern(route: string): RegExp {
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

describe('access matrix: every route × {anonymous, another customer, staff of another store, own store staff, admin, owner}', () => {
  let s: SecurityApp;
  const ctx = {} as { c: Ctx };

  before(async () => {
    s = await createSecurityApp();
    ctx.c = new Ctx(s);
    await ctx.c.init();
  });
  after(() => s.close());

  test('the table has exactly one entry per registered route (a new route without one fails here)', () => {
    const registered = new Set<string>(s.routes);
    const table = new Set<string>(Object.keys(TABLE));
    const missing = [...registered].filter((r) => !table.has(r));
    const stale = [...table].filter((r) => !registered.has(r));
    assert.deepEqual(missing, [], `routes without an entry in the access matrix: ${missing.join(', ')}`);
    assert.deepEqual(stale, [], `entries for routes that no longer exist: ${stale.join(', ')}`);
    assert.ok(registered.size >= 60, `routes recorded: ${registered.size}`);
  });

  for (const [key, entry] of Object.entries(TABLE) as [RouteKey, Entry][]) {
    const [method, route] = key.split(' ') as [string, string];
    for (const role of ROLES) {
      const status = expected(entry.expect, role);
      test(`${key} as ${role} -> ${status}`, async () => {
        const c = ctx.c;
        const prepared = await entry.prepare(c, role);
        const { req } = prepared;
        assert.equal(req.method, method, 'the cell calls its own route');
        assert.match(
          new URL(req.url, 'http://x').pathname,
          pathPattern(route),
          'the cell calls its own route',
        );
        const client = prepared.client ?? c.client(role);
        const refused = status >= 400;
        const before = refused ? await stored(s.t) : null;
        const res = await client.request(req);
        if (refused) {
          assertRefused(res, status, entry.codes?.[role] ?? REFUSAL_CODE[status], `${key} as ${role}`);
          assert.deepEqual(await stored(s.t), before, 'a refused call stores nothing');
        } else {
          assert.equal(res.statusCode, status, `${key} as ${role}: ${res.body.slice(0, 300)}`);
        }
        await prepared.verify?.(res);
      });
    }
  }

  test(`matrix size: ${Object.keys(TABLE).length} routes × ${ROLES.length} callers`, () => {
    assert.equal(Object.keys(TABLE).length * ROLES.length, s.routes.length * ROLES.length);
  });
});
