// One kind of design (ADR 25). The first editor's body of `PUT /api/orders/{id}/design` (a photo
// and its transform) is still taken, and stored as the one-photo scene it stands for, by the same
// path as a scene; the order reads as it always did. Migration 20 turns the one-photo designs the
// previous release stored (a transform, no scene) into those scenes, once, and its trigger does the
// same for one an instance of the previous release stores while an upgrade rolls; the print of such
// a design is still the first renderer's.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { messages } from '@shop/contracts/messages';
import type { DesignTransform, Order } from '@shop/contracts/orders';
import { type Scene, sceneFromTransform } from '@shop/contracts/scene';
import sharp from 'sharp';
import type { Database } from '../src/db/client.ts';
import { migrate, migrations } from '../src/db/migrate.ts';
import { FileService, fileUri } from '../src/modules/files/service.ts';
import { getOrder } from '../src/modules/orders/service.ts';
import { renderOrderPrint } from '../src/modules/print/service.ts';
import { MemoryFileStore } from '../src/storage/file-store.ts';
import { createOrder, expectOk, IDENTITY, testPhoto, uploadImage } from './checkout-helpers.ts';
import {
  caseTemplate,
  IPHONE_15,
  meanDifference,
  ONE_PHOTO_PRINTS,
  photoOf,
  referencePrint,
} from './fixtures/one-photo-prints.ts';
import { Client, createTestApp, freshDatabase, type TestApp } from './helpers.ts';

/** The print file's pixels, as RGB. */
async function printPixels(db: Database, files: FileService, orderId: string): Promise<Buffer> {
  const { pngFileId } = await renderOrderPrint(db, files, orderId, { dpi: 100 });
  const png = await files.bytes((await files.find(db, pngFileId))!);
  return sharp(png!).removeAlpha().raw().toBuffer();
}

describe('a one-photo design sent as a transform', () => {
  let t: TestApp;
  let files: FileService;
  before(async () => {
    t = await createTestApp();
    files = new FileService(t.files);
  });
  after(() => t.close());

  /** An order of `c` with its photo (1200 x 900) and an uploaded design PNG. */
  const orderWithPhoto = async (c: Client) => {
    const order = await createOrder(c);
    const image = await uploadImage(c, await testPhoto());
    await expectOk(c.put(`/api/orders/${order.id}`, { image }));
    const design = await uploadImage(c, await testPhoto(480, 760, '#2864c8'), 'design.png');
    return { id: order.id, model: order.model.id, image, design };
  };

  test('is stored as the scene it stands for and reads as before', async () => {
    const c = new Client(t.app);
    const o = await orderWithPhoto(c);
    const transform: DesignTransform = { ...IDENTITY, quarterTurns: 1, flipX: true, scale: 4.2 };
    const saved = (
      await expectOk(c.put(`/api/orders/${o.id}/design`, { design: o.design, transform, photo: o.image }))
    ).json() as Order;
    const scene = sceneFromTransform(o.model, o.image, transform);
    const read = (await c.get(`/api/orders/${o.id}`)).json() as Order;
    for (const order of [saved, read]) {
      assert.deepEqual(order.designTransform, transform, 'the placement reads as it was sent');
      assert.deepEqual(order.designScene, scene);
      assert.deepEqual(order.draftScene, scene, 'the editor reopens on it');
      assert.deepEqual(order.designPhotos, [o.image]);
      assert.equal(order.image, o.image);
      assert.equal(order.design, o.design);
    }
    // The previous release, while an upgrade rolls, reads the placement from its own column.
    const { rows } = await t.db.query<{ design_transform: DesignTransform }>(
      'SELECT design_transform FROM orders WHERE id = $1',
      [o.id],
    );
    assert.deepEqual(rows[0]!.design_transform, transform);
  });

  test('prints as the same design sent as a scene', async () => {
    const c = new Client(t.app);
    const [a, b] = [await orderWithPhoto(c), await orderWithPhoto(c)];
    const transform: DesignTransform = { ...IDENTITY, centerX: 0.45, quarterTurns: 2 };
    await expectOk(c.put(`/api/orders/${a.id}/design`, { design: a.design, transform }));
    const scene: Scene = sceneFromTransform(b.model, b.image, transform);
    await expectOk(c.put(`/api/orders/${b.id}/design`, { design: b.design, scene }));
    assert.deepEqual((await getOrder(t.db, b.id)).designTransform, transform);
    const [x, y] = [await printPixels(t.db, files, a.id), await printPixels(t.db, files, b.id)];
    assert.ok(x.equals(y), 'the same pixels');
  });

  test('is refused as before: no field of a scene the client did not send', async () => {
    const c = new Client(t.app);
    const o = await orderWithPhoto(c);
    const uncovered = { ...IDENTITY, scale: 0.5 };
    const res = await c.put(`/api/orders/${o.id}/design`, { design: o.design, transform: uncovered });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json(), { error: 'DESIGN_UNCOVERED', message: messages.designUncovered });
    // The same design as a scene names the slot at fault.
    const scene = sceneFromTransform(o.model, o.image, uncovered);
    const asScene = await c.put(`/api/orders/${o.id}/design`, { design: o.design, scene });
    assert.deepEqual(asScene.json(), {
      error: 'DESIGN_UNCOVERED',
      message: messages.designUncovered,
      field: 'scene.slots.0',
    });
    const other = await uploadImage(c, await testPhoto());
    const stale = await c.put(`/api/orders/${o.id}/design`, {
      design: o.design,
      transform: IDENTITY,
      photo: other,
    });
    assert.equal(stale.statusCode, 409);
    assert.deepEqual(stale.json(), { error: 'PHOTO_CHANGED', message: messages.designPhotoChanged });
    const order = (await c.get(`/api/orders/${o.id}`)).json() as Order;
    assert.deepEqual([order.design, order.designScene, order.designTransform], [null, null, null]);
  });
});

