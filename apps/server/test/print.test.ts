// The print file of a one-photo design: the scene its transform stands for (`sceneFromTransform`),
// drawn by the one renderer at the case's real size. Its size and PDF, where each quarter turn and
// mirror puts the photo, the template mask, a comparison with an independent picture of the same
// placement, and the print files the first renderer (removed with migration 20) made of the same
// designs.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { mmToPx, type PhoneOutline } from '@shop/case-geometry/outline';
import { cropBox, cropRgba, whitenNearWhite } from '@shop/case-geometry/template-rules';
import {
  applyMatrix,
  coverScale,
  type DesignTransform,
  invertMatrix,
  photoToOutputMatrix,
} from '@shop/case-geometry/transform';
import { sceneFromTransform } from '@shop/contracts/scene';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { pngPixelStream } from '../src/modules/print/pdf.ts';
import { type PrintStyle, renderScenePrintFile } from '../src/modules/print/scene-render.ts';
import {
  caseTemplate,
  gridPhoto,
  IPHONE_15,
  meanDifference,
  ONE_PHOTO_PRINTS,
  photoOf,
  referencePrint,
} from './fixtures/one-photo-prints.ts';

const outline: PhoneOutline = IPHONE_15;

type Rgb = [number, number, number];
const RED: Rgb = [230, 20, 20];
const GREEN: Rgb = [20, 200, 20];
const BLUE: Rgb = [20, 20, 230];
const YELLOW: Rgb = [230, 230, 20];
const WHITE: Rgb = [255, 255, 255];

interface Raster {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

let template: Buffer;
/** The template's crop box, whitened: what the editor lays over the photo. */
let templateLayer: Raster;

/** A lossless photo in four colour quadrants: red top-left, green top-right, blue and yellow below. */
async function quadrantPhoto(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = y < height / 2 ? (x < width / 2 ? RED : GREEN) : x < width / 2 ? BLUE : YELLOW;
      rgb.set(c, (y * width + x) * 3);
    }
  }
  const image = sharp(rgb, { raw: { width, height, channels: 3 } });
  return (format === 'png' ? image.png() : image.jpeg({ quality: 95 })).toBuffer();
}

async function decode(bytes: Buffer, channels: 3 | 4 = 3): Promise<Raster> {
  const image = sharp(bytes);
  const { data, info } = await (channels === 4 ? image.ensureAlpha() : image.removeAlpha())
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function pixel(r: Raster, x: number, y: number): Rgb {
  const i = (Math.floor(y) * r.width + Math.floor(x)) * r.channels;
  return [r.data[i]!, r.data[i + 1]!, r.data[i + 2]!];
}

function assertColour(actual: Rgb, expected: Rgb, where: string, tolerance = 12): void {
  const ok = actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
  assert.ok(ok, `${where}: got rgb(${actual.join(', ')}), expected rgb(${expected.join(', ')})`);
}

/**
 * The editor's picture computed independently, pixel by pixel in plain JS, nearest neighbour: white
 * canvas, the photo through the inverse of the case-geometry matrix, the whitened template crop box
 * stretched over the canvas, source-over.
 */
function referenceComposite(
  photo: Raster,
  transform: DesignTransform,
  width: number,
  height: number,
): Raster {
  const toPhoto = invertMatrix(photoToOutputMatrix(transform, photo, { width, height }));
  const out = Buffer.alloc(width * height * 3);
  const t = templateLayer;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = applyMatrix(toPhoto, { x: x + 0.5, y: y + 0.5 });
      const u = Math.floor(p.x);
      const v = Math.floor(p.y);
      const base = u >= 0 && v >= 0 && u < photo.width && v < photo.height ? pixel(photo, u, v) : WHITE;
      const ti =
        (Math.floor(((y + 0.5) * t.height) / height) * t.width + Math.floor(((x + 0.5) * t.width) / width)) *
        4;
      const a = t.data[ti + 3]! / 255;
      for (let c = 0; c < 3; c++) {
        out[(y * width + x) * 3 + c] = Math.round(t.data[ti + c]! * a + base[c]! * (1 - a));
      }
    }
  }
  return { data: out, width, height, channels: 3 };
}

