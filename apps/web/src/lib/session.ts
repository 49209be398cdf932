import type { PaymentMethod } from '@shop/contracts/orders';
import { STORE_COOKIE } from '@shop/contracts/storefront';
import type { Origin } from '@shop/contracts/stores';

export type DeliveryMethod = 'pickup' | 'delivery';

/** What the storefront keeps per tab (sessionStorage), under the names of docs/product.md §3.10. */
export interface SessionValues {
  order_id: string;
  store_id: number;
  /** The visitor's origin: 'false' for a plain link, 'screen' for a kiosk. */
  from_url: Origin;
  delivery_method: DeliveryMethod;
  payment_method: PaymentMethod;
  /** The store's encoded url, so that any page can link back to the store homepage. */
  store_url: string;
}

export type SessionKey = keyof SessionValues;

const oneOf =
  <T extends string>(...allowed: T[]) =>
  (raw: string): T | null =>
    (allowed as string[]).includes(raw) ? (raw as T) : null;

// Session storage is editable by anyone with devtools: read back only values that make sense.
const parsers: { [K in SessionKey]: (raw: string) => SessionValues[K] | null } = {
  order_id: (raw) => raw || null,
  store_id: (raw) => (/^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null),
  from_url: oneOf<Origin>('false', 'screen'),
  delivery_method: oneOf<DeliveryMethod>('pickup', 'delivery'),
  payment_method: oneOf<PaymentMethod>('paystore', 'paynow'),
  store_url: (raw) => raw || null,
};

// Storage can be missing or throw (disabled cookies, some private modes); the shop still works
// for the current page then, it just cannot remember anything.
function storage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function write(kind: 'sessionStorage' | 'localStorage', key: string, value: string): void {
  try {
    storage(kind)?.setItem(key, value);
  } catch {
    // Quota or privacy restrictions: see storage().
  }
}

export function getSessionValue<K extends SessionKey>(key: K): SessionValues[K] | null {
  const raw = storage('sessionStorage')?.getItem(key);
  return raw == null ? null : parsers[key](raw);
}

export function setSessionValue<K extends SessionKey>(key: K, value: SessionValues[K]): void {
  write('sessionStorage', key, String(value));
  if (key === 'store_id') writeStoreCookie(String(value));
  sessionChanged();
}

export function removeSessionValues(...keys: SessionKey[]): void {
  const session = storage('sessionStorage');
  for (const key of keys) session?.removeItem(key);
  if (keys.includes('store_id')) writeStoreCookie(null);
  sessionChanged();
}

/** Who re-renders when the session changes (the header and footer follow the kiosk flag). */
const sessionListeners = new Set<() => void>();
let sessionVersion = 0;

function sessionChanged(): void {
  sessionVersion++;
  for (const listener of sessionListeners) listener();
}

/** For useSyncExternalStore: calls `listener` after every change this tab makes to the session. */
export function subscribeToSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** For useSyncExternalStore: a number that changes with every change to the session. */
export const sessionSnapshot = (): number => sessionVersion;

/**
 * The store is also told to the server, in a cookie for the browsing session, so that a page asked
 * for directly (a reload of the models page) comes with its first screen (STORE_COOKIE).
 */
function writeStoreCookie(storeId: string | null): void {
  writeSessionCookie(STORE_COOKIE, storeId, 'Lax');
}

/**
 * Sets a cookie for the browsing session (no expiry: it goes when the browser closes), or deletes
 * it (null); Secure on HTTPS. Cookies off: nothing happens, and callers do without it.
 */
export function writeSessionCookie(name: string, value: string | null, sameSite: 'Lax' | 'Strict'): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const pair = value === null ? '=; Max-Age=0' : `=${encodeURIComponent(value)}`;
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the iPhones of a few years ago.
    document.cookie = `${name}${pair}; Path=/; SameSite=${sameSite}${secure}`;
  } catch {
    // Cookies off.
  }
}

/** A cookie's value as the browser holds it, or null. */
export function readCookie(name: string): string | null {
  try {
    const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
    return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
  } catch {
    return null;
  }
}

const COOKIE_CONSENT = 'cookieConsentAccepted';

export const hasCookieConsent = (): boolean => storage('localStorage')?.getItem(COOKIE_CONSENT) === 'true';

export function acceptCookies(): void {
  write('localStorage', COOKIE_CONSENT, 'true');
}
