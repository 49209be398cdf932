import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { mockupSize } from '@shop/case-render/mockup';
import sharp from 'sharp';
import { MOCKUP_HEIGHT_PX } from '../../modules/catalogue/mockup.ts';
import { buildDemoCatalogue, type DemoCatalogue, type DemoFile } from './demo-catalogue.ts';

describe('buildDemoCatalogue', () => {
  let catalogue: DemoCatalogue;
  before(async () => {
    catalogue = await buildDemoCatalogue();
  });

  it("has the four brands, public and up, with their simple-icons marks and the set's notes", () => {
    assert.deepEqual(
      catalogue.brands.map((b) => b.name),
      ['Apple', 'Samsung', 'Xiaomi', 'OPPO'],
    );
    for (const brand of catalogue.brands) {
      assert.equal(brand.isPublic, true);
      assert.equal(brand.down, false);
      assert.equal(brand.image.contentType, 'image/svg+xml');
      const svg = brand.image.bytes.toString();
      assert.match(svg, new RegExp(`<title>${brand.name}</title>`));
      assert.match(svg, /<path d="M[^"]+"\/>/);
      assert.match(svg, /Simple Icons \(simple-icons npm package, CC0 1\.0\)/);
      assert.match(svg, /trademark of its owner/);
    }
  });

  it('has every model of phone-models.json, of a known brand, exactly one hidden', () => {
    assert.equal(catalogue.models.length, 57);
    const brandNames = new Set(catalogue.brands.map((b) => b.name));
    for (const model of catalogue.models) {
      assert.ok(brandNames.has(model.brand), `${model.name}: unknown brand ${model.brand}`);
      assert.ok([1990, 2490].includes(model.priceCents), `${model.name}: ${model.priceCents}`);
      assert.equal(model.isDown, false);
    }
    assert.deepEqual(
      catalogue.models.filter((m) => !m.isPublic).map((m) => m.name),
      ['iPhone 13 mini'],
    );
    const names = catalogue.models.map((m) => `${m.brand} ${m.name}`);
    assert.equal(new Set(names).size, names.length, 'duplicate model');
  });

  it('ships four case types, the default first, and sells all of them in all but two older models', () => {
    assert.deepEqual(
      catalogue.caseTypes.map((t) => [t.name, t.priceDeltaCents, t.clear, t.isDefault]),
      [
        ['Rígida', 0, false, true],
        ['Silicona', 200, false, false],
        ['Transparente', 0, true, false],
        ['Antigolpes', 700, false, false],
      ],
    );
    for (const t of catalogue.caseTypes) {
      assert.ok(t.description.length > 0 && t.description.length <= 200, t.name);
      for (const c of t.colours) assert.match(c.hex, /^#[0-9a-f]{6}$/);
    }
    assert.deepEqual(
      catalogue.caseTypes.find((t) => t.name === 'Silicona')?.colours.map((c) => c.name),
      ['Negro', 'Azul marino', 'Rosa arena', 'Verde salvia'],
    );
    const names = new Set(catalogue.caseTypes.map((t) => t.name));
    for (const model of catalogue.models) {
      assert.ok(model.caseTypes.includes('Rígida'), `${model.name}: sold in the default type`);
      assert.ok(
        model.caseTypes.every((t) => names.has(t)),
        model.name,
      );
    }
    assert.deepEqual(
      catalogue.models.filter((m) => !m.caseTypes.includes('Antigolpes')).map((m) => m.name),
      ['iPhone 13', 'iPhone 13 mini'],
    );
    assert.ok(catalogue.models.filter((m) => m.caseTypes.length === 4).length >= 50);
  });

  it('gives each model its own number of lenses, so a dual camera never looks like a Pro', () => {
    const lenses = (name: string) => catalogue.models.find((m) => m.name === name)?.outline.camera.lenses;
    for (const model of catalogue.models) {
      const n = model.outline.camera.lenses;
      assert.ok(n !== undefined && n >= 1 && n <= 4, `${model.name}: ${n}`);
    }
    assert.deepEqual(
      ['iPhone 15', 'iPhone 15 Pro', 'iPhone 16e', 'Galaxy S25 Ultra'].map(lenses),
      [2, 3, 1, 4],
    );
  });

  it('has Málaga stores, one of them down, and the hidden store 150', () => {
    const { stores } = catalogue;
    const regular = stores.filter((s) => s.id !== 150);
    assert.ok(regular.length >= 5);
    assert.deepEqual(
      regular.map((s) => s.id),
      regular.map((_, i) => i + 1),
    );
    for (const store of stores) {
      assert.equal(store.province, 'Málaga');
      assert.match(store.postalCode, /^29\d{3}$/);
      assert.equal(store.shippingCents, 500);
    }
    assert.equal(stores.filter((s) => s.down).length, 1);
    const hidden = stores.find((s) => s.id === 150);
    assert.equal(hidden?.name, 'Almacén central');
    assert.equal(hidden.down, false);
    assert.equal(stores.filter((s) => s.image === null).length, 1);
  });

  it('lets one store offer a subset of the models, and only existing stores', () => {
    const storeIds = catalogue.stores.map((s) => s.id);
    const offerCounts = new Map(storeIds.map((id) => [id, 0]));
    for (const model of catalogue.models) {
      for (const id of model.offeredByStoreIds) {
        assert.ok(offerCounts.has(id), `${model.name} offered by unknown store ${id}`);
        offerCounts.set(id, (offerCounts.get(id) ?? 0) + 1);
      }
    }
    const partial = [...offerCounts].filter(([, count]) => count < catalogue.models.length);
    assert.equal(partial.length, 1);
    assert.ok((partial[0]?.[1] ?? 0) > 0);
  });

  it('produces non-empty files whose declared size matches the pixels', async () => {
    const files: DemoFile[] = [
      ...catalogue.brands.map((b) => b.image),
      ...catalogue.stores.flatMap((s) => (s.image ? [s.image] : [])),
      ...catalogue.models.flatMap((m) => [m.image, m.template]),
    ];
    for (const file of files) {
      assert.ok(file.bytes.length > 0);
      const meta = await sharp(file.bytes).metadata();
      assert.equal(meta.width, file.width);
      assert.equal(meta.height, file.height);
      assert.equal(`image/${meta.format === 'svg' ? 'svg+xml' : meta.format}`, file.contentType);
    }
  });

  it('pictures every model with the case mock-up of its own outline, 800 px tall', () => {
    for (const model of catalogue.models) {
      assert.equal(model.image.contentType, 'image/webp');
      assert.equal(model.image.height, MOCKUP_HEIGHT_PX);
      const unit = mockupSize(model.outline, 10);
      assert.ok(
        Math.abs(model.image.width / model.image.height - unit.width / unit.height) < 0.01,
        `${model.name}: the picture has the phone's proportions`,
      );
    }
  });

  it('renders templates with a transparent body and opaque white outside', async () => {
    for (const model of catalogue.models) {
      const { template, outline } = model;
      assert.equal(template.contentType, 'image/png');
      // 8 px/mm plus a 2 mm margin on each side.
      assert.equal(template.width, Math.round((outline.widthMm + 4) * 8));
      const { data, info } = await sharp(template.bytes).raw().toBuffer({ resolveWithObject: true });
      assert.equal(info.channels, 4, `${model.name}: template has no alpha channel`);
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
      ];
      assert.equal(
        pixel(Math.floor(info.width / 2), Math.floor(info.height / 2))[3],
        0,
        `${model.name}: centre`,
      );
      assert.deepEqual(pixel(0, 0), [255, 255, 255, 255], `${model.name}: corner`);
    }
  });
});