describe('migration 20: one-photo designs of the previous release become scenes', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let files: FileService;
  let modelId: number;
  const photos: string[] = [];
  let designPng: string;

  /** Whether the later migrations ran too (orders then need their case type). */
  let upToDate = false;

  /** A placed order of the model, as the previous release left it: these columns, nothing else. */
  async function order(columns: Record<string, unknown> = {}): Promise<string> {
    const id = randomUUID();
    if (upToDate) {
      const { rows } = await db.query<{ id: number }>('SELECT id FROM case_types WHERE is_default');
      columns = { ...columns, case_type_id: rows[0]!.id };
    }
    const names = Object.keys(columns);
    await db.query(
      `INSERT INTO orders (id, status, store_id, brand_id, model_id, price_cents, payment_method
         ${names.map((n) => `, ${n}`).join('')})
       VALUES ($1, 'to_pay_at_store', 1, 1, $2, 1990, 'paystore' ${names.map((_, i) => `, $${i + 3}`).join('')})`,
      [id, modelId, ...Object.values(columns)],
    );
    return id;
  }

  /**
   * A one-photo design as the previous release saved it (`saveDesign`): the design PNG and the
   * transform on the order, no scene, and the photo it was made with as slot 0.
   */
  async function oldDesign(photo: string, transform: DesignTransform, slot0 = true): Promise<string> {
    const id = await order({ image_id: photo });
    await db.query(
      `UPDATE orders SET design_id = $2, design_transform = $3, design_scene = NULL, updated_at = now()
       WHERE id = $1`,
      [id, designPng, JSON.stringify(transform)],
    );
    if (slot0) {
      await db.query(
        `INSERT INTO order_design_photos (order_id, slot, file_id) VALUES ($1, 0, $2)
         ON CONFLICT (order_id, slot) DO UPDATE SET file_id = EXCLUDED.file_id`,
        [id, photo],
      );
    }
    await db.query('INSERT INTO order_photos (order_id, file_id) VALUES ($1, $2)', [id, photo]);
    return id;
  }

  const row = async (id: string) =>
    (
      await db.query<{ design_scene: Scene | null; design_transform: DesignTransform | null }>(
        'SELECT design_scene, design_transform FROM orders WHERE id = $1',
        [id],
      )
    ).rows[0]!;
  const slots = async (id: string) =>
    (
      await db.query<{ slot: number; file_id: string }>(
        'SELECT slot, file_id FROM order_design_photos WHERE order_id = $1 ORDER BY slot',
        [id],
      )
    ).rows;
  const everything = async () =>
    (await db.query('SELECT * FROM orders ORDER BY id')).rows.concat(
      (await db.query('SELECT * FROM order_design_photos ORDER BY order_id, slot')).rows,
    );

  before(async () => {
    ({ db, drop } = await freshDatabase());
    assert.deepEqual(
      await migrate(db, { through: 19 }),
      migrations.map((m) => m.version).filter((v) => v <= 19),
    );
    files = new FileService(new MemoryFileStore());
    const template = await files.save(db, {
      kind: 'template',
      contentType: 'image/png',
      bytes: await caseTemplate(),
    });
    await db.query(
      `INSERT INTO stores (id, name, address, postal_code, town, province) VALUES (1, 'T', 'C/ A 1', '29001', 'Málaga', 'Málaga')`,
    );
    await db.query(`INSERT INTO brands (id, name) VALUES (1, 'Apple')`);
    modelId = (
      await db.query<{ id: number }>(
        `INSERT INTO models (brand_id, name, search_name, price_cents, template_id, outline)
         VALUES (1, 'iPhone 15', 'iphone 15', 1990, $1, $2) RETURNING id`,
        [template.id, JSON.stringify(IPHONE_15)],
      )
    ).rows[0]!.id;
    for (const print of ONE_PHOTO_PRINTS) {
      const bytes = await photoOf(print);
      const { width, height, format } = print.photo;
      const contentType = `image/${format}`;
      photos.push((await files.save(db, { kind: 'upload', contentType, bytes, width, height })).id);
    }
    designPng = (
      await files.save(db, { kind: 'upload', contentType: 'image/png', bytes: await caseTemplate() })
    ).id;
  });
  after(async () => {
    await db.close();
    await drop();
  });

  test('turns each of them into its scene, prints it as the first renderer did, and runs once', async (t) => {
    const designs = await Promise.all(ONE_PHOTO_PRINTS.map((p, i) => oldDesign(photos[i]!, p.transform)));
    // Without its slot-0 row (the photo is the order's): the row is added.
    const noSlot = await oldDesign(photos[0]!, IDENTITY, false);
    // Not designs, or not one-photo ones of the previous release: left as they are.
    const photoOnly = await order({ image_id: photos[0] });
    const scene = sceneFromTransform(modelId, fileUri(photos[1]!), IDENTITY);
    const sceneDesign = await order({
      image_id: photos[1],
      design_id: designPng,
      design_transform: JSON.stringify(IDENTITY),
      design_scene: JSON.stringify({ ...scene, background: '#111111' }),
    });
    // Photos and design gone by the retention rules; the placement was kept.
    const stripped = await order({ design_transform: JSON.stringify(IDENTITY) });

    assert.deepEqual(await migrate(db, { through: 20 }), [20]);
    // Today's order reads need today's schema; the later migrations leave the designs alone.
    await migrate(db);
    upToDate = true;

    for (const [i, id] of designs.entries()) {
      const { transform } = ONE_PHOTO_PRINTS[i]!;
      assert.deepEqual(
        (await row(id)).design_scene,
        sceneFromTransform(modelId, fileUri(photos[i]!), transform),
      );
      const read = await getOrder(db, id);
      assert.deepEqual(read.designTransform, transform);
      assert.deepEqual(read.designPhotos, [fileUri(photos[i]!)]);
      assert.equal(read.design, fileUri(designPng));
    }
    assert.deepEqual(
      (await row(noSlot)).design_scene,
      sceneFromTransform(modelId, fileUri(photos[0]!), IDENTITY),
    );
    assert.deepEqual(await slots(noSlot), [{ slot: 0, file_id: photos[0] }]);
    assert.equal((await row(photoOnly)).design_scene, null);
    assert.equal((await row(sceneDesign)).design_scene?.background, '#111111');
    assert.equal((await row(stripped)).design_scene, null);
    assert.equal((await getOrder(db, stripped)).designTransform, null, 'no design, no placement');

    // Printed by the scene renderer, as the first renderer printed them.
    for (const [i, id] of designs.entries()) {
      const print = ONE_PHOTO_PRINTS[i]!;
      const { pngFileId } = await renderOrderPrint(db, files, id, { dpi: print.dpi });
      const png = (await files.bytes((await files.find(db, pngFileId))!))!;
      const mad = await meanDifference(png, await referencePrint(print));
      t.diagnostic(`${print.name}: mean absolute difference ${(mad * 100).toFixed(3)} %`);
      assert.ok(mad < 0.02, `${print.name}: ${(mad * 100).toFixed(2)} %`);
    }

    // Once: migrating again applies nothing, and the migration itself run again changes nothing.
    const state = await everything();
    assert.deepEqual(await migrate(db, { through: 20 }), []);
    await db.exec(migrations.find((m) => m.version === 20)!.sql);
    assert.deepEqual(await everything(), state);
  });

  test('a design the previous release stores while an upgrade rolls gets its scene too', async () => {
    const transform = ONE_PHOTO_PRINTS[2]!.transform;
    const id = await oldDesign(photos[2]!, transform);
    assert.deepEqual(
      (await row(id)).design_scene,
      sceneFromTransform(modelId, fileUri(photos[2]!), transform),
    );
    assert.deepEqual((await getOrder(db, id)).designTransform, transform);
    // Its 'Cambiar foto' drops the design and the scene alike.
    await db.query(
      `UPDATE orders SET image_id = NULL, design_id = NULL, design_transform = NULL, design_scene = NULL
       WHERE id = $1`,
      [id],
    );
    assert.deepEqual(await row(id), { design_scene: null, design_transform: null });
  });
});
