/**
 * A model's catalogue picture drawn from its outline: @shop/case-render's mock-up (the same drawing
 * the storefront's build and the editor use) on @napi-rs/canvas, with one of the sample designs.
 * Staff who add a model without a photo get this picture, and get it again whenever they change
 * the outline; the storefront asks for resized AVIF and WebP copies (catalogue-variants.ts).
 */
import { createCanvas } from '@napi-rs/canvas';
import type { PhoneOutline } from '@shop/case-geometry/outline';
import type { Context2D } from '@shop/case-render/context';
import { sampleDesign } from '@shop/case-render/designs';
import { drawMockupPicture, mockupSize, pxPerMmForHeight } from '@shop/case-render/mockup';
import type { ModelInput, Outline } from '@shop/contracts/catalogue';
import { fileIdFromUri } from '../files/index.ts';
import type { ModelPicture } from './service.ts';

/** Tall enough for the largest width the storefront offers (a model card at 3x on a phone). */
export const MOCKUP_HEIGHT_PX = 800;

export interface MockupPicture {
  contentType: 'image/webp';
  bytes: Buffer;
  width: number;
  height: number;
}

/** The mock-up of a case for this outline, with the n-th sample design, as a WebP with alpha. */
export async function renderModelMockup(outline: PhoneOutline, designIndex: number): Promise<MockupPicture> {
  const pxPerMm = pxPerMmForHeight(outline, MOCKUP_HEIGHT_PX);
  const { width, height } = mockupSize(outline, pxPerMm);
  const canvas = createCanvas(width, height);
  const design = sampleDesign(designIndex);
  drawMockupPicture(canvas.getContext('2d') as unknown as Context2D, outline, pxPerMm, {
    design: design.paint,
    rimColour: design.rim,
  });
  // Skia's own WebP encoder: as small as sharp's at a quarter of the time. The storefront shows
  // resized copies of it, never this file itself.
  const bytes = await canvas.encode('webp', 90);
  return { contentType: 'image/webp', bytes, width, height };
}

/** What to do about a model's picture when staff save it. */
export type PicturePlan = { keep: ModelPicture } | { draw: PhoneOutline };

/**
 * Staff's photo wins; without one, a model with an outline gets a mock-up, drawn again when the
 * outline changes (a mock-up of the old outline would show the wrong camera).
 */
export function planModelPicture(
  input: Pick<ModelInput, 'image' | 'outline'>,
  current: (ModelPicture & { outline: Outline | null }) | null,
): PicturePlan {
  const imageId = input.image ? fileIdFromUri(input.image) : null;
  const keptMockup = current?.isMockup === true && imageId !== null && imageId === current.imageId;
  if (imageId !== null && !keptMockup) return { keep: { imageId, isMockup: false } };
  if (input.outline === null) return { keep: { imageId, isMockup: keptMockup } };
  if (keptMockup && current.outline && sameOutline(input.outline, current.outline)) {
    return { keep: { imageId, isMockup: true } };
  }
  return { draw: input.outline };
}

/** Field by field: the database gives the outline's keys back in its own order. */
function sameOutline(a: Outline, b: Outline): boolean {
  const sides = ['xMm', 'yMm', 'widthMm', 'heightMm', 'cornerRadiusMm'] as const;
  return (
    a.widthMm === b.widthMm &&
    a.heightMm === b.heightMm &&
    a.cornerRadiusMm === b.cornerRadiusMm &&
    sides.every((side) => a.camera[side] === b.camera[side])
  );
}

/** A sample design chosen by the model's name, so the same model always gets the same one. */
export function designIndexFor(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}
