import { z } from 'zod';
import { FileUri, Id, IdParam } from './common.ts';

export const StoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  postalCode: z.string(),
  town: z.string(),
  province: z.string(),
  image: FileUri.nullable(),
  down: z.boolean(),
  /** Home delivery fee in euros, VAT included. */
  shipping: z.number(),
  /** Opening hours as staff write them, one line a day or group of days; '' when not given. */
  hours: z.string(),
  /** What the store's map link searches for; null: its address. */
  mapQuery: z.string().nullable(),
  /** Staff answers only: the case types the store does not sell. */
  hiddenCaseTypeIds: z.array(z.number().int()).optional(),
});
export type Store = z.infer<typeof StoreSchema>;

const text = (max: number) => z.string().trim().min(1).max(max);

export const StoreInputSchema = z
  .object({
    name: text(120),
    address: text(200),
    postalCode: z.string().regex(/^\d{5}$/),
    town: text(100),
    province: text(100),
    image: FileUri.nullable().default(null),
    down: z.boolean().default(false),
    shipping: z.number().min(0).max(1000).multipleOf(0.01).default(5),
    hours: z.string().trim().max(400).default(''),
    mapQuery: z.string().trim().min(1).max(200).nullable().default(null),
    /** The case types the store does not sell; omitted: unchanged (none for a new store). */
    hiddenCaseTypeIds: z.array(Id).max(100).optional(),
  })
  .strict();
export type StoreInput = z.infer<typeof StoreInputSchema>;

/** Where a visitor came from: a plain link, or the kiosk screen inside a store. */
export const Origin = z.enum(['false', 'screen']);
export type Origin = z.infer<typeof Origin>;

export const UrlCodeParamsSchema = z.object({ id: IdParam, origin: Origin });
export const UrlCodeSchema = z.object({ urlCode: z.string() });

export const DecodeUrlQuerySchema = z.object({ encodedUrl: z.string().min(1).max(200) });
export const DecodedUrlSchema = z.object({ storeId: z.number().int(), fromURL: Origin });
export type DecodedUrl = z.infer<typeof DecodedUrlSchema>;

export const StoreValidationSchema = z.object({ message: z.string() });
