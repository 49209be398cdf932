import { z } from 'zod';
import { ModelCaseTypeSchema } from './case-types.ts';
import { FileUri, Id, IdParam } from './common.ts';
import { MODEL_PAGE_SIZE } from './constants.ts';

export const BrandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  imageURI: FileUri.nullable(),
  down: z.boolean(),
  isPublic: z.boolean(),
  /**
   * With `?store=`: how many models of the brand that store offers customers (public, not down),
   * as the store's models page counts them. A store's homepage asks once instead of once a brand.
   */
  modelCount: z.number().int().optional(),
});
export type Brand = z.infer<typeof BrandSchema>;

/** `GET /api/brands`: by name, and with each brand's number of models in a store. */
export const BrandQuerySchema = z.object({
  name: z.string().trim().max(100).optional(),
  store: IdParam.optional(),
});
export type BrandQuery = z.infer<typeof BrandQuerySchema>;

export const BrandInputSchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    imageURI: FileUri.nullable().default(null),
    down: z.boolean().default(false),
    isPublic: z.boolean().default(true),
  })
  .strict();
export type BrandInput = z.infer<typeof BrandInputSchema>;

/** The most lenses a phone's camera opening holds (four cameras, as the Ultra models have). */
export const MAX_LENSES = 4;

/** The physical outline of the phone, in millimetres, seen from the back. */
export const OutlineSchema = z.object({
  widthMm: z.number().positive().max(300),
  heightMm: z.number().positive().max(300),
  cornerRadiusMm: z.number().min(0).max(50),
  camera: z.object({
    xMm: z.number().min(0).max(300),
    yMm: z.number().min(0).max(300),
    widthMm: z.number().positive().max(300),
    heightMm: z.number().positive().max(300),
    cornerRadiusMm: z.number().min(0).max(50),
    /**
     * The main lenses the mock-up draws in the opening (a dual-camera model must not look like a
     * Pro). Not given: as many as the opening's shape suggests.
     */
    lenses: z.number().int().min(1).max(MAX_LENSES).optional(),
  }),
});
export type Outline = z.infer<typeof OutlineSchema>;

export const ModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: FileUri.nullable(),
  template: FileUri.nullable(),
  /** Price in euros, VAT included. */
  price: z.number(),
  isPublic: z.boolean(),
  isDown: z.boolean(),
  brand: z.object({ id: z.number().int(), name: z.string(), down: z.boolean(), isPublic: z.boolean() }),
  outline: OutlineSchema.nullable(),
  /** Ids of the stores that offer this model. */
  stores: z.array(z.number().int()),
  /**
   * The case types the model is sold in, as the session's store sells them (public, not hidden by
   * the store), the default type first, each with the case's final price in it.
   */
  caseTypes: z.array(ModelCaseTypeSchema),
  /** Staff answers only: every type the model is sold in, public or not, as the model form sends them. */
  caseTypeIds: z.array(z.number().int()).optional(),
});
export type Model = z.infer<typeof ModelSchema>;

/** `GET /api/models/{id}`: the store whose case types the answer shows (the session's store). */
export const ModelGetQuerySchema = z.object({ store: IdParam.optional() });
export type ModelGetQuery = z.infer<typeof ModelGetQuerySchema>;

export const ModelInputSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    brand: z.object({ id: Id }),
    image: FileUri.nullable().default(null),
    template: FileUri.nullable().default(null),
    price: z.number().min(0).max(1000).multipleOf(0.01),
    isPublic: z.boolean().default(true),
    isDown: z.boolean().default(false),
    outline: OutlineSchema.nullable().default(null),
    /** Stores offering the model; omitted means every store. */
    stores: z.array(Id).max(1000).optional(),
    /** The case types it is sold in; omitted means the default type only (new) or unchanged (edit). */
    caseTypeIds: z.array(Id).min(1).max(100).optional(),
  })
  .strict();
export type ModelInput = z.infer<typeof ModelInputSchema>;

export const ModelQuerySchema = z.object({
  store: IdParam.optional(),
  brand: IdParam.optional(),
  /** Search term on the model name, case- and accent-insensitive. */
  filtro: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(MODEL_PAGE_SIZE),
});
export type ModelQuery = z.infer<typeof ModelQuerySchema>;

export const ModelPageSchema = z.object({
  items: z.array(ModelSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type ModelPage = z.infer<typeof ModelPageSchema>;
