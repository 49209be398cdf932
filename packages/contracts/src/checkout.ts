import { z } from 'zod';
import { PaymentMethod } from './orders.ts';

/**
 * Spec point 5's contact and delivery rules, shared by the data form and the server. Each rule
 * carries the message key of the spec's text, so both sides say the same thing.
 */
export const POSTAL_CODE = /^\d{5}$/;
export const PHONE = /^\d+$/;

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

export type ContactProblem = 'contactFieldsRequired' | 'invalidEmail' | 'invalidPhone';
export type DeliveryProblem = 'deliveryFieldsRequired' | 'invalidPostalCode';

/** The first problem with the contact data, or null. E-mail and phone are required for delivery. */
export function contactProblem(c: ContactDetails, homeDelivery: boolean): ContactProblem | null {
  if (!c.name.trim()) return 'contactFieldsRequired';
  if (homeDelivery && (!c.email.trim() || !c.phone.trim())) return 'contactFieldsRequired';
  if (c.email.trim() && !c.email.includes('@')) return 'invalidEmail';
  if (c.phone.trim() && !PHONE.test(c.phone.trim())) return 'invalidPhone';
  return null;
}

export function deliveryProblem(d: DeliveryDetails): DeliveryProblem | null {
  if (!d.address.trim() || !d.city.trim() || !d.postalCode.trim()) return 'deliveryFieldsRequired';
  if (!POSTAL_CODE.test(d.postalCode.trim())) return 'invalidPostalCode';
  return null;
}

export const PaymentMethodQuerySchema = z.object({ paymentMethod: PaymentMethod });
