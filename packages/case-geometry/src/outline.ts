/**
 * Phone outlines and the SVG drawings derived from them (case template and product illustration).
 *
 * Pure TypeScript without Node or DOM APIs: the same code runs in the server (seed, print) and in
 * the browser (design editor). All lengths in an outline are millimetres seen from the BACK of the
 * phone with the origin at its top-left corner, the format of the catalogue's phone-models.json.
 */

export interface RoundedRectMm {
  xMm: number;
  yMm: number;
  widthMm: number;
  heightMm: number;
  cornerRadiusMm: number;
}

export interface PhoneOutline {
  widthMm: number;
  heightMm: number;
  /** Single-arc equivalent of the body's corner. */
  cornerRadiusMm: number;
  /** The one rounded rectangle the case leaves open (lenses and flash). */
  camera: RoundedRectMm;
}

export interface PxSize {
  width: number;
  height: number;
}

const MM_PER_INCH = 25.4;

export function mmToPx(mm: number, dpi: number): number {
  return (mm * dpi) / MM_PER_INCH;
}

export function pxToMm(px: number, dpi: number): number {
  return (px * MM_PER_INCH) / dpi;
}

export interface TemplateOptions {
  pxPerMm: number;
  /** White border around the case body, on each side. */
  marginMm: number;
}

/** Pixel size of the template canvas: the outline plus the margin on each side. */
export function caseTemplateSize(outline: PhoneOutline, { pxPerMm, marginMm }: TemplateOptions): PxSize {
  return {
    width: Math.round((outline.widthMm + 2 * marginMm) * pxPerMm),
    height: Math.round((outline.heightMm + 2 * marginMm) * pxPerMm),
  };
}

export const TEMPLATE_COLOURS = {
  sheet: '#ffffff',
  bodyStroke: '#555555',
  camera: '#d9d9d9',
  cameraStroke: '#a6a6a6',
} as const;

/**
 * The case template the design editor lays OVER the customer's photo: opaque white outside the
 * case body, fully transparent inside it (the photo shows through), the camera opening as an opaque
 * light-grey island (nothing is printed there) and a thin dark outline along the body edge.
 */
export function caseTemplateSvg(outline: PhoneOutline, options: TemplateOptions): string {
  const { pxPerMm, marginMm } = options;
  const { width, height } = caseTemplateSize(outline, options);
  const body = bodyRect(outline, marginMm, pxPerMm);
  const camera = cameraRect(outline, marginMm, pxPerMm);
  const bodyPath = roundedRectPath(body);
  // One path holding the canvas rectangle and the body: with evenodd the body is a hole in the sheet.
  const sheetPath = `M0 0H${width}V${height}H0Z${bodyPath}`;
  const stroke = Math.max(1, 0.25 * pxPerMm);

  return [
    svgOpen(width, height),
    `<defs><clipPath id="body"><path d="${bodyPath}"/></clipPath></defs>`,
    `<path data-part="sheet" d="${sheetPath}" fill="${TEMPLATE_COLOURS.sheet}" fill-rule="evenodd"/>`,
    // Clipped to the body so an island flush with the edge (iPhone 17 Pro) keeps the body's corners.
    `<g clip-path="url(#body)">`,
    `<rect data-part="camera" ${rectAttributes(camera)} fill="${TEMPLATE_COLOURS.camera}" stroke="${TEMPLATE_COLOURS.cameraStroke}" stroke-width="${num(stroke)}"/>`,
    '</g>',
    `<path data-part="body" d="${bodyPath}" fill="none" stroke="${TEMPLATE_COLOURS.bodyStroke}" stroke-width="${num(stroke)}"/>`,
    '</svg>',
  ].join('');
}

/** Room around the case in the product illustration, for the drop shadow. */
export const PRODUCT_MARGIN_MM = 8;

export function productImageSize(outline: PhoneOutline, pxPerMm: number): PxSize {
  return caseTemplateSize(outline, { pxPerMm, marginMm: PRODUCT_MARGIN_MM });
}

export interface ProductImageOptions {
  pxPerMm: number;
  /** Main colour of the case, as a CSS hex colour (#rgb or #rrggbb). */
  accent: string;
}

/**
 * A neutral illustration of the case seen from the back, on a transparent background: accent
 * gradient with soft circles, the camera island with lenses, and a drop shadow. No text, because
 * fonts are not guaranteed where the SVG is rasterised.
 */
