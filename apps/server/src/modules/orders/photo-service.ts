import { coverageGap } from '@shop/case-geometry/coverage';
import type { DesignTransform, OrderStatus } from '@shop/contracts/orders';
import type { Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/ids.ts';
import type { FileService } from '../files/service.ts';
import { COVERAGE_TOLERANCE_PX, caseSlotOfModel } from '../print/case-slot.ts';
import { expectStatus, type LockedOrder, lockOrder, moveTo } from './state.ts';

/** A phone upload link lives about half an hour. */
export const UPLOAD_TOKEN_TTL_SECONDS = 30 * 60;

/** A photo can be added or changed until the design is confirmed. */
const ACCEPTS_PHOTO = ['created', 'image_uploaded'] as const;

/** The design can be (re)made until the customer's details are confirmed: then the order is placed. */
const ACCEPTS_DESIGN = ['image_uploaded', 'design_confirmed'] as const;

/** 409 DESIGN_LOCKED for an order placed (details confirmed) or gone further; 409 for other wrong states. */
function expectDesignOpen(order: LockedOrder, allowed: readonly OrderStatus[]): void {
  if (allowed.includes(order.status)) return;
  if (
    order.status === 'created' ||
    order.status === 'image_uploaded' ||
    order.status === 'design_confirmed'
  ) {
    throw fail(409, 'ORDER_STATE', 'orderStateConflict');
  }
  throw fail(409, 'DESIGN_LOCKED', 'designLocked');
}

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
  if (order.status === 'design_confirmed') throw fail(409, 'ORDER_STATE', 'uploadTooLate');
  expectDesignOpen(order, ACCEPTS_PHOTO);
  const file = await files.find(tx, fileId);
  const usable = file && file.kind === 'upload' && file.variant === 'original';
  if (!usable || (ownerHash !== null && file.ownerHash !== ownerHash)) {
    throw fail(400, 'VALIDATION_FAILED', 'unknownFile');
  }
  // A new photo makes any design of the old one meaningless, and ends every upload link handed
  // out so far: 'Cambiar foto' shows a new one.
  await tx.query(
    `UPDATE orders SET image_id = $2, design_id = NULL, design_transform = NULL, updated_at = now()
     WHERE id = $1`,
    [orderId, fileId],
  );
  await tx.query('DELETE FROM order_design_photos WHERE order_id = $1', [orderId]);
  await tx.query('UPDATE upload_tokens SET used_at = now() WHERE order_id = $1 AND used_at IS NULL', [
    orderId,
  ]);
  await moveTo(tx, order, 'image_uploaded', actor);
}

/**
 * The phone's upload through a link: the link is spent by this upload (a second upload through
 * it, or through any link of the order, is refused), in the same transaction that attaches it.
 */
export async function attachPhotoWithToken(
  tx: Queryable,
  files: FileService,
  token: string,
  fileId: string,
): Promise<string> {
  const { rows } = await tx.query<{ order_id: string }>(
    `UPDATE upload_tokens SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING order_id`,
    [sha256(token)],
  );
  // Spent or expired in the meantime (another upload through the same link won the race).
  if (!rows[0]) return refuseLink(tx, token);
  await attachPhoto(tx, files, rows[0].order_id, fileId, null, 'phone');
  return rows[0].order_id;
}

export interface DesignInput {
  /** The rendered PNG (an upload of this visitor). */
  fileId: string;
  transform: DesignTransform;
  /** The photo the editor drew, when the client says (older clients do not): must be the order's. */
  photoId: string | null;
}

/**
 * Stores the customer's design: the PNG the browser rendered (an upload of this visitor) and the
 * transform that made it, so the server can render the print file from the original photo.
 * The design keeps a reference to the photo it was made with (slot 0), and must cover the case.
 */
export async function saveDesign(
  tx: Queryable,
  files: FileService,
  orderId: string,
  ownerHash: string,
  design: DesignInput,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  // A placed order is frozen: its design is what the customer approved and what gets printed.
  expectDesignOpen(order, ACCEPTS_DESIGN);
  if (!order.image_id) throw fail(409, 'ORDER_STATE', 'orderStateConflict');
  // Made with a photo the order no longer has (a phone sent another meanwhile): not this order's design.
  if (design.photoId !== null && design.photoId !== order.image_id) {
    throw fail(409, 'PHOTO_CHANGED', 'designPhotoChanged');
  }
  const file = await files.find(tx, design.fileId);
  if (file?.kind !== 'upload' || file.variant !== 'original' || file.ownerHash !== ownerHash) {
    throw fail(400, 'VALIDATION_FAILED', 'unknownFile');
  }
  await expectCovers(tx, files, order, design.transform);
  await tx.query(
    'UPDATE orders SET design_id = $2, design_transform = $3, updated_at = now() WHERE id = $1',
    [orderId, design.fileId, JSON.stringify(design.transform)],
  );
  await tx.query(
    `INSERT INTO order_design_photos (order_id, slot, file_id) VALUES ($1, 0, $2)
     ON CONFLICT (order_id, slot) DO UPDATE SET file_id = EXCLUDED.file_id`,
    [orderId, order.image_id],
  );
}

