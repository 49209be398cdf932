import {
  type StaffAccount,
  StaffAccountSchema,
  StaffCreateSchema,
  type StaffRole,
  StaffUpdateSchema,
} from '@shop/contracts/auth';
import { IdParamsSchema } from '@shop/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { conflict, fail, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { assertStrongPassword, createStaffUser, requireAdmin } from './service.ts';

interface AccountRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  store_id: number | null;
  disabled: boolean;
  created_at: Date;
}

const toAccount = (r: AccountRow): StaffAccount => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  storeId: r.store_id,
  disabled: r.disabled,
  createdAt: r.created_at.toISOString(),
});

const COLUMNS = 'id, email, name, role, store_id, disabled, created_at';

async function account(q: Queryable, id: number): Promise<StaffAccount> {
  const { rows } = await q.query<AccountRow>(`SELECT ${COLUMNS} FROM staff_users WHERE id = $1`, [id]);
  if (!rows[0]) throw notFound();
  return toAccount(rows[0]);
}

async function ensureStore(q: Queryable, storeId: number | null | undefined): Promise<void> {
  if (storeId === null || storeId === undefined) return;
  const { rows } = await q.query('SELECT 1 FROM stores WHERE id = $1', [storeId]);
  if (!rows[0]) throw fail(400, 'STORE_NOT_FOUND', 'storeNotFound');
}

/** Staff accounts, managed by admins: create store staff, reset passwords, disable. */
export async function staffUserRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['staff'];

  r.get('/api/staff', { schema: { response: { 200: z.array(StaffAccountSchema) }, tags } }, async (req) => {
    requireAdmin(req.staff);
    const { rows } = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM staff_users ORDER BY id`);
    return rows.map(toAccount);
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
      await ensureStore(db, req.body.storeId);
      assertStrongPassword(req.body.password, req.body);
      try {
        const user = await createStaffUser(db, {
          ...req.body,
          storeId: req.body.role === 'admin' ? null : req.body.storeId,
        });
        return reply.code(201).send(await account(db, user.id));
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw conflict('duplicate', 'DUPLICATE');
        throw err;
      }
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
    async (req) => {
      const admin = requireAdmin(req.staff);
      const { id } = req.params;
      const body = req.body;
      if (id === admin.id && (body.disabled === true || body.role === 'store'))
        throw fail(409, 'CONFLICT', 'cannotLockOutSelf');
      await ensureStore(db, body.storeId);
      if (body.password) assertStrongPassword(body.password, await account(db, id));
      const hash = body.password ? await hashPassword(body.password) : null;
      return db.transaction(async (tx) => {
        const current = await account(tx, id);
        const role = body.role ?? current.role;
        const storeId = role === 'admin' ? null : body.storeId !== undefined ? body.storeId : current.storeId;
        if (role === 'store' && storeId === null) throw fail(400, 'VALIDATION_FAILED', 'validationFailed');
        await tx.query(
          `UPDATE staff_users SET name = $2, role = $3, store_id = $4, disabled = $5,
             password_hash = COALESCE($6, password_hash) WHERE id = $1`,
          [id, body.name ?? current.name, role, storeId, body.disabled ?? current.disabled, hash],
        );
        // A new password, a lock or a change of rights ends every open session of that account.
        if (hash || body.disabled === true || body.role !== undefined || body.storeId !== undefined) {
          await tx.query('DELETE FROM staff_sessions WHERE user_id = $1', [id]);
        }
        return account(tx, id);
      });
    },
  );

  r.delete(
    '/api/staff/:id',
    { schema: { params: IdParamsSchema, response: { 204: z.null() }, tags } },
    async (req, reply) => {
      const admin = requireAdmin(req.staff);
      if (req.params.id === admin.id) throw fail(409, 'CONFLICT', 'cannotDeleteSelf');
      await db.transaction((tx) => deleteStaffAccount(tx, req.params.id));
      return reply.code(204).send(null);
    },
  );
}

/**
 * Deletes an account nobody's work refers to: one that changed or cashed an order, or issued an
 * invoice, stays (409 IN_USE) so the history keeps saying who did it; it can be disabled instead.
 */
async function deleteStaffAccount(tx: Queryable, id: number): Promise<void> {
  const { rows } = await tx.query<{ email: string }>(
    'SELECT email FROM staff_users WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!rows[0]) throw notFound();
  const actor = `staff:${rows[0].email}`;
  const { rows: used } = await tx.query<{ used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM order_events WHERE actor = $1)
         OR EXISTS (SELECT 1 FROM orders WHERE paid_by = $1)
         OR EXISTS (SELECT 1 FROM invoices WHERE issued_by = $2) AS used`,
    [actor, id],
  );
  if (used[0]!.used) throw conflict('staffInUse', 'IN_USE');
  await tx.query('DELETE FROM staff_users WHERE id = $1', [id]);
}
