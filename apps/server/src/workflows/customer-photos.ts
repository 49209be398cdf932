import type { Database } from '../db/client.ts';
import { printCaseOfCatalogue } from '../modules/catalogue/index.ts';
import {
  expectQuotaLeft,
  type FileRecord,
  type FileService,
  type UploadClient,
} from '../modules/files/index.ts';
import { type ImageSource, ingestedBytes, ingestImage, saveIngested } from '../modules/images/index.ts';
import {
  attachPhotoWithToken,
  expectOrderRoom,
  orderOfUploadToken,
  uploadAttached,
} from '../modules/orders/index.ts';

/**
 * A customer's photo from upload to storage: within the client's quota (checked before any decoding),
 * processed for the largest case of the catalogue, stored with its editor and preview sizes.
 */
export async function uploadCustomerPhoto(
  db: Database,
  files: FileService,
  source: ImageSource,
  ownerHash: string,
  client: UploadClient,
): Promise<FileRecord> {
  await expectQuotaLeft(db, client);
  const image = await ingestImage(source, { printCase: await printCaseOfCatalogue(db) });
  return db.transaction((tx) => saveIngested(tx, files, image, ownerHash, client));
}

/**
 * The phone's upload through an order's single-use link: the link must be open (not spent, order
 * still taking a photo) before the costly processing; the photo is stored and attached, and the
 * link spent, in one transaction.
 */
export async function uploadFromPhone(
  db: Database,
  files: FileService,
  token: string,
  source: () => ImageSource,
  client: UploadClient,
): Promise<FileRecord> {
  const orderId = await orderOfUploadToken(db, token);
  const body = source();
  await expectQuotaLeft(db, client);
  await expectOrderRoom(db, orderId, 0);
  const image = await ingestImage(body, { printCase: await printCaseOfCatalogue(db) });
  return db.transaction(async (tx) => {
    // Before a byte is stored: a refusal leaves nothing behind.
    await expectOrderRoom(tx, orderId, ingestedBytes(image));
    const saved = await saveIngested(tx, files, image, null, client);
    await attachPhotoWithToken(tx, files, token, saved.id);
    return saved;
  });
}

/**
 * Deletes an upload no order points at (as its photo, its design or in its tray); false when one still
 * does, and also when anything else still refers to it (the database's foreign keys say so).
 */
export async function removeUnattachedUpload(db: Database, files: FileService, id: string): Promise<boolean> {
  const deleteBytes = await db
    .transaction(async (tx) => ((await uploadAttached(tx, id)) ? null : files.remove(tx, id)))
    .catch((err: { code?: string }) => {
      if (err.code === '23503') return null;
      throw err;
    });
  if (!deleteBytes) return false;
  await deleteBytes();
  return true;
}
