import { StaffAccountSchema, StaffCreateSchema, StaffUpdateSchema } from '@shop/contracts/auth';
import { IdParamsSchema } from '@shop/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { account, listAccounts, requireAdmin } from '../modules/auth/index.ts';
import { createStaffAccount, deleteStaffAccount, updateStaffAccount } from '../workflows/staff-accounts.ts';

/** Staff accounts, managed by admins: create store staff, reset passwords, disable. */
export async function staffUserRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['staff'];

  r.get('/api/staff', { schema: { response: { 200: z.array(StaffAccountSchema) }, tags } }, async (req) => {
    requireAdmin(req.staff);
    return listAccounts(db);
  });

  r.get(
    '/api/staff/:id',
    { schema: { params: IdParamsSchema, response: { 200: StaffAccountSchema }, tags } },
    async (req) => {
      requireAdmin(req.staff);
      return account(db, req.params.id);
    },
  );

  r.post(
    '/api/staff',
    { schema: { body: StaffCreateSchema, response: { 201: StaffAccountSchema }, tags } },
    async (req, reply) => {
      requireAdmin(req.staff);
      return reply.code(201).send(await createStaffAccount(db, req.body));
    },
  );

  r.put(
    '/api/staff/:id',
    {
      schema: {
        params: IdParamsSchema,
        body: StaffUpdateSchema,
        response: { 200: StaffAccountSchema },
        tags,
      },
    },
    async (req) => updateStaffAccount(db, requireAdmin(req.staff), req.params.id, req.body),
  );

  r.delete(
    '/api/staff/:id',
    { schema: { params: IdParamsSchema, response: { 204: z.null() }, tags } },
    async (req, reply) => {
      await deleteStaffAccount(db, requireAdmin(req.staff), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
