import type { StaffRole, StaffUser } from '@shop/contracts/auth';
import type { Queryable } from '../../db/client.ts';
import { ConfigError, KNOWN_SECRETS } from '../../env.ts';
import { AppError, fail, forbidden, unauthenticated } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/ids.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../lib/password.ts';
import { passwordWeakness } from '../../lib/password-strength.ts';
import { rateLimited } from '../../plugins/rate-limit.ts';

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

/** Whether any staff account exists (the first start creates one). */
export async function hasStaff(q: Queryable): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM staff_users LIMIT 1');
  return rows.length > 0;
}

/** Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, only while no staff user exists. */
export async function bootstrapAdmin(
  q: Queryable,
  admin: { email: string; password: string },
): Promise<boolean> {
  if (await hasStaff(q)) return false;
  // The placeholder of .env.example and the like count as words anyone knows.
  const weakness = passwordWeakness(admin.password, [admin.email, ...KNOWN_SECRETS]);
  if (weakness) throw new ConfigError(`Configuración no válida:\n  ADMIN_PASSWORD: ${weakness}`);
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

// --- Sign-in throttle ---------------------------------------------------------------------------
//
// Failed sign-ins are counted per account AND source address (login_failures). A pair that keeps
// failing must wait longer and longer before its next try; nothing locks an account: a correct
// password from an address that has not been failing always signs in. See ADR 0013.
//
// A device that has signed in to an account before (its device cookie) is counted on its own
// instead of with its address: the address's lock, which a shared Wi-Fi or a kiosk can bring on
// for everyone behind it, does not apply to it, while the account's own throttle does. ADR 0022.

/** Failures of one account+address pair before each further try must wait. */
export const FREE_FAILURES = 5;
/**
 * An account with this many failures in the window, from all addresses together, is under
 * attack: then every address that fails for it waits after its first failure.
 */
export const ACCOUNT_UNDER_ATTACK_FAILURES = 20;
/** An address with this many failures in the window, whatever the accounts, is refused outright. */
export const ADDRESS_FAILURES_LIMIT = 100;
/** How long failures are remembered; a pair that stays quiet this long starts afresh. */
export const FAILURE_WINDOW_SECONDS = 60 * 60;
/** The wait doubles with each failure past the free ones (1 s, 2 s, 4 s...) up to this. */
export const MAX_FAILURE_DELAY_SECONDS = 15 * 60;

/** A device unused for this long is forgotten (its cookie lives as long). */
export const DEVICE_TTL_SECONDS = 90 * 24 * 60 * 60;
/** Devices remembered per account; a new one retires the least recently used. */
export const DEVICES_PER_ACCOUNT = 20;

/** Seconds a pair with `failures` failures waits after its last one, with `free` free failures. */
export function failureDelaySeconds(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(2 ** (failures - free), MAX_FAILURE_DELAY_SECONDS);
}

/**
 * Takes one try for the pair, counted as a failure until the password proves right (so that tries
 * sent at once cannot all slip through before the first one fails); 429 while the pair must wait.
 */
async function takeSignInTry(
  q: Queryable,
  account: string,
  address: string,
  knownDevice = false,
): Promise<void> {
  const { rows: totals } = await q.query<{ account_failures: number; address_failures: number }>(
    `SELECT
       (SELECT coalesce(sum(failures), 0)::int FROM login_failures
         WHERE account = $1 AND last_failure_at > now() - make_interval(secs => $3)) AS account_failures,
       (SELECT coalesce(sum(failures), 0)::int FROM login_failures
         WHERE address = $2 AND last_failure_at > now() - make_interval(secs => $3)) AS address_failures`,
    [account, address, FAILURE_WINDOW_SECONDS],
  );
  const { account_failures, address_failures } = totals[0]!;
  if (!knownDevice && address_failures >= ADDRESS_FAILURES_LIMIT)
    throw rateLimited(MAX_FAILURE_DELAY_SECONDS);
  const free = account_failures >= ACCOUNT_UNDER_ATTACK_FAILURES ? 1 : FREE_FAILURES;
  // The same doubling as failureDelaySeconds, in SQL, so that the check and the count are one step.
  const delay = (free: string, max: string) =>
    `make_interval(secs => CASE WHEN f.failures < ${free} THEN 0 ELSE least(power(2, f.failures - ${free}), ${max}) END)`;
  const { rows } = await q.query(
    `INSERT INTO login_failures AS f (account, address, failures, last_failure_at) VALUES ($1, $2, 1, now())
     ON CONFLICT (account, address) DO UPDATE SET
       failures = CASE WHEN f.last_failure_at < now() - make_interval(secs => $4) THEN 1 ELSE f.failures + 1 END,
       last_failure_at = now()
     WHERE f.last_failure_at < now() - make_interval(secs => $4) OR f.last_failure_at + ${delay('$3', '$5')} <= now()
     RETURNING failures`,
    [account, address, free, FAILURE_WINDOW_SECONDS, MAX_FAILURE_DELAY_SECONDS],
  );
  if (rows[0]) return;
  const { rows: wait } = await q.query<{ seconds: number }>(
    `SELECT extract(epoch FROM f.last_failure_at + ${delay('$3', '$4')} - now())::float8 AS seconds
     FROM login_failures f WHERE account = $1 AND address = $2`,
    [account, address, free, MAX_FAILURE_DELAY_SECONDS],
  );
  throw rateLimited(wait[0]?.seconds ?? 1);
}

/** The wait runs from the failure's answer, not from the start of its (slow, scrypt) check. */
async function markSignInFailure(q: Queryable, account: string, address: string): Promise<void> {
  await q.query('UPDATE login_failures SET last_failure_at = now() WHERE account = $1 AND address = $2', [
    account,
    address,
  ]);
}

/** Forgets the pair's failures: the password was right. */
async function clearSignInFailures(q: Queryable, account: string, address: string): Promise<void> {
  await q.query('DELETE FROM login_failures WHERE account = $1 AND address = $2', [account, address]);
}

/**
 * Deletes failures nobody remembers any more and devices unused for DEVICE_TTL_SECONDS (the
 * housekeeping job); safe on every instance.
 */
export async function purgeLoginFailures(q: Queryable): Promise<number> {
  const { rowCount } = await q.query(
    'DELETE FROM login_failures WHERE last_failure_at < now() - make_interval(secs => $1)',
    [FAILURE_WINDOW_SECONDS],
  );
  const devices = await q.query(
    'DELETE FROM staff_devices WHERE last_used_at < now() - make_interval(secs => $1)',
    [DEVICE_TTL_SECONDS],
  );
  return (rowCount ?? 0) + (devices.rowCount ?? 0);
}

/**
 * The throttle's source for this sign-in: the device, when `deviceToken` is a live device cookie
 * of this very account (a cookie of another account counts for nothing), else the address.
 */
async function signInSource(
  q: Queryable,
  email: string,
  address: string,
  deviceToken: string | undefined,
): Promise<{ source: string; device: string | null }> {
  if (deviceToken && /^[A-Za-z0-9_-]{22,64}$/.test(deviceToken)) {
    const hash = sha256(`device:${deviceToken}`);
    const { rows } = await q.query(
      `SELECT 1 FROM staff_devices d JOIN staff_users u ON u.id = d.user_id
       WHERE d.token_hash = $1 AND u.email = $2 AND d.last_used_at > now() - make_interval(secs => $3)`,
      [hash, email, DEVICE_TTL_SECONDS],
    );
    // Keyed by a hash of the hash: the failures table never holds what could be turned into a cookie.
    if (rows[0]) return { source: `device:${sha256(hash).slice(0, 32)}`, device: hash };
  }
  return { source: address, device: null };
}

/**
 * The device's token after a successful sign-in: a new one each time (the old one, if any, is
 * retired), kept DEVICE_TTL_SECONDS, at most DEVICES_PER_ACCOUNT per account.
 */
async function rememberDevice(q: Queryable, userId: number, previous: string | null): Promise<string> {
  if (previous) await q.query('DELETE FROM staff_devices WHERE token_hash = $1', [previous]);
  const token = randomToken();
  await q.query('INSERT INTO staff_devices (token_hash, user_id) VALUES ($1, $2)', [
    sha256(`device:${token}`),
    userId,
  ]);
  await q.query(
    `DELETE FROM staff_devices WHERE user_id = $1 AND token_hash NOT IN (
       SELECT token_hash FROM staff_devices WHERE user_id = $1 ORDER BY last_used_at DESC, created_at DESC LIMIT $2)`,
    [userId, DEVICES_PER_ACCOUNT],
  );
  return token;
}

/**
 * Checks the password and opens a session; returns the raw session id for the cookie and the
 * device token for the device cookie. `address` is the client's address as the rate limits see it
 * (`clientAddress`); `deviceToken` the device cookie the browser sent, if any.
 */
export async function signIn(
  q: Queryable,
  input: { email: string; password: string; address: string; deviceToken?: string | undefined },
): Promise<{ user: StaffUser; sessionId: string; deviceToken: string }> {
  const email = input.email.toLowerCase();
  const { source, device } = await signInSource(q, email, input.address, input.deviceToken);
  await takeSignInTry(q, email, source, device !== null);
  const { rows } = await q.query<UserRow>(
    'SELECT id, email, name, role, store_id, password_hash, disabled FROM staff_users WHERE email = $1',
    [email],
  );
  const row = rows[0];
  const ok = await verifyPassword(input.password, row?.password_hash ?? (await DUMMY_HASH_PROMISE));
  if (!row || !ok || row.disabled) {
    await markSignInFailure(q, email, source);
    throw fail(401, 'INVALID_CREDENTIALS', 'invalidCredentials');
  }
  await clearSignInFailures(q, email, source);
  const sessionId = randomToken();
  await q.query('INSERT INTO staff_sessions (id_hash, user_id) VALUES ($1, $2)', [sha256(sessionId), row.id]);
  const deviceToken = await rememberDevice(q, row.id, device);
  return { user: toUser(row), sessionId, deviceToken };
}

/**
 * A staff member's new password: the current one must be right (tries count against the sign-in
 * throttle), the new one strong enough; every other session of the account ends.
 */
export async function changeOwnPassword(
  q: Queryable,
  input: {
    user: StaffUser;
    sessionId: string;
    currentPassword: string;
    newPassword: string;
    address: string;
  },
): Promise<void> {
  await takeSignInTry(q, input.user.email, input.address);
  const { rows } = await q.query<{ password_hash: string }>(
    'SELECT password_hash FROM staff_users WHERE id = $1',
    [input.user.id],
  );
  if (!rows[0] || !(await verifyPassword(input.currentPassword, rows[0].password_hash))) {
    throw fail(403, 'INVALID_CREDENTIALS', 'currentPasswordWrong');
  }
  await clearSignInFailures(q, input.user.email, input.address);
  assertStrongPassword(input.newPassword, input.user);
  const hash = await hashPassword(input.newPassword);
  await q.query('UPDATE staff_users SET password_hash = $2 WHERE id = $1', [input.user.id, hash]);
  await q.query('DELETE FROM staff_sessions WHERE user_id = $1 AND id_hash <> $2', [
    input.user.id,
    sha256(input.sessionId),
  ]);
}

/** 422 with the reason in Spanish when a staff password is too easy to guess (password-strength.ts). */
export function assertStrongPassword(password: string, account: { email: string; name: string }): void {
  const weakness = passwordWeakness(password, [account.email, account.name]);
  if (weakness) throw new AppError(422, 'WEAK_PASSWORD', weakness);
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
