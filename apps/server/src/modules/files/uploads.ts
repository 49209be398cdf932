import { messages } from '@shop/contracts/messages';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { AppError, fail } from '../../lib/errors.ts';
import { type IngestedImage, MAX_UPLOAD_BYTES } from '../images/pipeline.ts';
import type { FileRecord, FileService } from './service.ts';

/** Multipart limits for photo uploads: one file, a couple of small fields, nothing else. */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 4,
  parts: 6,
  fieldSize: 1024,
  headerPairs: 50,
};

export interface UploadForm {
  file: Buffer | null;
  fields: Record<string, string>;
}

/** Reads a multipart upload: the `file` part into memory (size-capped) and the text fields. */
export async function readUploadForm(req: FastifyRequest): Promise<UploadForm> {
  if (!req.isMultipart()) throw fail(415, 'UNSUPPORTED_MEDIA_TYPE', 'unsupportedMediaType');
  const form: UploadForm = { file: null, fields: {} };
  try {
    for await (const part of req.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || form.file) {
          part.file.resume();
          throw fail(400, 'VALIDATION_FAILED', 'validationFailed');
        }
        form.file = await part.toBuffer();
      } else {
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw malformedForm(err);
  }
  return form;
}

/**
 * Our refusals and the limits' own 4xx errors go through as they are; anything else the form
 * parser throws (no boundary, a form cut short) is a malformed request, not a server error.
 */
export function malformedForm(err: unknown): unknown {
  const status = (err as { statusCode?: unknown }).statusCode;
  if (err instanceof AppError || (typeof status === 'number' && status >= 400 && status < 500)) return err;
  return fail(400, 'BAD_REQUEST', 'badRequest');
}

/** The spec's "No image provided" for a form without a file or with an empty one. */
export function requireFile(form: UploadForm): Buffer {
  if (!form.file || form.file.length === 0) throw new AppError(400, 'NO_IMAGE', messages.noImageProvided);
  return form.file;
}

/** Stores a processed photo: the full-size original and its editor and preview sizes. */
export async function saveIngested(
  q: Queryable,
  files: FileService,
  image: IngestedImage,
  ownerHash: string | null,
): Promise<FileRecord> {
  const original = await files.save(q, { kind: 'upload', variant: 'original', ownerHash, ...image.original });
  for (const variant of ['editor', 'preview'] as const) {
    await files.save(q, {
      kind: 'upload-preview',
      variant,
      parentId: original.id,
      ownerHash,
      ...image[variant],
    });
  }
  return original;
}
