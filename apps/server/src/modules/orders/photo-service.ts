import type { DesignTransform } from '@shop/contracts/orders';
import type { Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/ids.ts';
import type { FileService } from '../files/service.ts';
import { OPEN_CHECKOUT } from './checkout-service.ts';
import { expectStatus, lockOrder, moveTo } from './state.ts';

/** A phone upload link lives about half an hour. */
export const UPLOAD_TOKEN_TTL_SECONDS = 30 * 60;

/** A photo can be added or changed until the design is confirmed. */
const ACCEPTS_PHOTO = ['created', 'image_uploaded'] as const;

/**
 * Sets the order's photo to a customer upload. `ownerHash` is the uploading visitor's hash when
 * the photo came from this browser; a phone upload link has already proved its right instead.
 */
export async function attachPhoto(
  tx: Queryable,
  files: FileService,
  orderId: string,
  fileId: string,
  ownerHash: string | null,
  actor: string,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectStatus(order, ACCEPTS_PHOTO);
  const file = await files.find(tx, fileId);
  const usable = file && file.kind === 'upload' && file.variant === 'original';
  if (!usable || (ownerHash !== null && file.ownerHash !== ownerHash)) {
    throw fail(400, 'VALIDATION_FAILED', 'unknownFile');
  }
  await tx.query('UPDATE orders SET image_id = $2, updated_at = now() WHERE id = $1', [orderId, fileId]);
  await moveTo(tx, order, 'image_uploaded', actor);
}

/** 409 unless the order can still take a photo: checked before the costly image processing. */
export async function expectAcceptsPhoto(q: Queryable, orderId: string): Promise<void> {
  const { rows } = await q.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
  if (!rows[0]) throw fail(404, 'ORDER_NOT_FOUND', 'orderNotFound');
  if (!(ACCEPTS_PHOTO as readonly string[]).includes(rows[0].status))
    throw fail(409, 'ORDER_STATE', 'orderStateConflict');
}

/**
 * Stores the customer's design: the PNG the browser rendered (an upload of this visitor) and the
 * transform that made it, so the server can render the print file from the original photo.
 */
export async function saveDesign(
  tx: Queryable,
  files: FileService,
  orderId: string,
  fileId: string,
  ownerHash: string,
  transform: DesignTransform,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectStatus(order, ['image_uploaded', ...OPEN_CHECKOUT]);
  if (!order.image_id) throw fail(409, 'ORDER_STATE', 'orderStateConflict');
  const file = await files.find(tx, fileId);
  if (file?.kind !== 'upload' || file.variant !== 'original' || file.ownerHash !== ownerHash) {
    throw fail(400, 'VALIDATION_FAILED', 'unknownFile');
  }
  await tx.query(
    'UPDATE orders SET design_id = $2, design_transform = $3, updated_at = now() WHERE id = $1',
    [orderId, fileId, JSON.stringify(transform)],
  );
}

/**
 * Takes the photo off the order ('Cambiar foto'); the upload itself is swept later. A customer
 * who comes back from the payment choice to the editor may still change it, until the order is
 * placed or a payment has started.
 */
export async function detachPhoto(tx: Queryable, orderId: string): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectStatus(order, [...ACCEPTS_PHOTO, 'design_confirmed', 'details_confirmed']);
  await tx.query(
    'UPDATE orders SET image_id = NULL, design_id = NULL, design_transform = NULL, updated_at = now() WHERE id = $1',
    [orderId],
  );
  await moveTo(tx, order, 'created', 'customer');
}

/** Mints an upload-only link token for one order; only its hash is stored. */
export async function createUploadToken(tx: Queryable, orderId: string): Promise<string> {
  const order = await lockOrder(tx, orderId);
  expectStatus(order, ACCEPTS_PHOTO);
  const token = randomToken();
  await tx.query(
    `INSERT INTO upload_tokens (token_hash, order_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [sha256(token), orderId, UPLOAD_TOKEN_TTL_SECONDS],
  );
  return token;
}

/** The order a live upload token belongs to; 403 for a forged, unknown or expired token. */
export async function orderOfUploadToken(q: Queryable, token: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) throw fail(403, 'UPLOAD_LINK_INVALID', 'uploadLinkInvalid');
  const { rows } = await q.query<{ order_id: string }>(
    'SELECT order_id FROM upload_tokens WHERE token_hash = $1 AND expires_at > now()',
    [sha256(token)],
  );
  if (!rows[0]) throw fail(403, 'UPLOAD_LINK_INVALID', 'uploadLinkInvalid');
  return rows[0].order_id;
}

/**
 * Removes customer uploads that never reached an order (or left it) a day ago, with their
 * derivatives, and expired upload tokens. Returns how many uploads went.
 */
export async function sweepUnattachedUploads(
  q: Queryable,
  files: FileService,
  olderThanSeconds = 24 * 60 * 60,
): Promise<number> {
  await q.query('DELETE FROM upload_tokens WHERE expires_at < now()');
  const { rows } = await q.query<{ id: string }>(
    `SELECT f.id FROM files f
     WHERE f.kind = 'upload' AND f.variant = 'original' AND f.created_at < now() - make_interval(secs => $1)
       AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.image_id = f.id OR o.design_id = f.id)
     LIMIT 500`,
    [olderThanSeconds],
  );
  for (const { id } of rows) {
    const deleteBytes = await files.remove(q, id);
    await deleteBytes();
  }
  return rows.length;
}

/** Who uploaded a file, as stored: a hash of the visitor's session id. */
export const ownerHashOf = (visitorId: string): string => sha256(`owner:${visitorId}`);
