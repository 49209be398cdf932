import { IdParamsSchema } from '@shop/contracts/common';
import {
  PrintBatchCreateSchema,
  PrintBatchIdParamsSchema,
  PrintBatchListQuerySchema,
  PrintBatchSchema,
  PrintQueueItemSchema,
  StoreSettingsInputSchema,
  StoreSettingsSchema,
} from '@shop/contracts/print-batches';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../lib/errors.ts';
import { requireAdmin, requireStaff, requireStoreAccess } from '../modules/auth/index.ts';
import { fileUriOrNull } from '../modules/files/index.ts';
import {
  createPrintBatch,
  getPrintBatch,
  listPrintBatches,
  markBatchPrinted,
  printBatchFileId,
} from '../modules/print/index.ts';
import { saveStoreSettings, storeSettings } from '../modules/stores/index.ts';
import { printQueue } from '../read-models/print-batches.ts';

/** The print queue, print batches and each store's sheet and commission settings (staff). */
export async function printBatchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files } = app.deps;
  const tags = ['print'];

  r.get(
    '/api/print-queue',
    {
      schema: {
        querystring: PrintBatchListQuerySchema,
        response: { 200: z.array(PrintQueueItemSchema) },
        tags,
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const lines = await printQueue(db, requireStaff(req.staff), req.query.storeId);
      return lines.map(({ designId, ...line }) => ({ ...line, design: fileUriOrNull(designId) }));
    },
  );

  r.post(
    '/api/print-batches',
    { schema: { body: PrintBatchCreateSchema, response: { 201: PrintBatchSchema }, tags } },
    async (req, reply) => {
      const batch = await createPrintBatch(db, files, requireStaff(req.staff), req.body);
      return reply.code(201).header('cache-control', 'no-store').send(batch);
    },
  );

  r.get(
    '/api/print-batches',
    {
      schema: { querystring: PrintBatchListQuerySchema, response: { 200: z.array(PrintBatchSchema) }, tags },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listPrintBatches(db, requireStaff(req.staff), req.query.storeId);
    },
  );

  r.get(
    '/api/print-batches/:id',
    { schema: { params: PrintBatchIdParamsSchema, response: { 200: PrintBatchSchema }, tags } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getPrintBatch(db, requireStaff(req.staff), req.params.id);
    },
  );

  r.get(
    '/api/print-batches/:id/pdf',
    { schema: { params: PrintBatchIdParamsSchema, tags } },
    async (req, reply) => {
      const fileId = await printBatchFileId(db, requireStaff(req.staff), req.params.id);
      const file = await files.find(db, fileId);
      const bytes = file && (await files.bytes(file));
      if (!bytes) throw notFound();
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="lote-${req.params.id.slice(0, 8)}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );

  r.post(
    '/api/print-batches/:id/printed',
    { schema: { params: PrintBatchIdParamsSchema, response: { 200: PrintBatchSchema }, tags } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return markBatchPrinted(db, requireStaff(req.staff), req.params.id);
    },
  );

  r.get(
    '/api/stores/:id/settings',
    { schema: { params: IdParamsSchema, response: { 200: StoreSettingsSchema }, tags: ['stores'] } },
    async (req, reply) => {
      requireStoreAccess(req.staff, req.params.id);
      reply.header('cache-control', 'no-store');
      return storeSettings(db, req.params.id);
    },
  );

  r.put(
    '/api/stores/:id/settings',
    {
      schema: {
        params: IdParamsSchema,
        body: StoreSettingsInputSchema,
        response: { 200: StoreSettingsSchema },
        tags: ['stores'],
      },
    },
    async (req, reply) => {
      requireAdmin(req.staff);
      reply.header('cache-control', 'no-store');
      return saveStoreSettings(db, req.params.id, req.body);
    },
  );
}
