import { coverageGap } from '@shop/case-geometry/coverage';
import { sceneCoverageSlots } from '@shop/case-render/scene';
import type { ErrorCode } from '@shop/contracts/errors';
import { type MessageKey, messages } from '@shop/contracts/messages';
import { isDesignOpen } from '@shop/contracts/order-lifecycle';
import type { DesignTransform } from '@shop/contracts/orders';
import { emptySlots, type Scene, sceneFromTransform, sceneIncompleteMessage } from '@shop/contracts/scene';
import type { Queryable } from '../../db/client.ts';
import { AppError, fail } from '../../lib/errors.ts';
import { textsOutsidePrintableArea } from '../../lib/scene-text.ts';
import { type CaseFrame, COVERAGE_TOLERANCE_PX, caseFrameOfModel } from '../catalogue/index.ts';
import { type FileService, fileIdFromUri, fileUri } from '../files/index.ts';
import { onePhotoTransform } from './order-read.ts';
import { expectDesignOpen } from './photo-service.ts';
import { byCustomer, type LockedOrder, lockOrder, transition } from './state.ts';

/** The customer's design: a one-photo transform or a scene, checked against the case and stored. */

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
  const missing = emptySlots(scene);
  if (missing.length > 0) {
    throw new AppError(
      422,
      'DESIGN_INCOMPLETE',
      sceneIncompleteMessage(missing.length),
      field(`slots.${missing[0]}`),
    );
  }
  const file = await files.find(tx, design.fileId);
  if (file?.kind !== 'upload' || file.variant !== 'original' || file.ownerHash !== ownerHash) {
    throw fail(400, 'VALIDATION_FAILED', 'unknownFile');
  }
  // A model without a usable template cannot be judged, nor printed: the print step says so; a
  // design for it is still the customer's to keep.
  const frame = await caseFrameOfModel(tx, files, modelId);
  if (frame) {
    await expectSceneCovers(tx, files, frame, scene, field);
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
async function expectSceneCovers(
  tx: Queryable,
  files: FileService,
  frame: CaseFrame,
  scene: Scene,
  field: SceneField,
) {
  const slots = sceneCoverageSlots(scene.layout, frame.box, frame.cornerRadius);
  const ids = scene.slots.map((s) => fileIdFromUri(s.photo!));
  const sizes = await files.sizes(tx, ids);
  scene.slots.forEach((s, i) => {
    const photo = sizes.get(ids[i]!);
    const slot = slots[i];
    if (!photo || !slot || !s.transform) return;
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
