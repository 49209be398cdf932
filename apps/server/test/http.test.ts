import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { ConfigError, loadConfig } from '../src/env.ts';
import { MemoryFileStore } from '../src/storage/file-store.ts';
import { createTestApp, PRODUCTION } from './helpers.ts';

describe('HTTP shell: health, docs, headers, SPA fallback', () => {
  let app: FastifyInstance;
  let web: string;
  let close: () => Promise<void>;

  before(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'web-'));
    await mkdir(path.join(web, 'assets'));
    await writeFile(
      path.join(web, 'index.html'),
      '<!doctype html><title>Tienda</title><div id="root"></div>',
    );
    await writeFile(path.join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
    const db = await openDatabase({ dataDir: null });
    await migrate(db);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    app = await buildApp({ config, db, fileStore: new MemoryFileStore(), logger: false, webDist: web });
    close = async () => {
      await app.close();
      await db.close();
      await rm(web, { recursive: true, force: true });
    };
  });
  after(() => close());

  test('health answers ok', async () => {
    const res = await app.inject('/api/health');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ok' });
  });

  test('OpenAPI document generated from the contracts', async () => {
    const res = await app.inject('/api/docs');
    assert.equal(res.statusCode, 200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    assert.match(doc.openapi, /^3\./);
    for (const p of [
      '/api/stores',
      '/api/stores/decode-url',
      '/api/brands/{id}',
      '/api/models',
      '/api/orders',
      '/api/auth/login',
    ]) {
      assert.ok(doc.paths[p], `documents ${p}`);
    }
    const params = doc.paths['/api/models']!.get!.parameters!.map((p) => p.name).sort();
    assert.deepEqual(params, ['brand', 'filtro', 'page', 'size', 'store']);
  });

  test('security headers and a strict CSP on every response', async () => {
    const res = await app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
  });

  test('deep links get the SPA; hashed assets are cached for good; unknown API paths get JSON 404', async () => {
    for (const url of ['/', '/models/3', '/pedido/datos', '/store/MTpmYWxzZQ']) {
      const res = await app.inject(url);
      assert.equal(res.statusCode, 200, url);
      assert.match(res.body, /<div id="root">/);
      assert.equal(res.headers['cache-control'], 'private, no-cache');
    }
    const asset = await app.inject('/assets/index-abc123.js');
    assert.match(String(asset.headers['cache-control']), /immutable/);
    const api = await app.inject('/api/unknown');
    assert.equal(api.statusCode, 404);
    assert.equal(api.json().error, 'NOT_FOUND');
    const post = await app.inject({ method: 'POST', url: '/somewhere' });
    assert.equal(post.statusCode, 403, 'a write to a non-API path still needs the token');
  });

  test('every visitor gets an httpOnly session cookie and a readable signed token', async () => {
    const res = await app.inject('/api/health');
    const cookies = res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string }[];
    const sid = cookies.find((c) => c.name === 'sid')!;
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    assert.equal(sid.httpOnly, true);
    assert.notEqual(xsrf.httpOnly, true);
    assert.match(xsrf.value, /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  });
});