export function productImageSvg(outline: PhoneOutline, { pxPerMm, accent }: ProductImageOptions): string {
  // The colour is interpolated into markup, so accept nothing but a hex colour.
  if (!/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(accent)) {
    throw new Error(`accent must be a hex colour like #3366cc, got ${JSON.stringify(accent)}`);
  }
  const { width, height } = productImageSize(outline, pxPerMm);
  const body = bodyRect(outline, PRODUCT_MARGIN_MM, pxPerMm);
  const camera = cameraRect(outline, PRODUCT_MARGIN_MM, pxPerMm);
  const bodyPath = roundedRectPath(body);
  const shadowPath = roundedRectPath({ ...body, y: body.y + 1.5 * pxPerMm });
  const rim = 0.8 * pxPerMm;

  const bubbles = [
    [0.15, 0.55, 0.55],
    [0.95, 0.75, 0.45],
    [0.45, 1.0, 0.35],
    [0.8, 0.35, 0.2],
  ]
    .map(
      ([cx = 0, cy = 0, r = 0], i) =>
        `<circle cx="${num(body.x + cx * body.width)}" cy="${num(body.y + cy * body.height)}" r="${num(r * body.width)}" fill="#ffffff" fill-opacity="${i % 2 ? 0.22 : 0.14}"/>`,
    )
    .join('');

  return [
    svgOpen(width, height),
    '<defs>',
    `<clipPath id="body"><path d="${bodyPath}"/></clipPath>`,
    `<linearGradient id="tint" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${accent}" stop-opacity="0.45"/>`,
    `<stop offset="1" stop-color="${accent}" stop-opacity="1"/>`,
    '</linearGradient>',
    `<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0.6">`,
    '<stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/>',
    '<stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/>',
    '</linearGradient>',
    `<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${num(2 * pxPerMm)}"/></filter>`,
    '</defs>',
    `<path d="${shadowPath}" fill="#000000" fill-opacity="0.28" filter="url(#shadow)"/>`,
    `<path d="${bodyPath}" fill="#ffffff"/>`,
    `<path d="${bodyPath}" fill="url(#tint)"/>`,
    `<g clip-path="url(#body)">${bubbles}${cameraDrawing(camera, pxPerMm)}</g>`,
    `<path d="${bodyPath}" fill="url(#sheen)"/>`,
    // The case's raised rim: a darker band just inside the edge.
    `<path d="${bodyPath}" fill="none" stroke="#000000" stroke-opacity="0.18" stroke-width="${num(rim)}" clip-path="url(#body)"/>`,
    '</svg>',
  ].join('');
}

interface RoundedRectPx {
  x: number;
  y: number;
  width: number;
  height: number;
  radius: number;
}

function bodyRect(outline: PhoneOutline, marginMm: number, pxPerMm: number): RoundedRectPx {
  return {
    x: marginMm * pxPerMm,
    y: marginMm * pxPerMm,
    width: outline.widthMm * pxPerMm,
    height: outline.heightMm * pxPerMm,
    radius: outline.cornerRadiusMm * pxPerMm,
  };
}

function cameraRect(outline: PhoneOutline, marginMm: number, pxPerMm: number): RoundedRectPx {
  const { camera } = outline;
  return {
    x: (marginMm + camera.xMm) * pxPerMm,
    y: (marginMm + camera.yMm) * pxPerMm,
    width: camera.widthMm * pxPerMm,
    height: camera.heightMm * pxPerMm,
    radius: camera.cornerRadiusMm * pxPerMm,
  };
}

/** The camera opening of the illustration: dark glass island with a light rim, lenses and a flash. */
function cameraDrawing(island: RoundedRectPx, pxPerMm: number): string {
  const short = Math.min(island.width, island.height);
  const long = Math.max(island.width, island.height);
  const horizontal = island.width > island.height;
  const lenses: { cx: number; cy: number; d: number }[] = [];
  let flash: { cx: number; cy: number } | null = null;

  if (long / short < 1.25) {
    // Square or round island: the familiar three-lens triangle plus a flash.
    const d = 0.36 * short;
    for (const [fx, fy] of [
      [0.28, 0.28],
      [0.28, 0.72],
      [0.72, 0.5],
    ] as const) {
      lenses.push({ cx: island.x + fx * island.width, cy: island.y + fy * island.height, d });
    }
    flash = { cx: island.x + 0.72 * island.width, cy: island.y + 0.2 * island.height };
  } else {
    // Elongated island: lenses in a row along its long side.
    const count = long / short > 1.5 ? 3 : 2;
    const d = Math.min(0.62 * short, (0.8 * long) / count);
    for (let i = 0; i < count; i++) {
      const along = ((i + 0.5) / count) * long;
      lenses.push(
        horizontal
          ? { cx: island.x + along, cy: island.y + island.height / 2, d }
          : { cx: island.x + island.width / 2, cy: island.y + along, d },
      );
    }
  }

  const parts = [
    `<rect ${rectAttributes(island)} fill="#23272e" fill-opacity="0.92" stroke="#ffffff" stroke-opacity="0.45" stroke-width="${num(0.5 * pxPerMm)}"/>`,
  ];
  for (const { cx, cy, d } of lenses) {
    parts.push(
      `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(d / 2)}" fill="#4b5563"/>`,
      `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(d * 0.36)}" fill="#0b0d10"/>`,
      `<circle cx="${num(cx - d * 0.12)}" cy="${num(cy - d * 0.12)}" r="${num(d * 0.07)}" fill="#ffffff" fill-opacity="0.6"/>`,
    );
  }
  if (flash) {
    parts.push(
      `<circle cx="${num(flash.cx)}" cy="${num(flash.cy)}" r="${num(0.05 * short)}" fill="#f4eed4"/>`,
    );
  }
  return parts.join('');
}

/** Closed path of a rounded rectangle, clockwise, with the radius clamped to what fits. */
function roundedRectPath({ x, y, width, height, radius }: RoundedRectPx): string {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  const right = x + width;
  const bottom = y + height;
  const arc = (toX: number, toY: number) => `A${num(r)} ${num(r)} 0 0 1 ${num(toX)} ${num(toY)}`;
  return [
    `M${num(x + r)} ${num(y)}`,
    `H${num(right - r)}`,
    arc(right, y + r),
    `V${num(bottom - r)}`,
    arc(right - r, bottom),
    `H${num(x + r)}`,
    arc(x, bottom - r),
    `V${num(y + r)}`,
    arc(x + r, y),
    'Z',
  ].join('');
}

function rectAttributes({ x, y, width, height, radius }: RoundedRectPx): string {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  return `x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" rx="${num(r)}"`;
}

function svgOpen(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`;
}

/** Compact, deterministic number for SVG markup (hundredths of a pixel are plenty). */
function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}