/** 422 when the photo, placed by `transform`, leaves any part of the case outline uncovered. */
async function expectCovers(
  tx: Queryable,
  files: FileService,
  order: LockedOrder,
  transform: DesignTransform,
): Promise<void> {
  const { rows } = await tx.query<{ model_id: number; width: number | null; height: number | null }>(
    `SELECT o.model_id, f.width, f.height FROM orders o JOIN files f ON f.id = o.image_id WHERE o.id = $1`,
    [order.id],
  );
  const row = rows[0];
  const slot = row && (await caseSlotOfModel(tx, files, row.model_id));
  // A photo without a recorded size or a model without a template cannot be judged, nor printed:
  // the print step says so; a design for it is still the customer's to keep.
  if (!row?.width || !row.height || !slot) return;
  const photo = { width: row.width, height: row.height };
  if (coverageGap(slot, photo, transform) > COVERAGE_TOLERANCE_PX) {
    throw fail(422, 'DESIGN_UNCOVERED', 'designUncovered');
  }
}

/**
 * Takes the photo off the order ('Cambiar foto'); the upload itself is swept later. A customer
 * who comes back from the payment choice to the editor may still change it, until the order is
 * placed or a payment has started.
 */
export async function detachPhoto(tx: Queryable, orderId: string): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectDesignOpen(order, [...ACCEPTS_PHOTO, 'design_confirmed']);
  await tx.query(
    'UPDATE orders SET image_id = NULL, design_id = NULL, design_transform = NULL, updated_at = now() WHERE id = $1',
    [orderId],
  );
  await tx.query('DELETE FROM order_design_photos WHERE order_id = $1', [orderId]);
  await moveTo(tx, order, 'created', 'customer');
}

/** Mints an upload-only link token for one order; only its hash is stored. */
/** Live upload links per order; asking for another retires the oldest. */
export const UPLOAD_TOKENS_PER_ORDER = 5;

export async function createUploadToken(tx: Queryable, orderId: string): Promise<string> {
  const order = await lockOrder(tx, orderId);
  expectStatus(order, ACCEPTS_PHOTO);
  const token = randomToken();
  await tx.query(
    `INSERT INTO upload_tokens (token_hash, order_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [sha256(token), orderId, UPLOAD_TOKEN_TTL_SECONDS],
  );
  // A kiosk asks for a new link each time it shows the QR code: only the newest few stay valid.
  await tx.query(
    `DELETE FROM upload_tokens WHERE order_id = $1 AND token_hash NOT IN (
       SELECT token_hash FROM upload_tokens WHERE order_id = $1 ORDER BY created_at DESC, token_hash LIMIT $2)`,
    [orderId, UPLOAD_TOKENS_PER_ORDER],
  );
  return token;
}

/**
 * The order an open upload link belongs to: not forged, not expired, not spent, and its order
 * still taking a photo. Otherwise the refusal says which, with what to do (the phone's page shows
 * it as soon as it opens): 403 UPLOAD_LINK_INVALID (forged, unknown, expired), 403
 * UPLOAD_LINK_USED (spent by an earlier upload), 409 ORDER_STATE (the design is confirmed).
 */
export async function orderOfUploadToken(q: Queryable, token: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) throw fail(403, 'UPLOAD_LINK_INVALID', 'uploadLinkInvalid');
  const { rows } = await q.query<{ order_id: string; used: boolean; status: string }>(
    `SELECT t.order_id, t.used_at IS NOT NULL AS used, o.status
     FROM upload_tokens t JOIN orders o ON o.id = t.order_id
     WHERE t.token_hash = $1 AND t.expires_at > now()`,
    [sha256(token)],
  );
  const link = rows[0];
  if (!link) throw fail(403, 'UPLOAD_LINK_INVALID', 'uploadLinkInvalid');
  if (link.used) throw fail(403, 'UPLOAD_LINK_USED', 'uploadLinkUsed');
  if (!(ACCEPTS_PHOTO as readonly string[]).includes(link.status)) {
    throw fail(409, 'ORDER_STATE', 'uploadTooLate');
  }
  return link.order_id;
}

/** The refusal for a link that is not open (see `orderOfUploadToken`). */
async function refuseLink(q: Queryable, token: string): Promise<never> {
  await orderOfUploadToken(q, token);
  throw fail(403, 'UPLOAD_LINK_USED', 'uploadLinkUsed');
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
       AND NOT EXISTS (SELECT 1 FROM order_design_photos d WHERE d.file_id = f.id)
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
