import { messages } from '@shop/contracts/messages';
import type { Store } from '@shop/contracts/stores';
import { useEffect, useState } from 'react';
import { isAbort } from '@/lib/api-client';
import { DisplayError, displayMessage, orFail } from '@/lib/errors';
import { setSessionValue } from '@/lib/session';
import { decodeStoreUrl } from '../api/decode-store-url';
import { getStore } from '../api/get-store';
import { isStoreValid } from '../api/validate-store';

export type StoreEntry =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; store: Store };

/** Store entry (docs/product.md §4.2): decode the link, validate the store, keep it in the session. */
async function enterStore(encodedUrl: string, signal: AbortSignal): Promise<Store> {
  const decoded = await orFail(decodeStoreUrl(encodedUrl, signal), messages.pageLoadFailed);
  const valid = await orFail(isStoreValid(decoded.storeId, signal), messages.storeValidationFailed);
  if (!valid) throw new DisplayError(messages.invalidStore);

  setSessionValue('store_id', decoded.storeId);
  setSessionValue('from_url', decoded.fromURL);
  setSessionValue('store_url', encodedUrl);

  return orFail(getStore(decoded.storeId, signal), messages.storeDetailsFailed);
}

export function useStoreEntry(encodedUrl: string): StoreEntry {
  const [entry, setEntry] = useState<StoreEntry>({ status: 'loading' });

  useEffect(() => {
    if (!encodedUrl.trim()) {
      setEntry({ status: 'error', message: messages.invalidStoreUrl });
      return;
    }
    const controller = new AbortController();
    setEntry({ status: 'loading' });
    enterStore(encodedUrl, controller.signal).then(
      (store) => setEntry({ status: 'ready', store }),
      (error: unknown) => {
        if (!isAbort(error))
          setEntry({ status: 'error', message: displayMessage(error, messages.pageLoadFailed) });
      },
    );
    return () => controller.abort();
  }, [encodedUrl]);

  return entry;
}
