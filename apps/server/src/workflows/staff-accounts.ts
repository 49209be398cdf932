import type { StaffAccount } from '@shop/contracts/auth';
import type { Database, Queryable } from '../db/client.ts';
import { conflict, fail } from '../lib/errors.ts';
import {
  type AccountChange,
  createAccount,
  deleteAccount,
  lockAccountForDeletion,
  type NewAccount,
  updateAccount,
} from '../modules/auth/index.ts';
import { invoicesNameStaff } from '../modules/invoices/index.ts';
import { ordersNameStaff } from '../modules/orders/index.ts';
import { findStore } from '../modules/stores/index.ts';

/** Staff accounts as admins manage them: an account's store must exist; its history stays. */

async function ensureStore(q: Queryable, storeId: number | null | undefined): Promise<void> {
  if (storeId === null || storeId === undefined) return;
  if (!(await findStore(q, storeId))) throw fail(400, 'STORE_NOT_FOUND', 'storeNotFound');
}

export async function createStaffAccount(db: Database, input: NewAccount): Promise<StaffAccount> {
  await ensureStore(db, input.storeId);
  return createAccount(db, input);
}

export async function updateStaffAccount(
  db: Database,
  by: { id: number },
  id: number,
  change: AccountChange,
): Promise<StaffAccount> {
  await ensureStore(db, change.storeId);
  return updateAccount(db, by, id, change);
}

/**
 * Deletes an account nobody's work refers to: one that changed or cashed an order, or issued an
 * invoice, stays (409 IN_USE) so the history keeps saying who did it; it can be disabled instead.
 */
export async function deleteStaffAccount(db: Database, by: { id: number }, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const named = await lockAccountForDeletion(tx, by, id);
    if ((await ordersNameStaff(tx, named.actor)) || (await invoicesNameStaff(tx, named.id))) {
      throw conflict('staffInUse', 'IN_USE');
    }
    await deleteAccount(tx, id);
  });
}
