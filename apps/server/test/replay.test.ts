import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AnswerReplay } from '../src/plugins/replay.ts';
import { ADMIN, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';

interface Answer {
  status: number;
  /** Raw header lines, in order, without the ones Node adds per response. */
  headers: [string, string][];
  body: Buffer;
}

const METRICS_TOKEN = 'a-metrics-token-for-the-replay-test';
const MODELS = '/api/models?store=1&brand=1&page=1&size=20';

describe('public catalogue answers replayed at the door', () => {
  let t: TestApp;
  let base: string;
  const lines: Record<string, unknown>[] = [];
  const rawLines: string[] = [];
  let visitor = '';

  const send = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const out: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!;
            if (!/^(date|connection|keep-alive)$/i.test(name)) out.push([name, res.rawHeaders[i + 1]!]);
          }
          resolve({ status: res.statusCode!, headers: out, body: Buffer.concat(chunks) });
        });
      });
      req.on('error', reject);
      req.end();
    });
  const header = (a: Answer, name: string) => a.headers.find(([n]) => n.toLowerCase() === name)?.[1];
  const hits = () => t.app.answerReplay.hits;

  before(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n')) {
          if (!line) continue;
          rawLines.push(line);
          lines.push(JSON.parse(line));
        }
        done();
      },
    });
    t = await createTestApp({ logStream, env: { METRICS_TOKEN, LOG_LEVEL: 'debug' } });
    await createStaff(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const first = await send('/api/config');
    const cookies = first.headers.filter(([n]) => n.toLowerCase() === 'set-cookie').map(([, v]) => v);
    visitor = cookies.map((c) => c.split(';')[0]).join('; ');
    assert.match(visitor, /sid=.*XSRF-TOKEN=/);
  });
  after(() => t.close());

  test('a repeated read is the same bytes as the full answer, for each encoding and for a 304', async () => {
    for (const encoding of ['gzip, deflate, br, zstd', 'gzip', '']) {
      const headers = { cookie: visitor, ...(encoding ? { 'accept-encoding': encoding } : {}) };
      const before = hits();
      const full = await send(MODELS, headers);
      assert.equal(full.status, 200);
      assert.equal(hits(), before, 'the first answer takes the full path');
      const replayed = await send(MODELS, headers);
      assert.equal(hits(), before + 1, `the second is replayed (${encoding || 'identity'})`);
      assert.deepEqual(replayed, full);

      const etag = header(full, 'etag')!;
      const fullNotModified = await send(MODELS, { ...headers, 'if-none-match': etag });
      assert.equal(fullNotModified.status, 304);
      const notModified = await send(MODELS, { ...headers, 'if-none-match': etag });
      assert.equal(hits(), before + 2);
      assert.deepEqual(notModified, fullNotModified);
    }
    assert.equal(
      header(await send(MODELS, { cookie: visitor, 'accept-encoding': 'br' }), 'content-encoding'),
      'br',
    );
  });

  test('the shop data is replayed too, and a first visit still gets its cookies', async () => {
    const a = await send('/api/config', { cookie: visitor });
    const before = hits();
    const b = await send('/api/config', { cookie: visitor });
    assert.equal(hits(), before + 1);
    assert.deepEqual(b, a);
    assert.equal(header(b, 'cache-control'), 'public, max-age=300');

    const stranger = await send(MODELS, { 'accept-encoding': 'gzip' });
    assert.equal(hits(), before + 1, 'no visitor cookie: the full path, which sets it');
    assert.ok(stranger.headers.some(([n]) => n.toLowerCase() === 'set-cookie'));
    const forged = visitor.replace(/XSRF-TOKEN=[^;]+/, 'XSRF-TOKEN=forged.token');
    const fixed = await send(MODELS, { cookie: forged });
    assert.equal(hits(), before + 1, "a token that is not the visitor's: the full path, which renews it");
    assert.ok(
      fixed.headers.some(([n, v]) => n.toLowerCase() === 'set-cookie' && v.startsWith('XSRF-TOKEN=')),
    );
  });

  test('staff, other methods and a changed catalogue take the full path', async () => {
    await send(MODELS, { cookie: visitor });
    const admin = await signedIn(t.app, ADMIN);
    const staffCookies = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const before = hits();
    const staff = await send(MODELS, { cookie: staffCookies });
    assert.equal(staff.status, 200);
    assert.equal(hits(), before, 'a staff session is never answered from a record');
    assert.ok(
      JSON.parse(staff.body.toString()).items.every((m: { caseTypeIds?: number[] }) => m.caseTypeIds),
    );
    await send(MODELS, { cookie: visitor }, 'HEAD');
    assert.equal(hits(), before);

    const page = JSON.parse((await send(MODELS, { cookie: visitor })).body.toString());
    assert.equal(hits(), before + 1);
    const model = page.items[0];
    const hidden = await admin.put(`/api/models/${model.id}/toggleVisibility`);
    assert.equal(hidden.statusCode, 200, hidden.body);
    const after = JSON.parse((await send(MODELS, { cookie: visitor })).body.toString());
    assert.equal(hits(), before + 1, 'the record went with the catalogue it was made from');
    assert.ok(!after.items.some((m: { id: number }) => m.id === model.id), 'the hidden model is gone');
    await send(MODELS, { cookie: visitor });
    assert.equal(hits(), before + 2);
    await admin.put(`/api/models/${model.id}/toggleVisibility`);
  });

  test('replayed reads are counted as the full path does, summed up in the log, one line each at debug', async () => {
    await send(MODELS, { cookie: visitor, 'accept-encoding': 'gzip' });
    const count = async () => {
      const res = await send('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
      const m =
        /shop_http_requests_total\{method="GET",route="\/api\/models",status="200",service="shop"\} (\d+)/.exec(
          res.body.toString(),
        );
      return Number(m?.[1] ?? 0);
    };
    const counted = await count();
    const before = hits();
    const seen = lines.length;
    await send(MODELS, { cookie: visitor, 'accept-encoding': 'gzip' });
    assert.equal(hits(), before + 1);
    assert.equal(await count(), counted + 1);
    const line = lines.slice(seen).find((l) => (l.req as { url?: string } | undefined)?.url === MODELS)!;
    const full = lines.find(
      (l) => l.msg === 'request completed' && (l.req as { url?: string }).url === MODELS,
    )!;
    assert.equal(full.level, 30);
    assert.equal(line.level, 20, 'one line per replayed read, at debug');
    assert.deepEqual(Object.keys(line), Object.keys(full));
    assert.deepEqual(line.req, { method: 'GET', url: MODELS, remoteAddress: '127.0.0.1' });
    assert.deepEqual(line.res, { statusCode: 200 });
    assert.equal(line.msg, 'request completed');
    assert.notEqual(line.reqId, full.reqId);
    // The same text as pino writes for the full path, but for the values that change per request.
    const shape = (text: string) =>
      text
        .replace(/"level":\d+/, '"level":L')
        .replace(/"time":\d+/, '"time":T')
        .replace(/"reqId":"[^"]+"/, '"reqId":R')
        .replace(/"responseTime":[\d.e-]+/, '"responseTime":M');
    const text = (l: Record<string, unknown>) => rawLines[lines.indexOf(l)]!;
    assert.equal(shape(text(line)), shape(text(full)));

    // At info, a line a second sums them up by route and status.
    await send(MODELS, { cookie: visitor, 'accept-encoding': 'gzip' });
    const summary = async () => {
      for (let i = 0; i < 40; i++) {
        const found = lines
          .slice(seen)
          .find((l) => l.msg === 'answers replayed' && l.route === '/api/models' && l.statusCode === 200);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      return undefined;
    };
    const summed = await summary();
    assert.ok(summed, 'a summary line within the second');
    assert.equal(summed.level, 30);
    assert.ok((summed.count as number) >= 1);
    assert.equal(typeof summed.slowestMs, 'number');
  });
});

test('the replay keeps at most its number of records, oldest out first', () => {
  const replay = new AnswerReplay(2);
  replay.open();
  const req = (url: string) =>
    ({ method: 'GET', url, headers: {}, raw: { url, headers: {} }, routeOptions: { url: '/x' } }) as never;
  const reply = {
    statusCode: 200,
    replayable: { body: 'x', current: () => true },
    getHeaders: () => ({ 'content-type': 'text/plain' }),
  } as unknown as FastifyReply;
  for (const url of ['/a', '/b', '/c']) replay.remember(req(url) as FastifyRequest, reply);
  assert.equal(replay.size, 2);
  const plain = () => true;
  const find = (url: string) => replay.find({ method: 'GET', url, headers: {} } as never, plain);
  assert.equal(find('/a'), null);
  assert.ok(find('/b'));
  assert.ok(find('/c'));
  replay.close();
  assert.equal(find('/c'), null);
});
