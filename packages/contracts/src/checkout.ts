import { z } from 'zod';
import { singleLine } from './checkout-rules.ts';
import { PaymentMethod } from './orders.ts';

// The rules themselves live apart, free of zod, for the storefront's data form.
export {
  type ContactProblem,
  contactProblem,
  type DeliveryProblem,
  deliveryProblem,
  normaliseContact,
  POSTAL_CODE,
  singleLine,
} from './checkout-rules.ts';

/** Fields that are one line wherever they are shown: a name, an address line, a city. */
const OneLine = () => z.string().overwrite(singleLine);

export const ContactDetailsSchema = z.object({
  name: OneLine().max(120).default(''),
  email: z.string().trim().max(200).default(''),
  phone: z.string().trim().max(30).default(''),
});
export type ContactDetails = z.infer<typeof ContactDetailsSchema>;

export const DeliveryDetailsSchema = z.object({
  address: OneLine().max(200).default(''),
  city: OneLine().max(100).default(''),
  postalCode: z.string().trim().max(10).default(''),
});
export type DeliveryDetails = z.infer<typeof DeliveryDetailsSchema>;

export const PaymentMethodQuerySchema = z.object({ paymentMethod: PaymentMethod });
