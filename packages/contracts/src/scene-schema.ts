/**
 * The zod schemas of the design scene (see `scene.ts` for what a scene is, its catalogue and rules):
 * what the server validates and stores, and where the scene's types come from.
 */
import { z } from 'zod';
import { FileUri, Id } from './common.ts';
import { DesignTransformSchema } from './design-transform.ts';
import {
  FILTER_IDS,
  FONT_IDS,
  HEX_COLOUR,
  isPrintableText,
  LAYOUT_IDS,
  layoutInfo,
  MAX_LAYERS,
  MAX_TEXT_LENGTH,
  SCENE_VERSION,
  STICKER_SIZE,
  STICKERS,
  TEXT_SIZE,
  textLength,
  textWithinCodePoints,
} from './scene.ts';

export const LayoutIdSchema = z.enum(LAYOUT_IDS);
export const FilterIdSchema = z.enum(FILTER_IDS);
export const FontIdSchema = z.enum(FONT_IDS);
export const StickerIdSchema = z.enum(STICKERS.map((s) => s.id) as [string, ...string[]]);
export const HexColourSchema = z.string().regex(HEX_COLOUR, 'color #rrggbb');

const LayerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
/** A layer's anchor as a fraction of the case's box: on the case, so no layer is lost off its edge. */
const Position = z.number().min(0).max(1);
/** Degrees, clockwise. */
const Rotation = z.number().min(-360).max(360);

export const TextLayerSchema = z.object({
  kind: z.literal('text'),
  id: LayerIdSchema,
  text: z
    .string()
    .min(1)
    .refine((t) => textLength(t) <= MAX_TEXT_LENGTH, { message: 'textTooLong' })
    .refine(textWithinCodePoints, { message: 'textTooManyCodePoints' })
    .refine(isPrintableText, { message: 'textNotPrintable' }),
  font: FontIdSchema,
  /** Font size as a fraction of the case's width. */
  size: z.number().min(TEXT_SIZE.min).max(TEXT_SIZE.max),
  colour: HexColourSchema,
  align: z.enum(['left', 'center', 'right']),
  rotation: Rotation,
  /** The text's anchor (its middle line, at the side `align` names), as fractions of the box. */
  x: Position,
  y: Position,
});
export type TextLayer = z.infer<typeof TextLayerSchema>;

export const StickerLayerSchema = z.object({
  kind: z.literal('sticker'),
  id: LayerIdSchema,
  sticker: StickerIdSchema,
  /** The sticker's width (it is square) as a fraction of the case's width. */
  size: z.number().min(STICKER_SIZE.min).max(STICKER_SIZE.max),
  rotation: Rotation,
  /** The sticker's centre, as fractions of the box. */
  x: Position,
  y: Position,
});
export type StickerLayer = z.infer<typeof StickerLayerSchema>;

export const LayerSchema = z.discriminatedUnion('kind', [TextLayerSchema, StickerLayerSchema]);
export type Layer = z.infer<typeof LayerSchema>;

// ---------------------------------------------------------------------------------------------
// The scene

export const SlotSchema = z.object({
  /** One of the order's photos, or none yet (a draft). */
  photo: FileUri.nullable(),
  /** The photo's placement relative to the slot's cell (as the one-photo transform is to the case). */
  transform: DesignTransformSchema.nullable(),
  filter: FilterIdSchema,
});
export type SceneSlot = z.infer<typeof SlotSchema>;

export const SceneSchema = z
  .object({
    version: z.literal(SCENE_VERSION),
    model: Id,
    layout: LayoutIdSchema,
    background: HexColourSchema,
    slots: z.array(SlotSchema).min(1).max(4),
    /** Drawn over the photos, first to last. */
    layers: z.array(LayerSchema).max(MAX_LAYERS, { message: 'tooManyLayers' }),
  })
  .refine((s) => s.slots.length === layoutInfo(s.layout).slots, {
    message: 'slotsDoNotMatchLayout',
    path: ['slots'],
  })
  .refine((s) => new Set(s.layers.map((l) => l.id)).size === s.layers.length, {
    message: 'duplicateLayerId',
    path: ['layers'],
  });
export type Scene = z.infer<typeof SceneSchema>;

// The API around scenes

/** One of the photos a customer has added to an order (the editor's photo tray). */
export const OrderPhotoSchema = z.object({
  uri: FileUri,
  width: z.number().int(),
  height: z.number().int(),
});
export type OrderPhoto = z.infer<typeof OrderPhotoSchema>;

/** `POST /api/orders/{id}/photos`: adds an upload of this visitor to the order's photos. */
export const AddPhotoBodySchema = z.object({ image: FileUri });

/** `PUT /api/orders/{id}/scene`: the draft as the customer works (saved debounced). */
export const SceneDraftBodySchema = z.object({ scene: SceneSchema });
