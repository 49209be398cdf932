import { z } from 'zod';

/**
 * A customer's erasure request (RGPD art. 17), made by an administrator from the back office: the
 * customer is found by the e-mail address of their orders. Without `confirm` nothing changes and
 * the answer says what would; with it, it is done (`POST /api/admin/erasure`).
 */
export const ErasureRequestSchema = z
  .object({
    email: z.string().trim().min(3).max(254),
    confirm: z.boolean().default(false),
  })
  .strict();
export type ErasureRequest = z.infer<typeof ErasureRequestSchema>;

export const ErasureResultSchema = z.object({
  /** Whether it was done (false: only looked at). */
  done: z.boolean(),
  /** Orders whose personal data, photos and designs go (or went): finished or never placed. */
  erased: z.array(z.object({ orderNumber: z.string(), status: z.string(), invoiced: z.boolean() })),
  /** Orders still being made or delivered: their data is needed until they are delivered or cancelled. */
  pending: z.array(z.object({ orderNumber: z.string(), status: z.string() })),
  /** Mails to that address or about those orders that go (or went). */
  mails: z.number().int(),
  /** Files (photos, designs, print files) that go (or went). */
  files: z.number().int(),
});
export type ErasureResult = z.infer<typeof ErasureResultSchema>;
