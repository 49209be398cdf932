import { coverageGap } from '@shop/case-geometry/coverage';
import { sceneCoverageSlots } from '@shop/case-render/scene';
import type { ErrorCode } from '@shop/contracts/errors';
import { type MessageKey, messages } from '@shop/contracts/messages';
import { isDesignOpen, type OrderStatus, takesPhoto } from '@shop/contracts/order-lifecycle';
import type { DesignTransform } from '@shop/contracts/orders';
import { type Scene, sceneFromTransform } from '@shop/contracts/scene';
import type { Queryable } from '../../db/client.ts';
import { AppError, fail, fieldError } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/ids.ts';
import { textsOutsidePrintableArea } from '../../lib/scene-text.ts';
import { type CaseFrame, COVERAGE_TOLERANCE_PX, caseFrameOfModel } from '../catalogue/index.ts';
import { storedBytesOf } from '../files/index.ts';
import { type FileService, fileIdFromUri, fileUri } from '../files/service.ts';
import { expectOrderRoom } from './photo-quota.ts';
import { onePhotoTransform } from './service.ts';
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
function expectDesignOpen(order: LockedOrder, rule: (s: OrderStatus) => boolean): void {
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
 * Adds an upload of this visitor to the order's photos (the editor's tray) while the design is
 * open. Unlike `attachPhoto` it keeps the design, the draft and the upload links: the customer
 * is adding a photo for another slot, not replacing the one they designed with. The first photo
 * of an order becomes its photo (`image`) and moves it on to 'image_uploaded'.
 */
export async function addPhoto(
  tx: Queryable,
  files: FileService,
  orderId: string,
  fileId: string,
  ownerHash: string,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectDesignOpen(order, isDesignOpen);
  await expectUpload(tx, files, fileId, ownerHash);
  await addToTray(tx, orderId, fileId);
  await tx.query('UPDATE orders SET image_id = COALESCE(image_id, $2), updated_at = now() WHERE id = $1', [
    orderId,
    fileId,
  ]);
  if (order.status === 'created') await transition(tx, order, 'image_uploaded', byCustomer);
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
  await attachPhoto(tx, files, rows[0].order_id, fileId, null, { kind: 'customer', via: 'phone' });
  return rows[0].order_id;
}

export interface TransformDesignInput {
  /** The rendered PNG (an upload of this visitor). */
  fileId: string;
  transform: DesignTransform;
  /** The photo the editor drew, when the client says (older clients do not): must be the order's. */
  photoId: string | null;
}

/**
 * A one-photo design sent as the first editor sent it: the order's photo placed by `transform` on
 * the whole case. It is stored as the scene it stands for (`sceneFromTransform`: one slot, white,
 * no layers) by the same path as any scene, so there is one kind of design to check, keep and
 * print (ADR 25). It is refused as before: 409 ORDER_STATE without a photo (or in 'created'), 409
 * PHOTO_CHANGED when drawn with a photo the order no longer has, and its refusals name no field
 * of a scene the client did not send.
 */
export async function saveTransformDesign(
  tx: Queryable,
  files: FileService,
  orderId: string,
  ownerHash: string,
  design: TransformDesignInput,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  // A placed order is frozen: its design is what the customer approved and what gets printed.
  expectDesignOpen(order, isDesignOpen);
  if (!order.image_id) throw fail(409, 'ORDER_STATE', 'orderStateConflict');
  // Made with a photo the order no longer has (a phone sent another meanwhile): not this order's design.
  if (design.photoId !== null && design.photoId !== order.image_id) {
    throw fail(409, 'PHOTO_CHANGED', 'designPhotoChanged');
  }
  const { rows } = await tx.query<{ model_id: number }>('SELECT model_id FROM orders WHERE id = $1', [
    orderId,
  ]);
  const scene = sceneFromTransform(rows[0]!.model_id, fileUri(order.image_id), design.transform);
  await storeDesign(tx, files, order, ownerHash, { fileId: design.fileId, scene }, noField);
}

