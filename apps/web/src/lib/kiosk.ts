import { paths } from '../config/paths';
import { getSessionValue } from './session';

/**
 * An in-store kiosk: the session came in through the store's screen link (origin 'screen'). The
 * kiosk stays in its store: nothing on it may lead to the store selection (which forgets the
 * store and its origin, so the next 'Añadir imagen' would open a file picker on the shop's
 * screen), to the landing page, or out of the shop (WhatsApp, phone, e-mail apps).
 */
export const isKiosk = (): boolean => getSessionValue('from_url') === 'screen';

/** The kiosk's own store homepage; null when this is not a kiosk (or its store is not known). */
export function kioskHome(): string | null {
  const storeUrl = getSessionValue('store_url');
  return isKiosk() && storeUrl ? paths.store(storeUrl) : null;
}

/** Links that leave the shop: other sites and apps. */
const OUTSIDE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Links that would take a kiosk out of its store: the landing pages and the store selection. */
const LEAVES_STORE = /^\/(?:$|[?#]|store\/?(?:$|[?#])|welcome\/)/;

/**
 * Where a link goes on this device: the one decision for every link of the storefront (header,
 * footer, landing, pages). Elsewhere, `href` itself. On a kiosk: a link that would leave the store
 * leads to the store's homepage, and a link out of the shop goes nowhere (null: show its text,
 * not a link).
 */
export function linkOnThisDevice(href: string): string | null {
  const home = kioskHome();
  if (!home) return href;
  if (OUTSIDE.test(href)) return null;
  if (LEAVES_STORE.test(href)) return home;
  return href;
}
