import { isDesignOpen, type OrderStatus, takesPhoto } from '@shop/contracts/order-lifecycle';
import type { UploadLinkPurpose } from '@shop/contracts/orders';
import type { Scene } from '@shop/contracts/scene';
import type { Queryable } from '../../db/client.ts';
import { fail, fieldError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/ids.ts';
import { type FileService, fileUri, oldUploads, storedBytesOf } from '../files/index.ts';
import { expectOrderRoom } from './photo-quota.ts';
import { byCustomer, expectStatus, type LockedOrder, lockOrder, type Mover, transition } from './state.ts';

/** A phone upload link lives about half an hour. */
export const UPLOAD_TOKEN_TTL_SECONDS = 30 * 60;

/** Photos in one order's tray: more than any layout needs, few enough to keep an order's files small. */
export const MAX_ORDER_PHOTOS = 12;

/**
 * 409 DESIGN_LOCKED for an order whose design is closed (details confirmed or further); 409 for
 * other wrong states. Photos go in (`takesPhoto`) until the design is confirmed; the design, the
 * tray and the draft stay open (`isDesignOpen`) until the details are.
 */
export function expectDesignOpen(order: LockedOrder, rule: (s: OrderStatus) => boolean): void {
  if (rule(order.status)) return;
  if (isDesignOpen(order.status)) throw fail(409, 'ORDER_STATE', 'orderStateConflict');
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
  by: Mover,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  if (order.status === 'design_confirmed') throw fail(409, 'ORDER_STATE', 'uploadTooLate');
  expectDesignOpen(order, takesPhoto);
  await expectUpload(tx, files, fileId, ownerHash);
  await addToTray(tx, orderId, fileId);
  // A new photo makes any design of the old one meaningless, and ends every upload link handed
  // out so far: 'Cambiar foto' shows a new one. The draft keeps its photos: they stay in the tray.
  await tx.query(
    `UPDATE orders SET image_id = $2, design_id = NULL, design_transform = NULL, design_scene = NULL,
       updated_at = now()
     WHERE id = $1`,
    [orderId, fileId],
  );
  await tx.query('DELETE FROM order_design_photos WHERE order_id = $1', [orderId]);
  await tx.query('UPDATE upload_tokens SET used_at = now() WHERE order_id = $1 AND used_at IS NULL', [
    orderId,
  ]);
  await transition(tx, order, 'image_uploaded', by);
}

/**
 * An original upload, and (when `ownerHash` is given) one of this visitor's: otherwise 400
 * VALIDATION_FAILED, the same answer for a file that does not exist and for someone else's.
 */
async function expectUpload(
  tx: Queryable,
  files: FileService,
  fileId: string,
  ownerHash: string | null,
): Promise<void> {
  const file = await files.find(tx, fileId);
  const usable = file && file.kind === 'upload' && file.variant === 'original';
  if (!usable || (ownerHash !== null && file.ownerHash !== ownerHash)) {
    throw fail(400, 'VALIDATION_FAILED', 'unknownFile');
  }
}

/** Puts a photo in the order's tray (once: adding it again changes nothing); 409 when the tray is full. */
async function addToTray(tx: Queryable, orderId: string, fileId: string): Promise<void> {
  const { rows } = await tx.query<{ photos: number; present: boolean | null }>(
    'SELECT count(*)::int AS photos, bool_or(file_id = $2) AS present FROM order_photos WHERE order_id = $1',
    [orderId, fileId],
  );
  if (rows[0]?.present) return;
  if ((rows[0]?.photos ?? 0) >= MAX_ORDER_PHOTOS)
    throw fieldError(409, 'TOO_MANY_PHOTOS', 'tooManyPhotos', 'image');
  await expectOrderRoom(tx, orderId, await storedBytesOf(tx, fileId));
  await tx.query('INSERT INTO order_photos (order_id, file_id) VALUES ($1, $2)', [orderId, fileId]);
}

/**
 * Adds an upload to the order's photos (the editor's tray) while the design is open: one of this
 * visitor's (`ownerHash`), or a phone's through a tray link (null: the link has proved its right).
 * Unlike `attachPhoto` it keeps the design, the draft and the upload links: the customer is adding
 * a photo for another slot, not replacing the one they designed with. The first photo of an order
 * becomes its photo (`image`) and moves it on to 'image_uploaded'.
 */
export async function addPhoto(
  tx: Queryable,
  files: FileService,
  orderId: string,
  fileId: string,
  ownerHash: string | null,
  by: Mover = byCustomer,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectDesignOpen(order, isDesignOpen);
  await expectUpload(tx, files, fileId, ownerHash);
  await addToTray(tx, orderId, fileId);
  await tx.query('UPDATE orders SET image_id = COALESCE(image_id, $2), updated_at = now() WHERE id = $1', [
    orderId,
    fileId,
  ]);
  if (order.status === 'created') await transition(tx, order, 'image_uploaded', by);
}

/**
 * The phone's upload through a link: the link is spent by this upload, in the same transaction
 * that attaches it. A photo link sets the order's photo (and ends the order's other links); a tray
 * link adds the photo to the tray and leaves the design and the other links as they are.
 */
export async function attachPhotoWithToken(
  tx: Queryable,
  files: FileService,
  token: string,
  fileId: string,
): Promise<string> {
  const { rows } = await tx.query<{ order_id: string; purpose: UploadLinkPurpose }>(
    `UPDATE upload_tokens SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING order_id, purpose`,
    [sha256(token)],
  );
  // Spent or expired in the meantime (another upload through the same link won the race).
  const link = rows[0];
  if (!link) return refuseLink(tx, token);
  const by: Mover = { kind: 'customer', via: 'phone' };
  if (link.purpose === 'tray') await addPhoto(tx, files, link.order_id, fileId, null, by);
  else await attachPhoto(tx, files, link.order_id, fileId, null, by);
  return link.order_id;
}

/**
 * Takes the photo off the order ('Cambiar foto'), out of its tray and out of its draft's slots; the
 * upload itself is swept later. The order goes back to waiting for a photo, as before trays (the
 * other photos of the tray stay for the editor). A customer who comes back from the payment
 * choice to the editor may still change it, until the order is placed or a payment has started.
 */
export async function detachPhoto(tx: Queryable, orderId: string): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectDesignOpen(order, isDesignOpen);
  if (order.image_id) {
    await tx.query('DELETE FROM order_photos WHERE order_id = $1 AND file_id = $2', [
      orderId,
      order.image_id,
    ]);
    await dropFromDraft(tx, orderId, order.image_id);
  }
  await tx.query(
    `UPDATE orders SET image_id = NULL, design_id = NULL, design_transform = NULL, design_scene = NULL,
       updated_at = now()
     WHERE id = $1`,
    [orderId],
  );
  await tx.query('DELETE FROM order_design_photos WHERE order_id = $1', [orderId]);
  await transition(tx, order, 'created', byCustomer);
}

