import type { StaffAccount, StaffRole } from '@shop/contracts/auth';
import type { Database, Queryable } from '../../db/client.ts';
import { fail, fieldError, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { assertStrongPassword, createStaffUser } from './service.ts';

/** Staff accounts as admins manage them: create store staff, reset passwords, disable, delete. */

interface AccountRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  store_id: number | null;
  disabled: boolean;
  created_at: Date;
}

const toAccount = (r: AccountRow): StaffAccount => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  storeId: r.store_id,
  disabled: r.disabled,
  createdAt: r.created_at.toISOString(),
});

const COLUMNS = 'id, email, name, role, store_id, disabled, created_at';

export async function listAccounts(q: Queryable): Promise<StaffAccount[]> {
  const { rows } = await q.query<AccountRow>(`SELECT ${COLUMNS} FROM staff_users ORDER BY id`);
  return rows.map(toAccount);
}

export async function account(q: Queryable, id: number): Promise<StaffAccount> {
  const { rows } = await q.query<AccountRow>(`SELECT ${COLUMNS} FROM staff_users WHERE id = $1`, [id]);
  if (!rows[0]) throw notFound();
  return toAccount(rows[0]);
}

export interface NewAccount {
  email: string;
  name: string;
  role: StaffRole;
  storeId?: number | null | undefined;
  password: string;
}

export async function createAccount(q: Queryable, input: NewAccount): Promise<StaffAccount> {
  assertStrongPassword(input.password, input);
  try {
    const user = await createStaffUser(q, {
      ...input,
      storeId: input.role === 'admin' ? null : (input.storeId ?? null),
    });
    return await account(q, user.id);
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw fieldError(409, 'DUPLICATE', 'staffEmailTaken', 'email');
    throw err;
  }
}

export interface AccountChange {
  name?: string | undefined;
  role?: StaffRole | undefined;
  storeId?: number | null | undefined;
  disabled?: boolean | undefined;
  password?: string | undefined;
}

/** Changes an account; `by` is the admin making the change. */
export async function updateAccount(
  db: Database,
  by: { id: number },
  id: number,
  change: AccountChange,
): Promise<StaffAccount> {
  if (id === by.id && (change.disabled === true || change.role === 'store'))
    throw fail(409, 'CONFLICT', 'cannotLockOutSelf');
  if (change.password) assertStrongPassword(change.password, await account(db, id));
  const hash = change.password ? await hashPassword(change.password) : null;
  return db.transaction(async (tx) => {
    const current = await account(tx, id);
    const role = change.role ?? current.role;
    const storeId = role === 'admin' ? null : change.storeId !== undefined ? change.storeId : current.storeId;
    if (role === 'store' && storeId === null) throw fail(400, 'VALIDATION_FAILED', 'validationFailed');
    await tx.query(
      `UPDATE staff_users SET name = $2, role = $3, store_id = $4, disabled = $5,
         password_hash = COALESCE($6, password_hash) WHERE id = $1`,
      [id, change.name ?? current.name, role, storeId, change.disabled ?? current.disabled, hash],
    );
    // A new password, a lock or a change of rights ends every open session of that account.
    if (hash || change.disabled === true || change.role !== undefined || change.storeId !== undefined) {
      await tx.query('DELETE FROM staff_sessions WHERE user_id = $1', [id]);
    }
    return account(tx, id);
  });
}

/**
 * Locks an account for deletion (`tx` is a transaction) and returns how the rest of the shop's
 * history names it: `staff:<email>` as an order's actor, its id as an invoice's issuer.
 */
export async function lockAccountForDeletion(
  tx: Queryable,
  by: { id: number },
  id: number,
): Promise<{ actor: string; id: number }> {
  if (id === by.id) throw fail(409, 'CONFLICT', 'cannotDeleteSelf');
  const { rows } = await tx.query<{ email: string }>(
    'SELECT email FROM staff_users WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!rows[0]) throw notFound();
  return { actor: `staff:${rows[0].email}`, id };
}

export async function deleteAccount(tx: Queryable, id: number): Promise<void> {
  await tx.query('DELETE FROM staff_users WHERE id = $1', [id]);
}

/** Whether any staff account belongs to a store. */
export async function storeHasStaff(q: Queryable, storeId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM staff_users WHERE store_id = $1 LIMIT 1', [storeId]);
  return rows.length > 0;
}
