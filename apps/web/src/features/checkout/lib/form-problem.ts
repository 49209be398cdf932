import {
  type ContactFields,
  type ContactProblem,
  contactProblem,
  type DeliveryFields,
  type DeliveryProblem,
  deliveryProblem,
} from '@shop/contracts/checkout-rules';

export type CustomerData = ContactFields & DeliveryFields;
export type FieldName = keyof CustomerData;

export interface FormProblem {
  /** The message key of docs/product.md §5.3 (the server answers with the same one). */
  key: ContactProblem | DeliveryProblem;
  section: 'contact' | 'delivery';
  /** The fields to mark as wrong, in form order; the first one gets the focus. */
  fields: FieldName[];
}

const blank = (value: string) => !value.trim();

/**
 * The first problem with the data form, by the same rules the server applies (`contactProblem`,
 * `deliveryProblem`), with the fields it concerns. Delivery data counts only for home delivery.
 */
export function formProblem(data: CustomerData, homeDelivery: boolean, payNow = false): FormProblem | null {
  const contact = contactProblem(data, homeDelivery, payNow);
  if (contact) {
    // A missing name is named alone in the message, but every required field left empty is marked.
    const required = (field: FieldName) => field === 'name' || homeDelivery || (field === 'email' && payNow);
    const fields: FieldName[] =
      contact === 'nameRequired'
        ? (['name', 'email', 'phone'] as const).filter((field) => blank(data[field]) && required(field))
        : contact === 'invalidEmail' || contact === 'emailRequiredToPay'
          ? ['email']
          : contact === 'invalidPhone'
            ? ['phone']
            : (['email', 'phone'] as const).filter((field) => blank(data[field]));
    return { key: contact, section: 'contact', fields };
  }
  if (!homeDelivery) return null;
  const delivery = deliveryProblem(data);
  if (!delivery) return null;
  const fields: FieldName[] =
    delivery === 'invalidPostalCode' || delivery === 'postalCodeNotDelivered'
      ? ['postalCode']
      : (['address', 'city', 'postalCode'] as const).filter((field) => blank(data[field]));
  return { key: delivery, section: 'delivery', fields };
}
