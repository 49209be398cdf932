import type { Store, StoreInput } from '@shop/contracts/stores';
import type { Database } from '../db/client.ts';
import { conflict } from '../lib/errors.ts';
import { storeHasStaff } from '../modules/auth/index.ts';
import { offerWholeCatalogue } from '../modules/catalogue/index.ts';
import { storeHasOrders } from '../modules/orders/index.ts';
import { createStore, deleteStore } from '../modules/stores/index.ts';

/** A new partner store offers the whole catalogue until staff narrow it down. */
export function openStore(db: Database, input: StoreInput): Promise<Store> {
  return db.transaction(async (tx) => {
    const store = await createStore(tx, input);
    await offerWholeCatalogue(tx, store.id);
    return store;
  });
}

/** A store that took orders or has staff stays (409 IN_USE): it can be marked 'de baja' instead. */
export function closeStore(db: Database, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    if (await storeHasOrders(tx, id)) throw conflict('storeInUse', 'IN_USE');
    if (await storeHasStaff(tx, id)) throw conflict('storeHasStaff', 'IN_USE');
    await deleteStore(tx, id);
  });
}
