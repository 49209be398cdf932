// What most test apps start from, made once per test run instead of once per app:
// - the demo catalogue's pictures (57 mock-ups and case templates, the storefronts): about 4.5 s of
//   CPU to draw, and most test files seed the demo into each app they make;
// - an in-memory PGlite database with every migration applied (about 1 s of CPU less than a new
//   database migrated: PGlite starts from the copy instead of running initdb and 29 migrations).
// Drawn or migrated every time, they were a fifth of the unit + API run. scripts/test.sh gives each
// run a fresh folder in SHOP_TEST_CACHE_DIR: the first test process to need one makes it and leaves
// it there, the others read it. The folder lives as long as the run, so what is read was made by
// the code under test. A file run on its own (no folder) makes them as before.
//
// The drawing and the migrations stay tested as they run at a shop's first start:
// src/db/seed/demo-catalogue.test.ts draws the catalogue, the tests that open their own database
// (jobs, print, sales totals, file stores...) migrate a new one, and the first server of each kind
// the browser tests start, and every server of the resilience tests, draws and migrates its own.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { type Database, fromPglite } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildDemoCatalogue, type DemoCatalogue } from '../src/db/seed/demo-catalogue.ts';

let drawn: Promise<Buffer> | undefined;
let migrated: Promise<Buffer> | undefined;

/** The demo catalogue as `buildDemoCatalogue` draws it; a copy of its own for each call. */
export async function demoCatalogue(): Promise<DemoCatalogue> {
  drawn ??= madeOnce('demo-catalogue.v8', async () => serialize(await buildDemoCatalogue()));
  return deserialize(await drawn) as DemoCatalogue;
}

/**
 * A new in-memory PGlite database with every migration applied. Without SHOP_TEST_CACHE_DIR, a new
 * database migrated as at a first start.
 */
export async function migratedPglite(): Promise<Database> {
  if (!process.env.SHOP_TEST_CACHE_DIR) {
    const db = fromPglite(await PGlite.create());
    await migrate(db);
    return db;
  }
  migrated ??= madeOnce('pglite-migrated.tar', async () => {
    const pglite = await PGlite.create();
    try {
      await migrate(fromPglite(pglite));
      return Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
    } finally {
      await pglite.close();
    }
  });
  return fromPglite(await PGlite.create({ loadDataDir: new Blob([new Uint8Array(await migrated)]) }));
}

/** The bytes in the run's folder under `name`, made by `make` by the first process to need them. */
async function madeOnce(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const dir = process.env.SHOP_TEST_CACHE_DIR;
  const file = dir && path.join(dir, name);
  if (file) {
    const saved = await readFile(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    if (saved) return saved;
  }
  const bytes = await make();
  if (file) {
    // Two processes may make it at once: each writes its own file and renames it into place.
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, bytes);
    await rename(partial, file);
  }
  return bytes;
}
