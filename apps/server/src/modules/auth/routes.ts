import type { StaffUser } from '@shop/contracts/auth';
import { LoginSchema, StaffUserSchema } from '@shop/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, sessionUser, signIn, signOut } from './service.ts';

export const STAFF_COOKIE = 'staff_session';

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffUser | null;
  }
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.production };

  r.post(
    '/api/auth/login',
    { schema: { body: LoginSchema, response: { 200: StaffUserSchema }, tags: ['staff'] } },
    async (req, reply) => {
      const previous = req.cookies[STAFF_COOKIE];
      if (previous) await signOut(db, previous);
      // A new session id at every sign-in: a planted cookie never becomes a signed-in session.
      const { user, sessionId } = await signIn(db, { ...req.body, ip: req.ip });
      reply.setCookie(STAFF_COOKIE, sessionId, cookie);
      return user;
    },
  );

  r.post(
    '/api/auth/logout',
    { schema: { response: { 204: z.null() }, tags: ['staff'] } },
    async (req, reply) => {
      const sessionId = req.cookies[STAFF_COOKIE];
      if (sessionId) await signOut(db, sessionId);
      reply.clearCookie(STAFF_COOKIE, cookie);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/auth/me',
    { schema: { response: { 200: StaffUserSchema }, tags: ['staff'] } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return requireStaff(req.staff);
    },
  );
}

/** Loads the staff user of the request's session cookie, if any. */
export function registerStaffSession(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (req) => {
    const sessionId = req.cookies[STAFF_COOKIE];
    if (sessionId && sessionId.length < 100 && req.url.startsWith('/api/')) {
      req.staff = await sessionUser(app.deps.db, sessionId);
    }
  });
}
