import type { StaffUser } from '@shop/contracts/auth';
import { LoginSchema, PasswordChangeSchema, StaffUserSchema } from '@shop/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeOwnPassword,
  DEVICE_TTL_SECONDS,
  requireStaff,
  sessionUser,
  signIn,
  signOut,
} from '../modules/auth/index.ts';
import { clientAddress } from '../plugins/rate-limit.ts';

/** The staff cookie's name outside production; production uses `__Host-staff_session` (env.ts). */
export const STAFF_COOKIE = 'staff_session';

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffUser | null;
  }
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const staffCookie = config.cookies.staff;
  const deviceCookie = config.cookies.device;
  const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.production };

  r.post(
    '/api/auth/login',
    { schema: { body: LoginSchema, response: { 200: StaffUserSchema }, tags: ['staff'] } },
    async (req, reply) => {
      const previous = req.cookies[staffCookie];
      if (previous) await signOut(db, previous);
      // A new session id at every sign-in: a planted cookie never becomes a signed-in session.
      const { user, sessionId, deviceToken } = await signIn(db, {
        ...req.body,
        address: clientAddress(req),
        deviceToken: req.cookies[deviceCookie],
      });
      reply.setCookie(staffCookie, sessionId, cookie);
      // Outlives the session (and a sign-out): it says this device has signed in before.
      reply.setCookie(deviceCookie, deviceToken, { ...cookie, maxAge: DEVICE_TTL_SECONDS });
      return user;
    },
  );

  r.post(
    '/api/auth/logout',
    { schema: { response: { 204: z.null() }, tags: ['staff'] } },
    async (req, reply) => {
      const sessionId = req.cookies[staffCookie];
      if (sessionId) await signOut(db, sessionId);
      reply.clearCookie(staffCookie, cookie);
      return reply.code(204).send(null);
    },
  );

  r.put(
    '/api/auth/password',
    { schema: { body: PasswordChangeSchema, response: { 204: z.null() }, tags: ['staff'] } },
    async (req, reply) => {
      const user = requireStaff(req.staff);
      await changeOwnPassword(db, {
        user,
        sessionId: req.cookies[staffCookie]!,
        ...req.body,
        address: clientAddress(req),
      });
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
  const name = app.deps.config.cookies.staff;
  app.addHook('onRequest', async (req) => {
    const sessionId = req.cookies[name];
    if (sessionId && sessionId.length < 100 && req.url.startsWith('/api/')) {
      req.staff = await sessionUser(app.deps.db, sessionId);
    }
  });
}
