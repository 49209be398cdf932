// The second editor's designs: an order's photo tray, the draft scene saved and resumed, the scene
// design checked (this order's model and photos, complete, every slot covered) and printed from the
// original photos with the same drawing as the editor (filters, texts in the shop's fonts, stickers).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { caseTemplateSvg, type PhoneOutline } from '@shop/case-geometry/outline';
import { cropBox } from '@shop/case-geometry/template-rules';
import { coverScale, type DesignTransform } from '@shop/case-geometry/transform';
import type { SceneContext } from '@shop/case-render/scene';
import { fitTextInside, textFrame } from '@shop/case-render/text-fit';
import type { ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import { DEFAULT_RETENTION } from '@shop/contracts/retention';
import {
  type Layer,
  type LayoutId,
  layoutCells,
  type Scene,
  sceneFromTransform,
  type TextLayer,
} from '@shop/contracts/scene';
import sharp from 'sharp';
import { registerSceneFonts } from '../src/lib/scene-text.ts';
import { FileService, fileIdFromUri } from '../src/modules/files/service.ts';
import { sweepUnattachedUploads } from '../src/modules/orders/photo-service.ts';
import { renderScenePrintFile } from '../src/modules/print/scene-render.ts';
import { runRetention } from '../src/workflows/retention.ts';
import { expectOk, IDENTITY, testPhoto, uploadImage } from './checkout-helpers.ts';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';

/** Every test photo is 1200 x 900 (testPhoto's default). */
const PHOTO = { width: 1200, height: 900 };
const RED = '#d02020';
const BLUE = '#2050d0';
const YELLOW = '#e0c020';
const GREEN = '#20a040';

type Rgb = [number, number, number];
interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

async function decode(png: Buffer): Promise<Raster> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const pixel = (r: Raster, x: number, y: number): Rgb => {
  const i = (Math.floor(y) * r.width + Math.floor(x)) * 3;
  return [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!];
};

/** How many pixels of the rectangle (fractions of the image) pass `test`. */
function count(
  r: Raster,
  box: { x0: number; y0: number; x1: number; y1: number },
  test: (p: Rgb) => boolean,
) {
  let n = 0;
  for (let y = Math.floor(box.y0 * r.height); y < box.y1 * r.height; y++) {
    for (let x = Math.floor(box.x0 * r.width); x < box.x1 * r.width; x++) if (test(pixel(r, x, y))) n++;
  }
  return n;
}

const near = (p: Rgb, hex: string, tolerance = 30) => {
  const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return p.every((v, i) => Math.abs(v - c[i]!) <= tolerance);
};

describe('scenes: photo tray, draft, design and print of the second editor', () => {
  let t: TestApp;
  let admin: Client;
  let model: ModelPage['items'][number];
  let otherModel: ModelPage['items'][number];
  /** The model's template crop box (the frame of every cell), as the editor measures it. */
  let box: { width: number; height: number };

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
    const reader = new Client(t.app);
    const models = ((await reader.get('/api/models?store=1&size=50')).json() as ModelPage).items;
    model = models[0]!;
    otherModel = models.find((m) => m.id !== model.id)!;
    const template = (await reader.get(model.template!)).rawPayload;
    const { data, info } = await sharp(template).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const found = cropBox(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height);
    assert.ok(found);
    box = { width: found.width, height: found.height };
  });
  after(() => t.close());

  const newOrder = async (c: Client): Promise<string> =>
    (
      (
        await expectOk(
          c.post('/api/orders', { store: { id: 1 }, brand: { id: model.brand.id }, model: { id: model.id } }),
        )
      ).json() as { id: string }
    ).id;

  // Checks read as staff: each order is the session's that made it.
  const read = async (id: string) => (await admin.get(`/api/orders/${id}`)).json() as Order;

  /** Uploads a photo of this colour and adds it to the order's tray. */
  const addPhoto = async (c: Client, id: string, colour: string): Promise<string> => {
    const image = await uploadImage(c, await testPhoto(PHOTO.width, PHOTO.height, colour));
    await expectOk(c.post(`/api/orders/${id}/photos`, { image }));
    return image;
  };

  /** A placement that just covers a cell of the layout (a little more, against rounding). */
  const covering = (layout: LayoutId, slot: number, factor = 1.01): DesignTransform => ({
    centerX: 0.5,
    centerY: 0.5,
    scale: coverScale(PHOTO, layoutCells(layout, box)[slot]!) * factor,
    quarterTurns: 0,
    flipX: false,
  });

  /** A scene of `layout` with these photos placed to cover their cells (null: an empty slot). */
  const sceneOf = (layout: LayoutId, photos: (string | null)[], more: Partial<Scene> = {}): Scene => ({
    version: 1,
    model: model.id,
    layout,
    background: '#ffffff',
    slots: layoutCells(layout, box).map((_, i) => ({
      photo: photos[i] ?? null,
      transform: photos[i] ? covering(layout, i) : null,
      filter: 'none' as const,
    })),
    layers: [],
    ...more,
  });

  const text = (over: Partial<TextLayer> = {}): TextLayer => ({
    kind: 'text',
    id: 't1',
    text: 'Hola',
    font: 'montserrat',
    size: 0.12,
    colour: '#111111',
    align: 'center',
    rotation: 0,
    x: 0.5,
    y: 0.5,
    ...over,
  });

  const sticker = (over: Partial<Extract<Layer, { kind: 'sticker' }>> = {}): Layer => ({
    kind: 'sticker',
    id: 's1',
    sticker: 'corazon',
    size: 0.3,
    rotation: 0,
    x: 0.5,
    y: 0.5,
    ...over,
  });

  const designPng = (c: Client) =>
    testPhoto(480, 760, '#2864c8').then((b) => uploadImage(c, b, 'design.png'));

  /** Pay at the store, pickup, the customer's name: the order is placed (to_pay_at_store). */
  const place = async (c: Client, id: string) => {
    await expectOk(c.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`));
    const placed = (
      await expectOk(c.post(`/api/orders/${id}/confirmUserDetails`, { name: 'Ana' }))
    ).json() as Order;
    assert.equal(placed.status, 'to_pay_at_store');
  };

  const refusal = (res: { statusCode: number; json(): unknown }, status: number, body: object) => {
    assert.equal(res.statusCode, status, JSON.stringify(res.json()));
    assert.deepEqual(res.json(), body);
  };

  test('photos: added to the tray oldest first, the first becomes the photo, the design is kept', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    assert.deepEqual((await read(id)).photos, []);
    const a = await addPhoto(c, id, RED);
    let order = await read(id);
    assert.equal(order.status, 'image_uploaded');
    assert.equal(order.image, a);
    assert.deepEqual(order.photos, [{ uri: a, ...PHOTO }]);

    // A design of the first photo, then another photo: the design and the photo stay.
    const design = await designPng(c);
    await expectOk(c.put(`/api/orders/${id}/design`, { design, transform: IDENTITY }));
    const b = await addPhoto(c, id, BLUE);
    order = await read(id);
    assert.deepEqual(
      order.photos.map((p) => p.uri),
      [a, b],
    );
    assert.equal(order.image, a);
    assert.equal(order.design, design);
    assert.deepEqual(order.designTransform, IDENTITY);

    // The same photo again changes nothing; someone else's upload is refused like today's attach.
    await expectOk(c.post(`/api/orders/${id}/photos`, { image: b }));
    assert.equal((await read(id)).photos.length, 2);
    const stranger = new Client(t.app);
    const theirs = await uploadImage(stranger, await testPhoto());
    refusal(await c.post(`/api/orders/${id}/photos`, { image: theirs }), 400, {
      error: 'VALIDATION_FAILED',
      message: messages.unknownFile,
    });
    // Nor may anyone else add to this order (not their order), or to their own with the owner's photo.
    refusal(await stranger.post(`/api/orders/${id}/photos`, { image: a }), 403, {
      error: 'ORDER_NOT_OWNED',
      message: messages.orderNotOwned,
    });
    const theirOrder = await newOrder(stranger);
    refusal(await stranger.post(`/api/orders/${theirOrder}/photos`, { image: a }), 400, {
      error: 'VALIDATION_FAILED',
      message: messages.unknownFile,
    });
  });

  test('photos: at most 12 per order', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const small = await testPhoto(120, 90);
    for (let i = 0; i < 12; i++) {
      await expectOk(c.post(`/api/orders/${id}/photos`, { image: await uploadImage(c, small) }));
    }
    const extra = await uploadImage(c, small);
    refusal(await c.post(`/api/orders/${id}/photos`, { image: extra }), 409, {
      error: 'TOO_MANY_PHOTOS',
      message: messages.tooManyPhotos,
      field: 'image',
    });
    // The old attach cannot go past it either.
    assert.equal((await c.put(`/api/orders/${id}`, { image: extra })).statusCode, 409);
    assert.equal((await read(id)).photos.length, 12);
  });

  test('the photo attach of the first editor (and of the phone) records the photo in the tray too', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const a = await uploadImage(c, await testPhoto(1200, 900, RED));
    const b = await uploadImage(c, await testPhoto(1200, 900, BLUE));
    await expectOk(c.put(`/api/orders/${id}`, { image: a }));
    const draft = sceneOf('two-side', [a, null]);
    await expectOk(c.put(`/api/orders/${id}/scene`, { scene: draft }));
    await expectOk(c.put(`/api/orders/${id}`, { image: b }));
    const order = await read(id);
    assert.equal(order.image, b);
    assert.deepEqual(
      order.photos.map((p) => p.uri),
      [a, b],
    );
    assert.deepEqual(order.draftScene, draft, 'the draft keeps its photos: they are still the order’s');

    const token = ((await expectOk(c.get(`/api/orders/${id}/screen/getUrl`))).json() as { url: string }).url
      .split('/')
      .pop()!;
    const { multipart } = await import('./checkout-helpers.ts');
    const phone = new Client(t.app);
    const sent = await phone.request({
      method: 'POST',
      url: '/api/orders/upload/',
      ...multipart([
        { name: 'encodedUrl', value: token },
        { name: 'file', value: await testPhoto(1200, 900, GREEN), filename: 'IMG.jpg', type: 'image/jpeg' },
      ]),
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const phoneUri = (sent.json() as { uri: string }).uri;
    assert.deepEqual(
      (await read(id)).photos.map((p) => p.uri),
      [a, b, phoneUri],
    );
  });

  test("'Cambiar foto' takes the photo off the order, out of the tray and out of the draft", async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const a = await addPhoto(c, id, RED);
    const b = await addPhoto(c, id, BLUE);
    await expectOk(c.put(`/api/orders/${id}/scene`, { scene: sceneOf('two-side', [a, b]) }));
    const after = (await expectOk(c.delete(`/api/orders/${id}/removeImage`))).json() as Order;
    assert.equal(after.image, null);
    assert.equal(after.status, 'created', 'waiting for a photo, as before trays');
    assert.deepEqual(
      after.photos.map((p) => p.uri),
      [b],
    );
    assert.deepEqual(
      after.draftScene?.slots.map((s) => [s.photo, s.transform === null]),
      [
        [null, true],
        [b, false],
      ],
    );
    // The editor can still order a design of the tray's photos.
    const design = await designPng(c);
    const ordered = (
      await expectOk(c.put(`/api/orders/${id}/design`, { design, scene: sceneOf('one', [b]) }))
    ).json() as Order;
    assert.equal(ordered.status, 'image_uploaded');
    assert.equal(ordered.image, b);
    await expectOk(c.delete(`/api/orders/${id}/removeImage`));
    // Taken off too, then a new photo: the order goes on with it.
    const c2 = await addPhoto(c, id, GREEN);
    const again = await read(id);
    assert.equal(again.status, 'image_uploaded');
    assert.equal(again.image, c2);
    assert.deepEqual(
      again.photos.map((p) => p.uri),
      [c2],
    );
  });

  test('draft: saved, returned, and there again when the editor reopens; the design is untouched', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const a = await addPhoto(c, id, RED);
    const b = await addPhoto(c, id, BLUE);
    const draft = sceneOf('grid', [a, b, null, null], {
      background: '#ffd6e0',
      layers: [text({ text: 'Para ti ❤️', font: 'pacifico' }), sticker({ sticker: 'gato', rotation: 15 })],
    });
    draft.slots[1]!.filter = 'sepia';
    const saved = (await expectOk(c.put(`/api/orders/${id}/scene`, { scene: draft }))).json() as Order;
    assert.deepEqual(saved.draftScene, draft);
    assert.equal(saved.designScene, null);
    assert.equal(saved.design, null);
    // The editor reopens (another device with the order id): the draft is there.
    const resumed = await read(id);
    assert.deepEqual(resumed.draftScene, draft);
    // Saved again as the customer works: the newer one wins.
    const moved = { ...draft, layers: [text({ x: 0.3, y: 0.2 })] };
    await expectOk(c.put(`/api/orders/${id}/scene`, { scene: moved }));
    assert.deepEqual((await read(id)).draftScene, moved);
    // The staff view shows it too.
    assert.deepEqual(((await admin.get(`/api/orders/${id}`)).json() as Order).draftScene, moved);
  });

  test('draft: unknown fonts and stickers, too many layers, a long text are refused in Spanish', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const a = await addPhoto(c, id, RED);
    const base = sceneOf('one', [a]);
    const put = (scene: unknown) => c.put(`/api/orders/${id}/scene`, { scene });

    refusal(await put({ ...base, layers: [{ ...text(), font: 'comic-sans' }] }), 400, {
      error: 'VALIDATION_FAILED',
      message: messages.sceneUnknownFont,
      field: 'scene.layers.0.font',
    });
    refusal(await put({ ...base, layers: [{ ...sticker(), sticker: 'dragon' }] }), 400, {
      error: 'VALIDATION_FAILED',
      message: messages.sceneUnknownSticker,
      field: 'scene.layers.0.sticker',
    });
    const many = Array.from({ length: 21 }, (_, i) => sticker({ id: `s${i}` }));
    refusal(await put({ ...base, layers: many }), 400, {
      error: 'VALIDATION_FAILED',
      message: messages.tooManyLayers,
      field: 'scene.layers',
    });
    refusal(await put({ ...base, layers: [text({ text: 'a'.repeat(41) })] }), 400, {
      error: 'VALIDATION_FAILED',
      message: messages.textTooLong,
      field: 'scene.layers.0.text',
    });
    // 20 layers and 40 characters (an emoji with its skin tone counts as one) are fine.
    await expectOk(put({ ...base, layers: many.slice(0, 20) }));
    await expectOk(put({ ...base, layers: [text({ text: `${'a'.repeat(39)}👍🏽` })] }));
    assert.equal((await read(id)).draftScene?.layers.length, 1);
  });

  test('draft and design: 20 flags stuffed with invisible tag characters are refused in Spanish, nothing stored', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const a = await addPhoto(c, id, RED);
    const base = sceneOf('one', [a]);
    // As in the report: 20 layers of a flag, 150 invisible tag characters each (123 KB in all).
    const stuffed = `\u{1F3F4}${'\u{E0061}'.repeat(150)}\u{E007F}`;
    const layers = Array.from({ length: 20 }, (_, i) => text({ id: `t${i}`, text: stuffed }));
    const before = (await read(id)).draftScene;
    refusal(await c.put(`/api/orders/${id}/scene`, { scene: { ...base, layers } }), 400, {
      error: 'VALIDATION_FAILED',
      message: messages.textTooManyCodePoints,
      field: 'scene.layers.0.text',
    });
    const design = await uploadImage(c, await testPhoto(480, 760, '#2864c8'), 'design.png');
    refusal(await c.put(`/api/orders/${id}/design`, { design, scene: { ...base, layers } }), 400, {
      error: 'VALIDATION_FAILED',
      message: messages.textTooManyCodePoints,
      field: 'scene.layers.0.text',
    });
    assert.deepEqual((await read(id)).draftScene, before);
    assert.equal((await read(id)).design, null);
    // A real flag of England (7 code points) is one character like any emoji.
    const england = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    await expectOk(
      c.put(`/api/orders/${id}/scene`, { scene: { ...base, layers: [text({ text: `Hola ${england}` })] } }),
    );
  });

  test("draft: a scene of another model, someone else's photo, another order's photo are refused", async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const a = await addPhoto(c, id, RED);

    refusal(
      await c.put(`/api/orders/${id}/scene`, { scene: { ...sceneOf('one', [a]), model: otherModel.id } }),
      422,
      {
        error: 'SCENE_OTHER_MODEL',
        message: messages.sceneOtherModel,
        field: 'scene.model',
      },
    );

    // Another customer's photo, in their own order's tray: it is not this order's.
    const stranger = new Client(t.app);
    const theirOrder = await newOrder(stranger);
    const theirs = await addPhoto(stranger, theirOrder, GREEN);
    const notOurs = {
      error: 'PHOTO_NOT_IN_ORDER',
      message: messages.scenePhotoNotInOrder,
      field: 'scene.slots.1.photo',
    };
    refusal(
      await c.put(`/api/orders/${id}/scene`, { scene: sceneOf('two-side', [a, theirs]) }),
      409,
      notOurs,
    );
    // The owner of that photo cannot bring it into this order through the draft either: the
    // order is not theirs.
    refusal(await stranger.put(`/api/orders/${id}/scene`, { scene: sceneOf('two-side', [a, theirs]) }), 403, {
      error: 'ORDER_NOT_OWNED',
      message: messages.orderNotOwned,
    });
    // This customer's own photo, but of another order of theirs.
    const second = await newOrder(c);
    const elsewhere = await addPhoto(c, second, BLUE);
    refusal(
      await c.put(`/api/orders/${id}/scene`, { scene: sceneOf('two-side', [a, elsewhere]) }),
      409,
      notOurs,
    );
    // Nor at the design step.
    const design = await designPng(c);
    refusal(
      await c.put(`/api/orders/${id}/design`, { design, scene: sceneOf('two-side', [a, theirs]) }),
      409,
      notOurs,
    );
    assert.equal((await read(id)).draftScene, null, 'nothing was saved');
  });

  test('design: an incomplete scene and a slot its photo does not cover are refused', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const a = await addPhoto(c, id, RED);
    const b = await addPhoto(c, id, BLUE);
    const design = await designPng(c);

    refusal(
      await c.put(`/api/orders/${id}/design`, { design, scene: sceneOf('two-stacked', [a, null]) }),
      422,
      {
        error: 'DESIGN_INCOMPLETE',
        message: messages.sceneIncomplete,
        field: 'scene.slots.1',
      },
    );
    // Two empty slots are counted, not called 'una foto'; the first empty one is pointed at.
    refusal(
      await c.put(`/api/orders/${id}/design`, { design, scene: sceneOf('three', [null, a, null]) }),
      422,
      {
        error: 'DESIGN_INCOMPLETE',
        message: 'Faltan 2 fotos: pon una en cada hueco del diseño o elige otro diseño en «Diseño».',
        field: 'scene.slots.0',
      },
    );
    const placedNotMoved = sceneOf('two-stacked', [a, b]);
    placedNotMoved.slots[0]!.transform = null;
    assert.equal(
      (await c.put(`/api/orders/${id}/design`, { design, scene: placedNotMoved })).json().field,
      'scene.slots.0',
    );

    const short = sceneOf('three', [a, b, a]);
    short.slots[2]!.transform = covering('three', 2, 0.9);
    refusal(await c.put(`/api/orders/${id}/design`, { design, scene: short }), 422, {
      error: 'DESIGN_UNCOVERED',
      message: messages.designUncovered,
      field: 'scene.slots.2',
    });
    // Moved down by a tenth of the cell: a strip at its top shows.
    const shifted = sceneOf('two-side', [a, b]);
    shifted.slots[0]!.transform = { ...covering('two-side', 0), centerY: 0.6 };
    assert.equal(
      (await c.put(`/api/orders/${id}/design`, { design, scene: shifted })).json().error,
      'DESIGN_UNCOVERED',
    );

    // Neither or both of transform and scene: not a design.
    assert.equal(
      (await c.put(`/api/orders/${id}/design`, { design })).json().message,
      messages.designTransformOrScene,
    );
    assert.equal(
      (await c.put(`/api/orders/${id}/design`, { design, transform: IDENTITY, scene: sceneOf('one', [a]) }))
        .statusCode,
      400,
    );
    const order = await read(id);
    assert.equal(order.design, null);
    assert.equal(order.designScene, null);
  });

  test('design: a text past the printable area is refused in Spanish and nothing is stored; inside it is ordered', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const a = await addPhoto(c, id, RED);
    const design = await designPng(c);
    assert.ok(model.outline, 'the demo model has an outline');

    // Measured as the print measures it: the print's frame, the shop's faces on Skia.
    registerSceneFonts();
    const ctx = createCanvas(1, 1).getContext('2d') as unknown as SceneContext;
    const frame = textFrame(model.outline, box);
    const words = text({ text: 'Hola, Ana', size: 0.1, rotation: 10 });
    const atEdge = fitTextInside(ctx, { ...words, x: 1 }, frame);
    assert.ok(atEdge && atEdge.x < 1, 'moved in to the right edge of the printable area');
    const millimetre = 1 / model.outline.widthMm;
    const past = { ...atEdge, x: atEdge.x + millimetre };

    const outside = sceneOf('one', [a], { layers: [sticker(), past] });
    refusal(await c.put(`/api/orders/${id}/design`, { design, scene: outside }), 422, {
      error: 'TEXT_OUTSIDE_PRINTABLE_AREA',
      message: messages.textOutsidePrintableArea,
      field: 'scene.layers.1',
    });
    let order = await read(id);
    assert.equal(order.design, null);
    assert.equal(order.designScene, null);
    assert.equal(order.draftScene, null);

    // A draft is work in progress: kept as it is, the editor brings the text in.
    await expectOk(c.put(`/api/orders/${id}/scene`, { scene: outside }));
    assert.deepEqual((await read(id)).draftScene, outside);

    // Over the camera opening (inside the case's rectangle, where the case has a hole): refused,
    // as printed it would lose half its letters. Where the editor puts it, right below: ordered.
    const corner = model.outline.camera;
    const overCamera = text({
      text: 'ARRIBA',
      size: 0.1,
      align: 'left',
      x: (corner.xMm + 2) / model.outline.widthMm,
      y: (corner.yMm + 3) / model.outline.heightMm,
    });
    const camera = sceneOf('one', [a], { layers: [overCamera] });
    refusal(await c.put(`/api/orders/${id}/design`, { design, scene: camera }), 422, {
      error: 'TEXT_OUTSIDE_PRINTABLE_AREA',
      message: messages.textOutsidePrintableArea,
      field: 'scene.layers.0',
    });
    assert.equal((await read(id)).design, null);
    const below = fitTextInside(ctx, overCamera, frame);
    assert.ok(below && below.y > overCamera.y, 'the editor moves it below the opening');
    const clear = sceneOf('one', [a], { layers: [below] });
    await expectOk(c.put(`/api/orders/${id}/design`, { design, scene: clear }));

    // Right at the edge, and a sticker bleeding off the case: ordered.
    const inside = sceneOf('one', [a], { layers: [sticker({ x: 1, y: 0, size: 0.5 }), atEdge] });
    order = (await expectOk(c.put(`/api/orders/${id}/design`, { design, scene: inside }))).json() as Order;
    assert.deepEqual(order.designScene, inside);
  });

  test('design: a complete scene is stored as design and draft, with its photos by slot', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const a = await addPhoto(c, id, RED);
    const b = await addPhoto(c, id, BLUE);
    const design = await designPng(c);

    const grid = sceneOf('grid', [b, a, a, b], { layers: [text(), sticker({ x: 0.2, y: 0.8 })] });
    let order = (await expectOk(c.put(`/api/orders/${id}/design`, { design, scene: grid }))).json() as Order;
    assert.deepEqual(order.designScene, grid);
    assert.deepEqual(order.draftScene, grid);
    assert.deepEqual(order.designPhotos, [b, a, a, b]);
    assert.equal(order.designTransform, null, 'a layout of several photos has no one-photo transform');
    assert.equal(order.image, b, 'the photo shown is slot 0’s');
    assert.equal(order.design, design);

    // Layout 'one': the transform is slot 0's, the same case slot as the first editor's.
    const one = sceneOf('one', [a]);
    order = (await expectOk(c.put(`/api/orders/${id}/design`, { design, scene: one }))).json() as Order;
    assert.deepEqual(order.designTransform, one.slots[0]!.transform);
    assert.deepEqual(order.designPhotos, [a]);

    // A design of the first editor afterwards: stored as its one-photo scene, like any scene, and
    // the editor reopens on it (ADR 25).
    order = (
      await expectOk(c.put(`/api/orders/${id}/design`, { design, transform: IDENTITY }))
    ).json() as Order;
    assert.equal(order.image, a);
    assert.deepEqual(order.designScene, sceneFromTransform(model.id, a, IDENTITY));
    assert.deepEqual(order.designTransform, IDENTITY);
    assert.deepEqual(order.designPhotos, [a]);
    assert.deepEqual(order.draftScene, order.designScene);
  });

  test('a placed order takes no photo and no draft (DESIGN_LOCKED)', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const a = await addPhoto(c, id, RED);
    await expectOk(
      c.put(`/api/orders/${id}/design`, { design: await designPng(c), scene: sceneOf('one', [a]) }),
    );
    await place(c, id);
    const locked = { error: 'DESIGN_LOCKED', message: messages.designLocked };
    const another = await uploadImage(c, await testPhoto());
    refusal(await c.post(`/api/orders/${id}/photos`, { image: another }), 409, locked);
    refusal(await c.put(`/api/orders/${id}/scene`, { scene: sceneOf('one', [a]) }), 409, locked);
    refusal(
      await c.put(`/api/orders/${id}/design`, { design: await designPng(c), scene: sceneOf('one', [a]) }),
      409,
      locked,
    );
  });

  let sceneOrder: string;
  let legacyOrder: string;

  test('print: a scene order prints its photos, filters, texts and stickers at 300 DPI', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const photos = [];
    for (const colour of [RED, BLUE, YELLOW, GREEN]) photos.push(await addPhoto(c, id, colour));
    const scene = sceneOf('grid', photos, {
      layers: [
        text({ text: 'HOLA', font: 'bebas', size: 0.2, x: 0.25, y: 0.75 }),
        sticker({ sticker: 'corazon', size: 0.3, x: 0.75, y: 0.75 }),
      ],
    });
    scene.slots[0]!.filter = 'bw';
    await expectOk(c.put(`/api/orders/${id}/design`, { design: await designPng(c), scene }));
    await place(c, id);
    sceneOrder = id;

    const print = (await expectOk(admin.post(`/api/orders/${id}/print`))).json() as {
      png: string;
      widthPx: number;
      heightPx: number;
      dpi: number;
    };
    assert.equal(print.dpi, 300);
    const png = (await admin.get(`${print.png}?variant=original`)).rawPayload;
    if (process.env.SCENE_PRINT_OUT)
      (await import('node:fs')).writeFileSync(process.env.SCENE_PRINT_OUT, png);
    const r = await decode(png);
    assert.equal(r.width, print.widthPx);
    const cells = layoutCells('grid', r);
    const centre = (i: number) =>
      pixel(r, cells[i]!.x + cells[i]!.width / 2, cells[i]!.y + cells[i]!.height * 0.75);
    // Slot 0: the red photo in black and white, grey of the red's luma (about 84).
    const [gr, gg, gb] = centre(0);
    assert.ok(Math.abs(gr - gg) < 8 && Math.abs(gg - gb) < 8, `grey: ${centre(0)}`);
    assert.ok(gr > 60 && gr < 110, `the red's luma: ${gr}`);
    assert.ok(near(centre(1), BLUE), `slot 1 is blue: ${centre(1)}`);
    const upper = (i: number) =>
      pixel(r, cells[i]!.x + cells[i]!.width / 2, cells[i]!.y + cells[i]!.height * 0.25);
    assert.ok(near(upper(2), YELLOW), `slot 2 is yellow: ${upper(2)}`);
    assert.ok(near(upper(3), GREEN), `slot 3 is green: ${upper(3)}`);
    // The background shows in the gap between the cells.
    assert.deepEqual(pixel(r, r.width / 2, cells[2]!.y * 0.75), [255, 255, 255]);
    // The heart sticker over the green photo: red where it is, none elsewhere in the cell.
    const isRed = ([R, G, B]: Rgb) => R > 150 && G < 100 && B < 100;
    const heartArea = (0.3 * r.width) ** 2;
    const heart = count(
      r,
      { x0: 0.6, y0: 0.75 - (0.15 * r.width) / r.height, x1: 0.9, y1: 0.75 + (0.15 * r.width) / r.height },
      isRed,
    );
    assert.ok(heart > heartArea * 0.2, `red heart pixels: ${heart} of ${heartArea}`);
    assert.equal(count(r, { x0: 0.55, y0: 0.55, x1: 0.95, y1: 0.6 }, isRed), 0);
    // The text, dark over the yellow photo: there, and only there.
    const isDark = ([R, G, B]: Rgb) => R < 80 && G < 80 && B < 80;
    const dark = count(r, { x0: 0.05, y0: 0.68, x1: 0.45, y1: 0.82 }, isDark);
    assert.ok(dark > 2000, `dark text pixels: ${dark}`);
    assert.equal(count(r, { x0: 0.05, y0: 0.56, x1: 0.45, y1: 0.62 }, isDark), 0);
  });

  test('print: a design of the first editor prints from its photo and transform, as its scene', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const image = await uploadImage(c, await testPhoto(1200, 900, GREEN));
    await expectOk(c.put(`/api/orders/${id}`, { image }));
    await expectOk(c.put(`/api/orders/${id}/design`, { design: await designPng(c), transform: IDENTITY }));
    await place(c, id);
    legacyOrder = id;
    assert.deepEqual((await read(id)).designScene, sceneFromTransform(model.id, image, IDENTITY));
    const print = (await expectOk(admin.post(`/api/orders/${id}/print`))).json() as { png: string };
    const r = await decode((await admin.get(`${print.png}?variant=original`)).rawPayload);
    assert.ok(near(pixel(r, r.width / 2, r.height / 2), GREEN), `${pixel(r, r.width / 2, r.height / 2)}`);
  });

  test('print batches hold scene orders and first-editor orders alike', async () => {
    const res = await admin.post('/api/print-batches', { orderIds: [sceneOrder, legacyOrder], sheet: 'A4' });
    assert.equal(res.statusCode, 201, res.body);
    const batch = res.json() as { uri: string; placements: unknown[] };
    assert.equal(batch.placements.length, 2);
    const pdf = await admin.get(batch.uri);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
  });

  describe('renderScenePrintFile', () => {
    const outline: PhoneOutline = {
      widthMm: 71.6,
      heightMm: 147.6,
      cornerRadiusMm: 12.5,
      camera: { xMm: 2.1, yMm: 2.0, widthMm: 34.2, heightMm: 34.2, cornerRadiusMm: 10.8 },
    };
    let template: Buffer;
    let frame: { width: number; height: number };
    let photo: Buffer;
    before(async () => {
      template = await sharp(Buffer.from(caseTemplateSvg(outline, { pxPerMm: 8, marginMm: 2 })))
        .png()
        .toBuffer();
      const { data, info } = await sharp(template).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      frame = cropBox(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height)!;
      photo = await testPhoto(PHOTO.width, PHOTO.height, YELLOW);
    });

    const one = (layers: Layer[]): Scene => ({
      version: 1,
      model: 1,
      layout: 'one',
      background: '#ffffff',
      slots: [
        {
          photo: '/api/images/aaaaaaaaaaaa',
          transform: {
            centerX: 0.5,
            centerY: 0.5,
            scale: coverScale(PHOTO, frame),
            quarterTurns: 0,
            flipX: false,
          },
          filter: 'none',
        },
      ],
      layers,
    });
    const render = async (scene: Scene, style: 'print' | 'preview' = 'print') =>
      decode(
        (await renderScenePrintFile({ scene, photos: [photo], template, outline, dpi: 100, style })).png,
      );
    const differing = (a: Raster, b: Raster) => {
      let n = 0;
      for (let i = 0; i < a.data.length; i += 3) {
        if (Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) > 60) n++;
      }
      return n;
    };

    test('a text changes the pixels where it is, and each font draws it differently', async () => {
      const plain = await render(one([]));
      const bebas = await render(one([text({ text: 'Hola', font: 'bebas', size: 0.25 })]));
      const pacifico = await render(one([text({ text: 'Hola', font: 'pacifico', size: 0.25 })]));
      assert.ok(differing(plain, bebas) > 500, 'the text is drawn');
      assert.ok(differing(bebas, pacifico) > 500, 'in its own font');
      // Away from the text, nothing moved.
      assert.equal(
        count(bebas, { x0: 0, y0: 0.8, x1: 1, y1: 1 }, ([R, , B]) => R < 150 && B < 150),
        0,
      );
      // An emoji prints from the bundled colour-emoji font: drawn, and in its own colours whatever
      // the text's colour (a glyph of a plain font would take the text's colour).
      const dark = await render(one([text({ text: '🐱', size: 0.3, colour: '#111111' })]));
      const light = await render(one([text({ text: '🐱', size: 0.3, colour: '#ffffff' })]));
      assert.ok(differing(plain, dark) > 500, 'the emoji is drawn');
      assert.equal(differing(dark, light), 0, 'in its own colours');
    });

    test("the 'print' style leaves the camera opening white; 'preview' shows the template as the editor", async () => {
      const print = await render(one([]));
      const preview = await render(one([]), 'preview');
      const camera = { x: (19.2 / 25.4) * 100, y: (19.1 / 25.4) * 100 };
      assert.deepEqual(pixel(print, camera.x, camera.y), [255, 255, 255]);
      assert.notDeepEqual(pixel(preview, camera.x, camera.y), [255, 255, 255]);
      assert.ok(near(pixel(print, print.width / 2, print.height * 0.7), YELLOW), 'the photo inside');
    });
  });

  test('uploads in a tray are not swept as unattached', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    await addPhoto(c, id, RED);
    const b = await addPhoto(c, id, BLUE);
    await sweepUnattachedUploads(t.db, new FileService(t.files), 0);
    const { rows } = await t.db.query('SELECT 1 FROM files WHERE id = $1', [fileIdFromUri(b)]);
    assert.equal(rows.length, 1);
    assert.equal((await read(id)).photos.length, 2);
  });

  test('retention: an abandoned order goes with every photo of its tray', async () => {
    const c = new Client(t.app);
    const id = await newOrder(c);
    const photos = [await addPhoto(c, id, RED), await addPhoto(c, id, BLUE), await addPhoto(c, id, GREEN)];
    await expectOk(c.put(`/api/orders/${id}/scene`, { scene: sceneOf('three', photos) }));
    const later = new Date(Date.now() + (DEFAULT_RETENTION.abandonedOrderDays + 2) * 24 * 60 * 60 * 1000);
    const result = await runRetention(t.db, t.app.deps.files, DEFAULT_RETENTION, { now: later });
    assert.equal(result.outcome, 'ran');
    assert.equal((await new Client(t.app).get(`/api/orders/${id}`)).statusCode, 404);
    const { rows } = await t.db.query('SELECT id FROM files WHERE id = ANY($1::text[])', [
      photos.map(fileIdFromUri),
    ]);
    assert.deepEqual(rows, [], 'the tray photos are gone');
  });
});
