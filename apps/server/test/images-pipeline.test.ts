import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { type MessageKey, messages } from '@shop/contracts/messages';
import sharp from 'sharp';
import { AppError } from '../src/lib/errors.ts';
import { stopHeicDecoder } from '../src/modules/images/heic.ts';
import {
  EDITOR_MAX_SIDE,
  type ImageVariant,
  type IngestedImage,
  ingestImage,
  MAX_ASPECT_RATIO,
  MAX_PIXELS,
  MAX_SIDE,
  MAX_UPLOAD_BYTES,
  PREVIEW_MAX_SIDE,
} from '../src/modules/images/pipeline.ts';
import { sniffImageFormat } from '../src/modules/images/sniff.ts';
import { withIccProfile, withIrot, withNclx } from './fixtures/heif-properties.ts';
import {
  animatedGif,
  animatedPng,
  animatedWebp,
  exifTags,
  ftypOnly,
  headerOnlyPng,
  htmlNamedJpg,
  hugePng,
  jpegSegmentMarkers,
  jpegWithOrientationAndGps,
  markedPhoto,
  pdf,
  svgWithScript,
  withIspe,
} from './fixtures/images.ts';

const HEIC = readFileSync(new URL('./fixtures/photo.heic', import.meta.url));
const HEIC_ALPHA = readFileSync(new URL('./fixtures/alpha.heic', import.meta.url));

after(() => stopHeicDecoder());