/** Mean absolute difference over all channels, as a fraction of 255. */
function meanAbsoluteDifference(a: Raster, b: Raster): number {
  assert.equal(a.width, b.width);
  assert.equal(a.height, b.height);
  assert.equal(a.channels, 3);
  assert.equal(b.channels, 3);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / (a.data.length * 255);
}

interface OnePhotoInput {
  photo: Buffer;
  template: Buffer;
  outline: PhoneOutline;
  transform: DesignTransform;
  dpi?: number;
  style?: PrintStyle;
}

/** The print file of a one-photo design: its scene, by the one renderer. */
const printDesign = ({ photo, transform, ...rest }: OnePhotoInput) =>
  renderScenePrintFile({
    ...rest,
    scene: sceneFromTransform(1, '/api/images/photo-01', transform),
    photos: [photo],
  });

/** The print file's pixels, as RGB. */
const printPixels = async (input: OnePhotoInput): Promise<Raster> => decode((await printDesign(input)).png);

const raster = (photo: Buffer, transform: DesignTransform, dpi: number, style: PrintStyle = 'print') =>
  printPixels({ photo, template, outline, transform, dpi, style });

before(async () => {
  template = await caseTemplate();
  const full = await decode(template, 4);
  const box = cropBox(full.data, full.width, full.height)!;
  templateLayer = {
    data: Buffer.from(whitenNearWhite(cropRgba(full.data, full.width, box))),
    width: box.width,
    height: box.height,
    channels: 4,
  };
});

describe('print file: physical size', () => {
  it('is the case at 300 DPI: exact pixel size, density recorded, PDF page of the case in points', async () => {
    const photo = await quadrantPhoto(400, 300);
    const transform = { centerX: 0.5, centerY: 0.5, scale: 3, quarterTurns: 0, flipX: false };
    const rendered = await printDesign({ photo, template, outline, transform });
    const widthPx = Math.round(mmToPx(71.6, 300));
    const heightPx = Math.round(mmToPx(147.6, 300));
    assert.deepEqual([rendered.widthPx, rendered.heightPx, rendered.dpi], [846, 1743, 300]);
    assert.deepEqual([widthPx, heightPx], [846, 1743]);

    const meta = await sharp(rendered.png).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(meta.width, 846);
    assert.equal(meta.height, 1743);
    assert.equal(meta.density, 300);
    assert.equal(meta.hasAlpha, false);
    // The pHYs chunk itself: 300 DPI = 11811 pixels per metre, unit 1 (metre).
    const at = rendered.png.indexOf('pHYs');
    assert.ok(at > 0, 'no pHYs chunk');
    assert.deepEqual(
      [rendered.png.readUInt32BE(at + 4), rendered.png.readUInt32BE(at + 8), rendered.png[at + 12]],
      [11811, 11811, 1],
    );

    const pdf = await PDFDocument.load(rendered.pdf);
    assert.equal(pdf.getPageCount(), 1);
    const page = pdf.getPage(0);
    const { width, height } = page.getSize();
    assert.ok(Math.abs(width - (71.6 / 25.4) * 72) < 0.01, `page width ${width} pt`);
    assert.ok(Math.abs(height - (147.6 / 25.4) * 72) < 0.01, `page height ${height} pt`);
    assert.deepEqual(
      page.getMediaBox(),
      { x: 0, y: 0, width, height },
      'media box starts at the origin (no crop or offset)',
    );
  });

  it('puts in the PDF the same pixels as the PNG, drawn over the whole page', async () => {
    const photo = await gridPhoto(480, 360);
    const transform = { centerX: 0.45, centerY: 0.55, scale: 2.2, quarterTurns: 1, flipX: true };
    const rendered = await printDesign({ photo, template, outline, transform, dpi: 150 });
    const pdf = await PDFDocument.load(rendered.pdf);
    const images = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (o): o is PDFRawStream =>
          o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    assert.equal(images.length, 1);
    const image = images[0]!;
    const number = (key: string) => (image.dict.get(PDFName.of(key)) as PDFNumber).asNumber();
    assert.equal(number('Width'), rendered.widthPx);
    assert.equal(number('Height'), rendered.heightPx);
    // Decode the PDF's image data by the PDF rules (Flate + PNG predictors) and compare.
    const decoded = unfilterPngRows(inflateSync(image.contents), rendered.widthPx, rendered.heightPx, 3);
    const png = await decode(rendered.png);
    assert.ok(decoded.equals(png.data), 'PDF image pixels differ from the PNG');
    // The page's content: the image scaled to exactly the page size, at the origin.
    const contents = pdf.getPage(0).node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const operators = streams
      .map((ref) => pdf.context.lookup(ref))
      .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1'))
      .join('\n');
    const page = pdf.getPage(0).getSize();
    const cm = operators.match(/([\d.]+) 0 0 ([\d.]+) 0 0 cm\s+\/\S+ Do/);
    assert.ok(cm, `no full-page image drawing in: ${operators}`);
    assert.ok(Math.abs(Number(cm[1]) - page.width) < 0.01 && Math.abs(Number(cm[2]) - page.height) < 0.01);
    assert.ok(pngPixelStream(rendered.png), 'the PNG qualifies for pass-through');
  });
});

