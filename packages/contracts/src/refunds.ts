import { z } from 'zod';

/**
 * `POST /api/orders/{id}/refund` (admin): give back part or all of what an order paid online,
 * through the gateway. Optional header `Idempotency-Key`: a repeated request with the same key
 * refunds once and answers the same.
 */
export const RefundRequestSchema = z.object({
  /** Euros, at most two decimals, more than 0. */
  amount: z
    .number()
    .positive()
    .max(100_000)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: 'como máximo dos decimales' }),
  reason: z.string().trim().min(1).max(500),
  /**
   * The gateway order of the payment to refund (a row of the payments screen); without it, the
   * payment that paid the order first. A payment the order could not take is refunded this way.
   */
  gatewayOrder: z
    .string()
    .regex(/^[0-9]{4}[0-9A-Za-z]{0,8}$/)
    .optional(),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const RefundIdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,200}$/)
    .optional(),
});

export const RefundResultSchema = z.object({
  status: z.enum(['refunded', 'failed']),
  /** Euros asked for in this refund. */
  amount: z.number(),
  /** Euros given back on this order so far, this refund included when accepted. */
  refundedTotal: z.number(),
  /** The gateway's Ds_Response or SIS error code, when it answered one. */
  code: z.string().nullable(),
  /** What the gateway's answer means, in Spanish for staff. */
  message: z.string(),
  /** The rectificativa issued for an accepted refund, when the order had an invoice. */
  invoice: z.object({ number: z.string() }).nullable(),
});
export type RefundResult = z.infer<typeof RefundResultSchema>;
