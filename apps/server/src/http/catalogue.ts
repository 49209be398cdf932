import {
  BrandInputSchema,
  BrandQuerySchema,
  BrandSchema,
  ModelGetQuerySchema,
  ModelInputSchema,
  ModelPageSchema,
  ModelQuerySchema,
  ModelSchema,
} from '@shop/contracts/catalogue';
import { IdParamsSchema } from '@shop/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../modules/auth/index.ts';
import {
  type Audience,
  addModel,
  changeModel,
  createBrand,
  deleteBrand,
  deleteModel,
  getBrand,
  getModel,
  listBrands,
  listModels,
  toggleModelVisibility,
  updateBrand,
} from '../modules/catalogue/index.ts';

const audience = (req: FastifyRequest): Audience => (req.staff ? 'staff' : 'public');

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files, catalogueCache: cache } = app.deps;
  // Any successful write here may change what customers see.
  app.addHook('onSend', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) cache.invalidate();
  });

  const brands = { tags: ['brands'] };
  r.get(
    '/api/brands',
    { schema: { ...brands, querystring: BrandQuerySchema, response: { 200: z.array(BrandSchema) } } },
    (req, reply) =>
      cache.reply(req, reply, () => listBrands(db, audience(req), req.query.name, req.query.store)),
  );
  r.get(
    '/api/brands/:id',
    { schema: { ...brands, params: IdParamsSchema, response: { 200: BrandSchema } } },
    (req) => getBrand(db, req.params.id, audience(req)),
  );
  r.post(
    '/api/brands',
    { schema: { ...brands, body: BrandInputSchema, response: { 201: BrandSchema } } },
    async (req, reply) => {
      requireAdmin(req.staff);
      await files.assertUris(db, [req.body.imageURI], ['brand-image']);
      return reply.code(201).send(await createBrand(db, req.body));
    },
  );
  r.put(
    '/api/brands/:id',
    { schema: { ...brands, params: IdParamsSchema, body: BrandInputSchema, response: { 200: BrandSchema } } },
    async (req) => {
      requireAdmin(req.staff);
      await files.assertUris(db, [req.body.imageURI], ['brand-image']);
      return updateBrand(db, req.params.id, req.body);
    },
  );
  r.delete(
    '/api/brands/:id',
    { schema: { ...brands, params: IdParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      requireAdmin(req.staff);
      await deleteBrand(db, req.params.id);
      return reply.code(204).send(null);
    },
  );

  const models = { tags: ['models'] };
  r.get(
    '/api/models',
    { schema: { ...models, querystring: ModelQuerySchema, response: { 200: ModelPageSchema } } },
    (req, reply) => cache.reply(req, reply, () => listModels(db, req.query, audience(req))),
  );
  r.get(
    '/api/models/:id',
    {
      schema: {
        ...models,
        params: IdParamsSchema,
        querystring: ModelGetQuerySchema,
        response: { 200: ModelSchema },
      },
    },
    (req) => getModel(db, req.params.id, audience(req), req.query.store ?? null),
  );
  r.post(
    '/api/models',
    { schema: { ...models, body: ModelInputSchema, response: { 201: ModelSchema } } },
    async (req, reply) => {
      requireAdmin(req.staff);
      return reply.code(201).send(await addModel(db, files, req.body));
    },
  );
  r.put(
    '/api/models/:id',
    { schema: { ...models, params: IdParamsSchema, body: ModelInputSchema, response: { 200: ModelSchema } } },
    async (req) => {
      requireAdmin(req.staff);
      return changeModel(db, files, req.params.id, req.body);
    },
  );
  r.put(
    '/api/models/:id/toggleVisibility',
    { schema: { ...models, params: IdParamsSchema, response: { 200: ModelSchema } } },
    async (req) => {
      requireAdmin(req.staff);
      return toggleModelVisibility(db, req.params.id);
    },
  );
  r.delete(
    '/api/models/:id',
    { schema: { ...models, params: IdParamsSchema, response: { 204: z.null() } } },
    async (req, reply) => {
      requireAdmin(req.staff);
      await deleteModel(db, req.params.id);
      return reply.code(204).send(null);
    },
  );
}
