/**
 * Phone outlines and the case template drawn from them (the product mock-ups are @shop/case-render's).
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
  /** The one rounded rectangle the case leaves open (lenses and flash), and how many lenses it holds. */
  camera: RoundedRectMm & { lenses?: number | undefined };
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
