// A cancellation with a refund, cut by kill -9: the built server cancels an order paid by card,
// asks the gateway (a real HTTP server in this test, speaking Redsys's signed REST protocol) for
// the refund, and is killed with SIGKILL while the gateway holds its answer. Started again on the
// same DATA_DIR, the same cancellation asked again finishes it: the money goes back exactly once,
// the order is cancelled and its rectificativa issued. Two cuts: the gateway had already refunded
// (its answer was lost) and the gateway had not yet taken the request.
//
// PGlite in DATA_DIR by default; with TEST_DATABASE_URL a fresh database on that PostgreSQL. Runs
// apps/server/dist/server.js: the build step of scripts/test.sh makes it.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type { ModelPage } from '@shop/contracts/catalogue';
import type { Order } from '@shop/contracts/orders';
import { Visitor } from '../../../tests/resilience/lib/http-client.ts';
import { freshDatabase } from '../../../tests/resilience/lib/pg-cluster.ts';
import {
  freePort,
  RUN_ADMIN,
  requireBuiltServer,
  type ServerProcess,
  startServer,
} from '../../../tests/resilience/lib/server-process.ts';
import { Ledger, REDSYS_TEST_KEY, samplePhotos, Workload } from '../../../tests/resilience/lib/workload.ts';
import {
  paramOf,
  type RedsysParams,
  signNotification,
  verifySignedFields,
} from '../src/modules/payments/redsys.ts';

/** How the gateway treats the first refund request it gets. */
type FirstRefund = 'refund-then-hold' | 'hold-untaken';

/**
 * A one-terminal gateway: refunds (transaction type 3) of what was captured, refused with SIS0057
 * beyond it, as Redsys answers. The first request is held without an answer until the shop is
 * killed, after the refund was taken or before it, as `first` says.
 */
