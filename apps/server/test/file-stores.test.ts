// The file stores: the local directory (the default) and any S3-compatible bucket (FILE_STORAGE=s3),
// run through the same suite. The bucket is a real S3-protocol server (s3rver, from npm) on
// loopback, speaking S3's REST API and refusing an unknown access key (it does not recompute
// SigV4 signatures; the AWS SDK makes them). Then the shop itself on the bucket:
// a customer's photo goes in and comes out through the shop's own routes and access rules, and
// `npm run files:to-bucket` copies an existing local store into a bucket, resumably.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import S3rver from 's3rver';
import { buildApp } from '../src/app.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoCatalogue } from '../src/db/seed/seed.ts';
import { ConfigError, loadConfig } from '../src/env.ts';
import { copyToBucket } from '../src/files-to-bucket.ts';
import { FileService } from '../src/modules/files/index.ts';
import { openFileStore, readStorageSettings } from '../src/storage/config.ts';
import { type FileStore, LocalFileStore } from '../src/storage/file-store.ts';
import { S3FileStore, type S3Settings } from '../src/storage/s3-store.ts';
import { testPhoto, uploadImage } from './checkout-helpers.ts';
import { Client, freshDatabase, TEST_RATE_LIMITS, TEST_UPLOAD_DIR } from './helpers.ts';
import { demoCatalogue } from './made-once.ts';

/** s3rver's own credentials: a request with another access key is refused (403). */
const S3RVER_KEY = 'S3RVER';

