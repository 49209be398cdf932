import type { OnlinePaymentMethod } from '@shop/contracts/payments';
import type { CustomerData } from './form-problem';

/**
 * What the customer typed on the data page, kept for the tab (sessionStorage) from the moment
 * they go to the bank until the order is paid or leaves the session: after a failed or cancelled
 * payment, 'Intentar el pago de nuevo' finds the form exactly as they left it (the phone as they
 * wrote it, not as the shop stores it; the way to pay they chose).
 */
export interface FormDraft {
  data: CustomerData;
  means: OnlinePaymentMethod;
}

const key = (orderId: string) => `checkout_draft:${orderId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const FIELDS = ['name', 'email', 'phone', 'address', 'city', 'postalCode'] as const;

export function readDraft(orderId: string): FormDraft | null {
  try {
    const raw = storage()?.getItem(key(orderId));
    const draft = raw ? (JSON.parse(raw) as Partial<FormDraft>) : null;
    const data = draft?.data as Record<string, unknown> | undefined;
    if (!data || !FIELDS.every((f) => typeof data[f] === 'string')) return null;
    const means = draft?.means === 'bizum' ? 'bizum' : 'card';
    return { data: data as unknown as CustomerData, means };
  } catch {
    return null;
  }
}

export function writeDraft(orderId: string, draft: FormDraft): void {
  try {
    storage()?.setItem(key(orderId), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form then starts from what the order has.
  }
}

export function clearDraft(orderId: string | null): void {
  if (!orderId) return;
  try {
    storage()?.removeItem(key(orderId));
  } catch {
    // See writeDraft.
  }
}
