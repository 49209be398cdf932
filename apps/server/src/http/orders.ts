import {
  OrderCreatedSchema,
  OrderCreateSchema,
  OrderIdParamsSchema,
  OrderSchema,
} from '@shop/contracts/orders';
import { Origin } from '@shop/contracts/stores';
import { TrackingParamsSchema, TrackingSchema } from '@shop/contracts/tracking';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invoicesOfOrders } from '../modules/invoices/index.ts';
import {
  createOrder,
  orderAccess,
  orderOfTrackingToken,
  orderTracking,
  ownerHashOf,
  readOrderFor,
} from '../modules/orders/index.ts';

/** A client may also send its own idea of the order (total, flags): accepted and ignored. */
const CreateBodySchema = OrderCreateSchema.extend({ origin: Origin.default('false') });

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['orders'];

  r.post(
    '/api/orders',
    {
      schema: { body: CreateBodySchema, response: { 201: OrderCreatedSchema }, tags },
      config: { rateLimit: 'order' },
    },
    async (req, reply) => {
      const created = await createOrder(db, req.body, ownerHashOf(req.visitorId));
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  // The session that made the order reads it (with its tracking token); staff of its store too.
  const readOrder = { schema: { params: OrderIdParamsSchema, response: { 200: OrderSchema }, tags } };
  for (const url of ['/api/orders/:id', '/api/orders/:id/details']) {
    r.get(url, readOrder, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return readOrderFor(db, req.params.id, await orderAccess(db, req, req.params.id), invoicesOfOrders);
    });
  }

  // The tracking link: its token reads this page and the invoices (invoices/routes.ts), nothing else.
  r.get(
    '/api/tracking/:token',
    { schema: { params: TrackingParamsSchema, response: { 200: TrackingSchema }, tags } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const orderId = await orderOfTrackingToken(db, req.params.token);
      return orderTracking(db, orderId, req.params.token, invoicesOfOrders);
    },
  );
}