/** Reverses PNG row filters (None, Sub, Up, Average, Paeth), as a PDF reader does for Predictor 15. */
function unfilterPngRows(filtered: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const type = filtered[y * (stride + 1)]!;
    const row = filtered.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const left = i >= bpp ? out[y * stride + i - bpp]! : 0;
      const up = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= bpp ? out[(y - 1) * stride + i - bpp]! : 0;
      let predictor = 0;
      if (type === 1) predictor = left;
      else if (type === 2) predictor = up;
      else if (type === 3) predictor = (left + up) >> 1;
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      out[y * stride + i] = (row[i]! + predictor) & 0xff;
    }
  }
  return out;
}

describe('print file: placement', () => {
  // Quadrant colours seen at the case's top-left, top-right, bottom-left and bottom-right, worked
  // out by hand: mirror in the photo's frame, then clockwise quarter turns.
  const expectations: { q: number; flipX: boolean; seen: [Rgb, Rgb, Rgb, Rgb] }[] = [
    { q: 0, flipX: false, seen: [RED, GREEN, BLUE, YELLOW] },
    { q: 1, flipX: false, seen: [BLUE, RED, YELLOW, GREEN] },
    { q: 2, flipX: false, seen: [YELLOW, BLUE, GREEN, RED] },
    { q: 3, flipX: false, seen: [GREEN, YELLOW, RED, BLUE] },
    { q: 0, flipX: true, seen: [GREEN, RED, YELLOW, BLUE] },
    { q: 1, flipX: true, seen: [YELLOW, GREEN, BLUE, RED] },
    { q: 2, flipX: true, seen: [BLUE, YELLOW, RED, GREEN] },
    { q: 3, flipX: true, seen: [RED, BLUE, GREEN, YELLOW] },
  ];
  for (const { q, flipX, seen } of expectations) {
    it(`shows the quadrants where expected for ${q} quarter turns${flipX ? ', mirrored' : ''}`, async () => {
      const photoSize = { width: 400, height: 300 };
      const photo = await quadrantPhoto(photoSize.width, photoSize.height);
      // Centred and just covering the case, so every quadrant meets at the centre.
      const scale = coverScale(photoSize, { width: 846, height: 1743 }, q);
      const out = await raster(photo, { centerX: 0.5, centerY: 0.5, scale, quarterTurns: q, flipX }, 300);
      // Sample points inside the body, clear of the camera opening (top-left, to y = 36.2 mm).
      const points: [number, number][] = [
        [0.25, 0.3],
        [0.75, 0.3],
        [0.25, 0.75],
        [0.75, 0.75],
      ];
      points.forEach(([fx, fy], i) => {
        assertColour(pixel(out, fx * out.width, fy * out.height), seen[i]!, `point ${fx},${fy}`);
      });
    });
  }

  it('matches the affine maths to within a pixel, with negative offsets and a photo larger than the output', async () => {
    const output = { width: 846, height: 1743 };
    // A template that masks nothing: transparent, with a dot in each corner to span the crop box.
    const clear = Buffer.alloc(100 * 206 * 4);
    for (const [x, y] of [
      [0, 0],
      [99, 0],
      [0, 205],
      [99, 205],
    ] as const) {
      clear.set([0, 0, 0, 255], (y * 100 + x) * 4);
    }
    const clearTemplate = await sharp(clear, { raw: { width: 100, height: 206, channels: 4 } })
      .png()
      .toBuffer();
    const cases = [
      {
        // Enlarged: the visible region is cut out of the photo, then scaled up.
        photoSize: { width: 400, height: 300 },
        photo: await quadrantPhoto(400, 300),
        transforms: [
          // The photo's top-left corner far outside (negative offsets), its centre inside the case.
          { centerX: 0.08, centerY: 0.2, scale: 3.5, quarterTurns: 1, flipX: true },
          { centerX: 0.3, centerY: 0.04, scale: 2.5, quarterTurns: 2, flipX: false },
          { centerX: 0.62, centerY: 0.41, scale: 4, quarterTurns: 3, flipX: true },
          { centerX: 0.71, centerY: 0.66, scale: 0.4, quarterTurns: 0, flipX: false },
        ],
      },
      {
        // A JPEG reduced by more than half: the decoder shrinks the whole photo while decoding.
        photoSize: { width: 2400, height: 1800 },
        photo: await quadrantPhoto(2400, 1800, 'jpeg'),
        transforms: [
          { centerX: 0.1, centerY: 0.3, scale: 1.4, quarterTurns: 1, flipX: true },
          { centerX: 0.5, centerY: 0.5, scale: 0.8, quarterTurns: 2, flipX: false },
          { centerX: 0.75, centerY: 0.7, scale: 0.5, quarterTurns: 3, flipX: true },
        ],
      },
    ];
    for (const { photoSize, photo, transforms } of cases) {
      for (const transform of transforms) {
        const out = await printPixels({
          photo,
          template: clearTemplate,
          outline,
          transform,
          style: 'preview',
        });
        const m = photoToOutputMatrix(transform, photoSize, output);
        // The quadrants meet at the photo's centre: find the colour changes along a row and a
        // column near it and compare with where the matrix puts the centre.
        const centre = applyMatrix(m, { x: photoSize.width / 2, y: photoSize.height / 2 });
        const near = (v: number, size: number) =>
          Math.round(v) + 40 > size - 5 ? Math.round(v) - 40 : Math.round(v) + 40;
        const row = near(centre.y, output.height);
        const col = near(centre.x, output.width);
        const edgeX = colourChange(out, { x: centre.x - 20, y: row }, { x: centre.x + 20, y: row });
        const edgeY = colourChange(out, { x: col, y: centre.y - 20 }, { x: col, y: centre.y + 20 });
        const where = `${photoSize.width}x${photoSize.height} at ${JSON.stringify(transform)}`;
        assert.ok(
          Math.abs(edgeX - centre.x) <= 1,
          `${where}: vertical boundary at x=${edgeX}, matrix says ${centre.x}`,
        );
        assert.ok(
          Math.abs(edgeY - centre.y) <= 1,
          `${where}: horizontal boundary at y=${edgeY}, matrix says ${centre.y}`,
        );
        // And the photo's left and right edges, where they fall inside the output.
        const corners = [
          applyMatrix(m, { x: 0, y: 0 }),
          applyMatrix(m, { x: photoSize.width, y: photoSize.height }),
        ];
        for (const edge of corners.map((p) => p.x)) {
          if (edge < 10 || edge > output.width - 10) continue;
          const found = colourChange(out, { x: edge - 8, y: row }, { x: edge + 8, y: row });
          assert.ok(Math.abs(found - edge) <= 1, `${where}: photo edge at x=${found}, matrix says ${edge}`);
        }
      }
    }
  });
});

