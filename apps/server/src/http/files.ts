import fastifyMultipart from '@fastify/multipart';
import type { StaffUser } from '@shop/contracts/auth';
import { PICTURE_FORMATS, PICTURE_WIDTHS, type PictureWidth } from '@shop/contracts/storefront';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, fail, forbidden, notFound } from '../lib/errors.ts';
import { type FileRecord, fileUri, PRIVATE_KINDS } from '../modules/files/index.ts';
import { PICTURE_KINDS, pictureVariant } from '../modules/images/index.ts';
import { ownerHashOf } from '../modules/orders/index.ts';
import { storeOfOrderFile, storesOrderingPhoto, storesUsingUpload } from '../read-models/file-access.ts';
import { removeUnattachedUpload, uploadCustomerPhoto } from '../workflows/customer-photos.ts';
import { requireFile, UPLOAD_LIMITS, uploadClient, withUploadForm } from './upload-form.ts';
import { type SpooledFile, UPLOAD_ROUTE } from './upload-queue.ts';

const ParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });
const VariantQuerySchema = z.object({
  variant: z.enum(['editor', 'preview', 'original']).optional(),
  /** A resized copy of a catalogue picture: both or neither. */
  w: z.coerce
    .number()
    .refine((w): w is PictureWidth => (PICTURE_WIDTHS as readonly number[]).includes(w), {
      message: `w must be one of ${PICTURE_WIDTHS.join(', ')}`,
    })
    .optional(),
  fm: z.enum(PICTURE_FORMATS).optional(),
});
const UriSchema = z.object({ uri: z.string() });

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files } = app.deps;
  const tags = ['images'];
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS });

  r.get(
    '/api/images/:id',
    { schema: { params: ParamsSchema, querystring: VariantQuerySchema, tags } },
    async (req, reply) => {
      let file = await files.find(db, req.params.id);
      if (!file) throw notFound();
      // Print files and invoices carry a customer's name and address: the back office's only,
      // and store staff's only for their own store's orders.
      if (file.kind === 'print' || file.kind === 'invoice') {
        if (!req.staff) throw forbidden();
        if (req.staff.role !== 'admin' && req.staff.storeId !== (await storeOfOrderFile(db, file.id))) {
          throw forbidden();
        }
      }
      if (file.kind === 'upload') {
        // A customer photo is shown at editor size unless a size is asked for; the full-size
        // original is for the print workflow (staff).
        const variant = req.query.variant ?? 'editor';
        if (variant === 'original') {
          if (!req.staff) throw forbidden();
          // Store staff print their own store's orders: only those orders' photos at full size.
          if (
            req.staff.role !== 'admin' &&
            !(await storesOrderingPhoto(db, file.id)).includes(req.staff.storeId ?? -1)
          ) {
            throw forbidden();
          }
        }
        if (variant !== 'original') file = (await files.findVariant(db, file.id, variant)) ?? file;
      }
      const { w, fm } = req.query;
      if (w !== undefined || fm !== undefined) {
        if (w === undefined || fm === undefined) throw fail(400, 'BAD_REQUEST', 'badRequest');
        if (!PICTURE_KINDS.has(file.kind) || file.variant !== 'original') throw notFound();
        file = await pictureVariant(db, files, file, w, fm);
      }
      const bytes = await files.bytes(file);
      if (!bytes) throw notFound();
      reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own must not run anything.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header(
          'cache-control',
          // Ids are never reused, so public catalogue files can be kept forever; customers' photos never.
          PRIVATE_KINDS.has(file.kind) ? 'private, no-store' : 'public, max-age=31536000, immutable',
        );
      return reply.send(bytes);
    },
  );

  const upload = (req: FastifyRequest, body: SpooledFile): Promise<FileRecord> =>
    uploadCustomerPhoto(db, files, body, ownerHashOf(req.visitorId), uploadClient(req));

  /**
   * Only the visitor who uploaded a photo may replace or delete it, or staff of a store whose order
   * uses it (admins: every store); staff of other stores may not.
   */
  const ownUpload = async (id: string, visitorId: string, staff: StaffUser | null): Promise<FileRecord> => {
    const file = await files.find(db, id);
    if (file?.kind !== 'upload' || file.variant !== 'original') throw notFound();
    if (file.ownerHash === ownerHashOf(visitorId) || staff?.role === 'admin') return file;
    if (staff && (await storesUsingUpload(db, file.id)).includes(staff.storeId ?? -1)) return file;
    throw forbidden();
  };

  r.post(
    '/api/images',
    { schema: { response: { 201: UriSchema }, tags }, config: UPLOAD_ROUTE },
    async (req, reply) => {
      const file = await withUploadForm(req, (form) => upload(req, requireFile(form)));
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ uri: fileUri(file.id) });
    },
  );

  r.put(
    '/api/images/:id',
    { schema: { params: ParamsSchema, response: { 200: UriSchema }, tags }, config: UPLOAD_ROUTE },
    async (req, reply) => {
      const old = await ownUpload(req.params.id, req.visitorId, req.staff);
      const file = await withUploadForm(req, (form) => upload(req, requireFile(form)));
      await removeUnattachedUpload(db, files, old.id);
      return reply.header('cache-control', 'no-store').send({ uri: fileUri(file.id) });
    },
  );

  r.delete(
    '/api/images/:id',
    { schema: { params: ParamsSchema, response: { 204: z.null() }, tags } },
    async (req, reply) => {
      const file = await ownUpload(req.params.id, req.visitorId, req.staff);
      if (!(await removeUnattachedUpload(db, files, file.id))) throw conflict('photoInUse', 'IN_USE');
      return reply.code(204).send(null);
    },
  );
}
