import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { caseTemplateSize, caseTemplateSvg, mmToPx, type PhoneOutline, pxToMm } from './outline.ts';

// iPhone 15 as recorded in phone-models.json.
const iphone15: PhoneOutline = {
  widthMm: 71.6,
  heightMm: 147.6,
  cornerRadiusMm: 12.5,
  camera: { xMm: 2.1, yMm: 2.0, widthMm: 34.2, heightMm: 34.2, cornerRadiusMm: 10.8 },
};

/** Attributes of the first element carrying data-part="<part>", as numbers where they are numbers. */
function partAttributes(svg: string, part: string): Record<string, string> {
  const element = svg.match(new RegExp(`<[a-z]+ data-part="${part}"[^>]*>`))?.[0];
  assert.ok(element, `no element with data-part="${part}"`);
  return Object.fromEntries([...element.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

function assertClose(actual: number, expected: number, tolerance = 1e-9): void {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);
}

describe('mm/px conversion', () => {
  it('converts at 300 dpi and 96 dpi', () => {
    assertClose(mmToPx(25.4, 300), 300);
    assertClose(mmToPx(25.4, 96), 96);
    assertClose(mmToPx(71.6, 300), 845.67, 0.01);
    assertClose(pxToMm(300, 300), 25.4);
    assertClose(pxToMm(600, 96), 158.75);
  });

  it('round-trips', () => {
    for (const mm of [0, 0.1, 12.5, 147.6, 163.4]) {
      assertClose(pxToMm(mmToPx(mm, 300), 300), mm);
    }
  });
});

describe('caseTemplateSvg', () => {
  const options = { pxPerMm: 8, marginMm: 2 };
  const svg = caseTemplateSvg(iphone15, options);

  it('sizes the canvas as outline plus twice the margin', () => {
    // (71.6 + 4) * 8 = 604.8 and (147.6 + 4) * 8 = 1212.8, rounded to whole pixels.
    assert.deepEqual(caseTemplateSize(iphone15, options), { width: 605, height: 1213 });
    assert.match(svg, /^<svg [^>]*width="605" height="1213" viewBox="0 0 605 1213"/);
  });

  it('places the camera island at its px position, offset by the margin', () => {
    const camera = partAttributes(svg, 'camera');
    assert.equal(Number(camera.x), (2 + 2.1) * 8);
    assert.equal(Number(camera.y), (2 + 2.0) * 8);
    assert.equal(Number(camera.width), 273.6);
    assert.equal(Number(camera.height), 273.6);
    assert.equal(Number(camera.rx), 86.4);
    assert.equal(camera.fill, '#d9d9d9');
  });

  it('cuts the body out of an opaque white sheet with evenodd', () => {
    const sheet = partAttributes(svg, 'sheet');
    assert.equal(sheet.fill, '#ffffff');
    assert.equal(sheet['fill-rule'], 'evenodd');
    // Canvas rectangle first, then the body starting after its top-left corner arc: x = (2 + 12.5) * 8.
    assert.match(sheet.d ?? '', /^M0 0H605V1213H0ZM116 16H/);
    const body = partAttributes(svg, 'body');
    assert.equal(body.fill, 'none');
    assert.equal(body.stroke, '#555555');
  });

  it('clamps a corner radius larger than half the rectangle', () => {
    const round = caseTemplateSvg(
      { ...iphone15, camera: { xMm: 10, yMm: 10, widthMm: 40, heightMm: 40, cornerRadiusMm: 50 } },
      options,
    );
    assert.equal(Number(partAttributes(round, 'camera').rx), 160);
  });
});
