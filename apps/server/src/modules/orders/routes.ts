import {
  OrderCreatedSchema,
  OrderCreateSchema,
  OrderIdParamsSchema,
  OrderSchema,
} from '@shop/contracts/orders';
import { Origin } from '@shop/contracts/stores';
import { TrackingSchema } from '@shop/contracts/tracking';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStoreAccess } from '../auth/service.ts';
import { createOrder, forCustomer, getOrder } from './service.ts';
import { orderTracking } from './tracking.ts';

/** The spec's client may also send its own idea of the order (total, flags): accepted and ignored. */
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
      const created = await createOrder(db, req.body);
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  // The order id is the customer's capability: unguessable, and the only way to read the order.
  const readOrder = { schema: { params: OrderIdParamsSchema, response: { 200: OrderSchema }, tags } };
  // Staff see the staff view of their own store's orders only (admins: every store), as on every
  // other route of an order; a customer sees the customer view of the order whose id they hold.
  const orderFor = async (req: FastifyRequest, id: string) => {
    const order = await getOrder(db, id);
    if (!req.staff) return forCustomer(order);
    requireStoreAccess(req.staff, order.store.id);
    return order;
  };
  r.get('/api/orders/:id', readOrder, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return orderFor(req, req.params.id);
  });
  r.get('/api/orders/:id/details', readOrder, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return orderFor(req, req.params.id);
  });
  r.get(
    '/api/orders/:id/tracking',
    { schema: { params: OrderIdParamsSchema, response: { 200: TrackingSchema }, tags } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return orderTracking(db, req.params.id);
    },
  );
}
