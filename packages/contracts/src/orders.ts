import { z } from 'zod';
import { FileUri } from './common.ts';

/** The order life cycle of DESIGN.md; the server enforces every transition. */
export const OrderStatus = z.enum([
  'created',
  'image_uploaded',
  'design_confirmed',
  'details_confirmed',
  'awaiting_payment',
  'to_pay_at_store',
  'paid',
  'printed',
  'ready',
  'shipped',
  'delivered',
  'cancelled',
]);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const PaymentMethod = z.enum(['paystore', 'paynow']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Customer-facing order ids are unguessable UUIDs. */
export const OrderId = z.uuid();
export const OrderIdParamsSchema = z.object({ id: OrderId });

const Ref = z.object({ id: z.number().int().positive() });

/**
 * The body of `POST /api/orders`. Only the three references count; anything else the spec's client
 * sends (total, flags, status...) is accepted and ignored, because the server computes them.
 */
export const OrderCreateSchema = z.object({ store: Ref, brand: Ref, model: Ref });
export type OrderCreate = z.infer<typeof OrderCreateSchema>;

export const OrderCreatedSchema = z.object({ id: OrderId, orderNumber: z.string() });

export const OrderSchema = z.object({
  id: OrderId,
  orderNumber: z.string(),
  status: OrderStatus,
  /** Model price in euros, VAT included. */
  total: z.number(),
  /** Home delivery fee in euros (0 for pickup). */
  shipping: z.number(),
  isHomeDelivery: z.boolean(),
  paymentMethod: PaymentMethod.nullable(),
  pendingPayment: z.boolean(),
  pendingPrinting: z.boolean(),
  createdAt: z.string(),
  image: FileUri.nullable(),
  design: FileUri.nullable(),
  store: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    town: z.string(),
    province: z.string(),
    postalCode: z.string(),
    shipping: z.number(),
  }),
  brand: z.object({ id: z.number().int(), name: z.string() }),
  model: z.object({
    id: z.number().int(),
    name: z.string(),
    template: FileUri.nullable(),
    image: FileUri.nullable(),
    price: z.number(),
    brand: z.object({ id: z.number().int(), name: z.string() }),
  }),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  customerAddress: z.string().nullable(),
  customerCity: z.string().nullable(),
  customerPostalCode: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;
