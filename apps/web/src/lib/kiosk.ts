import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../config/paths';
import { getSessionValue, sessionSnapshot, subscribeToSession } from './session';

/**
 * An in-store kiosk: the session came in through the store's screen link (origin 'screen'). The
 * kiosk stays in its store: nothing on it may lead to the store selection (which forgets the
 * store and its origin, so the next 'Añadir imagen' would open a file picker on the shop's
 * screen), to the landing page, or out of the shop (WhatsApp, phone, e-mail apps).
 */
export const isKiosk = (): boolean => getSessionValue('from_url') === 'screen';

/** The page this tab shows (none outside a browser: the unit tests). */
const currentPath = (): string => globalThis.location?.pathname ?? '/';

/**
 * The code of a store homepage this tab is opening but has not entered yet (`/store/{code}` before
 * its origin is decoded), else null. Until the server says whether it is a kiosk's link, the page
 * is treated as a kiosk's: the first paint of a kiosk link never shows a link out of the store (a
 * visitor's links appear a moment later, once the link is decoded). The landing of a shared link
 * (`/welcome/{code}`) never decodes its link, and stays a visitor's page.
 */
export function storeLinkBeingEntered(pathname: string = currentPath()): string | null {
  // Store codes are URL-safe: the path holds them as the route's parameter has them.
  const code = /^\/store\/([^/]+)/.exec(pathname)?.[1];
  return code && getSessionValue('store_url') !== code ? code : null;
}

/**
 * The kiosk's own store homepage (also while a store link is being entered: see
 * storeLinkBeingEntered); null when this is not a kiosk (or its store is not known).
 */
export function kioskHome(pathname: string = currentPath()): string | null {
  const entering = storeLinkBeingEntered(pathname);
  if (entering) return paths.store(entering);
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
export function linkOnThisDevice(href: string, pathname: string = currentPath()): string | null {
  const home = kioskHome(pathname);
  if (!home) return href;
  if (OUTSIDE.test(href)) return null;
  if (LEAVES_STORE.test(href)) return home;
  return href;
}

/**
 * `linkOnThisDevice` for a component: it renders again when the page changes or the session does
 * (the store link decoded, the kiosk flag set), so a header or footer drawn before is put right.
 */
export function useLinkOnThisDevice(): (href: string) => string | null {
  const pathname = useDevicePath();
  return (href) => linkOnThisDevice(href, pathname);
}

/** `kioskHome` for a component, kept up to date as `useLinkOnThisDevice` is. */
export function useKioskHome(): string | null {
  return kioskHome(useDevicePath());
}

/** The page's path, with a render whenever the session changes. */
function useDevicePath(): string {
  useSyncExternalStore(subscribeToSession, sessionSnapshot, sessionSnapshot);
  return useLocation().pathname;
}
