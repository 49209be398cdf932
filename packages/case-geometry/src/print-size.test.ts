import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PhoneOutline } from './outline.ts';
import {
  effectiveDpi,
  isLowResolution,
  mmToPt,
  PRINT_DPI,
  printSize,
  printWorthySize,
} from './print-size.ts';
import { dpi, mm } from './units.ts';

const iphone15: PhoneOutline = {
  widthMm: 71.6,
  heightMm: 147.6,
  cornerRadiusMm: 12.5,
  camera: { xMm: 2.1, yMm: 2.0, widthMm: 34.2, heightMm: 34.2, cornerRadiusMm: 10.8 },
};

describe('printSize', () => {
  it('is the real case size at 300 DPI in whole pixels', () => {
    // 71.6 / 25.4 * 300 = 845.67 and 147.6 / 25.4 * 300 = 1743.31
    assert.deepEqual(printSize(iphone15), {
      widthPx: 846,
      heightPx: 1743,
      widthMm: 71.6,
      heightMm: 147.6,
      dpi: 300,
    });
    assert.equal(printSize(iphone15, dpi(600)).widthPx, 1691);
    assert.equal(PRINT_DPI, 300);
  });

  it('converts millimetres to PDF points', () => {
    assert.ok(Math.abs(mmToPt(mm(25.4)) - 72) < 1e-12);
    assert.ok(Math.abs(mmToPt(mm(71.6)) - 202.960629921) < 1e-6);
  });
});

describe('effectiveDpi', () => {
  it('is photo pixels per inch of case at the chosen scale', () => {
    // 4000 px spread over one case width (71.6 mm = 2.819 in): 1418.99 DPI
    const t = { centerX: 0.5, centerY: 0.5, scale: 1, quarterTurns: 0, flipX: false };
    assert.ok(Math.abs(effectiveDpi({ width: 4000 }, t, mm(71.6)) - 1418.994) < 0.001);
    // zoomed so the photo spans 5 case widths: a fifth of that
    assert.ok(Math.abs(effectiveDpi({ width: 4000 }, { ...t, scale: 5 }, mm(71.6)) - 283.799) < 0.001);
    // the turns do not matter: scale is the photo's width before turning
    assert.equal(
      effectiveDpi({ width: 800 }, { ...t, quarterTurns: 1 }, mm(71.6)),
      effectiveDpi({ width: 800 }, t, mm(71.6)),
    );
  });

  it('flags less than 150 DPI as low resolution', () => {
    const t = { centerX: 0.5, centerY: 0.5, scale: 2.5, quarterTurns: 0, flipX: false };
    assert.equal(isLowResolution(effectiveDpi({ width: 1000 }, t, mm(71.6))), true); // 141.9
    assert.equal(isLowResolution(effectiveDpi({ width: 1100 }, t, mm(71.6))), false); // 156.1
    assert.equal(isLowResolution(dpi(150)), false);
  });
});

describe('printWorthySize', () => {
  const galaxyUltraWide = { widthMm: 79, heightMm: 172 };
  const at300 = (mmLength: number) => (mmLength / 25.4) * 300;

  it('keeps a photo that prints at 300 DPI when it just covers the case, upright and turned', () => {
    for (const photo of [
      { width: 4000, height: 3000 },
      { width: 3000, height: 4000 },
      { width: 2160, height: 3840 },
      { width: 6000, height: 6000 },
      { width: 8000, height: 1000 },
    ]) {
      const kept = printWorthySize(photo, galaxyUltraWide);
      assert.ok(kept.width <= photo.width && kept.height <= photo.height);
      // Same shape, within a pixel of rounding.
      assert.ok(Math.abs(kept.width / kept.height - photo.width / photo.height) < 0.01);
      const cover = (w: number, h: number) =>
        Math.min(w / (galaxyUltraWide.widthMm / 25.4), h / (galaxyUltraWide.heightMm / 25.4));
      assert.ok(cover(kept.width, kept.height) >= 300 - 1e-9 || kept.width === photo.width);
      assert.ok(cover(kept.height, kept.width) >= 300 - 1e-9 || kept.width === photo.width);
    }
  });

  it('is as small as that allows: a 12 MP 4:3 photo keeps its short side at the case height', () => {
    const kept = printWorthySize({ width: 4000, height: 3000 }, galaxyUltraWide);
    assert.equal(kept.height, Math.ceil(at300(172)));
    assert.equal(kept.width, Math.ceil((4000 * at300(172)) / 3000));
  });

  it('never enlarges a small photo', () => {
    assert.deepEqual(printWorthySize({ width: 1200, height: 900 }, galaxyUltraWide), {
      width: 1200,
      height: 900,
    });
  });
});
