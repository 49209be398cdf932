/** Stored files: their records, URIs, access kinds, upload forms and quotas. */
export { fileIdFromUri, fileUri, fileUriOrNull } from './service.ts';
