// What is printed is what the customer approved: phone upload links are single-use, no photo
// reaches an order once its design is confirmed, the design keeps the very photo it was made with
// (print, previews and the back office use it), the photo must cover the whole case outline, and
// a placed order's design cannot be changed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { coverScale } from '@shop/case-geometry/transform';
import type { ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { DesignTransform, Order } from '@shop/contracts/orders';
import sharp from 'sharp';
import { expectOk, multipart, testPhoto, uploadImage } from './checkout-helpers.ts';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp, tableCounts } from './helpers.ts';

describe('design integrity: the print is the approved design', () => {
  let t: TestApp;
  /** Reads orders (GETs are not rate limited); each test's customer is a visitor of its own. */
  let reader: Client;
  let model: ModelPage['items'][number];
  /** The model's template crop box (the frame of every transform), as the editor measures it. */
  let box: { width: number; height: number };

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    // The checks read orders as staff: the orders belong to the kiosks and customers that made them.
    reader = await signedIn(t.app, ADMIN);
    model = ((await reader.get('/api/models?store=1&size=1')).json() as ModelPage).items[0]!;
    const template = (await reader.get(model.template!)).rawPayload;
    const { cropBox } = await import('@shop/case-geometry/template-rules');
    const { data, info } = await sharp(template).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const found = cropBox(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height);
    assert.ok(found);
    box = { width: found.width, height: found.height };
  });
  after(() => t.close());

  const newOrder = async (client: Client, origin: 'false' | 'screen' = 'screen') =>
    (
      (
        await expectOk(
          client.post('/api/orders', {
            store: { id: 1 },
            brand: { id: model.brand.id },
            model: { id: model.id },
            origin,
          }),
        )
      ).json() as { id: string }
    ).id;

  const read = async (id: string) => (await reader.get(`/api/orders/${id}`)).json() as Order;

  const linkOf = async (client: Client, id: string) =>
    ((await expectOk(client.get(`/api/orders/${id}/screen/getUrl`))).json() as { url: string }).url
      .split('/')
      .pop()!;

  /** A phone (a browser of its own) sending a photo through a link. */
  const phoneUpload = async (token: string, photo: Buffer) => {
    const phone = new Client(t.app);
    const form = multipart([
      { name: 'encodedUrl', value: token },
      { name: 'file', value: photo, filename: 'IMG_0001.jpg', type: 'image/jpeg' },
    ]);
    return phone.request({ method: 'POST', url: '/api/orders/upload/', ...form });
  };

  const linkStatus = (token: string) => new Client(t.app).get(`/api/upload-links/${token}`);

  /** A design PNG uploaded by `client` and a transform that just covers the case with a 1200x900 photo. */
  const covering = (): DesignTransform => ({
    centerX: 0.5,
    centerY: 0.5,
    scale: coverScale({ width: 1200, height: 900 }, box),
    quarterTurns: 0,
    flipX: false,
  });

  test('kiosk: the same QR link opened again on the phone cannot replace the photo (single use)', async () => {
    const kiosk = new Client(t.app);
    const id = await newOrder(kiosk);
    const token = await linkOf(kiosk, id);
    assert.deepEqual((await linkStatus(token)).json(), { status: 'open' });

    const first = await phoneUpload(token, await testPhoto(1200, 900, '#c85028'));
    assert.equal(first.statusCode, 200, first.body);
    const firstUri = (first.json() as { uri: string }).uri;
    assert.equal((await read(id)).image, firstUri);

    // The kiosk's editor shows the first photo; the phone opens the same link again.
    const status = await linkStatus(token);
    assert.equal(status.statusCode, 403);
    assert.deepEqual(status.json(), { error: 'UPLOAD_LINK_USED', message: messages.uploadLinkUsed });
    const before = await tableCounts(t.db);
    const second = await phoneUpload(token, await testPhoto(1200, 900, '#2864c8'));
    assert.equal(second.statusCode, 403, second.body);
    assert.deepEqual(second.json(), { error: 'UPLOAD_LINK_USED', message: messages.uploadLinkUsed });
    assert.deepEqual(await tableCounts(t.db), before, 'nothing stored');
    assert.equal((await read(id)).image, firstUri, 'the order keeps the photo the kiosk shows');
  });

  test('a photo attached any way spends every link handed out before; Cambiar foto gets a new one', async () => {
    const kiosk = new Client(t.app);
    const id = await newOrder(kiosk);
    const [a, b] = [await linkOf(kiosk, id), await linkOf(kiosk, id)];
    await expectOk(phoneUpload(a, await testPhoto()));
    assert.equal((await phoneUpload(b, await testPhoto())).statusCode, 403, 'the other link is spent too');
    await expectOk(kiosk.delete(`/api/orders/${id}/removeImage`));
    const fresh = await linkOf(kiosk, id);
    assert.equal((await phoneUpload(fresh, await testPhoto())).statusCode, 200);
  });

  test('two uploads racing through one link: exactly one wins', async () => {
    const kiosk = new Client(t.app);
    const id = await newOrder(kiosk);
    const token = await linkOf(kiosk, id);
    const [x, y] = await Promise.all([
      phoneUpload(token, await testPhoto(1200, 900, '#c85028')),
      phoneUpload(token, await testPhoto(1200, 900, '#2864c8')),
    ]);
    assert.deepEqual([x.statusCode, y.statusCode].sort(), [200, 403]);
    const winner = (x.statusCode === 200 ? x : y).json() as { uri: string };
    assert.equal((await read(id)).image, winner.uri);
  });

  test('no photo is attached once the design is confirmed; the link says so when opened', async () => {
    const kiosk = new Client(t.app);
    const id = await newOrder(kiosk);
    await expectOk(kiosk.put(`/api/orders/${id}`, { image: await uploadImage(kiosk, await testPhoto()) }));
    const late = await linkOf(kiosk, id); // minted while the photo could still change
    const design = await uploadImage(kiosk, await testPhoto(480, 760), 'design.png');
    await expectOk(kiosk.put(`/api/orders/${id}/design`, { design, transform: covering() }));
    await expectOk(kiosk.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`));
    const approved = await read(id);

    // The link handed out before says the design is confirmed; a new one cannot even be made.
    assert.deepEqual((await linkStatus(late)).json(), {
      error: 'ORDER_STATE',
      message: messages.uploadTooLate,
    });
    assert.equal((await phoneUpload(late, await testPhoto())).statusCode, 409);
    assert.equal((await kiosk.get(`/api/orders/${id}/screen/getUrl`)).statusCode, 409);
    const own = await kiosk.put(`/api/orders/${id}`, { image: await uploadImage(kiosk, await testPhoto()) });
    assert.equal(own.statusCode, 409);
    assert.deepEqual(own.json(), { error: 'ORDER_STATE', message: messages.uploadTooLate });
    assert.deepEqual(await read(id), approved);
  });

  test('an open link whose order has moved on says the design is confirmed', async () => {
    const kiosk = new Client(t.app);
    const id = await newOrder(kiosk);
    const token = await linkOf(kiosk, id);
    await t.db.query(`UPDATE orders SET status = 'design_confirmed' WHERE id = $1`, [id]);
    const res = await linkStatus(token);
    assert.equal(res.statusCode, 409);
    assert.deepEqual(res.json(), { error: 'ORDER_STATE', message: messages.uploadTooLate });
    const upload = await phoneUpload(token, await testPhoto());
    assert.equal(upload.statusCode, 409);
  });

  test('expired and forged links say so with what to do, before any photo is chosen', async () => {
    const kiosk = new Client(t.app);
    const id = await newOrder(kiosk);
    const token = await linkOf(kiosk, id);
    await t.db.query(
      `UPDATE upload_tokens SET expires_at = now() - interval '1 second' WHERE order_id = $1`,
      [id],
    );
    for (const link of [token, 'AAAAAAAAAAAAAAAAAAAAAA', 'not-a-token']) {
      const res = await linkStatus(link);
      assert.equal(res.statusCode, 403, link);
      assert.deepEqual(res.json(), { error: 'UPLOAD_LINK_INVALID', message: messages.uploadLinkInvalid });
    }
    assert.match(messages.uploadLinkInvalid, /escanea el código QR nuevo/);
  });

  test('the design keeps the photo it was made with: a design for a replaced photo is refused', async () => {
    const kiosk = new Client(t.app);
    const id = await newOrder(kiosk);
    const first = await uploadImage(kiosk, await testPhoto(1200, 900, '#c85028'));
    await expectOk(kiosk.put(`/api/orders/${id}`, { image: first }));
    // The editor loaded the first photo; meanwhile the order got another one.
    const second = await uploadImage(kiosk, await testPhoto(1200, 900, '#2864c8'));
    await expectOk(kiosk.put(`/api/orders/${id}`, { image: second }));
    const design = await uploadImage(kiosk, await testPhoto(480, 760), 'design.png');
    const stale = await kiosk.put(`/api/orders/${id}/design`, {
      design,
      transform: covering(),
      photo: first,
    });
    assert.equal(stale.statusCode, 409);
    assert.deepEqual(stale.json(), { error: 'PHOTO_CHANGED', message: messages.designPhotoChanged });
    assert.equal((await read(id)).design, null);

    const saved = (
      await expectOk(kiosk.put(`/api/orders/${id}/design`, { design, transform: covering(), photo: second }))
    ).json() as Order;
    assert.deepEqual(saved.designPhotos, [second]);
    assert.equal(saved.image, second);
  });

  test('print and the back office use the design photo, even if the order row points elsewhere', async () => {
    const kiosk = new Client(t.app);
    const id = await newOrder(kiosk, 'false');
    const approvedPhoto = await uploadImage(kiosk, await testPhoto(1200, 900, '#c85028'));
    await expectOk(kiosk.put(`/api/orders/${id}`, { image: approvedPhoto }));
    const design = await uploadImage(kiosk, await testPhoto(480, 760), 'design.png');
    await expectOk(kiosk.put(`/api/orders/${id}/design`, { design, transform: covering() }));
    await expectOk(kiosk.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`));
    await expectOk(kiosk.post(`/api/orders/${id}/confirmInStorePickup`));
    await expectOk(kiosk.post(`/api/orders/${id}/confirmUserDetails`, { name: 'Ana' }));
    const admin = await signedIn(t.app, ADMIN);
    await expectOk(admin.post(`/api/orders/${id}/confirmPayment`));

    // Whatever else happens to the order's photo column, the design's photo is what counts.
    const other = await uploadImage(kiosk, await testPhoto(1200, 900, '#2864c8'));
    await t.db.query('UPDATE orders SET image_id = $2 WHERE id = $1', [id, other.split('/').pop()]);
    const staffView = (await admin.get(`/api/orders/${id}`)).json() as Order;
    assert.equal(staffView.image, approvedPhoto);
    assert.deepEqual(staffView.designPhotos, [approvedPhoto]);

    const print = (await expectOk(admin.post(`/api/orders/${id}/print`))).json() as { png: string };
    const png = (await admin.get(print.png)).rawPayload;
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
    // The approved photo is orange (#c85028), the other blue (#2864c8).
    assert.ok(r > 150 && b < 100, `the print's centre is the approved photo's colour (${r}, ${g}, ${b})`);
  });

  describe('the photo must cover the whole case outline', () => {
    const cases: [string, (t: DesignTransform) => DesignTransform][] = [
      ['zoomed out to 10 %', (c) => ({ ...c, scale: c.scale * 0.1 })],
      ['zoomed out a little (95 %)', (c) => ({ ...c, scale: c.scale * 0.95 })],
      ['dragged sideways 1 % past its edge', (c) => ({ ...c, centerX: 0.5 + (c.scale - 1) / 2 + 0.01 })],
      ['dragged down by 2 %', (c) => ({ ...c, centerY: c.centerY + 0.02 })],
      ['turned a quarter and moved up', (c) => ({ ...c, quarterTurns: 1, centerY: 0.2 })],
      ['off the case entirely', (c) => ({ ...c, centerX: 3, centerY: -2 })],
    ];
    for (const [name, change] of cases) {
      test(`refused with 422: ${name}`, async () => {
        const kiosk = new Client(t.app);
        const id = await newOrder(kiosk, 'false');
        await expectOk(
          kiosk.put(`/api/orders/${id}`, { image: await uploadImage(kiosk, await testPhoto()) }),
        );
        const design = await uploadImage(kiosk, await testPhoto(480, 760), 'design.png');
        const res = await kiosk.put(`/api/orders/${id}/design`, { design, transform: change(covering()) });
        assert.equal(res.statusCode, 422, res.body);
        assert.deepEqual(res.json(), { error: 'DESIGN_UNCOVERED', message: messages.designUncovered });
        const order = await read(id);
        assert.equal(order.design, null, 'nothing saved');
        assert.equal(order.designTransform, null);
        // Nor can the order go on without a design.
        assert.equal(
          (await kiosk.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`)).statusCode,
          409,
        );
      });
    }

    test('accepted: just covering, zoomed in and moved within the margin, turned and flipped', async () => {
      const c = covering();
      const accepted: DesignTransform[] = [
        c,
        { ...c, scale: c.scale * 2, centerX: 0.7, centerY: 0.3 },
        { ...c, quarterTurns: 1, scale: coverScale({ width: 1200, height: 900 }, box, 1) },
        { ...c, quarterTurns: 2, flipX: true },
      ];
      for (const transform of accepted) {
        const kiosk = new Client(t.app);
        const id = await newOrder(kiosk, 'false');
        await expectOk(
          kiosk.put(`/api/orders/${id}`, { image: await uploadImage(kiosk, await testPhoto()) }),
        );
        const design = await uploadImage(kiosk, await testPhoto(480, 760), 'design.png');
        const res = await kiosk.put(`/api/orders/${id}/design`, { design, transform });
        assert.equal(res.statusCode, 200, `${JSON.stringify(transform)}: ${res.body}`);
      }
    });
  });

  test('a placed order cannot be taken back to the editor: design and photo changes are 409', async () => {
    const kiosk = new Client(t.app);
    const id = await newOrder(kiosk, 'false');
    await expectOk(kiosk.put(`/api/orders/${id}`, { image: await uploadImage(kiosk, await testPhoto()) }));
    const design = await uploadImage(kiosk, await testPhoto(480, 760), 'design.png');
    await expectOk(kiosk.put(`/api/orders/${id}/design`, { design, transform: covering() }));
    await expectOk(kiosk.post(`/api/orders/${id}/confirmPaymentMethod?paymentMethod=paynow`));
    // Before the details, going back to the editor is still allowed.
    const moved = { ...covering(), scale: covering().scale * 1.5 };
    await expectOk(kiosk.put(`/api/orders/${id}/design`, { design, transform: moved }));
    await expectOk(kiosk.post(`/api/orders/${id}/confirmInStorePickup`));
    const placed = (
      await expectOk(
        kiosk.post(`/api/orders/${id}/confirmUserDetails`, { name: 'Ana', email: 'ana@example.com' }),
      )
    ).json() as Order;
    assert.equal(placed.status, 'details_confirmed');

    const again = await kiosk.put(`/api/orders/${id}/design`, { design, transform: covering() });
    assert.equal(again.statusCode, 409);
    assert.deepEqual(again.json(), { error: 'DESIGN_LOCKED', message: messages.designLocked });
    const removed = await kiosk.delete(`/api/orders/${id}/removeImage`);
    assert.equal(removed.statusCode, 409);
    assert.equal(removed.json().error, 'DESIGN_LOCKED');
    const after = await read(id);
    assert.deepEqual(after.designTransform, moved, 'the approved placement stays');
    assert.equal(after.status, 'details_confirmed');
  });

  test('a photo over the upload cap is refused in the customer’s words (the limit, not "too large a request")', async () => {
    const kiosk = new Client(t.app);
    const big = Buffer.alloc(26 * 1024 * 1024, 0xff);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await kiosk.request({
      method: 'POST',
      url: '/api/images',
      ...multipart([{ name: 'file', value: big, filename: 'IMG_9999.jpg', type: 'image/jpeg' }]),
    });
    assert.equal(res.statusCode, 413);
    assert.deepEqual(res.json(), { error: 'IMAGE_TOO_LARGE', message: messages.imageTooLarge });
    assert.match(messages.imageTooLarge, /25 MB/);
  });
});
