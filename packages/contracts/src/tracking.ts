import { z } from 'zod';
import { FileUri } from './common.ts';
import { OrderInvoiceEntrySchema, OrderStatus, TrackingToken } from './orders.ts';
import { TRACKING_STEPS } from './tracking-rules.ts';

/** `/api/tracking/{token}`: the read-only tracking link's token, never the order id. */
export const TrackingParamsSchema = z.object({ token: TrackingToken });

/**
 * `GET /api/tracking/{token}`: what the customer's tracking page shows, and nothing more. No
 * personal data beyond what the customer gave (their delivery address), none of the shop's, and
 * not the order id (the token reads this page and the invoices; the order id is for the session
 * that made the order).
 */
export const TrackingSchema = z.object({
  orderNumber: z.string(),
  status: OrderStatus,
  /** "Funda Apple iPhone 15". */
  product: z.string(),
  design: FileUri.nullable(),
  /** Each milestone with its date (ISO) once reached; 'ready' or 'shipped' as the order goes. */
  steps: z.array(z.object({ key: z.enum(TRACKING_STEPS), label: z.string(), at: z.string().nullable() })),
  cancelledAt: z.string().nullable(),
  isHomeDelivery: z.boolean(),
  /** Euros still to pay at the store (pay-at-store orders), else null. */
  amountDue: z.number().nullable(),
  pickup: z
    .object({
      name: z.string(),
      address: z.string(),
      postalCode: z.string(),
      town: z.string(),
      province: z.string(),
      hours: z.string(),
    })
    .nullable(),
  delivery: z
    .object({ name: z.string(), address: z.string(), postalCode: z.string(), city: z.string() })
    .nullable(),
  parcel: z
    .object({ carrier: z.string(), trackingNumber: z.string(), url: z.string().nullable() })
    .nullable(),
  /** The current invoice, downloaded through the tracking link (`/api/tracking/{token}/invoices/…`). */
  invoice: z.object({ number: z.string(), uri: z.string() }).nullable(),
  /**
   * Every invoice of the order, oldest first: the original, a full one, the rectificativas; each
   * downloaded through the tracking link too.
   */
  invoices: z.array(OrderInvoiceEntrySchema),
});
export type Tracking = z.infer<typeof TrackingSchema>;
