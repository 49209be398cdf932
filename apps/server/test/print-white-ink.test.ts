// The white-ink layer of a clear case's print files: a Separation named after the store's white
// ink, painting exactly where the design is opaque on the printable area (checked against the
// colour print itself over a design with a transparent hole), its PNG mask file, the store setting
// that names the ink, the print batch that keeps it, and no trace of it for a case that is not clear.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { caseTemplateSvg, type PhoneOutline } from '@shop/case-geometry/outline';
import type { Order, PrintFileSchema } from '@shop/contracts/orders';
import type { PrintBatch, StoreSettings } from '@shop/contracts/print-batches';
import { sceneFromTransform } from '@shop/contracts/scene';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  type PDFRef,
} from 'pdf-lib';
import sharp from 'sharp';
import type { z } from 'zod';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { FileService, fileUri } from '../src/modules/files/service.ts';
import { renderBatchPdf } from '../src/modules/print/batch-pdf.ts';
import { renderScenePrintFile, WHITE_ALPHA_THRESHOLD } from '../src/modules/print/scene-render.ts';
import { printWhitePng, renderOrderPrint } from '../src/modules/print/service.ts';
import { MemoryFileStore } from '../src/storage/file-store.ts';
import { designedOrder, expectOk } from './checkout-helpers.ts';
import { ADMIN, Client, createStaff, createTestApp, STORE1, signedIn, type TestApp } from './helpers.ts';

const outline: PhoneOutline = {
  widthMm: 71.6,
  heightMm: 147.6,
  cornerRadiusMm: 12.5,
  camera: { xMm: 2.1, yMm: 2.0, widthMm: 34.2, heightMm: 34.2, cornerRadiusMm: 10.8 },
};

/** A portrait photo, opaque red, with a transparent hole: photo pixels x 300-699, y 800-1199. */
const PHOTO = { width: 1000, height: 2000, hole: { x: 300, y: 800, width: 400, height: 400 } };

async function photoWithHole(): Promise<Buffer> {
  const { width, height, hole } = PHOTO;
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inHole = x >= hole.x && x < hole.x + hole.width && y >= hole.y && y < hole.y + hole.height;
      rgba.set(inHole ? [0, 0, 0, 0] : [220, 30, 30, 255], (y * width + x) * 4);
    }
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

type PrintFile = z.infer<typeof PrintFileSchema>;

// ---------------------------------------------------------------------------------------------
// Reading our PDFs back, independently of the code that writes them.

interface PdfWhite {
  /** The Separation colour spaces' ink names, as the page's resources declare them. */
  inks: string[];
  /** The stencils (image masks) painted in them. */
  masks: { width: number; height: number; bits: Buffer; decode: number[]; name: string }[];
  /** Every image drawn, by its resource name: the matrix it is drawn with. */
  drawn: Map<string, number[]>;
  /** ExtGStates that turn overprint on. */
  overprints: number;
  /** The colour images (not masks) by resource name. */
  images: string[];
}

async function readWhite(pdf: Buffer): Promise<PdfWhite> {
  const doc = await PDFDocument.load(pdf);
  const out: PdfWhite = { inks: [], masks: [], drawn: new Map(), overprints: 0, images: [] };
  for (const page of doc.getPages()) {
    const resources = page.node.Resources()!;
    const spaces = resources.lookupMaybe(PDFName.of('ColorSpace'), PDFDict);
    for (const [, value] of spaces?.entries() ?? []) {
      const cs = doc.context.lookup(value as PDFRef, PDFArray);
      if (cs.lookup(0, PDFName).asString() === '/Separation')
        out.inks.push(cs.lookup(1, PDFName).decodeText());
    }
    const states = resources.lookupMaybe(PDFName.of('ExtGState'), PDFDict);
    for (const [, value] of states?.entries() ?? []) {
      const gs = doc.context.lookup(value as PDFRef, PDFDict);
      if (String(gs.get(PDFName.of('OP'))) === 'true' && String(gs.get(PDFName.of('op'))) === 'true') {
        out.overprints++;
      }
    }
    const xobjects = resources.lookup(PDFName.of('XObject'), PDFDict);
    for (const [key, value] of xobjects.entries()) {
      const stream = doc.context.lookup(value as PDFRef);
      assert.ok(stream instanceof PDFRawStream);
      const name = key.decodeText();
      if (String(stream.dict.get(PDFName.of('ImageMask'))) === 'true') {
        out.masks.push({
          name,
          width: stream.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber(),
          height: stream.dict.lookup(PDFName.of('Height'), PDFNumber).asNumber(),
          bits: inflateSync(stream.contents),
          decode: stream.dict
            .lookup(PDFName.of('Decode'), PDFArray)
            .asArray()
            .map((n: unknown) => (n as PDFNumber).asNumber()),
        });
      } else {
        out.images.push(name);
      }
    }
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((r) => doc.context.lookup(r as PDFRef))
        : [contents ? (doc.context.lookup(contents as unknown as PDFRef) ?? contents) : null];
    const text = streams
      .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
      .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1'))
      .join('\n');
    for (const m of text.matchAll(/((?:-?[\d.]+\s+){6})cm\s+\/(\S+)\s+Do/g)) {
      out.drawn.set(m[2]!, m[1]!.trim().split(/\s+/).map(Number));
    }
  }
  return out;
}

