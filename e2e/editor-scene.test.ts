// The second editor as a customer uses it: a 2x2 layout with four photos, a name in two fonts, two
// stickers, a filter, undo and redo, a reload in the middle that resumes the design, the order; and
// the print file staff make from it shows all of it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Order, PrintFileSchema } from '@shop/contracts/orders';
import type { z } from 'zod';

type PrintFile = z.infer<typeof PrintFileSchema>;

import { layoutCells, type Scene } from '@shop/contracts/scene';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { renderScenePrintFile } from '../apps/server/src/modules/print/scene-render.ts';
import { draftWhere, editorCanvas, editorModel, openEditor, orderWithPhoto } from './editor-support.ts';
import { scenePhotos } from './scene-support.ts';
import { eventually, getJsonAs, rememberCookieConsent, storeCode } from './storefront-support.ts';
import { axeViolations, blockingViolations, describeViolations } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const ADMIN = { email: 'admin@fundamia.example', password: 'Imprime-4-Fotos-Juntas!' };

let server: RunningServer;
let browser: Browser;

before(async () => {
  [server, browser] = await Promise.all([
    startServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }),
    launchBrowser(),
  ]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Staff calls through their own browser context (cookies and anti-forgery token). */
async function staffSession(context: BrowserContext) {
  await context.request.get(`${server.url}/api/health`);
  const xsrf = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const headers = { 'x-xsrf-token': xsrf };
  const login = await context.request.post(`${server.url}/api/auth/login`, { headers, data: ADMIN });
  assert.ok(login.ok(), `sign-in: ${login.status()}`);
  return {
    async print(orderId: string): Promise<PrintFile> {
      const res = await context.request.post(`${server.url}/api/orders/${orderId}/print`, { headers });
      assert.ok(res.ok(), `print: ${res.status()} ${await res.text()}`);
      return (await res.json()) as PrintFile;
    },
    async bytes(uri: string): Promise<Buffer> {
      const res = await context.request.get(`${server.url}${uri}`);
      assert.ok(res.ok(), `${uri}: ${res.status()}`);
      return res.body();
    },
  };
}

/** Share of pixels of two same-size RGB rasters with a channel off by more than 40. */
function differentPixels(a: Buffer, b: Buffer): number {
  let different = 0;
  for (let i = 0; i < a.length; i += 3) {
    if (
      Math.max(Math.abs(a[i]! - b[i]!), Math.abs(a[i + 1]! - b[i + 1]!), Math.abs(a[i + 2]! - b[i + 2]!)) > 40
    ) {
      different++;
    }
  }
  return different / (a.length / 3);
}

test('a 2x2 design with photos, texts, stickers and a filter survives a reload, is ordered and printed as made', async (t) => {
  const customer = await newPage(browser, 'desktop');
  const staffTab = await newPage(browser, 'desktop');
  const { page, context, errors } = customer;
  try {
    await rememberCookieConsent(context);
    const { model } = await editorModel(server.url);
    const photos = await scenePhotos();
    const made = await orderWithPhoto(context, server.url, model.id, photos[0]!);
    const orderId = made.order.id;
    await openEditor(page, server.url, { id: orderId, image: made.image });
    await editorCanvas(page).waitFor();

    // 1. Four photos in a grid: the first is already there, the others picked from this device.
    await page.getByRole('button', { name: 'Diseño', exact: true }).click();
    await page.getByRole('button', { name: 'Cuatro fotos en cuadrícula' }).click();
    for (const slot of [2, 3, 4]) {
      const add = page.getByRole('button', { name: `Añadir foto en el hueco ${slot}` });
      const chooser = page.waitForEvent('filechooser');
      await add.click();
      await (await chooser).setFiles({
        name: `foto-${slot}.jpg`,
        mimeType: 'image/jpeg',
        buffer: photos[slot - 1]!,
      });
      await add.waitFor({ state: 'detached', timeout: 60_000 });
    }
    const withPhotos = await draftWhere(page, server.url, orderId, (s) => {
      assert.equal(s.layout, 'grid');
      assert.ok(s.slots.every((slot) => slot.photo && slot.transform));
    });
    assert.equal(new Set(withPhotos.slots.map((s) => s.photo)).size, 4, 'four different photos');

    // 2. A name in two fonts.
    await page.getByRole('button', { name: 'Texto', exact: true }).click();
    /** Moves the selected layer with the keyboard, in steps of a tenth of the case. */
    const moveSelected = async (keys: string[]) => {
      await editorCanvas(page).focus();
      for (const key of keys) await page.keyboard.press(`Shift+${key}`);
    };
    for (const [words, font, keys] of [
      ['Ana', 'Pacifico', ['ArrowUp', 'ArrowUp']],
      ['y Luis', 'Bebas Neue', ['ArrowDown', 'ArrowDown']],
    ] as const) {
      // Nothing selected: the panel adds a new text, which comes selected.
      await page.getByRole('button', { name: 'Foto 1', exact: true }).click();
      await page.getByLabel('Tu texto').fill(words);
      await page.getByRole('radio', { name: font }).check();
      await page.getByRole('button', { name: 'Añadir texto' }).click();
      await moveSelected([...keys]);
    }

    // 3. Two stickers, found by their Spanish names.
    await page.getByRole('button', { name: 'Pegatinas', exact: true }).click();
    await page.getByLabel('Buscar pegatinas').fill('corazon');
    await page.getByRole('button', { name: 'Añadir pegatina: Corazón' }).click();
    await moveSelected(['ArrowLeft', 'ArrowLeft']);
    await page.getByLabel('Buscar pegatinas').fill('estrella');
    await page.getByRole('button', { name: 'Añadir pegatina: Estrella' }).click();
    await moveSelected(['ArrowRight', 'ArrowRight']);

    // 4. Black and white on the second photo.
    await page.getByRole('button', { name: 'Foto 2', exact: true }).click();
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    await page.getByRole('button', { name: 'Blanco y negro' }).click();
    const designed = await draftWhere(page, server.url, orderId, (s) => {
      assert.equal(s.slots[1]!.filter, 'bw');
      assert.deepEqual(
        s.layers.map(
          (l) =>
            `${l.kind === 'text' ? `${l.text}/${l.font}` : l.sticker} ${l.x.toFixed(1)},${l.y.toFixed(1)}`,
        ),
        ['Ana/pacifico 0.5,0.3', 'y Luis/bebas 0.5,0.7', 'corazon 0.3,0.5', 'estrella 0.7,0.5'],
        'each layer where the keyboard moved it',
      );
    });

    // 5. Undo takes the filter back off, redo puts it on again.
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await draftWhere(page, server.url, orderId, (s) => assert.equal(s.slots[1]!.filter, 'none'));
    await page.getByRole('button', { name: 'Rehacer' }).click();
    await draftWhere(page, server.url, orderId, (s) => assert.deepEqual(s, designed));

    // 6. A reload in the middle of the design: the editor opens where the customer was (with the
    //    first photo selected, as it opens).
    await page.getByRole('button', { name: 'Foto 1', exact: true }).click();
    const before = await editorCanvas(page).screenshot();
    await page.reload();
    await editorCanvas(page).waitFor();
    await page.getByRole('button', { name: 'Foto 4', exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Deshacer' }).isDisabled(), true, 'a fresh history');
    // Compared small, so a pixel's shift of the whole stage (the page laid out anew) does not count.
    const small = (png: Buffer) =>
      sharp(png).removeAlpha().resize(120, 190, { fit: 'fill' }).raw().toBuffer();
    await eventually(async () => {
      const [a, b] = await Promise.all([small(before), editorCanvas(page).screenshot().then(small)]);
      assert.ok(differentPixels(a, b) < 0.01, 'the same design is on screen after the reload');
    });
    t.diagnostic('the design came back after a reload');

    // 7. Coming back another time on the same device (a new tab: nothing in its session): the
    //    store's homepage offers to carry on, and the editor opens on the design.
    const later = await context.newPage();
    await later.goto(`${server.url}/store/${await storeCode(server.url, 1)}`);
    await later.getByRole('heading', { name: 'Tienes un diseño sin terminar' }).waitFor();
    await later.getByText('Tu funda para Apple iPhone 15 está guardada tal como la dejaste.').waitFor();
    await later.getByRole('button', { name: 'Continuar mi diseño' }).click();
    await later.waitForURL(`${server.url}/editor-edicion`);
    await later.getByRole('button', { name: 'Foto 4', exact: true }).waitFor();
    assert.equal(await later.evaluate(() => sessionStorage.getItem('order_id')), orderId);
    await later.close();

    // 8. Every panel passes axe, with a layer selected.
    await editorCanvas(page).focus();
    await page.keyboard.press('Tab');
    for (const panel of ['Diseño', 'Filtros', 'Texto', 'Pegatinas']) {
      await page.getByRole('button', { name: panel, exact: true }).click();
      await page.getByRole('region', { name: panel, exact: true }).waitFor();
      const blocking = blockingViolations(await axeViolations(page));
      assert.deepEqual(blocking, [], `${panel}: ${describeViolations(blocking)}`);
    }

    // 9. Order it, and place the order (pay at the store) with the customer's details.
    await page.getByRole('button', { name: '¡OK, pedir!' }).click();
    await page.waitForURL(`${server.url}/pedido/pagar-tienda`);
    const ordered = await getJsonAs<Order>(page, `${server.url}/api/orders/${orderId}`);
    assert.equal(
      (await page.context().cookies(server.url)).find((c) => c.name === 'designInProgress') ?? null,
      null,
      'an ordered design is no longer offered to carry on',
    );
    assert.deepEqual(ordered.designScene, designed, 'the order keeps the scene as designed');
    assert.equal(ordered.designPhotos.length, 4);
    const xsrf = (await context.cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')!.value;
    for (const [path, data] of [
      [`/api/orders/${orderId}/confirmPaymentMethod?paymentMethod=paystore`, undefined],
      [
        `/api/orders/${orderId}/confirmUserDetails`,
        { name: 'Ana Ruiz', email: 'ana@example.com', phone: '600111222' },
      ],
    ] as const) {
      const res = await context.request.post(`${server.url}${path}`, {
        headers: { 'x-xsrf-token': xsrf },
        data,
      });
      assert.ok(res.ok(), `${path}: ${res.status()} ${await res.text()}`);
    }

    // 10. Staff print it: the print is the design, with the filter, the texts and the stickers.
    const staff = await staffSession(staffTab.context);
    const print = await staff.print(orderId);
    const printed = await sharp(await staff.bytes(print.png))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const size = { width: printed.info.width, height: printed.info.height };
    assert.equal(size.width, print.widthPx);
    const template = Buffer.from(await (await fetch(`${server.url}${model.template}`)).arrayBuffer());
    const bytesOf = new Map(ordered.photos.map((p, i) => [p.uri, photos[i]!]));
    const render = async (scene: Scene) => {
      const { png } = await renderScenePrintFile({
        scene,
        photos: scene.slots.map((s) => bytesOf.get(s.photo!)!),
        template,
        outline: model.outline!,
      });
      return sharp(png).removeAlpha().resize(size.width, size.height, { fit: 'fill' }).raw().toBuffer();
    };
    assert.ok(differentPixels(printed.data, await render(designed)) < 0.005, 'the print is the design');
    const without = (keep: (scene: Scene) => Scene) => render(keep(designed));
    const textShare = differentPixels(
      printed.data,
      await without((s) => ({ ...s, layers: s.layers.filter((l) => l.kind !== 'text') })),
    );
    const stickerShare = differentPixels(
      printed.data,
      await without((s) => ({ ...s, layers: s.layers.filter((l) => l.kind !== 'sticker') })),
    );
    t.diagnostic(
      `texts cover ${(textShare * 100).toFixed(1)} %, stickers ${(stickerShare * 100).toFixed(1)} % of the print`,
    );
    assert.ok(textShare > 0.002, 'the texts are in the print');
    assert.ok(stickerShare > 0.005, 'the stickers are in the print');
    // The second cell (top right) is black and white; the first (top left) is not. Looked at away
    // from the camera (top left) and from the layers, which the editor puts in the middle.
    const cells = layoutCells('grid', size);
    const greyShare = (cell: (typeof cells)[number], from: number, to: number) => {
      let grey = 0;
      let n = 0;
      for (let y = Math.round(cell.y + cell.height * from); y < cell.y + cell.height * to; y += 3) {
        for (let x = Math.round(cell.x + cell.width * 0.1); x < cell.x + cell.width * 0.9; x += 3) {
          const i = (y * size.width + x) * 3;
          const [r, g, b] = [printed.data[i]!, printed.data[i + 1]!, printed.data[i + 2]!];
          if (Math.max(r, g, b) - Math.min(r, g, b) < 12) grey++;
          n++;
        }
      }
      return grey / n;
    };
    const bw = greyShare(cells[1]!, 0.08, 0.42);
    const colour = greyShare(cells[0]!, 0.55, 0.8);
    t.diagnostic(
      `grey pixels: second photo ${(bw * 100).toFixed(0)} %, first ${(colour * 100).toFixed(0)} %`,
    );
    assert.ok(bw > 0.95, 'the second photo is printed black and white');
    assert.ok(colour < 0.5, 'the first photo keeps its colours');
    assert.deepEqual(errors, []);
  } finally {
    await customer.context.close();
    await staffTab.context.close();
  }
});
