import { z } from 'zod';
import { OnlinePaymentMethod, PaymentAttemptStatus } from './payments.ts';

/**
 * The back office's payments screen (admin): every gateway attempt with its order, amount, state,
 * the gateway's answer and what it means, its refunds, and the exceptions to resolve first.
 */

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'fecha AAAA-MM-DD')
  .refine((s) => !Number.isNaN(new Date(`${s}T00:00:00Z`).getTime()), 'fecha no válida');

/** 'unresolved': pending past the attempt window; 'attention': money to give back or look at. */
export const PaymentListState = z.enum(['pending', 'paid', 'failed', 'expired', 'unresolved', 'attention']);
export type PaymentListState = z.infer<typeof PaymentListState>;

export const PaymentListQuerySchema = z.object({
  from: Day.optional(),
  to: Day.optional(),
  storeId: z.coerce.number().int().positive().optional(),
  state: PaymentListState.optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type PaymentListQuery = z.infer<typeof PaymentListQuerySchema>;

export const PaymentRefundRowSchema = z.object({
  amount: z.number(),
  status: z.enum(['pending', 'refunded', 'failed']),
  code: z.string().nullable(),
  message: z.string().nullable(),
  requestedBy: z.string(),
  createdAt: z.string(),
});

export const PaymentRowSchema = z.object({
  gatewayOrder: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  storeId: z.number(),
  storeName: z.string(),
  /** Euros the attempt asked the gateway for. */
  amount: z.number(),
  method: OnlinePaymentMethod,
  state: PaymentAttemptStatus,
  dsResponse: z.string().nullable(),
  /** What Ds_Response means, in Spanish. */
  dsResponseText: z.string().nullable(),
  authorisationCode: z.string().nullable(),
  createdAt: z.string(),
  refunds: z.array(PaymentRefundRowSchema),
  refundedTotal: z.number(),
  /** Euros of this payment that may still be refunded. */
  refundable: z.number(),
  /** Why the payment did not pay its order, when it did not. */
  mismatch: z.string().nullable(),
  /** The order's 'requiere atención' reason. */
  attention: z.string().nullable(),
  /** What staff must do about it, when something is to be done; these rows come first. */
  action: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof PaymentRowSchema>;

export const PaymentPageSchema = z.object({
  items: z.array(PaymentRowSchema),
  total: z.number(),
  page: z.number(),
  size: z.number(),
});
export type PaymentPage = z.infer<typeof PaymentPageSchema>;

export const GatewayOrderParamsSchema = z.object({
  gatewayOrder: z.string().regex(/^[0-9]{4}[0-9A-Za-z]{0,8}$/),
});

/**
 * `POST /api/payments/{gatewayOrder}/resolve` (admin), for an attempt Redsys never reported on:
 * paid, with the authorisation code its back office shows; or not taken.
 */
export const ResolveAttemptSchema = z.union([
  z.object({
    authorisationCode: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z]{6}$/, 'el código de autorización tiene 6 letras o números'),
  }),
  z.object({ notTaken: z.literal(true) }),
]);
export type ResolveAttempt = z.infer<typeof ResolveAttemptSchema>;

export const ResolveResultSchema = z.object({ outcome: z.string() });
