import { CaseTypeInputSchema, CaseTypeSchema } from '@shop/contracts/case-types';
import { IdParamsSchema } from '@shop/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireStaff } from '../modules/auth/index.ts';
import { createCaseType, getCaseType, listCaseTypes } from '../modules/catalogue/index.ts';
import { changeCaseType, removeCaseType } from '../workflows/case-types.ts';

/** The case types, a back-office resource: staff read them, admins write them. */
export async function caseTypeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalogueCache: cache } = app.deps;
  // The models' answers show the types: any successful write may change what customers see.
  app.addHook('onSend', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) cache.invalidate();
  });
  const tags = ['case-types'];

  r.get('/api/case-types', { schema: { response: { 200: z.array(CaseTypeSchema) }, tags } }, async (req) => {
    requireStaff(req.staff);
    return listCaseTypes(db);
  });

  r.get(
    '/api/case-types/:id',
    { schema: { params: IdParamsSchema, response: { 200: CaseTypeSchema }, tags } },
    async (req) => {
      requireStaff(req.staff);
      return getCaseType(db, req.params.id);
    },
  );

  r.post(
    '/api/case-types',
    { schema: { body: CaseTypeInputSchema, response: { 201: CaseTypeSchema }, tags } },
    async (req, reply) => {
      requireAdmin(req.staff);
      return reply.code(201).send(await db.transaction((tx) => createCaseType(tx, req.body)));
    },
  );

  r.put(
    '/api/case-types/:id',
    {
      schema: { params: IdParamsSchema, body: CaseTypeInputSchema, response: { 200: CaseTypeSchema }, tags },
    },
    async (req) => {
      requireAdmin(req.staff);
      return changeCaseType(db, req.params.id, req.body);
    },
  );

  r.delete(
    '/api/case-types/:id',
    { schema: { params: IdParamsSchema, response: { 204: z.null() }, tags } },
    async (req, reply) => {
      requireAdmin(req.staff);
      await removeCaseType(db, req.params.id);
      return reply.code(204).send(null);
    },
  );
}