describe('configuration is checked at boot', () => {
  /** The production configuration run in development: its records go to the AEAT's test environment. */
  const DEVELOPMENT = {
    NODE_ENV: 'development',
    VERIFACTU_ENDPOINT: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  };
  test("TRUST_PROXY is off, a hop count or the proxies' addresses; anything else names the variable", () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'yes' }), /TRUST_PROXY/);
    assert.throws(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/40' }), /TRUST_PROXY/);
    assert.equal(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy, [
      '10.0.0.0/8',
      '::1',
    ]);
  });

  test('METRICS_TOKEN, when set, is a long random string', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short' }), /METRICS_TOKEN/);
    assert.equal(loadConfig({ NODE_ENV: 'test' }).metricsToken, undefined);
  });

  test('production refuses to start without its own secret', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production' }), /APP_SECRET/);
    assert.throws(() => loadConfig({ ...PRODUCTION, APP_SECRET: 'short' }), /APP_SECRET/);
  });
  test("production refuses Redsys's public test key and the simulator", () => {
    assert.throws(() => loadConfig({ ...PRODUCTION, REDSYS_SECRET_KEY: undefined }), /REDSYS_SECRET_KEY/);
    assert.throws(() => loadConfig({ ...PRODUCTION, REDSYS_URL: undefined }), /REDSYS_URL/);
    assert.throws(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: undefined }), /PUBLIC_URL/);
    for (const name of ['VERIFACTU_ENDPOINT', 'VERIFACTU_CERT', 'VERIFACTU_CERT_PASSWORD']) {
      assert.throws(() => loadConfig({ ...PRODUCTION, [name]: undefined }), new RegExp(name));
    }
    assert.throws(
      () => loadConfig({ ...PRODUCTION, VERIFACTU_ENDPOINT: 'http://aeat.example/soap' }),
      /VERIFACTU_ENDPOINT/,
    );
    assert.doesNotThrow(() => loadConfig(PRODUCTION));
  });
  test("VERI*FACTU records go to the run mode's AEAT environment, or the start stops naming the variable", () => {
    const aeat = (host: string) => `https://${host}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
    const configError = (message: RegExp) => (err: unknown) =>
      err instanceof ConfigError && message.test(err.message);
    // Production never sends to the AEAT's test environment, even when told to accept a mismatch.
    for (const allow of [{}, { VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH: '1' }]) {
      assert.throws(
        () => loadConfig({ ...PRODUCTION, ...allow, VERIFACTU_ENDPOINT: aeat('prewww1.aeat.es') }),
        configError(
          /VERIFACTU_ENDPOINT: prewww1\.aeat\.es es el entorno de pruebas de la AEAT.*NODE_ENV=production/,
        ),
      );
    }
    // Nor to this machine or another host, unless told so (a test run that must send nothing).
    assert.throws(
      () => loadConfig({ ...PRODUCTION, VERIFACTU_ENDPOINT: 'https://127.0.0.1:9/verifactu' }),
      configError(
        /VERIFACTU_ENDPOINT: 127\.0\.0\.1 no es el servicio de producción.*VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH=1/,
      ),
    );
    const standIn = loadConfig({
      ...PRODUCTION,
      VERIFACTU_ENDPOINT: 'https://127.0.0.1:9/verifactu',
      VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH: '1',
    });
    assert.equal(standIn.verifactu.environment, 'local');
    assert.equal(loadConfig(PRODUCTION).verifactu.environment, 'production');
    assert.equal(
      loadConfig({ ...PRODUCTION, VERIFACTU_ENDPOINT: aeat('www10.agenciatributaria.gob.es') }).verifactu
        .environment,
      'production',
    );
    // Development never sends to the AEAT's production service unless told so.
    assert.throws(
      () =>
        loadConfig({
          NODE_ENV: 'development',
          VERIFACTU_ENDPOINT: aeat('www1.agenciatributaria.gob.es'),
          VERIFACTU_CERT: '/x.p12',
        }),
      configError(
        /VERIFACTU_ENDPOINT: www1\.agenciatributaria\.gob\.es es el servicio de producción de la AEAT y este arranque no es de producción \(NODE_ENV=development\).*\n {2}\(VERIFACTU_ENDPOINT: .* is the AEAT's production service/s,
      ),
    );
    const allowed = loadConfig({
      NODE_ENV: 'development',
      VERIFACTU_ENDPOINT: aeat('www1.agenciatributaria.gob.es'),
      VERIFACTU_CERT: '/x.p12',
      VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH: '1',
    });
    assert.equal(allowed.verifactu.environment, 'production');
    assert.equal(
      loadConfig({
        NODE_ENV: 'development',
        VERIFACTU_ENDPOINT: aeat('prewww1.aeat.es'),
        VERIFACTU_CERT: '/x.p12',
      }).verifactu.environment,
      'test',
    );
    assert.throws(
      () => loadConfig({ NODE_ENV: 'development', VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH: 'yes' }),
      /VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH/,
    );
  });
  test('production refuses the development secret, placeholders and guessable secrets, naming the variable', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(new URL('../src/env.ts', import.meta.url), 'utf8');
    const printed = /const DEVELOPMENT_SECRET = '([^']+)'/.exec(source)![1]!;
    const refusals: [Record<string, string>, RegExp][] = [
      [{ APP_SECRET: printed }, /APP_SECRET: es un valor público/],
      [{ APP_SECRET: `${printed}-2026` }, /APP_SECRET: es un valor público/],
      [{ APP_SECRET: 'x'.repeat(40) }, /APP_SECRET: demasiado fácil de adivinar/],
      [{ APP_SECRET: 'passwordpasswordpasswordpassword12' }, /APP_SECRET: demasiado fácil de adivinar/],
      [{ APP_SECRET: '0123456789012345678901234567890123456789' }, /APP_SECRET: demasiado fácil de adivinar/],
      [{ APP_SECRET: 'changeme-changeme-changeme-changeme' }, /APP_SECRET: /],
      [{ APP_SECRET: 'qwertyuiopasdfghjklzxcvbnm1234567890' }, /APP_SECRET: demasiado fácil de adivinar/],
      [
        { REDSYS_SECRET_KEY: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
        /REDSYS_SECRET_KEY: demasiado fácil de adivinar/,
      ],
    ];
    for (const [change, message] of refusals) {
      assert.throws(() => loadConfig({ ...PRODUCTION, ...change }), message, JSON.stringify(change));
      // Outside production the same values are fine (tests and development).
      assert.doesNotThrow(() => loadConfig({ ...PRODUCTION, ...change, ...DEVELOPMENT }));
    }
    // Placeholders of .env.example are refused too, whatever the variable.
    const example = await readFile(new URL('../../../.env.example', import.meta.url), 'utf8');
    for (const [, name, value] of example.matchAll(/^#? ?(APP_SECRET|REDSYS_SECRET_KEY)=(\S+)$/gm)) {
      assert.throws(
        () => loadConfig({ ...PRODUCTION, [name!]: value! }),
        new RegExp(name!),
        `${name}=${value}`,
      );
    }
  });
  test("production refuses the demo company's data, naming each variable; elsewhere it is the default", () => {
    const demo: [Record<string, string>, string[]][] = [
      [{ COMPANY_NIF: 'B00000000' }, ['COMPANY_NIF']],
      [{ COMPANY_NIF: 'b-00000000' }, ['COMPANY_NIF']],
      [{ COMPANY_LEGAL_NAME: 'Fundas Málaga Demo, S.L.' }, ['COMPANY_LEGAL_NAME']],
      [{ COMPANY_ADDRESS: 'Calle Ejemplo, 1' }, ['COMPANY_ADDRESS']],
      [
        { COMPANY_REGISTRY: 'Inscrita en el Registro Mercantil de Málaga, tomo 0000 (datos de ejemplo)' },
        ['COMPANY_REGISTRY'],
      ],
      [{ COMPANY_TOWN: 'Málaga (datos de ejemplo)' }, ['COMPANY_TOWN']],
    ];
    for (const [change, names] of demo) {
      assert.throws(
        () => loadConfig({ ...PRODUCTION, ...change }),
        (err: Error) =>
          names.every((n) => err.message.includes(`${n}: son los datos de la empresa de ejemplo`)),
        JSON.stringify(change),
      );
      assert.doesNotThrow(() => loadConfig({ ...PRODUCTION, ...change, ...DEVELOPMENT }));
    }
    // Leaving every company variable out in production is the demo company: each one is named.
    const { COMPANY_NIF, COMPANY_LEGAL_NAME, COMPANY_ADDRESS, COMPANY_REGISTRY, ...bare } = PRODUCTION;
    assert.ok(COMPANY_NIF && COMPANY_LEGAL_NAME && COMPANY_ADDRESS && COMPANY_REGISTRY);
    assert.throws(
      () => loadConfig(bare),
      (err: Error) =>
        ['COMPANY_NIF', 'COMPANY_LEGAL_NAME', 'COMPANY_ADDRESS', 'COMPANY_REGISTRY'].every((n) =>
          err.message.includes(n),
        ),
    );
    assert.equal(loadConfig({}).company.nif, 'B00000000', 'the demo company outside production');
    assert.equal(loadConfig(PRODUCTION).company.nif, 'B29123452');
  });
  test('a NIF with a wrong check digit is refused everywhere: it would go into every invoice record', () => {
    for (const env of [{}, PRODUCTION]) {
      assert.throws(
        () => loadConfig({ ...env, COMPANY_NIF: 'B29123453' }),
        /COMPANY_NIF: 'B29123453' no es un NIF válido/,
      );
      assert.throws(() => loadConfig({ ...env, COMPANY_NIF: '12345678A' }), /COMPANY_NIF/);
      assert.throws(() => loadConfig({ ...env, COMPANY_NIF: 'no-es-un-nif' }), /COMPANY_NIF/);
    }
    assert.doesNotThrow(() => loadConfig({ COMPANY_NIF: '12345678Z' }));
    assert.doesNotThrow(() => loadConfig({ ...PRODUCTION, COMPANY_NIF: 'A58818501' }));
  });
  test('bad values name the variable', () => {
    assert.throws(() => loadConfig({ PORT: 'abc' }), /PORT/);
    assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /DATABASE_URL/);
    assert.throws(() => loadConfig({ ADMIN_EMAIL: 'a@b.es' }), /ADMIN_PASSWORD/);
  });
  test('demo data is on by default outside production only', () => {
    assert.equal(loadConfig({}).demo, true);
    assert.equal(loadConfig(PRODUCTION).demo, false);
  });
});

describe('request log', () => {
  test('one line per request with method, URL, address, status and time, and never a cookie or token', async () => {
    const lines: string[] = [];
    const logStream = { write: (line: string) => void lines.push(line) };
    const { app, close } = await createTestApp({ seed: false, logStream });
    try {
      const first = await app.inject('/api/health');
      const cookies = first.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const token = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
      lines.length = 0;
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders?x=1',
        headers: { cookie: cookies, 'x-xsrf-token': token, 'content-type': 'application/json' },
        payload: '{}',
      });
      assert.equal(res.statusCode, 400);
      const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      assert.equal(logged.length, 1, lines.join(''));
      const line = logged[0]!;
      assert.equal(line.msg, 'request completed');
      assert.deepEqual(line.req, { method: 'POST', url: '/api/orders?x=1', remoteAddress: '127.0.0.1' });
      assert.deepEqual(line.res, { statusCode: 400 });
      assert.equal(typeof line.responseTime, 'number');
      const text = lines.join('');
      for (const c of first.cookies) assert.ok(!text.includes(c.value), `the ${c.name} cookie is in the log`);
    } finally {
      await close();
    }
  });
});

describe('requests Node refuses before routing', () => {
  /** Sends raw bytes to a listening app and returns everything it answered before closing. */
  async function raw(app: FastifyInstance, bytes: string): Promise<string> {
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (d: Buffer) => received.push(d));
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(bytes);
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    return Buffer.concat(received).toString('utf8');
  }

  test("headers too large and bytes that are not HTTP: the shop's error shape, in Spanish", async () => {
    const { app, close } = await createTestApp({ seed: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const big = await raw(
        app,
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      assert.match(big, /^HTTP\/1\.1 431 /);
      assert.match(big, /content-type: application\/json; charset=utf-8/i);
      assert.deepEqual(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4)), {
        error: 'HEADERS_TOO_LARGE',
        message: messages.headersTooLarge,
      });
      const garbage = await raw(app, 'HELLO THERE\r\n\r\n');
      assert.match(garbage, /^HTTP\/1\.1 400 /);
      assert.deepEqual(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4)), {
        error: 'BAD_REQUEST',
        message: messages.badRequest,
      });
    } finally {
      await close();
    }
  });
});
