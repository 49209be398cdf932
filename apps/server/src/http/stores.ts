import { IdParamsSchema, NameQuerySchema } from '@shop/contracts/common';
import { STORE_IS_VALID } from '@shop/contracts/constants';
import {
  DecodedUrlSchema,
  DecodeUrlQuerySchema,
  StoreInputSchema,
  StoreSchema,
  StoreValidationSchema,
  UrlCodeParamsSchema,
  UrlCodeSchema,
} from '@shop/contracts/stores';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail } from '../lib/errors.ts';
import { requireAdmin } from '../modules/auth/index.ts';
import {
  decodeStoreUrl,
  encodeStoreUrl,
  getStore,
  listStores,
  validateStore,
} from '../modules/stores/index.ts';
import { changeStore, closeStore, openStore, storeForStaff } from '../workflows/stores.ts';

export async function storeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files, catalogueCache: cache } = app.deps;
  // Any successful write here may change what customers see.
  app.addHook('onSend', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) cache.invalidate();
  });
  const tags = ['stores'];

  const checkImage = (image: string | null) => files.assertUris(db, [image], ['store-image']);

  r.get(
    '/api/stores',
    { schema: { querystring: NameQuerySchema, response: { 200: z.array(StoreSchema) }, tags } },
    (req, reply) => cache.reply(req, reply, () => listStores(db, req.query.name)),
  );

  r.get(
    '/api/stores/decode-url',
    { schema: { querystring: DecodeUrlQuerySchema, response: { 200: DecodedUrlSchema }, tags } },
    async (req) => {
      const decoded = decodeStoreUrl(req.query.encodedUrl);
      if (!decoded) throw fail(400, 'INVALID_URL_CODE', 'invalidStoreUrl');
      return decoded;
    },
  );

  r.get(
    '/api/stores/:id',
    { schema: { params: IdParamsSchema, response: { 200: StoreSchema }, tags } },
    // Staff (uncached) also see the case types the store does not sell, for its form.
    (req, reply) =>
      cache.reply(req, reply, () =>
        req.staff ? storeForStaff(db, req.params.id) : getStore(db, req.params.id),
      ),
  );

  r.get(
    '/api/stores/:id/validate',
    { schema: { params: IdParamsSchema, response: { 200: StoreValidationSchema }, tags } },
    (req, reply) =>
      cache.reply(req, reply, async () => {
        await validateStore(db, req.params.id);
        return { message: STORE_IS_VALID };
      }),
  );

  r.get(
    '/api/stores/:id/:origin',
    { schema: { params: UrlCodeParamsSchema, response: { 200: UrlCodeSchema }, tags } },
    async (req) => {
      await getStore(db, req.params.id);
      return { urlCode: encodeStoreUrl(req.params.id, req.params.origin) };
    },
  );

  r.post(
    '/api/stores',
    { schema: { body: StoreInputSchema, response: { 201: StoreSchema }, tags } },
    async (req, reply) => {
      requireAdmin(req.staff);
      await checkImage(req.body.image);
      const store = await openStore(db, req.body);
      return reply.code(201).send(store);
    },
  );

  r.put(
    '/api/stores/:id',
    { schema: { params: IdParamsSchema, body: StoreInputSchema, response: { 200: StoreSchema }, tags } },
    async (req) => {
      // The store's record (shipping fee, 'de baja', address) is the shop's, not the store's: store
      // staff have no form for it and no right to it.
      requireAdmin(req.staff);
      await checkImage(req.body.image);
      return changeStore(db, req.params.id, req.body);
    },
  );

  r.delete(
    '/api/stores/:id',
    { schema: { params: IdParamsSchema, response: { 204: z.null() }, tags } },
    async (req, reply) => {
      requireAdmin(req.staff);
      await closeStore(db, req.params.id);
      return reply.code(204).send(null);
    },
  );
}
