import { isKiosk } from '@/lib/kiosk';

/**
 * A form field's `autocomplete` on this device: its token elsewhere, off on a kiosk, where the
 * browser would offer the last customers' names, e-mails and addresses to the next one.
 */
export const autofillOnThisDevice = (token: string): string => (isKiosk() ? 'off' : token);
