import { z } from 'zod';
import { OrderStatus } from './orders.ts';

/** How a pay-now order is paid at the gateway: card, or Bizum (Redsys pay method `z`). */
export const OnlinePaymentMethod = z.enum(['card', 'bizum']);
export type OnlinePaymentMethod = z.infer<typeof OnlinePaymentMethod>;

/**
 * `POST /api/payment/initiate/{id}`: the storefront posts an empty body, so the method is
 * optional (card) and may come in the query or the JSON body. Any amount the client sends is
 * dropped: the server charges the order's own price and shipping.
 */
export const PaymentInitiateQuerySchema = z.object({ method: OnlinePaymentMethod.optional() });
// Fastify hands a missing body to the validator as null.
export const PaymentInitiateBodySchema = z.object({ method: OnlinePaymentMethod.optional() }).nullish();

/** The signed fields the browser posts, as a form, to `url` (the gateway). */
export const PaymentInitiationSchema = z.object({
  /** The terminal's signature version: HMAC_SHA256_V1 or HMAC_SHA512_V2. */
  ds_SignatureVersion: z.enum(['HMAC_SHA256_V1', 'HMAC_SHA512_V2']),
  ds_MerchantParameters: z.string(),
  ds_Signature: z.string(),
  url: z.string(),
});
export type PaymentInitiation = z.infer<typeof PaymentInitiationSchema>;

export const PaymentAttemptStatus = z.enum(['pending', 'paid', 'failed', 'expired']);
export type PaymentAttemptStatus = z.infer<typeof PaymentAttemptStatus>;

export const PaymentAttemptSchema = z.object({
  /** The gateway's order number (Ds_Order) of this attempt. */
  gatewayOrder: z.string(),
  method: OnlinePaymentMethod,
  status: PaymentAttemptStatus,
  /** Euros, VAT included: the order's price plus shipping when the attempt was made. */
  amount: z.number(),
  /** The gateway said the customer cancelled it (Ds_Response 9915): nothing went wrong. */
  cancelledByCustomer: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentAttempt = z.infer<typeof PaymentAttemptSchema>;

/**
 * `GET /api/payment/redsys/{id}`: `paid` once the order is paid; otherwise the state of the latest
 * attempt, or `none` before the first one. Attempts are listed newest first.
 */
export const PaymentStatusSchema = z.object({
  status: z.enum(['pending', 'paid', 'failed', 'expired', 'none']),
  orderStatus: OrderStatus,
  attempts: z.array(PaymentAttemptSchema),
});
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/**
 * The gateway's server-to-server notification (form-encoded). Every field is optional here so
 * that a malformed post still reaches the handler and is logged before it is refused.
 */
export const RedsysNotificationFormSchema = z.object({
  Ds_SignatureVersion: z.string().max(64).optional(),
  Ds_MerchantParameters: z.string().max(8192).optional(),
  Ds_Signature: z.string().max(128).optional(),
});
export type RedsysNotificationForm = z.infer<typeof RedsysNotificationFormSchema>;

/**
 * A card or Bizum attempt with no word from the gateway after this long is no longer waited for:
 * the order may change again, and the reconciliation settles the attempt.
 */
export const PENDING_ATTEMPT_MINUTES = 30;