export interface SceneDesignInput {
  /** The rendered PNG (an upload of this visitor), shown wherever the design is shown. */
  fileId: string;
  scene: Scene;
}

/** The body's field a refusal names, from the path in the scene at fault. */
type SceneField = (path: string) => string | undefined;
const inScene: SceneField = (path) => `scene.${path}`;
/** The first editor's body has no scene to point into. */
const noField: SceneField = () => undefined;

/**
 * Stores the customer's design: the PNG the browser rendered and the scene it drew, which the print
 * is drawn from with the original photos. See `storeDesign` for what is checked.
 */
export async function saveSceneDesign(
  tx: Queryable,
  files: FileService,
  orderId: string,
  ownerHash: string,
  design: SceneDesignInput,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  // 'created' too: its photos are in the tray even when 'Cambiar foto' took the order's photo off.
  expectDesignOpen(order, isDesignOpen);
  await storeDesign(tx, files, order, ownerHash, design, inScene);
}

/**
 * The one way a design is stored. The scene must be for the order's model, complete (a photo placed
 * in every slot), made of the order's own photos, each photo must cover its slot and each text stay
 * inside the printable area. It becomes the draft too, so the editor reopens on what was ordered.
 */
async function storeDesign(
  tx: Queryable,
  files: FileService,
  order: LockedOrder,
  ownerHash: string,
  design: SceneDesignInput,
  field: SceneField,
): Promise<void> {
  const { scene } = design;
  const modelId = await expectSceneOfOrder(tx, order.id, scene, field);
  const missing = scene.slots.findIndex((s) => s.photo === null || s.transform === null);
  if (missing >= 0) throw refusal(422, 'DESIGN_INCOMPLETE', 'sceneIncomplete', field(`slots.${missing}`));
  const file = await files.find(tx, design.fileId);
  if (file?.kind !== 'upload' || file.variant !== 'original' || file.ownerHash !== ownerHash) {
    throw fail(400, 'VALIDATION_FAILED', 'unknownFile');
  }
  // A model without a usable template cannot be judged, nor printed: the print step says so; a
  // design for it is still the customer's to keep.
  const frame = await caseFrameOfModel(tx, files, modelId);
  if (frame) {
    await expectSceneCovers(tx, frame, scene, field);
    expectTextsInside(frame, scene, field);
  }
  const slot0 = scene.slots[0]!;
  // design_transform is for the previous release while an upgrade rolls; nothing here reads it (ADR 25).
  const transform = onePhotoTransform(scene);
  await tx.query(
    `UPDATE orders SET design_id = $2, design_transform = $3, design_scene = $4, draft_scene = $4,
       image_id = COALESCE(image_id, $5), updated_at = now()
     WHERE id = $1`,
    [
      order.id,
      design.fileId,
      transform && JSON.stringify(transform),
      JSON.stringify(scene),
      fileIdFromUri(slot0.photo!),
    ],
  );
  await tx.query('DELETE FROM order_design_photos WHERE order_id = $1', [order.id]);
  for (const [i, s] of scene.slots.entries()) {
    await tx.query('INSERT INTO order_design_photos (order_id, slot, file_id) VALUES ($1, $2, $3)', [
      order.id,
      i,
      fileIdFromUri(s.photo!),
    ]);
  }
  if (order.status === 'created') await transition(tx, order, 'image_uploaded', byCustomer);
}

/** A refusal that names the body's field at fault, when there is one. */
const refusal = (status: number, code: ErrorCode, key: MessageKey, field: string | undefined) =>
  new AppError(status, code, messages[key], field);

/**
 * Saves the customer's work in progress. Any state of the scene is kept (empty slots, photos not
 * placed yet), but only for this order: its model and its own photos.
 */
