import { messages } from '@shop/contracts/messages';
import type { FastifyRequest } from 'fastify';
import { AppError, fail } from '../lib/errors.ts';
import type { UploadClient } from '../modules/files/index.ts';
import { MAX_UPLOAD_BYTES } from '../modules/images/index.ts';
import { clientAddress } from '../plugins/rate-limit.ts';
import type { SpooledFile } from './upload-queue.ts';

/** Reading an upload route's multipart form: limits, the spooled file, who the upload counts against. */

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
  file: SpooledFile | null;
  fields: Record<string, string>;
}

/**
 * Reads an upload route's multipart form and runs `use` on it: the `file` part streamed to a
 * temporary file (size-capped) and the text fields. The temporary file is removed when `use` is
 * done, and on every other way out (a refusal, a form cut short, a client that hangs up).
 */
export async function withUploadForm<T>(
  req: FastifyRequest,
  use: (form: UploadForm) => Promise<T>,
): Promise<T> {
  const place = req.upload;
  if (!place) throw new Error('withUploadForm: the route is not an upload route (config.upload)');
  place.hold();
  try {
    const reading = readUploadForm(req);
    // Cut for its pace, the form is left unread: the connection closes after the 408 and ends the
    // read, whose temporary file goes then.
    place.cutSignal.catch(() => reading.catch(() => {}).finally(() => place.removeFiles()));
    return await use(await Promise.race([reading, place.cutSignal]));
  } finally {
    await place.removeFiles();
    place.drop();
  }
}

async function readUploadForm(req: FastifyRequest): Promise<UploadForm> {
  if (!req.isMultipart()) throw fail(415, 'UNSUPPORTED_MEDIA_TYPE', 'unsupportedMediaType');
  const form: UploadForm = { file: null, fields: {} };
  try {
    for await (const part of req.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || form.file) {
          part.file.resume();
          throw fail(400, 'VALIDATION_FAILED', 'validationFailed');
        }
        form.file = await req.upload!.spool(part.file);
        if (form.file.truncated) throw new AppError(413, 'IMAGE_TOO_LARGE', messages.imageTooLarge);
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

/** The "No image provided" of docs/product.md §5.4 for a form without a file or with an empty one. */
export function requireFile(form: UploadForm): SpooledFile {
  if (!form.file || form.file.size === 0) throw new AppError(400, 'NO_IMAGE', messages.noImageProvided);
  return form.file;
}

/** Who an upload counts against: its visitor and its address, as the rate limits see them. */
export const uploadClient = (req: FastifyRequest): UploadClient => ({
  visitorId: req.visitorId,
  address: clientAddress(req),
});
