import { z } from 'zod';
import { PaymentMethod } from './orders.ts';

// The rules themselves live apart, free of zod, for the storefront's data form.
export {
  type ContactProblem,
  contactProblem,
  type DeliveryProblem,
  deliveryProblem,
  normaliseContact,
  POSTAL_CODE,
} from './checkout-rules.ts';

export const ContactDetailsSchema = z.object({
  name: z.string().trim().max(120).default(''),
  email: z.string().trim().max(200).default(''),
  phone: z.string().trim().max(30).default(''),
});
export type ContactDetails = z.infer<typeof ContactDetailsSchema>;

export const DeliveryDetailsSchema = z.object({
  address: z.string().trim().max(200).default(''),
  city: z.string().trim().max(100).default(''),
  postalCode: z.string().trim().max(10).default(''),
});
export type DeliveryDetails = z.infer<typeof DeliveryDetailsSchema>;

export const PaymentMethodQuerySchema = z.object({ paymentMethod: PaymentMethod });