export async function saveDraftScene(tx: Queryable, orderId: string, scene: Scene): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectDesignOpen(order, isDesignOpen);
  await expectSceneOfOrder(tx, orderId, scene, inScene);
  await tx.query('UPDATE orders SET draft_scene = $2, updated_at = now() WHERE id = $1', [
    orderId,
    JSON.stringify(scene),
  ]);
}

/**
 * 422 for a scene of another model; 409 PHOTO_NOT_IN_ORDER for a slot photo that is not in this
 * order's tray (someone else's, another order's, or one taken off meanwhile). Returns the model.
 */
async function expectSceneOfOrder(
  tx: Queryable,
  orderId: string,
  scene: Scene,
  field: SceneField,
): Promise<number> {
  const { rows } = await tx.query<{ model_id: number; photos: string[] }>(
    `SELECT o.model_id, COALESCE(array_agg(p.file_id) FILTER (WHERE p.file_id IS NOT NULL), '{}') AS photos
     FROM orders o LEFT JOIN order_photos p ON p.order_id = o.id WHERE o.id = $1 GROUP BY o.id`,
    [orderId],
  );
  const row = rows[0]!;
  if (scene.model !== row.model_id)
    throw refusal(422, 'SCENE_OTHER_MODEL', 'sceneOtherModel', field('model'));
  const tray = new Set(row.photos);
  scene.slots.forEach((s, i) => {
    if (s.photo !== null && !tray.has(fileIdFromUri(s.photo))) {
      throw refusal(409, 'PHOTO_NOT_IN_ORDER', 'scenePhotoNotInOrder', field(`slots.${i}.photo`));
    }
  });
  return row.model_id;
}

/**
 * 422 DESIGN_UNCOVERED when a slot's photo leaves part of its cell uncovered: judged in the frame
 * the editor judges it in (the template's crop box in template pixels), per layout cell, with the
 * original photo's size.
 */
async function expectSceneCovers(tx: Queryable, frame: CaseFrame, scene: Scene, field: SceneField) {
  const slots = sceneCoverageSlots(scene.layout, frame.box, frame.cornerRadius);
  const ids = scene.slots.map((s) => fileIdFromUri(s.photo!));
  const { rows } = await tx.query<{ id: string; width: number | null; height: number | null }>(
    'SELECT id, width, height FROM files WHERE id = ANY($1::text[])',
    [ids],
  );
  const sizes = new Map(rows.map((r) => [r.id, r]));
  scene.slots.forEach((s, i) => {
    const size = sizes.get(ids[i]!);
    const slot = slots[i];
    if (!size?.width || !size.height || !slot || !s.transform) return;
    const photo = { width: size.width, height: size.height };
    if (coverageGap(slot, photo, s.transform) > COVERAGE_TOLERANCE_PX) {
      throw refusal(422, 'DESIGN_UNCOVERED', 'designUncovered', field(`slots.${i}`));
    }
  });
}

/**
 * 422 TEXT_OUTSIDE_PRINTABLE_AREA when a text reaches past the printable area, where the edge of the
 * case could cut it: measured by the print's own renderer and fonts, with a fraction of a
 * millimetre let through for the browser's slightly different measure of the same string. Drafts
 * are not held to it: an old draft opens and the editor brings its texts inside.
 */
function expectTextsInside(frame: CaseFrame, scene: Scene, field: SceneField): void {
  const [outside] = textsOutsidePrintableArea(scene, frame.outline, frame.box);
  if (!outside) return;
  const index = scene.layers.indexOf(outside);
  throw refusal(422, 'TEXT_OUTSIDE_PRINTABLE_AREA', 'textOutsidePrintableArea', field(`layers.${index}`));
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

export async function createUploadToken(tx: Queryable, orderId: string): Promise<string> {
  const order = await lockOrder(tx, orderId);
  expectStatus(order, takesPhoto);
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
       AND NOT EXISTS (SELECT 1 FROM order_photos p WHERE p.file_id = f.id)
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
