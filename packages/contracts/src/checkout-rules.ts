/**
 * Spec point 5's contact and delivery rules, shared by the data form and the server. Each rule
 * carries the message key of the spec's text, so both sides say the same thing. Kept free of zod
 * so that the storefront's data form can run them without bundling the schema library.
 */
export const POSTAL_CODE = /^\d{5}$/;
export const PHONE = /^\d+$/;

export interface ContactFields {
  name: string;
  email: string;
  phone: string;
}

export interface DeliveryFields {
  address: string;
  city: string;
  postalCode: string;
}

export type ContactProblem = 'contactFieldsRequired' | 'invalidEmail' | 'invalidPhone';
export type DeliveryProblem = 'deliveryFieldsRequired' | 'invalidPostalCode';

/** The first problem with the contact data, or null. E-mail and phone are required for delivery. */
export function contactProblem(c: ContactFields, homeDelivery: boolean): ContactProblem | null {
  if (!c.name.trim()) return 'contactFieldsRequired';
  if (homeDelivery && (!c.email.trim() || !c.phone.trim())) return 'contactFieldsRequired';
  if (c.email.trim() && !c.email.includes('@')) return 'invalidEmail';
  if (c.phone.trim() && !PHONE.test(c.phone.trim())) return 'invalidPhone';
  return null;
}

export function deliveryProblem(d: DeliveryFields): DeliveryProblem | null {
  if (!d.address.trim() || !d.city.trim() || !d.postalCode.trim()) return 'deliveryFieldsRequired';
  if (!POSTAL_CODE.test(d.postalCode.trim())) return 'invalidPostalCode';
  return null;
}
