/**
 * How much customers may store: bytes of photos per client (its visitor cookie and its address)
 * in fixed windows, and per order (the photos of its tray). Uploads are anonymous and kept a day
 * when they reach no order, so without these one address could fill the disk at the speed of the
 * request limits. See ADR 0022.
 */
import type { Queryable } from '../../db/client.ts';
import { type AppError, fail } from '../../lib/errors.ts';

const MB = 1024 * 1024;

/**
 * Per hour. A stored photo (the original shrunk to what the print needs, with its editor and
 * preview sizes) weighs about 3-4 MB: a store's kiosk at its busiest (some 60 orders an hour, one
 * or two photos each) stores about 300 MB, and several stores behind one shared Wi-Fi stay under
 * the address's figure. A script gets 2 GB an hour from an address, a fifteenth of what the
 * upload rate limits alone let through before.
 */
export const UPLOAD_QUOTA = {
  windowSeconds: 60 * 60,
  perVisitorBytes: 500 * MB,
  perAddressBytes: 2048 * MB,
} as const;

/**
 * The photos of one order's tray together (originals and their editor and preview sizes): twelve
 * ordinary photos take about 45 MB, so 100 MB only stops trays filled with the heaviest files.
 */
export const ORDER_PHOTOS_MAX_BYTES = 100 * MB;

export interface UploadClient {
  visitorId: string;
  /** `clientAddress(req)`. */
  address: string;
}

const keysOf = (client: UploadClient) => [
  { key: `upload-bytes:visitor:${client.visitorId}`, limit: UPLOAD_QUOTA.perVisitorBytes },
  { key: `upload-bytes:address:${client.address}`, limit: UPLOAD_QUOTA.perAddressBytes },
];

const quotaExceeded = (retryAfterSeconds: number): AppError => {
  const err = fail(429, 'UPLOAD_QUOTA_EXCEEDED', 'uploadQuotaExceeded') as AppError & {
    retryAfter?: number;
  };
  err.retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return err;
};

const LIVE = `window_start > now() - make_interval(secs => $2)`;
const RETRY = `ceil(extract(epoch FROM (window_start + make_interval(secs => $2) - now())))::int`;

/**
 * 429 UPLOAD_QUOTA_EXCEEDED when the client has already stored its share of the window: asked
 * before a photo is processed, so a client over its quota costs no decoding.
 */
export async function expectQuotaLeft(q: Queryable, client: UploadClient): Promise<void> {
  const keys = keysOf(client);
  const { rows } = await q.query<{ key: string; bytes: string; retry: number }>(
    `SELECT key, bytes::text AS bytes, ${RETRY} AS retry FROM upload_quota WHERE key = ANY($1::text[]) AND ${LIVE}`,
    [keys.map((k) => k.key), UPLOAD_QUOTA.windowSeconds],
  );
  for (const row of rows) {
    const limit = keys.find((k) => k.key === row.key)!.limit;
    if (Number(row.bytes) >= limit) throw quotaExceeded(row.retry);
  }
}

/**
 * Counts `bytes` against the client's window, in the transaction that stores them: over the quota,
 * the refusal rolls the count back with everything else, and nothing has been written yet.
 */
export async function chargeQuota(q: Queryable, client: UploadClient, bytes: number): Promise<void> {
  const keys = keysOf(client);
  const { rows } = await q.query<{ key: string; bytes: string; retry: number }>(
    `INSERT INTO upload_quota AS u (key, window_start, bytes)
       VALUES ($1, now(), $3), ($4, now(), $3)
     ON CONFLICT (key) DO UPDATE SET
       bytes = CASE WHEN u.window_start > now() - make_interval(secs => $2) THEN u.bytes + $3 ELSE $3 END,
       window_start = CASE WHEN u.window_start > now() - make_interval(secs => $2) THEN u.window_start ELSE now() END
     RETURNING key, bytes::text AS bytes,
       ceil(extract(epoch FROM (u.window_start + make_interval(secs => $2) - now())))::int AS retry`,
    [keys[0]!.key, UPLOAD_QUOTA.windowSeconds, bytes, keys[1]!.key],
  );
  for (const row of rows) {
    const limit = keys.find((k) => k.key === row.key)!.limit;
    if (Number(row.bytes) > limit) throw quotaExceeded(row.retry);
  }
}

/** The bytes uploads take with their editor and preview sizes. */
export async function storedBytesOf(q: Queryable, fileIds: string | readonly string[]): Promise<number> {
  const ids = typeof fileIds === 'string' ? [fileIds] : fileIds;
  if (ids.length === 0) return 0;
  const { rows } = await q.query<{ bytes: string }>(
    'SELECT coalesce(sum(size_bytes), 0)::text AS bytes FROM files WHERE id = ANY($1) OR parent_id = ANY($1)',
    [ids],
  );
  return Number(rows[0]?.bytes ?? 0);
}

/** Deletes counters whose window ended; a plain DELETE, safe on every instance at once. */
export async function purgeUploadQuota(q: Queryable): Promise<number> {
  const { rowCount } = await q.query(
    'DELETE FROM upload_quota WHERE window_start < now() - make_interval(secs => $1)',
    [UPLOAD_QUOTA.windowSeconds],
  );
  return rowCount ?? 0;
}
