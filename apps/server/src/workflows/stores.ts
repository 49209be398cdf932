import type { Store, StoreInput } from '@shop/contracts/stores';
import type { Database, Queryable } from '../db/client.ts';
import { conflict } from '../lib/errors.ts';
import { storeHasStaff } from '../modules/auth/index.ts';
import { hiddenCaseTypesOf, offerWholeCatalogue, setHiddenCaseTypes } from '../modules/catalogue/index.ts';
import { storeHasOrders } from '../modules/orders/index.ts';
import { createStore, deleteStore, getStore, updateStore } from '../modules/stores/index.ts';

/** A store as staff see it: with the case types it does not sell (the catalogue keeps those). */
export async function storeForStaff(q: Queryable, id: number): Promise<Store> {
  const store = await getStore(q, id);
  return { ...store, hiddenCaseTypeIds: await hiddenCaseTypesOf(q, id) };
}

/**
 * A new partner store offers the whole catalogue until staff narrow it down, in every case type
 * but those the form hides.
 */
export function openStore(db: Database, input: StoreInput): Promise<Store> {
  return db.transaction(async (tx) => {
    const store = await createStore(tx, input);
    await offerWholeCatalogue(tx, store.id);
    await setHiddenCaseTypes(tx, store.id, input.hiddenCaseTypeIds ?? []);
    return storeForStaff(tx, store.id);
  });
}

/** The store's record and, when the form sends them, the case types it does not sell. */
export function changeStore(db: Database, id: number, input: StoreInput): Promise<Store> {
  return db.transaction(async (tx) => {
    await updateStore(tx, id, input);
    if (input.hiddenCaseTypeIds !== undefined) await setHiddenCaseTypes(tx, id, input.hiddenCaseTypeIds);
    return storeForStaff(tx, id);
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
