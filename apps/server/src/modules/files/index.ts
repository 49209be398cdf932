/** Stored files: their records, URIs, access kinds, upload forms and quotas. */
export { FileService, fileIdFromUri, fileUri, fileUriOrNull } from './service.ts';
export { malformedForm } from './uploads.ts';