/** Position (pixel boundary) of the largest colour step between two points along a line. */
function colourChange(r: Raster, from: { x: number; y: number }, to: { x: number; y: number }): number {
  const steps = Math.round(Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y)));
  const horizontal = to.y === from.y;
  let best = { at: 0, jump: -1 };
  for (let s = 0; s < steps; s++) {
    const x0 = Math.floor(from.x + ((to.x - from.x) * s) / steps);
    const y0 = Math.floor(from.y + ((to.y - from.y) * s) / steps);
    const [x1, y1] = horizontal ? [x0 + 1, y0] : [x0, y0 + 1];
    const a = pixel(r, x0, y0);
    const b = pixel(r, x1, y1);
    const jump = Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
    if (jump > best.jump) best = { at: horizontal ? x1 : y1, jump };
  }
  return best.at;
}

describe('print file: EXIF orientation', () => {
  it('shows a photo that still carries an orientation tag upright, as the browser does', async () => {
    const stored = await quadrantPhoto(400, 300);
    // Tagged "rotate 90 clockwise to display": the browser shows a 300 x 400 portrait photo.
    const tagged = await sharp(stored).withMetadata({ orientation: 6 }).png().toBuffer();
    const upright = await sharp(stored).rotate(90).png().toBuffer();
    const transform = { centerX: 0.5, centerY: 0.5, scale: 2, quarterTurns: 0, flipX: false };
    const a = await raster(tagged, transform, 60);
    const b = await raster(upright, transform, 60);
    assert.ok(meanAbsoluteDifference(a, b) < 0.001);
  });
});