let s3: { endpoint: string; stop(): Promise<void> };
const dirs: string[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

before(async () => {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: await tempDir('shop-s3rver-'),
    configureBuckets: [{ name: 'tienda' }, { name: 'copia' }, { name: 'app' }],
  });
  const address = await server.run();
  s3 = { endpoint: `http://127.0.0.1:${address.port}`, stop: () => server.close() };
});
after(async () => {
  await s3.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const bucket = (name: string, overrides: Partial<S3Settings> = {}): S3Settings => ({
  bucket: name,
  endpoint: s3.endpoint,
  region: 'us-east-1',
  accessKeyId: S3RVER_KEY,
  secretAccessKey: S3RVER_KEY,
  forcePathStyle: true,
  ...overrides,
});

const key = (kind = 'photo') => `${kind}/${randomBytes(12).toString('base64url')}.jpg`;

/** What any file store must do, whatever holds the bytes. */
function storeSuite(name: string, open: () => Promise<FileStore>) {
  describe(`the file store: ${name}`, () => {
    let store: FileStore;
    before(async () => {
      store = await open();
    });

    test('keeps bytes exactly, including a large binary file, and says null for a missing one', async () => {
      const small = key();
      await store.put(small, Buffer.from('hola'));
      assert.deepEqual(await store.get(small), Buffer.from('hola'));
      const large = key('print');
      const bytes = randomBytes(6 * 1024 * 1024 + 17);
      await store.put(large, bytes);
      assert.ok((await store.get(large))!.equals(bytes));
      assert.equal(await store.get(key()), null);
    });

    test('a second write of a key replaces it whole; a delete removes it, twice is no error', async () => {
      const k = key();
      await store.put(k, Buffer.from('primera versión, más larga'));
      await store.put(k, Buffer.from('segunda'));
      assert.deepEqual(await store.get(k), Buffer.from('segunda'));
      await store.delete(k);
      assert.equal(await store.get(k), null);
      await store.delete(k);
    });

    test('writes at once of many keys all land', async () => {
      const keys = Array.from({ length: 24 }, () => key('design'));
      await Promise.all(keys.map((k, i) => store.put(k, Buffer.from(`diseño ${i}`))));
      const back = await Promise.all(keys.map((k) => store.get(k)));
      assert.deepEqual(
        back.map((b) => b?.toString()),
        keys.map((_, i) => `diseño ${i}`),
      );
    });

    test('lists the keys written before a moment (the orphan sweep), and none after it', async () => {
      const k = key('invoice');
      await store.put(k, Buffer.from('%PDF'));
      const listed = async (before: Date) => {
        const all: string[] = [];
        for await (const batch of store.keysOlderThan!(before)) all.push(...batch);
        return all;
      };
      assert.ok((await listed(new Date(Date.now() + 60_000))).includes(k));
      assert.ok(!(await listed(new Date(Date.now() - 60 * 60_000))).includes(k));
    });

    test('a big file written on disk goes in without passing through memory, and its temp file goes', async () => {
      const k = key('print');
      const bytes = randomBytes(3 * 1024 * 1024 + 5);
      const source = store.tempPath?.() ?? path.join(await tempDir('shop-big-'), 'batch.pdf');
      await writeFile(source, bytes);
      await store.putFile!(k, source);
      assert.ok((await store.get(k))!.equals(bytes));
      await assert.rejects(stat(source), /ENOENT/);
      // Through the files service, as a print batch stores its PDF (then its row, in a transaction).
      const stored = await new FileService(store).saveLarge(
        { kind: 'print', contentType: 'application/pdf' },
        (p) => writeFile(p, bytes),
      );
      assert.equal(stored.sizeBytes, bytes.length);
      assert.match(stored.storageKey, /^print\/.+\.pdf$/);
      assert.ok((await store.get(stored.storageKey))!.equals(bytes));
    });

    test('refuses a key the shop could not have made', async () => {
      await assert.rejects(store.put('../fuera.txt', Buffer.from('x')));
      await assert.rejects(store.get('photo/../../etc'));
    });
  });
}

storeSuite('a local directory', async () => {
  const store = new LocalFileStore(await tempDir('shop-files-'));
  await store.init();
  return store;
});
storeSuite('an S3 bucket', async () => openFileStore({ kind: 's3', s3: bucket('tienda') }, '/nonexistent'));

describe('choosing the store by configuration', () => {
  test('local by default; s3 names each variable it lacks', () => {
    assert.deepEqual(readStorageSettings({}), { kind: 'local' });
    const full = {
      FILE_STORAGE: 's3',
      S3_BUCKET: 'fundas',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secreto',
    };
    assert.deepEqual(readStorageSettings(full), {
      kind: 's3',
      s3: {
        bucket: 'fundas',
        endpoint: undefined,
        region: 'us-east-1',
        accessKeyId: 'AKIA',
        secretAccessKey: 'secreto',
        forcePathStyle: false,
      },
    });
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      assert.throws(
        () => loadConfig({ NODE_ENV: 'test', ...full, [name]: '' }),
        (err: Error) =>
          err instanceof ConfigError && err.message.includes(`${name}: obligatoria con FILE_STORAGE=s3`),
      );
    }
    assert.throws(
      () => loadConfig({ NODE_ENV: 'test', FILE_STORAGE: 'nfs' }),
      (err: Error) => err instanceof ConfigError && err.message.includes('FILE_STORAGE'),
    );
    assert.equal(
      (loadConfig({ NODE_ENV: 'test', ...full, S3_FORCE_PATH_STYLE: '1' }).storage as { s3: S3Settings }).s3
        .forcePathStyle,
      true,
    );
  });

  test('the start checks the bucket answers: a missing bucket or wrong credentials are named', async () => {
    await assert.rejects(
      openFileStore({ kind: 's3', s3: bucket('no-existe') }, '/nonexistent'),
      /S3_BUCKET 'no-existe': el bucket no existe/,
    );
    await assert.rejects(
      openFileStore({ kind: 's3', s3: bucket('tienda', { accessKeyId: 'OTRA' }) }, '/nonexistent'),
      /S3_BUCKET 'tienda': las credenciales no dan acceso/,
    );
  });
});

describe('the shop on a bucket', () => {
  test("a customer's photo goes in and out through the shop's routes, with its access rules", async () => {
    const { db, drop } = await freshDatabase();
    const store = (await openFileStore({ kind: 's3', s3: bucket('app') }, '/nonexistent')) as S3FileStore;
    await migrate(db);
    await seedDemoCatalogue(db, new FileService(store), await demoCatalogue());
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
      db,
      fileStore: store,
      webDist: '/nonexistent',
      uploadTmpDir: TEST_UPLOAD_DIR,
      rateLimits: TEST_RATE_LIMITS,
      logger: false,
    });
    try {
      await app.ready();
      const customer = new Client(app);
      const photo = await testPhoto();
      const uri = await uploadImage(customer, photo);
      const read = await customer.get(uri);
      assert.equal(read.statusCode, 200);
      assert.ok(read.rawPayload.length > 1000);
      const { rows } = await db.query<{ storage_key: string; size_bytes: number }>(
        'SELECT storage_key, size_bytes FROM files WHERE id = $1',
        [uri.split('/').pop()],
      );
      assert.equal(
        await store.sizeOf(rows[0]!.storage_key),
        rows[0]!.size_bytes,
        'the bytes are in the bucket',
      );
      // The full-size original is for staff, as with the local store.
      assert.equal((await new Client(app).get(`${uri}?variant=original`)).statusCode, 403);
      // The catalogue's pictures, written by the demo data to the bucket, are served too.
      const models = (await customer.get('/api/models?store=1&size=1')).json() as {
        items: { template: string | null }[];
      };
      const template = models.items[0]!.template!;
      assert.equal((await customer.get(template)).statusCode, 200);
    } finally {
      await app.close();
      store.close();
      await db.close();
      await drop();
    }
  });

  test('files:to-bucket copies a local store into a bucket, and a second run copies nothing', async () => {
    const local = new LocalFileStore(await tempDir('shop-files-'));
    await local.init();
    const keys = Array.from({ length: 130 }, () => key());
    for (const [i, k] of keys.entries()) await local.put(k, Buffer.from(`foto ${i}`));
    const target = new S3FileStore(bucket('copia'));
    await target.init();
    // One file is there already (an interrupted run): it is not copied again.
    await target.put(keys[0]!, Buffer.from('foto 0'));
    const lines: string[] = [];
    const first = await copyToBucket(local, target, (line) => lines.push(line));
    assert.deepEqual(first, { copied: 129, skipped: 1, failed: [] });
    assert.ok(
      lines.some((l) => /^100 ficheros revisados/.test(l)),
      lines.join('\n'),
    );
    for (const [i, k] of keys.entries()) assert.equal((await target.get(k))?.toString(), `foto ${i}`);
    assert.deepEqual(await copyToBucket(local, target), { copied: 0, skipped: 130, failed: [] });
    target.close();
  });
});