/** Empties the draft's slots that hold this photo (their placement was for it). */
async function dropFromDraft(tx: Queryable, orderId: string, fileId: string): Promise<void> {
  const { rows } = await tx.query<{ draft_scene: Scene | null }>(
    'SELECT draft_scene FROM orders WHERE id = $1',
    [orderId],
  );
  const draft = rows[0]?.draft_scene;
  const uri = fileUri(fileId);
  if (!draft?.slots.some((s) => s.photo === uri)) return;
  const slots = draft.slots.map((s) => (s.photo === uri ? { ...s, photo: null, transform: null } : s));
  await tx.query('UPDATE orders SET draft_scene = $2 WHERE id = $1', [
    orderId,
    JSON.stringify({ ...draft, slots }),
  ]);
}

/** Mints an upload-only link token for one order; only its hash is stored. */
/** Live upload links per order; asking for another retires the oldest. */
export const UPLOAD_TOKENS_PER_ORDER = 5;

export async function createUploadToken(
  tx: Queryable,
  orderId: string,
  purpose: UploadLinkPurpose = 'photo',
): Promise<string> {
  const order = await lockOrder(tx, orderId);
  expectStatus(order, takesPhoto);
  const token = randomToken();
  await tx.query(
    `INSERT INTO upload_tokens (token_hash, order_id, purpose, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [sha256(token), orderId, purpose, UPLOAD_TOKEN_TTL_SECONDS],
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
  const { rows } = await q.query<{ order_id: string; used: boolean; status: OrderStatus }>(
    `SELECT t.order_id, t.used_at IS NOT NULL AS used, o.status
     FROM upload_tokens t JOIN orders o ON o.id = t.order_id
     WHERE t.token_hash = $1 AND t.expires_at > now()`,
    [sha256(token)],
  );
  const link = rows[0];
  if (!link) throw fail(403, 'UPLOAD_LINK_INVALID', 'uploadLinkInvalid');
  if (link.used) throw fail(403, 'UPLOAD_LINK_USED', 'uploadLinkUsed');
  if (!takesPhoto(link.status)) {
    throw fail(409, 'ORDER_STATE', 'uploadTooLate');
  }
  return link.order_id;
}

/** The refusal for a link that is not open (see `orderOfUploadToken`). */
async function refuseLink(q: Queryable, token: string): Promise<never> {
  await orderOfUploadToken(q, token);
  throw fail(403, 'UPLOAD_LINK_USED', 'uploadLinkUsed');
}

/** Uploads removed per sweep at most, and how many old uploads are looked at per query. */
const SWEEP_MAX = 500;
const SWEEP_PAGE = 1000;

/**
 * Removes customer uploads that never reached an order (or left it) a day ago, with their
 * derivatives, and expired upload tokens. Returns how many uploads went. The old uploads come from
 * the files module a page at a time; which of them no order holds is this module's to say.
 */
export async function sweepUnattachedUploads(
  q: Queryable,
  files: FileService,
  olderThanSeconds = 24 * 60 * 60,
): Promise<number> {
  await q.query('DELETE FROM upload_tokens WHERE expires_at < now()');
  const unattached: string[] = [];
  for (let after = ''; unattached.length < SWEEP_MAX; ) {
    const page = await oldUploads(q, olderThanSeconds, after, SWEEP_PAGE);
    if (!page.length) break;
    unattached.push(...(await notInOrders(q, page)));
    after = page[page.length - 1]!;
  }
  const ids = unattached.slice(0, SWEEP_MAX);
  for (const id of ids) {
    const deleteBytes = await files.remove(q, id);
    await deleteBytes();
  }
  return ids.length;
}

/** The files no order holds: as its photo, its design, a design's photo or in its tray. */
async function notInOrders(q: Queryable, fileIds: readonly string[]): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT f.id FROM unnest($1::text[]) WITH ORDINALITY AS f(id, n)
     WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.image_id = f.id OR o.design_id = f.id)
       AND NOT EXISTS (SELECT 1 FROM order_design_photos d WHERE d.file_id = f.id)
       AND NOT EXISTS (SELECT 1 FROM order_photos p WHERE p.file_id = f.id)
     ORDER BY f.n`,
    [fileIds],
  );
  return rows.map((r) => r.id);
}

/** Who uploaded a file, as stored: a hash of the visitor's session id. */
export const ownerHashOf = (visitorId: string): string => sha256(`owner:${visitorId}`);