describe('print file: template mask', () => {
  const transform = { centerX: 0.5, centerY: 0.5, scale: 3, quarterTurns: 0, flipX: false };
  const px = (mm: number) => mmToPx(mm, 300);

  it("'print': white outside the body and in the camera opening, no outline stroke, photo inside", async () => {
    const out = await raster(await quadrantPhoto(400, 300), transform, 300, 'print');
    // Outside the rounded top-left corner (radius 12.5 mm) and the other three corners.
    for (const [x, y] of [
      [1, 1],
      [out.width - 2, 1],
      [1, out.height - 2],
      [out.width - 2, out.height - 2],
    ] as const) {
      assertColour(pixel(out, x, y), WHITE, `corner ${x},${y}`, 0);
    }
    // The camera opening's centre: (2.1 + 17.1, 2.0 + 17.1) mm.
    assertColour(pixel(out, px(19.2), px(19.1)), WHITE, 'camera opening', 0);
    // On the body's edge, half way down: the template's dark stroke is not printed.
    const edge = pixel(out, 0, out.height / 2);
    assert.ok(Math.min(...edge) > 200, `edge pixel rgb(${edge.join(', ')}) looks like a printed stroke`);
    // Inside the body, away from the edge and camera: the photo.
    assertColour(pixel(out, px(50), px(50)), GREEN, 'inside the body');
  });

  it("'preview': the template as the editor shows it (grey island, dark outline) over the photo", async () => {
    const out = await raster(await quadrantPhoto(400, 300), transform, 300, 'preview');
    assertColour(pixel(out, 1, 1), WHITE, 'outside the corner', 0);
    assertColour(pixel(out, px(19.2), px(19.1)), [217, 217, 217], 'camera island', 2);
    const edge = pixel(out, 0, out.height / 2);
    assert.ok(Math.max(...edge) < 200, `edge pixel rgb(${edge.join(', ')}) should show the outline`);
    assertColour(pixel(out, px(50), px(50)), GREEN, 'inside the body');
  });

  it('refuses a template with nothing on it and an unreasonable resolution', async () => {
    const photo = await quadrantPhoto(40, 30);
    const blank = await sharp({ create: { width: 50, height: 80, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer();
    await assert.rejects(
      printPixels({ photo, template: blank, outline, transform }),
      /template has no visible pixels/,
    );
    await assert.rejects(printPixels({ photo, template, outline, transform, dpi: 5000 }), /dpi/);
  });
});

describe("print file: 'preview' matches the editor's picture", () => {
  const photoSize = { width: 480, height: 360 };
  const box = { width: 1, height: 147.6 / 71.6 };
  const cover = (q: number) => coverScale(photoSize, box, q);
  const transforms: [string, DesignTransform][] = [
    ['fit to template', { centerX: 0.5, centerY: 0.5, scale: cover(0), quarterTurns: 0, flipX: false }],
    [
      'zoomed, turned, mirrored, off centre',
      { centerX: 0.35, centerY: 0.6, scale: 1.6 * cover(1), quarterTurns: 1, flipX: true },
    ],
    [
      'photo smaller than the case',
      { centerX: 0.5, centerY: 0.4, scale: 0.6, quarterTurns: 2, flipX: false },
    ],
    ['negative offsets', { centerX: -0.1, centerY: -0.05, scale: 1.5, quarterTurns: 3, flipX: true }],
    ['past the right and bottom', { centerX: 1.1, centerY: 0.9, scale: 0.8, quarterTurns: 0, flipX: true }],
    [
      'much larger than the case',
      { centerX: 0.7, centerY: 0.3, scale: 4 * cover(1), quarterTurns: 1, flipX: false },
    ],
    ['entirely off the case', { centerX: 3, centerY: 0.5, scale: 1, quarterTurns: 0, flipX: false }],
  ];

  for (const [name, transform] of transforms) {
    it(`differs by less than 2% (${name})`, async () => {
      const photo = await gridPhoto(photoSize.width, photoSize.height);
      const rendered = await raster(photo, transform, 60, 'preview');
      const reference = referenceComposite(await decode(photo), transform, rendered.width, rendered.height);
      const mad = meanAbsoluteDifference(rendered, reference);
      assert.ok(mad < 0.02, `mean absolute difference ${(mad * 100).toFixed(2)}%`);
    });
  }

  it('differs by less than 2% when the 300 DPI file is downscaled to the editor PNG size', async () => {
    const photo = await gridPhoto(photoSize.width, photoSize.height);
    for (const [, transform] of transforms.slice(1, 4)) {
      const rendered = await printDesign({ photo, template, outline, transform, style: 'preview' });
      const width = 240;
      const height = Math.round((width * rendered.heightPx) / rendered.widthPx);
      const small = await decode(
        await sharp(rendered.png).resize(width, height, { fit: 'fill' }).png().toBuffer(),
      );
      const mad = meanAbsoluteDifference(
        small,
        referenceComposite(await decode(photo), transform, width, height),
      );
      assert.ok(mad < 0.02, `mean absolute difference ${(mad * 100).toFixed(2)}%`);
    }
  });

  it('takes the shrink-on-load path for a large JPEG reduced by half or more, with the same result', async () => {
    const big = { width: 2400, height: 1800 };
    const photo = await gridPhoto(big.width, big.height, 'jpeg');
    const transform = {
      centerX: 0.55,
      centerY: 0.45,
      scale: 1.3 * coverScale(big, box, 1),
      quarterTurns: 1,
      flipX: true,
    };
    // 1.3 * 2.06 case widths over 2400 px at 300 DPI: about 0.95 output px per photo px; at 100
    // DPI a third of that, so the decoder shrinks while decoding.
    const rendered = await raster(photo, transform, 100, 'preview');
    const reference = referenceComposite(await decode(photo), transform, rendered.width, rendered.height);
    const mad = meanAbsoluteDifference(rendered, reference);
    assert.ok(mad < 0.02, `mean absolute difference ${(mad * 100).toFixed(2)}%`);
  });
});

describe('print file: as the first renderer printed it', () => {
  // The first renderer placed the photo with sharp alone; the references are its print files of
  // these designs (fixtures/README.md). Same tolerance as the comparisons above.
  for (const print of ONE_PHOTO_PRINTS) {
    it(`differs by less than 2% (${print.name})`, async (t) => {
      const photo = await photoOf(print);
      const { png } = await printDesign({
        photo,
        template,
        outline,
        transform: print.transform,
        dpi: print.dpi,
      });
      const reference = await referencePrint(print);
      const meta = await sharp(png).metadata();
      const expected = await sharp(reference).metadata();
      assert.deepEqual([meta.width, meta.height, meta.density], [expected.width, expected.height, print.dpi]);
      const mad = await meanDifference(png, reference);
      t.diagnostic(`mean absolute difference ${(mad * 100).toFixed(3)} %`);
      assert.ok(mad < 0.02, `mean absolute difference ${(mad * 100).toFixed(2)}%`);
    });
  }

  it('notices a design placed otherwise', async () => {
    const print = ONE_PHOTO_PRINTS[1]!;
    const photo = await photoOf(print);
    const reference = await referencePrint(print);
    const { transform } = print;
    for (const other of [
      { ...transform, flipX: !transform.flipX },
      { ...transform, quarterTurns: (transform.quarterTurns + 2) % 4 },
      { ...transform, centerX: transform.centerX + 0.05 },
    ]) {
      const { png } = await printDesign({ photo, template, outline, transform: other, dpi: print.dpi });
      const mad = await meanDifference(png, reference);
      assert.ok(mad > 0.02, `${JSON.stringify(other)} differs by only ${(mad * 100).toFixed(2)}%`);
    }
  });
});
