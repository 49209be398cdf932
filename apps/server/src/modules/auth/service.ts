import type { StaffRole, StaffUser } from '@shop/contracts/auth';
import type { Queryable } from '../../db/client.ts';
import { fail, forbidden, unauthenticated } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/ids.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../lib/password.ts';
import { hit, reset } from '../../plugins/rate-limit.ts';

/** A staff session ends after 2 hours without use, and after 12 hours whatever happens. */
export const IDLE_TIMEOUT_SECONDS = 2 * 60 * 60;
export const ABSOLUTE_TIMEOUT_SECONDS = 12 * 60 * 60;

interface UserRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  store_id: number | null;
  password_hash: string;
  disabled: boolean;
}

const toUser = (r: UserRow): StaffUser => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  storeId: r.store_id,
});

export async function createStaffUser(
  q: Queryable,
  input: { email: string; name: string; password: string; role: StaffRole; storeId: number | null },
): Promise<StaffUser> {
  const hash = await hashPassword(input.password);
  const { rows } = await q.query<UserRow>(
    `INSERT INTO staff_users (email, name, password_hash, role, store_id) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, email, name, role, store_id, password_hash, disabled`,
    [input.email.toLowerCase(), input.name, hash, input.role, input.storeId],
  );
  return toUser(rows[0]!);
}

/** Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, only while no staff user exists. */
export async function bootstrapAdmin(
  q: Queryable,
  admin: { email: string; password: string },
): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM staff_users LIMIT 1');
  if (rows.length > 0) return false;
  try {
    await createStaffUser(q, {
      email: admin.email,
      name: 'Administración',
      password: admin.password,
      role: 'admin',
      storeId: null,
    });
  } catch (err) {
    // Instances starting together on a new database: another one created it first.
    if ((err as { code?: string }).code === '23505') return false;
    throw err;
  }
  return true;
}

/** Checks the password and opens a session; returns the raw session id for the cookie. */
export async function signIn(
  q: Queryable,
  input: { email: string; password: string; ip: string },
): Promise<{ user: StaffUser; sessionId: string }> {
  const email = input.email.toLowerCase();
  await hit(q, `login:ip:${input.ip}`, 50, 15 * 60);
  await hit(q, `login:account:${email}`, 10, 15 * 60);
  const { rows } = await q.query<UserRow>(
    'SELECT id, email, name, role, store_id, password_hash, disabled FROM staff_users WHERE email = $1',
    [email],
  );
  const row = rows[0];
  const ok = await verifyPassword(input.password, row?.password_hash ?? (await DUMMY_HASH_PROMISE));
  if (!row || !ok || row.disabled) throw fail(401, 'INVALID_CREDENTIALS', 'invalidCredentials');
  await reset(q, `login:account:${email}`);
  const sessionId = randomToken();
  await q.query('INSERT INTO staff_sessions (id_hash, user_id) VALUES ($1, $2)', [sha256(sessionId), row.id]);
  return { user: toUser(row), sessionId };
}

export async function signOut(q: Queryable, sessionId: string): Promise<void> {
  await q.query('DELETE FROM staff_sessions WHERE id_hash = $1', [sha256(sessionId)]);
}

/** The signed-in staff user behind a session id, or null when it is unknown, expired or disabled. */
export async function sessionUser(q: Queryable, sessionId: string): Promise<StaffUser | null> {
  const { rows } = await q.query<UserRow>(
    `UPDATE staff_sessions s SET last_seen_at = now()
     FROM staff_users u
     WHERE s.id_hash = $1 AND u.id = s.user_id AND NOT u.disabled
       AND s.last_seen_at > now() - make_interval(secs => $2)
       AND s.created_at > now() - make_interval(secs => $3)
     RETURNING u.id, u.email, u.name, u.role, u.store_id, u.password_hash, u.disabled`,
    [sha256(sessionId), IDLE_TIMEOUT_SECONDS, ABSOLUTE_TIMEOUT_SECONDS],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

export function requireStaff(staff: StaffUser | null): StaffUser {
  if (!staff) throw unauthenticated();
  return staff;
}

export function requireAdmin(staff: StaffUser | null): StaffUser {
  const user = requireStaff(staff);
  if (user.role !== 'admin') throw forbidden();
  return user;
}

/** Admins may act on any store; store staff only on their own. */
export function requireStoreAccess(staff: StaffUser | null, storeId: number): StaffUser {
  const user = requireStaff(staff);
  if (user.role !== 'admin' && user.storeId !== storeId) throw forbidden();
  return user;
}
