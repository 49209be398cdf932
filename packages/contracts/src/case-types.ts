import { z } from 'zod';
import { Id } from './common.ts';

/**
 * Case types: the kinds of case a model is sold in ('Rígida', 'Silicona', 'Transparente',
 * 'Antigolpes'...), each with a price difference over the model's price and, for some, colours.
 */

/** A colour of a case type: its name for people and its hex for the screens and previews. */
export const CaseColourSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `#rrggbb`, lower case. */
  hex: z.string(),
});
export type CaseColour = z.infer<typeof CaseColourSchema>;

/**
 * A type as a customer sees it on a model (`GET /api/models`, `GET /api/models/{id}`): only the
 * public types sold for that model in the session's store, the default type first; `price` is the
 * case's final price in this type (the model's price plus the type's difference), in euros.
 */
export const ModelCaseTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  clear: z.boolean(),
  price: z.number(),
  colours: z.array(CaseColourSchema),
});
export type ModelCaseType = z.infer<typeof ModelCaseTypeSchema>;

/** A case type as staff see it (`GET /api/case-types`, `GET /api/case-types/{id}`). */
export const CaseTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  material: z.string(),
  /** Over the model's price, euros, VAT included; 0 or negative allowed. */
  priceDifference: z.number(),
  clear: z.boolean(),
  isPublic: z.boolean(),
  /** The type of an order that names none; there is exactly one, and it is public. */
  isDefault: z.boolean(),
  colours: z.array(CaseColourSchema),
  /** How many models are sold in it. */
  models: z.number().int(),
});
export type CaseType = z.infer<typeof CaseTypeSchema>;

const Hex = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .transform((h) => h.toLowerCase());

/** The body of `POST /api/case-types` and `PUT /api/case-types/{id}`. */
export const CaseTypeInputSchema = z
  .object({
    name: z.string().trim().min(1).max(40),
    description: z.string().trim().max(200).default(''),
    material: z.string().trim().max(60).default(''),
    priceDifference: z.number().min(-1000).max(1000).multipleOf(0.01).default(0),
    clear: z.boolean().default(false),
    isPublic: z.boolean().default(true),
    isDefault: z.boolean().default(false),
    /**
     * The colours, in order. A colour keeps its id when it is sent with it (orders made in it keep
     * pointing at it); one sent without an id is new; one left out is removed.
     */
    colours: z
      .array(z.object({ id: Id.optional(), name: z.string().trim().min(1).max(30), hex: Hex }).strict())
      .max(24)
      .default([]),
  })
  .strict();
export type CaseTypeInput = z.infer<typeof CaseTypeInputSchema>;

/** The order's type and colour (`GET /api/orders/{id}`). */
export const OrderCaseTypeSchema = z.object({ id: z.number().int(), name: z.string(), clear: z.boolean() });
export type OrderCaseType = z.infer<typeof OrderCaseTypeSchema>;

/** The body of `PUT /api/orders/{id}/caseType`: allowed while the design is open. */
export const CaseTypeChangeSchema = z
  .object({ caseType: z.object({ id: Id }), colour: z.object({ id: Id }).nullable().optional() })
  .strict();
export type CaseTypeChange = z.infer<typeof CaseTypeChangeSchema>;
