import {
  BrandInputSchema,
  BrandSchema,
  type ModelInput,
  ModelInputSchema,
  ModelPageSchema,
  ModelQuerySchema,
  ModelSchema,
} from '@shop/contracts/catalogue';
import { IdParamsSchema, NameQuerySchema } from '@shop/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { requireAdmin } from '../auth/service.ts';
import { designIndexFor, planModelPicture, renderModelMockup } from './mockup.ts';
import {
  type Audience,
  createBrand,
  createModel,
  currentPicture,
  deleteBrand,
  deleteModel,
  getBrand,
  getModel,
  listBrands,
  listModels,
  type ModelPicture,
  toggleModelVisibility,
  updateBrand,
  updateModel,
} from './service.ts';

const audience = (req: FastifyRequest): Audience => (req.staff ? 'staff' : 'public');

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files, catalogueCache: cache } = app.deps;
  // Any successful write here may change what customers see.
  app.addHook('onSend', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) cache.invalidate();
  });

  /**
   * The model's picture: staff's photo, or a mock-up drawn now (outside the transaction) and saved
   * with the model's row, so a failed save leaves no stray picture row.
   */
  const pictureFor = async (input: ModelInput, current: Awaited<ReturnType<typeof currentPicture>>) => {
    const plan = planModelPicture(input, current);
    if ('keep' in plan) return async (_tx: Queryable) => plan.keep;
    const drawn = await renderModelMockup(plan.draw, designIndexFor(input.name));
    return async (tx: Queryable): Promise<ModelPicture> => ({
      imageId: (await files.save(tx, { kind: 'model-image', ...drawn })).id,
      isMockup: true,
    });
  };

  const brands = { tags: ['brands'] };
  r.get(
    '/api/brands',
    { schema: { ...brands, querystring: NameQuerySchema, response: { 200: z.array(BrandSchema) } } },
    (req, reply) => cache.reply(req, reply, () => listBrands(db, audience(req), req.query.name)),
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
    { schema: { ...models, params: IdParamsSchema, response: { 200: ModelSchema } } },
    (req) => getModel(db, req.params.id, audience(req)),
  );
  r.post(
    '/api/models',
    { schema: { ...models, body: ModelInputSchema, response: { 201: ModelSchema } } },
    async (req, reply) => {
      requireAdmin(req.staff);
      await files.assertUris(db, [req.body.image], ['model-image']);
      await files.assertUris(db, [req.body.template], ['template']);
      const picture = await pictureFor(req.body, null);
      return reply
        .code(201)
        .send(await db.transaction(async (tx) => createModel(tx, req.body, await picture(tx))));
    },
  );
  r.put(
    '/api/models/:id',
    { schema: { ...models, params: IdParamsSchema, body: ModelInputSchema, response: { 200: ModelSchema } } },
    async (req) => {
      requireAdmin(req.staff);
      await files.assertUris(db, [req.body.image], ['model-image']);
      await files.assertUris(db, [req.body.template], ['template']);
      const picture = await pictureFor(req.body, await currentPicture(db, req.params.id));
      return db.transaction(async (tx) => updateModel(tx, req.params.id, req.body, await picture(tx)));
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
