/**
 * The order this tab has just paid online. Once paid, the order leaves the session (the next case
 * is a new order); the success page still has to show it after a reload, so its id stays here, in
 * the tab's own storage, until another payment replaces it.
 */
const KEY = 'paid_order_id';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberPaidOrder(orderId: string): void {
  try {
    storage()?.setItem(KEY, orderId);
  } catch {
    // Quota or privacy restrictions: the page still shows the order until it is reloaded.
  }
}

export function paidOrderId(): string | null {
  try {
    return storage()?.getItem(KEY) || null;
  } catch {
    return null;
  }
}
