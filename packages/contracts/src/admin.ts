import { z } from 'zod';
import { FileUri } from './common.ts';

/** What a catalogue image uploaded from the back office is for (brand mark, model photo, ...). */
export const CatalogueImageKind = z.enum(['brand-image', 'model-image', 'template', 'store-image']);
export type CatalogueImageKind = z.infer<typeof CatalogueImageKind>;

/** `POST /api/admin/images?kind=` (admin, multipart `file`). */
export const CatalogueImageQuerySchema = z.object({ kind: CatalogueImageKind });

export const PixelRectSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});

/**
 * The stored image: its URI for the brand, model or store, its size in pixels and, for a template,
 * the crop box of docs/product.md §9.4 (the case's frame of reference in the editor and the print file).
 */
export const CatalogueImageSchema = z.object({
  uri: FileUri,
  width: z.number().int(),
  height: z.number().int(),
  cropBox: PixelRectSchema.optional(),
});
export type CatalogueImage = z.infer<typeof CatalogueImageSchema>;
