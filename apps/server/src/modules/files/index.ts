/** Stored files: their records, URIs, access kinds, and what each client and order may store. */
export { oldUploads } from './old-uploads.ts';
export {
  chargeQuota,
  expectQuotaLeft,
  ORDER_PHOTOS_MAX_BYTES,
  purgeUploadQuota,
  storedBytesOf,
  type UploadClient,
} from './quota.ts';
export {
  type FileKind,
  type FileRecord,
  FileService,
  type FileVariant,
  fileIdFromUri,
  fileUri,
  fileUriOrNull,
  PRIVATE_KINDS,
  sweepOrphanFiles,
} from './service.ts';
export { fileSizes } from './sizes.ts';
