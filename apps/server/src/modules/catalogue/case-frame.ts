/**
 * The case's frame for the coverage rule (`@shop/case-geometry/coverage`, whose slots
 * `sceneCoverageSlots` cuts from it): the template's crop box, in template pixels, exactly as the
 * editor measures it (same crop rule, same code), and the case body filling it with the model's
 * corner radius when its measurements are known. The server and the editor therefore judge
 * coverage in the same frame.
 */
import type { PhoneOutline } from '@shop/case-geometry/outline';
import { cropBox } from '@shop/case-geometry/template-rules';
import type { Queryable } from '../../db/client.ts';
import sharp from '../../lib/sharp.ts';
import type { FileService } from '../files/index.ts';

/**
 * What the photo may miss by and still count as covering: half a template pixel (1/16 mm on our
 * 8 px/mm templates, inside the outline stroke the print turns white). It absorbs rounding between
 * the browser's and the server's decoders, never a visible strip.
 */
export const COVERAGE_TOLERANCE_PX = 0.5;

/** Crop boxes by template file id: file ids are never reused, so an entry never goes stale. */
const boxes = new Map<string, { width: number; height: number }>();
const MAX_CACHED = 500;

async function templateBox(files: FileService, q: Queryable, templateId: string) {
  const cached = boxes.get(templateId);
  if (cached) return cached;
  const file = await files.find(q, templateId);
  const bytes = file && (await files.bytes(file));
  if (!bytes) return null;
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const box = cropBox(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!box) return null;
  const size = { width: box.width, height: box.height };
  if (boxes.size >= MAX_CACHED) boxes.delete(boxes.keys().next().value as string);
  boxes.set(templateId, size);
  return size;
}

/**
 * The frame of a model's designs: its template's crop box (template pixels), the case's corner
 * radius there, and the phone's outline when the model has a usable one (the print needs it).
 */
export interface CaseFrame {
  box: { width: number; height: number };
  cornerRadius: number;
  outline: PhoneOutline | null;
}

const positive = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** A model's stored outline, good enough to print from. */
export function isOutline(value: unknown): value is PhoneOutline {
  if (!value || typeof value !== 'object') return false;
  const o = value as Partial<PhoneOutline>;
  return positive(o.widthMm) && positive(o.heightMm) && typeof o.camera === 'object' && o.camera !== null;
}

/** The model's outline when it is good enough to print from, else null. */
export async function printableOutline(q: Queryable, modelId: number): Promise<PhoneOutline | null> {
  const { rows } = await q.query<{ outline: unknown }>('SELECT outline FROM models WHERE id = $1', [modelId]);
  const outline = rows[0]?.outline;
  return isOutline(outline) ? outline : null;
}

/** The model's case frame, or null when it has no usable template (nothing can be designed then). */
export async function caseFrameOfModel(
  q: Queryable,
  files: FileService,
  modelId: number,
): Promise<CaseFrame | null> {
  const { rows } = await q.query<{ template_id: string | null; outline: unknown }>(
    'SELECT template_id, outline FROM models WHERE id = $1',
    [modelId],
  );
  const model = rows[0];
  if (!model?.template_id) return null;
  const box = await templateBox(files, q, model.template_id);
  if (!box) return null;
  const outline = model.outline as { widthMm?: unknown; cornerRadiusMm?: unknown } | null;
  const cornerRadius =
    outline && typeof outline.widthMm === 'number' && typeof outline.cornerRadiusMm === 'number'
      ? (outline.cornerRadiusMm * box.width) / outline.widthMm
      : 0;
  return { box, cornerRadius, outline: isOutline(model.outline) ? model.outline : null };
}