const bitAt = (bits: Buffer, width: number, x: number, y: number, decode: number[] = [1, 0]) => {
  const bit = (bits[y * Math.ceil(width / 8) + (x >> 3)]! >> (7 - (x & 7))) & 1;
  // Decode [1 0]: a 1 bit paints; Decode [0 1]: a 0 bit paints.
  return decode[0] === 1 ? bit === 1 : bit === 0;
};

/** The colour print's pixels that carry design ink: anything not (near) paper white. */
async function inkedPixels(png: Buffer): Promise<{ width: number; height: number; inked: Uint8Array }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const inked = new Uint8Array(info.width * info.height);
  for (let i = 0; i < inked.length; i++)
    inked[i] = Math.min(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!) < 200 ? 1 : 0;
  return { width: info.width, height: info.height, inked };
}

// ---------------------------------------------------------------------------------------------

describe('the white layer of a clear case, rendered from the stored order', () => {
  let db: Database;
  let files: FileService;
  let modelId: number;
  let clearTypeId: number;
  let opaqueTypeId: number;
  let photoId: string;

  async function order(storeId: number, caseTypeId: number): Promise<string> {
    const id = randomUUID();
    const scene = sceneFromTransform(modelId, fileUri(photoId), {
      centerX: 0.5,
      centerY: 0.5,
      scale: 1,
      quarterTurns: 0,
      flipX: false,
    });
    await db.query(
      `INSERT INTO orders (id, status, store_id, brand_id, model_id, price_cents, payment_method, image_id, design_scene, case_type_id)
       VALUES ($1, 'to_pay_at_store', $2, 1, $3, 1990, 'paystore', $4, $5, $6)`,
      [id, storeId, modelId, photoId, JSON.stringify(scene), caseTypeId],
    );
    await db.query('INSERT INTO order_design_photos (order_id, slot, file_id) VALUES ($1, 0, $2)', [
      id,
      photoId,
    ]);
    return id;
  }

  const bytesOf = async (id: string) => (await files.bytes((await files.find(db, id))!))!;

  before(async () => {
    db = await openDatabase({ dataDir: null });
    await migrate(db);
    files = new FileService(new MemoryFileStore());
    const templatePng = await sharp(Buffer.from(caseTemplateSvg(outline, { pxPerMm: 8, marginMm: 2 })))
      .png()
      .toBuffer();
    const template = await files.save(db, { kind: 'template', contentType: 'image/png', bytes: templatePng });
    const photo = await photoWithHole();
    photoId = (await files.save(db, { kind: 'upload', contentType: 'image/png', bytes: photo, ...PHOTO })).id;
    await db.query(
      `INSERT INTO stores (id, name, address, postal_code, town, province) VALUES
         (1, 'T', 'C/ A 1', '29001', 'Málaga', 'Málaga'), (2, 'U', 'C/ B 2', '29002', 'Málaga', 'Málaga')`,
    );
    await db.query(`UPDATE stores SET white_ink_name = 'Spot_W1' WHERE id = 2`);
    await db.query(`INSERT INTO brands (id, name) VALUES (1, 'Apple')`);
    modelId = (
      await db.query<{ id: number }>(
        `INSERT INTO models (brand_id, name, search_name, price_cents, template_id, outline)
         VALUES (1, 'iPhone 15', 'iphone 15', 1990, $1, $2) RETURNING id`,
        [template.id, JSON.stringify(outline)],
      )
    ).rows[0]!.id;
    opaqueTypeId = (await db.query<{ id: number }>('SELECT id FROM case_types WHERE is_default')).rows[0]!.id;
    clearTypeId = (
      await db.query<{ id: number }>(
        `INSERT INTO case_types (name, clear, position) VALUES ('Transparente', true, 2) RETURNING id`,
      )
    ).rows[0]!.id;
    await db.query('INSERT INTO model_case_types (model_id, case_type_id) VALUES ($1, $2)', [
      modelId,
      clearTypeId,
    ]);
  });

  after(async () => {
    await db.close();
  });

  it("carries a Separation named after the store's ink, white exactly where the design is opaque", async () => {
    const print = await renderOrderPrint(db, files, await order(1, clearTypeId));
    assert.equal(print.white, true);
    const [pdf, png] = await Promise.all([bytesOf(print.pdfFileId), bytesOf(print.pngFileId)]);
    const white = await readWhite(pdf);
    assert.deepEqual(white.inks, ['White']);
    assert.equal(white.masks.length, 1);
    assert.ok(white.overprints >= 1, 'overprint is on');
    const mask = white.masks[0]!;
    assert.deepEqual([mask.width, mask.height], [print.widthPx, print.heightPx]);
    // Same place and size as the colour image.
    assert.equal(white.images.length, 1);
    assert.deepEqual(white.drawn.get(mask.name), white.drawn.get(white.images[0]!));

    // The white area is the colour print's inked area: the red photo on the printable area, not
    // its hole, not the white background above and below it, not the camera opening or outside.
    const colour = await inkedPixels(png);
    assert.deepEqual([colour.width, colour.height], [mask.width, mask.height]);
    let agree = 0;
    let whiteCount = 0;
    let inkedCount = 0;
    for (let y = 0; y < colour.height; y++) {
      for (let x = 0; x < colour.width; x++) {
        const w = bitAt(mask.bits, mask.width, x, y, mask.decode);
        const inked = colour.inked[y * colour.width + x] === 1;
        whiteCount += Number(w);
        inkedCount += Number(inked);
        agree += Number(w === inked);
      }
    }
    const total = colour.width * colour.height;
    assert.ok(
      agree / total > 0.995,
      `white and design agree on ${((100 * agree) / total).toFixed(2)} % of the pixels`,
    );
    assert.ok(Math.abs(whiteCount - inkedCount) / total < 0.005);
    assert.ok(whiteCount / total > 0.5 && whiteCount / total < 0.95, `white covers ${whiteCount / total}`);

    const W = mask.width;
    const H = mask.height;
    const at = (fx: number, fy: number) =>
      bitAt(mask.bits, W, Math.round(fx * W), Math.round(fy * H), mask.decode);
    // The photo is W wide and 2W high, centred: the hole's centre is the case's centre.
    assert.equal(at(0.5, 0.5), false, 'the hole gets no white');
    assert.equal(at(0.5, 0.8), true, 'the opaque photo gets white');
    assert.equal(at(0.5, 0.003), false, 'the white background above the photo gets no white');
    assert.equal(at(0.002, 0.002), false, 'outside the rounded corner gets no white');
    const camera = outline.camera!;
    const cameraCentre = [
      (camera.xMm + camera.widthMm / 2) / outline.widthMm,
      (camera.yMm + camera.heightMm / 2) / outline.heightMm,
    ] as const;
    assert.equal(at(...cameraCentre), false, 'the camera opening gets no white');

    // The mask file: the same layer as a PNG of the print's size, white where the layer is.
    const maskPng = (await printWhitePng(db, files, print.pdfFileId))!;
    const { data, info } = await sharp(maskPng).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([info.width, info.height], [print.widthPx, print.heightPx]);
    assert.equal((await sharp(maskPng).metadata()).density, 300);
    let same = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * info.channels;
        const opaqueWhite = data[i + 3]! === 255 && data[i]! === 255;
        const clear = data[i + 3]! === 0;
        assert.ok(opaqueWhite || clear);
        same += Number(opaqueWhite === bitAt(mask.bits, W, x, y, mask.decode));
      }
    }
    assert.equal(same, W * H);

    // Poppler reads the file: the colour image and a stencil of the same pixel size.
    const dir = mkdtempSync(path.join(tmpdir(), 'white-ink-'));
    try {
      writeFileSync(path.join(dir, 'print.pdf'), pdf);
      const list = execFileSync('pdfimages', ['-list', path.join(dir, 'print.pdf')], { encoding: 'utf8' });
      const rows = list
        .split('\n')
        .slice(2)
        .filter(Boolean)
        .map((l) => l.trim().split(/\s+/));
      assert.deepEqual(rows.map((r) => [r[2], r[3], r[4], r[5]]).sort(), [
        ['image', String(W), String(H), 'rgb'],
        ['stencil', String(W), String(H), '-'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the Separation as the store names its ink', async () => {
    const print = await renderOrderPrint(db, files, await order(2, clearTypeId));
    const white = await readWhite(await bytesOf(print.pdfFileId));
    assert.deepEqual(white.inks, ['Spot_W1']);
    assert.equal(white.masks.length, 1);
  });

  it('leaves the print of a case that is not clear without any white layer', async () => {
    const print = await renderOrderPrint(db, files, await order(1, opaqueTypeId));
    assert.equal(print.white, false);
    const pdf = await bytesOf(print.pdfFileId);
    const white = await readWhite(pdf);
    assert.deepEqual(white.inks, []);
    assert.equal(white.masks.length, 0);
    assert.equal(white.overprints, 0);
    assert.equal(pdf.includes('/Separation'), false);
    assert.equal(await printWhitePng(db, files, print.pdfFileId), null);
  });

  it('counts a coloured background as design, a white one as the clear case itself', async () => {
    const photo = await bytesOf(photoId);
    const template = await sharp(Buffer.from(caseTemplateSvg(outline, { pxPerMm: 8, marginMm: 2 })))
      .png()
      .toBuffer();
    const base = sceneFromTransform(modelId, fileUri(photoId), {
      centerX: 0.5,
      centerY: 0.5,
      scale: 1,
      quarterTurns: 0,
      flipX: false,
    });
    const render = (background: string) =>
      renderScenePrintFile({
        scene: { ...base, background },
        photos: [photo],
        template,
        outline,
        dpi: 100,
        whiteInk: 'White',
      });
    const [onWhite, onBlue] = await Promise.all([render('#FFFFFF'), render('#2050a0')]);
    const layer = onBlue.white!;
    const at = (l: typeof layer, fx: number, fy: number) =>
      bitAt(l.bits, l.width, Math.round(fx * l.width), Math.round(fy * l.height));
    assert.equal(at(onWhite.white!, 0.5, 0.5), false);
    assert.equal(at(layer, 0.5, 0.5), true, 'a blue background shows through the hole and gets white');
    assert.equal(at(layer, 0.5, 0.003), true);
    assert.equal(at(layer, 0.002, 0.002), false, 'never outside the case');
    assert.ok(WHITE_ALPHA_THRESHOLD > 0 && WHITE_ALPHA_THRESHOLD <= 255);
  });
});

describe('the white ink over the API: store setting, print answer, mask file, batch', () => {
  let t: TestApp;
  let c: Client;
  let admin: Client;
  let store1: Client;
  let clearTypeId: number;

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    c = new Client(t.app);
    admin = await signedIn(t.app, ADMIN);
    store1 = await signedIn(t.app, STORE1);
    clearTypeId = (
      await t.db.query<{ id: number }>(
        `INSERT INTO case_types (name, clear, position) VALUES ('Transparente de prueba', true, 9) RETURNING id`,
      )
    ).rows[0]!.id;
  });
  after(() => t.close());

  /** A placed order of store 1, made clear or left in its default type. */
  async function placed(clear: boolean): Promise<Order> {
    const designed = await designedOrder(c, 1);
    const order = (
      await expectOk(
        c.post(`/api/orders/${designed.id}/confirmUserDetails`, {
          name: 'Lucía',
          email: 'lucia@example.com',
        }),
      )
    ).json() as Order;
    if (clear) await t.db.query('UPDATE orders SET case_type_id = $2 WHERE id = $1', [order.id, clearTypeId]);
    return order;
  }

  const download = async (client: Client, uri: string) => {
    const res = await client.get(uri);
    assert.equal(res.statusCode, 200, res.body);
    return res.rawPayload;
  };

  it("keeps the ink's name in the store's print settings, validated, unchanged when not sent", async () => {
    const current = (await expectOk(store1.get('/api/stores/1/settings'))).json() as StoreSettings;
    assert.equal(current.whiteInkName, 'White');
    const { storeId: _id, ...body } = current;
    const saved = (
      await expectOk(admin.put('/api/stores/1/settings', { ...body, whiteInkName: 'Spot_W1' }))
    ).json();
    assert.equal((saved as StoreSettings).whiteInkName, 'Spot_W1');
    const { whiteInkName: _ink, ...withoutInk } = body;
    const kept = (await expectOk(admin.put('/api/stores/1/settings', { ...withoutInk, marginMm: 6 }))).json();
    assert.equal((kept as StoreSettings).whiteInkName, 'Spot_W1');
    assert.equal((kept as StoreSettings).marginMm, 6);
    for (const bad of ['', 'Blanco/1', 'Tinta ñ', 'x'.repeat(41)]) {
      const res = await admin.put('/api/stores/1/settings', { ...body, whiteInkName: bad });
      assert.equal(res.statusCode, 400, bad);
    }
    assert.equal(
      ((await store1.get('/api/stores/1/settings')).json() as StoreSettings).whiteInkName,
      'Spot_W1',
    );
  });

  it("prints a clear case with the store's ink and serves its mask; a case not clear has none", async () => {
    const clear = await placed(true);
    const plain = await placed(false);
    assert.equal((await store1.get(`/api/orders/${clear.id}/print-white.png`)).statusCode, 404);

    const print = (await expectOk(store1.post(`/api/orders/${clear.id}/print`))).json() as PrintFile;
    assert.equal(print.white, `/api/orders/${clear.id}/print-white.png`);
    const white = await readWhite(await download(store1, print.uri));
    assert.deepEqual(white.inks, ['Spot_W1']);
    const mask = await download(store1, print.white!);
    const meta = await sharp(mask).metadata();
    assert.deepEqual([meta.width, meta.height, meta.hasAlpha], [print.widthPx, print.heightPx, true]);
    // The demo design is an opaque photo over the whole case: white on most of it.
    const stats = await sharp(mask).ensureAlpha().extractChannel(3).stats();
    assert.ok(stats.channels[0]!.mean / 255 > 0.6, `white covers ${stats.channels[0]!.mean / 255}`);
    assert.equal((await c.get(print.white!)).statusCode, 401);

    const plainPrint = (await expectOk(store1.post(`/api/orders/${plain.id}/print`))).json() as PrintFile;
    assert.equal(plainPrint.white, null);
    assert.equal((await store1.get(`/api/orders/${plain.id}/print-white.png`)).statusCode, 404);
    const plainPdf = await download(store1, plainPrint.uri);
    assert.equal(plainPdf.includes('/Separation'), false);

    // The batch keeps the clear case's white, at its case's place, and adds none for the other.
    const batch = (
      await expectOk(store1.post('/api/print-batches', { orderIds: [clear.id, plain.id], sheet: 'A4' }))
    ).json() as PrintBatch;
    assert.equal(batch.placements.length, 2);
    const sheet = await readWhite(await download(store1, batch.uri));
    assert.deepEqual(sheet.inks, ['Spot_W1']);
    assert.equal(sheet.masks.length, 1);
    assert.deepEqual([sheet.masks[0]!.width, sheet.masks[0]!.height], [print.widthPx, print.heightPx]);
    const maskMatrix = sheet.drawn.get(sheet.masks[0]!.name);
    const imageMatrices = sheet.images.map((name) => sheet.drawn.get(name));
    assert.equal(imageMatrices.filter((m) => JSON.stringify(m) === JSON.stringify(maskMatrix)).length, 1);
  });
});