async function startGateway(first: FirstRefund) {
  let capturedCents = 0;
  let refundedCents = 0;
  const accepted: number[] = [];
  const received: string[] = [];
  let held = false;
  let onHeld: () => void = () => {};
  const heldNow = new Promise<void>((resolve) => {
    onHeld = resolve;
  });

  const answer = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const fields = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const verified = verifySignedFields(REDSYS_TEST_KEY, fields, 'request', ['HMAC_SHA256_V1']);
      if (!verified.ok) return answer(res, { errorCode: 'SIS0042' });
      const { params, order } = verified;
      const type = paramOf(params, 'DS_MERCHANT_TRANSACTIONTYPE');
      const amount = Number(paramOf(params, 'DS_MERCHANT_AMOUNT'));
      received.push(`${type}:${amount}`);
      if (type !== '3') return answer(res, { errorCode: 'SIS0029' });
      const take = (): boolean => {
        if (refundedCents + amount > capturedCents) return false;
        refundedCents += amount;
        accepted.push(amount);
        return true;
      };
      if (!held) {
        held = true;
        if (first === 'refund-then-hold') take();
        onHeld();
        // No answer: the shop dies waiting for it, and the socket with it.
        return;
      }
      if (!take()) return answer(res, { errorCode: 'SIS0057' });
      const signed: RedsysParams = {
        Ds_Amount: String(amount),
        Ds_Currency: '978',
        Ds_Order: order,
        Ds_MerchantCode: paramOf(params, 'DS_MERCHANT_MERCHANTCODE') ?? '',
        Ds_Terminal: '001',
        Ds_Response: '0900',
        Ds_AuthorisationCode: '654321',
        Ds_TransactionType: '3',
        Ds_SecurePayment: '0',
        Ds_Language: '1',
        Ds_MerchantData: '',
      };
      answer(res, signNotification(REDSYS_TEST_KEY, signed, 'HMAC_SHA256_V1'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rest/trataPeticionREST`,
    capture(cents: number) {
      capturedCents = cents;
    },
    heldNow,
    get accepted() {
      return [...accepted];
    },
    get received() {
      return [...received];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The two cuts run side by side (each has its own gateway, server, port and data): each mostly waits
// for the dead process's refund to grow stale, under a minute.
describe('a cancellation with a refund survives kill -9', { concurrency: 2 }, () => {
  requireBuiltServer();
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const clean of cleanups.reverse()) await clean().catch(() => {});
  });

  async function cutCancellation(first: FirstRefund) {
    const gateway = await startGateway(first);
    cleanups.push(gateway.close);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-cancel-kill-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (process.env.TEST_DATABASE_URL) {
      const fresh = await freshDatabase(process.env.TEST_DATABASE_URL, 'shop_cancel_kill');
      databaseUrl = fresh.url;
      cleanups.push(() => fresh.drop());
    }
    const port = await freePort();
    const env = {
      // A real gateway's payment page is never visited here: the test sends its signed notification.
      REDSYS_URL: 'http://127.0.0.1:9/sis/realizarPago',
      REDSYS_REST_URL: gateway.url,
    };
    const launch = async () => {
      const s = await startServer({ dataDir, port, databaseUrl, env });
      cleanups.push(() => s.stop());
      return s;
    };
    let server: ServerProcess = await launch();
    const base = () => `http://127.0.0.1:${port}`;
    const staff = new Visitor(base);
    await staff.login(RUN_ADMIN);
    const page = (await new Visitor(base).get('/api/models?store=1&size=4')).json<ModelPage>();
    const ledger = new Ledger();
    const workload = new Workload({
      base,
      whenUp: async () => {},
      staff,
      ledger,
      storeId: 1,
      models: page.items,
      photos: await samplePhotos(),
      onlineShare: 1,
      phoneShare: 0,
    });
    // One journey: an order paid by card through the gateway's signed notification, invoiced.
    await workload.journey();
    assert.deepEqual(ledger.unexpected, []);
    const [orderId] = [...ledger.orders.keys()];
    assert.ok(orderId);
    const paid = (await staff.get(`/api/orders/${orderId}`)).json<Order>();
    assert.equal(paid.status, 'paid');
    const totalCents = Math.round(Number(paid.total) * 100);
    gateway.capture(totalCents);

    // The cancellation reaches the gateway, which holds its answer; the shop is killed meanwhile.
    const cancelling = staff
      .request('POST', `/api/orders/${orderId}/status`, { json: { status: 'cancelled' } })
      .catch((err: Error) => err);
    await gateway.heldNow;
    await server.kill9();
    const cut = await cancelling;
    assert.ok(cut instanceof Error, 'the cancellation got no answer from the killed server');

    server = await launch();
    const staffAgain = new Visitor(base);
    await staffAgain.login(RUN_ADMIN);
    const between = (await staffAgain.get(`/api/orders/${orderId}`)).json<Order>();
    assert.equal(between.status, 'paid', 'nothing was cancelled before the refund was known');

    // Asked again, the same cancellation finishes with what the gateway really did.
    // (It may wait until the dead process's request is past the gateway's timeout, under a minute.)
    const done = await staffAgain.ok('POST', `/api/orders/${orderId}/status`, {
      json: { status: 'cancelled' },
      timeoutMs: 120_000,
    });
    const cancelled = done.json<Order>();
    assert.equal(cancelled.status, 'cancelled');
    assert.deepEqual(gateway.accepted, [totalCents], 'the money went back exactly once, in full');
    const types = cancelled.invoices.map((i) => i.type);
    assert.equal(types.length, 2, JSON.stringify(cancelled.invoices));
    assert.notEqual(types[0], types[1], 'the invoice, then its rectificativa');

    // A third ask changes nothing and asks the gateway for nothing more.
    const asked = gateway.received.length;
    const again = await staffAgain.request('POST', `/api/orders/${orderId}/status`, {
      json: { status: 'cancelled' },
    });
    assert.ok(again.status === 200 || again.status === 409, `status ${again.status}`);
    assert.equal(gateway.received.length, asked);
    assert.deepEqual(gateway.accepted, [totalCents]);
    await server.stop();
  }

  test('killed while the gateway refunded and its answer was lost: finished with that one refund', async () => {
    await cutCancellation('refund-then-hold');
  });

  test('killed before the gateway took the refund: finished with one refund', async () => {
    await cutCancellation('hold-untaken');
  });
});
