import fastifyMultipart from '@fastify/multipart';
import { CatalogueImageQuerySchema, CatalogueImageSchema } from '@shop/contracts/admin';
import { messages } from '@shop/contracts/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, fail } from '../lib/errors.ts';
import { requireAdmin } from '../modules/auth/index.ts';
import {
  CATALOGUE_MAX_BYTES,
  catalogueImageTooLarge,
  processCatalogueImage,
} from '../modules/catalogue/index.ts';
import { fileUri } from '../modules/files/index.ts';
import { malformedForm } from './upload-form.ts';

/** The back office's upload of catalogue images; the rules are `modules/catalogue/admin-images.ts`. */

const LIMITS = { fileSize: CATALOGUE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 };

/** The multipart body's one `file` part, read into memory up to the size cap. */
async function readFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw fail(415, 'UNSUPPORTED_MEDIA_TYPE', 'unsupportedMediaType');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: LIMITS });
  } catch {
    throw fail(400, 'VALIDATION_FAILED', 'validationFailed');
  }
  if (!part) throw new AppError(400, 'NO_IMAGE', messages.noImageProvided);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw fail(400, 'VALIDATION_FAILED', 'validationFailed');
  }
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw catalogueImageTooLarge();
    throw malformedForm(err);
  }
}

export async function adminImageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files } = app.deps;
  await app.register(fastifyMultipart, { limits: LIMITS });

  r.post(
    '/api/admin/images',
    {
      // Access is decided before the body is looked at.
      preValidation: async (req) => {
        requireAdmin(req.staff);
      },
      schema: {
        querystring: CatalogueImageQuerySchema,
        response: { 201: CatalogueImageSchema },
        tags: ['images'],
      },
    },
    async (req, reply) => {
      const { kind } = req.query;
      const image = await processCatalogueImage(kind, await readFile(req));
      const file = await files.save(db, {
        kind,
        contentType: image.contentType,
        bytes: image.bytes,
        width: image.width,
        height: image.height,
      });
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({
          uri: fileUri(file.id),
          width: image.width,
          height: image.height,
          ...(image.cropBox ? { cropBox: image.cropBox } : {}),
        });
    },
  );
}
