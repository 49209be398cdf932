import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { caseTemplateSvg, type PhoneOutline } from '@shop/case-geometry/outline';
import type { DesignTransform } from '@shop/contracts/orders';
import { sceneFromTransform } from '@shop/contracts/scene';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { AppError } from '../src/lib/errors.ts';
import { FileService, fileUri } from '../src/modules/files/service.ts';
import { renderOrderPrint } from '../src/modules/print/service.ts';
import { MemoryFileStore } from '../src/storage/file-store.ts';

const outline: PhoneOutline = {
  widthMm: 71.6,
  heightMm: 147.6,
  cornerRadiusMm: 12.5,
  camera: { xMm: 2.1, yMm: 2.0, widthMm: 34.2, heightMm: 34.2, cornerRadiusMm: 10.8 },
};
const transform: DesignTransform = { centerX: 0.5, centerY: 0.5, scale: 2.7, quarterTurns: 1, flipX: true };

let db: Database;
let files: FileService;
let modelId: number;
let bareModelId: number;
let photoId: string;

/**
 * An order of the given model at 'to_pay_at_store', with or without photo, and with or without a
 * one-photo design placing it (its scene).
 */
async function order(model: number, design: { image: string | null; transform: DesignTransform | null }) {
  const id = randomUUID();
  const scene =
    design.image && design.transform
      ? sceneFromTransform(model, fileUri(design.image), design.transform)
      : null;
  await db.query(
    `INSERT INTO orders (id, status, store_id, brand_id, model_id, price_cents, payment_method, image_id, design_scene,
       case_type_id)
     VALUES ($1, 'to_pay_at_store', 1, 1, $2, 1990, 'paystore', $3, $4, (SELECT id FROM case_types WHERE is_default))`,
    [id, model, design.image, scene && JSON.stringify(scene)],
  );
  // A saved design keeps the photo it was made with (slot 0): that is what is printed.
  if (design.image && design.transform) {
    await db.query('INSERT INTO order_design_photos (order_id, slot, file_id) VALUES ($1, 0, $2)', [
      id,
      design.image,
    ]);
  }
  return id;
}

before(async () => {
  db = await openDatabase({ dataDir: null });
  await migrate(db);
  files = new FileService(new MemoryFileStore());
  const templatePng = await sharp(Buffer.from(caseTemplateSvg(outline, { pxPerMm: 8, marginMm: 2 })))
    .png()
    .toBuffer();
  const template = await files.save(db, { kind: 'template', contentType: 'image/png', bytes: templatePng });
  // The original: a large photo, green on the left half, magenta on the right.
  const rgb = Buffer.alloc(1600 * 1200 * 3);
  for (let i = 0; i < 1600 * 1200; i++) rgb.set(i % 1600 < 800 ? [0, 160, 0] : [200, 0, 200], i * 3);
  const original = await sharp(rgb, { raw: { width: 1600, height: 1200, channels: 3 } })
    .jpeg()
    .toBuffer();
  photoId = (
    await files.save(db, {
      kind: 'upload',
      contentType: 'image/jpeg',
      bytes: original,
      width: 1600,
      height: 1200,
    })
  ).id;
  // Its editor copy is a different picture, so the test can tell which one was printed.
  const copy = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000000' } })
    .jpeg()
    .toBuffer();
  await files.save(db, {
    kind: 'upload-preview',
    variant: 'editor',
    parentId: photoId,
    contentType: 'image/jpeg',
    bytes: copy,
  });

  await db.query(
    `INSERT INTO stores (id, name, address, postal_code, town, province) VALUES (1, 'T', 'C/ A 1', '29001', 'Málaga', 'Málaga')`,
  );
  await db.query(`INSERT INTO brands (id, name) VALUES (1, 'Apple')`);
  const models = await db.query<{ id: number }>(
    `INSERT INTO models (brand_id, name, search_name, price_cents, template_id, outline)
     VALUES (1, 'iPhone 15', 'iphone 15', 1990, $1, $2), (1, 'Sin medidas', 'sin medidas', 1990, $1, NULL)
     RETURNING id`,
    [template.id, JSON.stringify(outline)],
  );
  [modelId, bareModelId] = models.rows.map((r) => r.id) as [number, number];
});

after(async () => {
  await db.close();
});

describe('renderOrderPrint', () => {
  it('renders the original photo at 300 DPI and stores a PNG and a PDF of kind print', async () => {
    const orderId = await order(modelId, { image: photoId, transform });
    const result = await renderOrderPrint(db, files, orderId);
    assert.deepEqual(
      { widthPx: result.widthPx, heightPx: result.heightPx, dpi: result.dpi },
      { widthPx: 846, heightPx: 1743, dpi: 300 },
    );

    const png = await files.find(db, result.pngFileId);
    const pdf = await files.find(db, result.pdfFileId);
    assert.deepEqual(
      [png?.kind, png?.contentType, png?.width, png?.height],
      ['print', 'image/png', 846, 1743],
    );
    assert.deepEqual([pdf?.kind, pdf?.contentType], ['print', 'application/pdf']);

    const pngBytes = (await files.bytes(png!))!;
    const meta = await sharp(pngBytes).metadata();
    assert.deepEqual([meta.width, meta.height, meta.density], [846, 1743, 300]);
    const page = (await PDFDocument.load((await files.bytes(pdf!))!)).getPage(0).getSize();
    assert.ok(Math.abs(page.width - 202.9606) < 0.01 && Math.abs(page.height - 418.3937) < 0.01);

    // The original's colours show, not the black editor copy. Mirrored, magenta is on the left;
    // a clockwise quarter turn takes the left side to the top: magenta above, green below.
    const { data, info } = await sharp(pngBytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [top, bottom] = [at(600, 600), at(600, 1400)];
    assert.ok(top[0]! > 160 && top[1]! < 40, `top ${top}`);
    assert.ok(bottom[1]! > 120 && bottom[0]! < 40, `bottom ${bottom}`);
  });

  it('stores a new pair on every call', async () => {
    const orderId = await order(modelId, { image: photoId, transform });
    const first = await renderOrderPrint(db, files, orderId, { dpi: 100 });
    const second = await renderOrderPrint(db, files, orderId, { dpi: 100 });
    assert.notEqual(first.pngFileId, second.pngFileId);
    assert.deepEqual([first.widthPx, first.heightPx, first.dpi], [282, 581, 100]);
  });

  it('refuses an order without a design, a model without measurements and an unknown order', async () => {
    const noDesign = await order(modelId, { image: photoId, transform: null });
    await assert.rejects(renderOrderPrint(db, files, noDesign), (e: unknown) => {
      return e instanceof AppError && e.statusCode === 409 && e.code === 'ORDER_STATE';
    });
    const bare = await order(bareModelId, { image: photoId, transform });
    await assert.rejects(renderOrderPrint(db, files, bare), (e: unknown) => {
      return e instanceof AppError && e.statusCode === 409 && /impresión/.test(e.message);
    });
    await assert.rejects(renderOrderPrint(db, files, randomUUID()), (e: unknown) => {
      return e instanceof AppError && e.statusCode === 404;
    });
  });
});