describe('the batch sheet', () => {
  it("lays a clear case's white under it with the same turn, in its own ink, and none for the others", async () => {
    const png = (colour: string) =>
      sharp({ create: { width: 40, height: 80, channels: 3, background: colour } })
        .png()
        .toBuffer();
    // White on the top half only.
    const bits = Buffer.alloc(5 * 80);
    bits.fill(0xff, 0, 5 * 40);
    const cases = [
      { id: 'a', png: await png('#c83232'), label: 'n.º 000001', cornerRadiusMm: 3, white: null },
      {
        id: 'b',
        png: await png('#3232c8'),
        label: 'n.º 000002',
        cornerRadiusMm: 3,
        white: { ink: 'Spot W1', width: 40, height: 80, bits },
      },
    ];
    const placements = [
      { id: 'a', sheet: 1, xMm: 10, yMm: 10, widthMm: 20, heightMm: 40, rotated: false },
      { id: 'b', sheet: 1, xMm: 40, yMm: 10, widthMm: 40, heightMm: 20, rotated: true },
    ];
    const pdf = await renderBatchPdf(
      cases,
      { sheets: 1, placements },
      { widthMm: 100, heightMm: 100, marginMm: 5 },
      'Lote',
    );
    const sheet = await readWhite(pdf);
    assert.deepEqual(sheet.inks, ['Spot W1']);
    assert.equal(sheet.masks.length, 1);
    assert.ok(sheet.overprints >= 1);
    const maskMatrix = sheet.drawn.get(sheet.masks[0]!.name)!;
    assert.equal(maskMatrix[0], 0, 'turned a quarter, as its case');
    const same = sheet.images.filter(
      (n) => JSON.stringify(sheet.drawn.get(n)) === JSON.stringify(maskMatrix),
    );
    assert.equal(same.length, 1);
    assert.deepEqual(
      [...Array(80).keys()].map((y) => bitAt(sheet.masks[0]!.bits, 40, 0, y, sheet.masks[0]!.decode)),
      [...Array(80).keys()].map((y) => y < 40),
    );
  });
});