/** Pixel colour at (x, y) of a decoded variant. */
async function pixels(variant: ImageVariant) {
  const { data, info } = await sharp(variant.bytes).raw().toBuffer({ resolveWithObject: true });
  assert.equal(info.width, variant.width);
  assert.equal(info.height, variant.height);
  return {
    info,
    at(x: number, y: number): [number, number, number] {
      const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;

/** Where the red top-left mark ended up, as seen in a variant: which corner is red. */
async function redCorner(variant: ImageVariant): Promise<string[]> {
  const p = await pixels(variant);
  const m = Math.max(2, Math.round(Math.min(variant.width, variant.height) / 40));
  const corners: Array<[string, number, number]> = [
    ['top-left', m, m],
    ['top-right', variant.width - 1 - m, m],
    ['bottom-left', m, variant.height - 1 - m],
    ['bottom-right', variant.width - 1 - m, variant.height - 1 - m],
  ];
  return corners.filter(([, x, y]) => isRed(p.at(x, y))).map(([name]) => name);
}

/** Every check that the output carries nothing of the upload's metadata. */
async function assertNoMetadata(variant: ImageVariant, label: string) {
  assert.equal(variant.contentType, 'image/jpeg', label);
  assert.deepEqual([...variant.bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], `${label}: JPEG bytes`);
  const meta = await sharp(variant.bytes).metadata();
  assert.equal(meta.format, 'jpeg', label);
  assert.equal(meta.exif, undefined, `${label}: exif`);
  assert.equal(meta.xmp, undefined, `${label}: xmp`);
  assert.equal(meta.iptc, undefined, `${label}: iptc`);
  assert.equal(meta.icc, undefined, `${label}: icc`);
  assert.equal(meta.orientation, undefined, `${label}: orientation`);
  assert.equal(meta.space, 'srgb', `${label}: colour space`);
  assert.equal(variant.bytes.indexOf('Exif\0\0', 0, 'latin1'), -1, `${label}: Exif header bytes`);
  assert.equal(variant.bytes.indexOf('FundasTestCam', 0, 'latin1'), -1, `${label}: camera name`);
  assert.equal(variant.bytes.indexOf('http://ns.adobe.com/xap', 0, 'latin1'), -1, `${label}: XMP`);
  // Only JFIF (APP0), tables, frame and scan: no APP1 (Exif/XMP), APP2 (ICC), APP13 (IPTC), COM.
  const app = jpegSegmentMarkers(variant.bytes).filter((m) => (m >= 0xe1 && m <= 0xef) || m === 0xfe);
  assert.deepEqual(app, [], `${label}: metadata segments`);
}

function assertSizes(image: IngestedImage, width: number, height: number) {
  assert.equal(image.original.width, width, 'original width');
  assert.equal(image.original.height, height, 'original height');
  const longest = Math.max(width, height);
  const editorScale = Math.min(1, EDITOR_MAX_SIDE / longest);
  assert.equal(Math.max(image.editor.width, image.editor.height), Math.round(longest * editorScale));
  assert.ok(Math.max(image.editor.width, image.editor.height) <= EDITOR_MAX_SIDE);
  assert.ok(Math.max(image.preview.width, image.preview.height) <= PREVIEW_MAX_SIDE);
  assert.equal(
    Math.max(image.preview.width, image.preview.height),
    Math.min(PREVIEW_MAX_SIDE, Math.max(image.editor.width, image.editor.height)),
  );
  // Same shape (landscape/portrait, aspect ratio) at every size.
  for (const v of [image.editor, image.preview]) {
    assert.equal(v.width > v.height, width > height, 'orientation kept');
    assert.ok(Math.abs(v.width / v.height - width / height) < 0.02, 'aspect ratio kept');
  }
}

async function refused(input: Buffer, status: number, code: string, key: MessageKey) {
  await assert.rejects(ingestImage(input), (err: unknown) => {
    assert.ok(err instanceof AppError, `expected an AppError, got ${String(err)}`);
    assert.equal(err.statusCode, status);
    assert.equal(err.code, code);
    assert.equal(err.message, messages[key]);
    return true;
  });
}

describe('photo ingest: accepted formats', () => {
  test('JPEG: full-size original, editor <= 2048, preview <= 480, all clean JPEGs', async () => {
    const input = await (await markedPhoto(3000, 2000)).jpeg({ quality: 90 }).toBuffer();
    const image = await ingestImage(input);
    assert.equal(image.sourceFormat, 'jpeg');
    assertSizes(image, 3000, 2000);
    assert.deepEqual([image.editor.width, image.editor.height], [2048, 1365]);
    assert.deepEqual([image.preview.width, image.preview.height], [480, 320]);
    for (const [name, v] of Object.entries({
      original: image.original,
      editor: image.editor,
      preview: image.preview,
    })) {
      await assertNoMetadata(v, name);
      assert.deepEqual(await redCorner(v), ['top-left'], name);
    }
    assert.deepEqual(image.warnings, []);
  });

  test('PNG with transparency: flattened onto white, stored as JPEG', async () => {
    // Left half opaque photo, right half fully transparent.
    const photo = await (await markedPhoto(800, 600))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (let y = 0; y < 600; y++) for (let x = 400; x < 800; x++) photo.data[(y * 800 + x) * 4 + 3] = 0;
    const input = await sharp(photo.data, { raw: photo.info }).png().toBuffer();
    const image = await ingestImage(input);
    assert.equal(image.sourceFormat, 'png');
    assertSizes(image, 800, 600);
    const p = await pixels(image.original);
    assert.equal(p.info.channels, 3);
    for (const c of p.at(700, 300)) assert.ok(c >= 250, `transparent area is white, got ${p.at(700, 300)}`);
    assert.deepEqual(await redCorner(image.original), ['top-left']);
    await assertNoMetadata(image.original, 'original');
  });

  test('WebP', async () => {
    const input = await (await markedPhoto(1200, 1600)).webp({ quality: 90 }).toBuffer();
    const image = await ingestImage(input);
    assert.equal(image.sourceFormat, 'webp');
    assertSizes(image, 1200, 1600);
    assert.deepEqual(await redCorner(image.editor), ['top-left']);
    await assertNoMetadata(image.original, 'original');
  });

  test('16-bit, greyscale, grey+alpha, palette with transparency and CMYK all become 8-bit sRGB', async () => {
    const half = () =>
      sharp({
        create: { width: 64, height: 48, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } },
      });
    const inputs: Record<string, [Promise<Buffer>, [number, number, number]]> = {
      grey16: [
        sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
          .toColourspace('grey16')
          .png()
          .toBuffer(),
        [128, 128, 128],
      ],
      greyJpeg: [
        sharp({ create: { width: 64, height: 48, channels: 3, background: '#777777' } })
          .toColourspace('b-w')
          .jpeg()
          .toBuffer(),
        [119, 119, 119],
      ],
      // 50 % red over white
      greyAlpha: [half().toColourspace('b-w').png().toBuffer(), [190, 190, 190]],
      palette: [half().png({ palette: true }).toBuffer(), [255, 128, 128]],
      rgba16: [half().toColourspace('rgb16').png().toBuffer(), [255, 128, 128]],
      cmyk: [
        sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc8833' } })
          .toColourspace('cmyk')
          .jpeg({ quality: 95 })
          .toBuffer(),
        [204, 136, 51],
      ],
    };
    for (const [name, [bytes, expected]] of Object.entries(inputs)) {
      const image = await ingestImage(await bytes);
      const p = await pixels(image.original);
      assert.equal(p.info.channels, 3, name);
      const got = p.at(32, 24);
      // CMYK goes through two colour conversions; everything else is exact within rounding.
      const tolerance = name === 'cmyk' ? 16 : 3;
      for (let c = 0; c < 3; c++)
        assert.ok(Math.abs(got[c]! - expected[c]!) <= tolerance, `${name}: ${got} vs ${expected}`);
      await assertNoMetadata(image.original, name);
    }
  });

  test('HEIC made by a real encoder (heif-enc/x265), decoded in the worker', async () => {
    assert.equal(HEIC.toString('latin1', 4, 12), 'ftypheic', 'the fixture is a heic-branded file');
    const image = await ingestImage(HEIC);
    assert.equal(image.sourceFormat, 'heif');
    assertSizes(image, 640, 480);
    assert.deepEqual([image.editor.width, image.editor.height], [640, 480], 'never enlarged');
    assert.deepEqual([image.preview.width, image.preview.height], [480, 360]);
    for (const [name, v] of Object.entries({
      original: image.original,
      editor: image.editor,
      preview: image.preview,
    })) {
      await assertNoMetadata(v, `heic ${name}`);
      assert.deepEqual(await redCorner(v), ['top-left'], name);
    }
    // The fixture's blue bottom-right mark: the colours came through (not a grey or garbled decode).
    const [r, g, b] = (await pixels(image.original)).at(630, 470);
    assert.ok(b > 200 && r < 60 && g < 60, `blue corner, got ${[r, g, b]}`);
  });

  test('HEIC rotated by its container (irot, as iPhones store portraits) comes out upright', async () => {
    // irot counts anti-clockwise quarter turns: 3 = 90 degrees clockwise (EXIF orientation 6).
    const clockwise = await ingestImage(withIrot(HEIC, 3));
    assert.deepEqual([clockwise.original.width, clockwise.original.height], [480, 640]);
    assertSizes(clockwise, 480, 640);
    assert.deepEqual(await redCorner(clockwise.original), ['top-right']);
    assert.deepEqual(await redCorner(clockwise.preview), ['top-right']);

    const anticlockwise = await ingestImage(withIrot(HEIC, 1));
    assert.deepEqual([anticlockwise.original.width, anticlockwise.original.height], [480, 640]);
    assert.deepEqual(await redCorner(anticlockwise.original), ['bottom-left']);
  });

  test('HEIC with transparency: flattened onto white', async () => {
    const image = await ingestImage(HEIC_ALPHA);
    assert.deepEqual([image.original.width, image.original.height], [160, 120]);
    const p = await pixels(image.original);
    assert.ok(isRed(p.at(20, 60)), `opaque half stays red: ${p.at(20, 60)}`);
    const right = p.at(140, 60);
    for (const c of right) assert.ok(c >= 245, `transparent half is white: ${right}`);
  });

  test('several uploads at once (HEIC and JPEG) all succeed', async () => {
    const jpeg = await (await markedPhoto(1000, 800)).jpeg().toBuffer();
    const results = await Promise.all([HEIC, jpeg, HEIC, jpeg, withIrot(HEIC, 3)].map((b) => ingestImage(b)));
    assert.deepEqual(
      results.map((r) => `${r.sourceFormat} ${r.original.width}x${r.original.height}`),
      ['heif 640x480', 'jpeg 1000x800', 'heif 640x480', 'jpeg 1000x800', 'heif 480x640'],
    );
  });

  test('the HEIC decoder worker can be stopped at any time; the next photo starts a new one', async () => {
    const inFlight = ingestImage(HEIC);
    await stopHeicDecoder();
    // Stopped before or during its decode: it either finished in a new worker or failed cleanly.
    await inFlight.then(
      (image) => assert.equal(image.original.width, 640),
      (err: unknown) => assert.ok(err instanceof AppError && err.statusCode === 422, String(err)),
    );
    const again = await ingestImage(HEIC);
    assert.deepEqual([again.original.width, again.original.height], [640, 480]);
  });

  test('a photo too small to print sharply is accepted with a warning', async () => {
    const image = await ingestImage(await (await markedPhoto(640, 480)).jpeg().toBuffer());
    assert.equal(image.warnings.length, 1);
    assert.equal(image.warnings[0]!.code, 'LOW_RESOLUTION');
    assert.equal(image.warnings[0]!.message, messages.imageLowResolution);
    assert.ok(image.warnings[0]!.dpi < 150);
  });
});

describe('photo ingest: orientation and metadata', () => {
  test('JPEG with EXIF orientation 6 and GPS: upright, and nothing of the metadata survives', async () => {
    // Stored 640x480 with the red mark top-left; orientation 6 = "turn 90 degrees clockwise".
    const input = await jpegWithOrientationAndGps(640, 480, 6);
    const inMeta = await sharp(input).metadata();
    assert.equal(inMeta.orientation, 6, 'the input really says orientation 6');
    assert.deepEqual([inMeta.width, inMeta.height], [640, 480]);
    const tags = exifTags(inMeta.exif!);
    assert.ok(tags.ifd0.includes(0x8825), 'the input really has a GPS IFD');
    assert.ok(tags.gps.includes(2) && tags.gps.includes(4), 'with latitude and longitude');
    assert.ok(input.includes('FundasTestCam'));

    const image = await ingestImage(input);
    assert.deepEqual([image.original.width, image.original.height], [480, 640], 'width and height swapped');
    assertSizes(image, 480, 640);
    for (const [name, v] of Object.entries({
      original: image.original,
      editor: image.editor,
      preview: image.preview,
    })) {
      // Turning clockwise takes the top-left corner to the top-right.
      assert.deepEqual(await redCorner(v), ['top-right'], name);
      await assertNoMetadata(v, name);
      assert.equal(v.bytes.indexOf('GPS', 0, 'latin1'), -1, `${name}: no GPS text`);
    }
  });

  test('all eight EXIF orientations match sharp’s own auto-orientation', async () => {
    for (let orientation = 1; orientation <= 8; orientation++) {
      const input = await jpegWithOrientationAndGps(120, 80, orientation);
      const expected = await sharp(input).rotate().raw().toBuffer({ resolveWithObject: true });
      const image = await ingestImage(input);
      const actual = await sharp(image.original.bytes).raw().toBuffer({ resolveWithObject: true });
      assert.deepEqual(
        [actual.info.width, actual.info.height],
        [expected.info.width, expected.info.height],
        `orientation ${orientation}: size`,
      );
      let diff = 0;
      for (let i = 0; i < actual.data.length; i++) diff += Math.abs(actual.data[i]! - expected.data[i]!);
      const mean = diff / actual.data.length;
      assert.ok(mean < 4, `orientation ${orientation}: mean difference ${mean.toFixed(2)}`);
    }
  });

  test('a JPEG in Display P3 is converted to sRGB (colours kept), then the profile dropped', async () => {
    const srgb = { r: 40, g: 170, b: 90 };
    // Colour-managed: the file holds P3 numbers for this sRGB colour, and says so in its profile.
    const p3 = await sharp({ create: { width: 64, height: 64, channels: 3, background: srgb } })
      .withIccProfile('p3')
      .jpeg({ quality: 95 })
      .toBuffer();
    assert.ok((await sharp(p3).metadata()).icc, 'input has a profile');
    const asRead = await sharp(p3, { ignoreIcc: true }).raw().toBuffer();
    const [pr, pg, pb] = [asRead[0]!, asRead[1]!, asRead[2]!];
    assert.ok(
      Math.abs(pr - srgb.r) + Math.abs(pg - srgb.g) + Math.abs(pb - srgb.b) > 15,
      'P3 numbers differ',
    );

    const image = await ingestImage(p3);
    await assertNoMetadata(image.original, 'original');
    const [r, g, b] = (await pixels(image.original)).at(32, 32);
    assert.ok(
      Math.abs(r - srgb.r) <= 3 && Math.abs(g - srgb.g) <= 3 && Math.abs(b - srgb.b) <= 3,
      `same colour in sRGB: ${[r, g, b]}, P3 numbers were ${[pr, pg, pb]}`,
    );
  });

  test('a HEIC in Display P3 (ICC or nclx) is converted to sRGB like any other', async () => {
    const p3Icc = (
      await sharp(
        await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
          .withIccProfile('p3')
          .png()
          .toBuffer(),
      ).metadata()
    ).icc!;
    // The teal circle of the fixture, read as sRGB and as P3.
    const teal = async (heic: Buffer) => (await pixels((await ingestImage(heic)).original)).at(420, 240);
    const untagged = await teal(HEIC);
    const icc = await teal(withIccProfile(HEIC, p3Icc));
    const nclx = await teal(withNclx(HEIC, 12, 13, 6));
    // The same numbers mean a more saturated colour in P3: converted to sRGB they spread apart.
    const spread = ([r, g, b]: number[]) => Math.max(r!, g!, b!) - Math.min(r!, g!, b!);
    assert.ok(spread(icc) > spread(untagged) + 8, `ICC: ${icc} vs untagged ${untagged}`);
    // Both ways of saying "Display P3" give the same result.
    for (let c = 0; c < 3; c++) assert.ok(Math.abs(icc[c]! - nclx[c]!) <= 3, `nclx ${nclx} vs ICC ${icc}`);
    // And a profile that says sRGB (nclx BT.709 primaries) changes nothing.
    const srgb = await teal(withNclx(HEIC, 1, 13, 6));
    for (let c = 0; c < 3; c++)
      assert.ok(Math.abs(srgb[c]! - untagged[c]!) <= 2, `sRGB ${srgb} vs ${untagged}`);
  });
});

describe('photo ingest: refused inputs', () => {
  test('empty input: 400 with "No image provided"', async () => {
    await refused(Buffer.alloc(0), 400, 'NO_IMAGE', 'noImageProvided');
  });

  test('more than 25 MB: 413, before looking inside', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await refused(big, 413, 'IMAGE_TOO_LARGE', 'imageTooLarge');
  });

  test('20000 x 20000 PNG bomb of a few KB: 413 from the header', async () => {
    const bomb = hugePng();
    assert.ok(bomb.length < 500_000, `bomb is small: ${bomb.length} bytes`);
    assert.deepEqual(
      await sharp(bomb, { limitInputPixels: false })
        .metadata()
        .then((m) => [m.width, m.height]),
      [20_000, 20_000],
    );
    await refused(bomb, 413, 'IMAGE_TOO_LARGE', 'imageTooManyPixels');
  });

  test('just over the pixel cap: 413; a HEIC whose header claims 20000 x 20000: 413', async () => {
    const over = await sharp({ create: { width: 10_001, height: 5_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    assert.ok(10_001 * 5_000 > MAX_PIXELS);
    await refused(over, 413, 'IMAGE_TOO_LARGE', 'imageTooManyPixels');
    await refused(withIspe(HEIC, 20_000, 20_000), 413, 'IMAGE_TOO_LARGE', 'imageTooManyPixels');
  });

  test('a header of 1 x 49,999,999 or 50,000,000 x 1 pixels: 422 from the header, nothing decoded', async () => {
    for (const [width, height] of [
      [1, 49_999_999],
      [50_000_000, 1],
    ] as const) {
      const lie = headerOnlyPng(width, height);
      assert.ok(width * height <= MAX_PIXELS, 'under the pixel cap: only the shape refuses it');
      await refused(lie, 422, 'UNSUPPORTED_IMAGE', 'imageBadShape');
    }
  });

  test(`a side over ${MAX_SIDE} px or a ratio over ${MAX_ASPECT_RATIO}:1: 422; exactly ${MAX_ASPECT_RATIO}:1 is accepted`, async () => {
    await refused(headerOnlyPng(MAX_SIDE + 1, 1000), 422, 'UNSUPPORTED_IMAGE', 'imageBadShape');
    await refused(headerOnlyPng(1000, MAX_SIDE + 1), 422, 'UNSUPPORTED_IMAGE', 'imageBadShape');
    const strip = (w: number, h: number) =>
      sharp({ create: { width: w, height: h, channels: 3, background: '#3a7d44' } })
        .png()
        .toBuffer();
    await refused(await strip(2 * MAX_ASPECT_RATIO * 50 + 2, 100), 422, 'UNSUPPORTED_IMAGE', 'imageBadShape');
    await refused(await strip(100, 2 * MAX_ASPECT_RATIO * 50 + 2), 422, 'UNSUPPORTED_IMAGE', 'imageBadShape');
    const ok = await ingestImage(await strip(MAX_ASPECT_RATIO * 100, 100));
    assert.equal(ok.original.width, MAX_ASPECT_RATIO * 100);
    await refused(withIspe(HEIC, 15_000, 700), 422, 'UNSUPPORTED_IMAGE', 'imageBadShape');
  });

  test('an encoder that fails is a 422, never a 500', async () => {
    const proto = (sharp as unknown as { prototype: { jpeg: (...args: unknown[]) => unknown } }).prototype;
    const jpeg = proto.jpeg;
    proto.jpeg = () => {
      throw new Error('Processed image is too large for the JPEG format');
    };
    try {
      await refused(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        422,
        'UNREADABLE_IMAGE',
        'imageNotProcessable',
      );
    } finally {
      proto.jpeg = jpeg;
    }
  });

  test('SVG with a script: 415', async () => {
    await refused(svgWithScript(), 415, 'UNSUPPORTED_IMAGE', 'unsupportedImage');
  });

  test('an HTML page named foto.jpg: 415 (the content decides)', async () => {
    await refused(htmlNamedJpg(), 415, 'UNSUPPORTED_IMAGE', 'unsupportedImage');
  });

  test('a polyglot that starts as HTML and carries a JPEG: 415', async () => {
    const jpeg = await (await markedPhoto(64, 64)).jpeg().toBuffer();
    await refused(Buffer.concat([htmlNamedJpg(), jpeg]), 415, 'UNSUPPORTED_IMAGE', 'unsupportedImage');
  });

  test('GIF (still or animated), PDF, TIFF, AVIF, plain text: 415', async () => {
    const still = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    await refused(still, 415, 'UNSUPPORTED_IMAGE', 'unsupportedImage');
    await refused(await animatedGif(), 415, 'UNSUPPORTED_IMAGE', 'unsupportedImage');
    await refused(pdf(), 415, 'UNSUPPORTED_IMAGE', 'unsupportedImage');
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .tiff()
      .toBuffer();
    await refused(tiff, 415, 'UNSUPPORTED_IMAGE', 'unsupportedImage');
    const avif = await (await markedPhoto(64, 64)).avif().toBuffer();
    assert.equal(avif.toString('latin1', 4, 8), 'ftyp');
    await refused(avif, 415, 'UNSUPPORTED_IMAGE', 'unsupportedImage');
    await refused(Buffer.from('hola, esto no es una foto'), 415, 'UNSUPPORTED_IMAGE', 'unsupportedImage');
  });

  test('animated WebP and animated PNG: refused (we print one picture)', async () => {
    const webp = await animatedWebp();
    assert.equal((await sharp(webp).metadata()).pages, 3, 'the WebP really has 3 frames');
    await refused(webp, 415, 'UNSUPPORTED_IMAGE', 'animatedImage');
    const apng = await animatedPng();
    assert.equal((await sharp(apng).metadata()).format, 'png', 'the APNG reads as a PNG');
    await refused(apng, 415, 'UNSUPPORTED_IMAGE', 'animatedImage');
  });

  test('truncated JPEG, PNG, WebP and HEIC: 422', async () => {
    const photo = await markedPhoto(800, 600);
    for (const [name, bytes] of Object.entries({
      jpeg: await photo.clone().jpeg().toBuffer(),
      png: await photo.clone().png().toBuffer(),
      webp: await photo.clone().webp().toBuffer(),
      heic: HEIC,
    })) {
      const half = bytes.subarray(0, Math.floor(bytes.length / 2));
      await assert.rejects(ingestImage(half), (err: unknown) => {
        assert.ok(err instanceof AppError, `${name}: ${String(err)}`);
        assert.equal(err.statusCode, 422, name);
        assert.equal(err.code, 'UNREADABLE_IMAGE', name);
        assert.equal(err.message, messages.unreadableImage, name);
        return true;
      });
    }
  });

  test('a JPEG signature followed by garbage: 422', async () => {
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x5a)]);
    await refused(garbage, 422, 'UNREADABLE_IMAGE', 'unreadableImage');
  });
});

describe('type detection by magic bytes', () => {
  test('recognises the four accepted formats and nothing else', async () => {
    assert.equal(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xdb])), 'jpeg');
    assert.equal(sniffImageFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'png');
    assert.equal(sniffImageFormat(Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1')), 'webp');
    assert.equal(sniffImageFormat(Buffer.from('RIFF\x10\0\0\0WAVEfmt ', 'latin1')), undefined);
    assert.equal(sniffImageFormat(HEIC), 'heif');
    for (const brand of ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']) {
      assert.equal(sniffImageFormat(ftypOnly(brand, ['mif1'])), 'heif', brand);
    }
    assert.equal(sniffImageFormat(ftypOnly('avif', ['mif1', 'miaf'])), undefined, 'AVIF');
    assert.equal(sniffImageFormat(ftypOnly('mif1', ['avif', 'miaf'])), undefined, 'AVIF behind mif1');
    assert.equal(sniffImageFormat(ftypOnly('isom', ['mp41'])), undefined, 'MP4 video');
    assert.equal(sniffImageFormat(Buffer.from('GIF89a', 'latin1')), undefined);
    assert.equal(sniffImageFormat(Buffer.from('%PDF-1.7', 'latin1')), undefined);
    assert.equal(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), undefined);
    assert.equal(sniffImageFormat(Buffer.from([0xff, 0xd8])), undefined, 'too short');
  });
});
