/**
 * The design a customer is working on, remembered in this browser for as long as it stays open (a
 * session cookie, which the server ignores), so that coming back to the store in
 * another tab offers to carry on where they were; the draft itself is on the server, with the
 * order. Only what it takes to find it again: the order's id and its store. Nothing outlives the
 * browser's session, so a shared computer does not keep offering it for a month. Never on a kiosk,
 * whose screen the next customer uses. Forgotten when the design is ordered, when the customer says
 * so, when the browser closes, and in any case after KEEP_DAYS.
 */
import { DEFAULT_RETENTION } from '@shop/contracts/retention';
import { readCookie, writeSessionCookie } from '../../../lib/session';

export const DESIGN_IN_PROGRESS_KEY = 'designInProgress';
/** As long as the shop keeps an order that was never placed. */
export const KEEP_DAYS = DEFAULT_RETENTION.abandonedOrderDays;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DesignInProgress {
  orderId: string;
  storeId: number;
  /** The store's encoded url, for the links back to it. */
  storeUrl: string;
  /** When it was last saved (ms since the epoch). */
  savedAt: number;
}

/** Reads the entry, or null when there is none, it is malformed or it is older than KEEP_DAYS. */
export function parseDesignInProgress(raw: string | null, now: number): DesignInProgress | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<DesignInProgress>;
    const ok =
      typeof v.orderId === 'string' &&
      /^[0-9a-f-]{36}$/i.test(v.orderId) &&
      Number.isInteger(v.storeId) &&
      (v.storeId ?? 0) > 0 &&
      typeof v.storeUrl === 'string' &&
      v.storeUrl.length > 0 &&
      typeof v.savedAt === 'number' &&
      now - v.savedAt < KEEP_DAYS * DAY_MS;
    return ok ? (v as DesignInProgress) : null;
  } catch {
    return null;
  }
}

export function designInProgress(now = Date.now()): DesignInProgress | null {
  return parseDesignInProgress(readCookie(DESIGN_IN_PROGRESS_KEY), now);
}

export function rememberDesignInProgress(entry: Omit<DesignInProgress, 'savedAt'>, now = Date.now()): void {
  // Cookies refused: the design is still saved with the order for this tab.
  writeSessionCookie(DESIGN_IN_PROGRESS_KEY, JSON.stringify({ ...entry, savedAt: now }), 'Strict');
}

/** Forgets the entry (only if it is for `orderId`, when given). */
export function forgetDesignInProgress(orderId?: string): void {
  const current = designInProgress();
  if (orderId && current && current.orderId !== orderId) return;
  writeSessionCookie(DESIGN_IN_PROGRESS_KEY, null, 'Strict');
}
