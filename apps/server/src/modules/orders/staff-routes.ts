import {
  OrderEventSchema,
  OrderFilterSchema,
  OrderIdParamsSchema,
  OrderPageSchema,
  OrderSchema,
  PrintFileSchema,
  StaffStatusChangeSchema,
} from '@shop/contracts/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff, requireStoreAccess } from '../auth/service.ts';
import { fileUri } from '../files/service.ts';
import { rectifyForCancellation } from '../invoices/service.ts';
import { getOrder } from './service.ts';
import { changeStatusByStaff, listOrders, orderStoreId, orderTimeline, printOrder } from './staff-service.ts';

/** The back office's order calls. Listing orders exposes personal data: staff only. */
export async function staffOrderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files, checkoutEffects, invoices } = app.deps;
  const tags = ['orders'];

  r.get(
    '/api/orders',
    { schema: { querystring: OrderFilterSchema, response: { 200: OrderPageSchema }, tags } },
    async (req, reply) => {
      const staff = requireStaff(req.staff);
      reply.header('cache-control', 'no-store');
      return listOrders(db, staff, req.query);
    },
  );

  r.get(
    '/api/orders/:id/timeline',
    { schema: { params: OrderIdParamsSchema, response: { 200: z.array(OrderEventSchema) }, tags } },
    async (req, reply) => {
      requireStoreAccess(req.staff, await orderStoreId(db, req.params.id));
      reply.header('cache-control', 'no-store');
      return orderTimeline(db, req.params.id);
    },
  );

  r.post(
    '/api/orders/:id/status',
    {
      schema: {
        params: OrderIdParamsSchema,
        body: StaffStatusChangeSchema,
        response: { 200: OrderSchema },
        tags,
      },
    },
    async (req, reply) => {
      const staff = requireStaff(req.staff);
      await db.transaction(async (tx) => {
        // An invoiced order is cancelled with the rectificativa of what is left on its invoice.
        if (req.body.status === 'cancelled') {
          requireStoreAccess(staff, await orderStoreId(tx, req.params.id));
          await rectifyForCancellation(
            tx,
            invoices,
            req.params.id,
            staff,
            req.body.note || 'Pedido cancelado',
          );
        }
        await changeStatusByStaff(tx, req.params.id, staff, req.body.status, req.body.note ?? null);
        if (req.body.status === 'ready') await checkoutEffects.orderReady(tx, req.params.id);
        if (req.body.status === 'cancelled') await checkoutEffects.orderCancelled(tx, req.params.id);
      });
      reply.header('cache-control', 'no-store');
      return getOrder(db, req.params.id);
    },
  );

  r.post(
    '/api/orders/:id/print',
    { schema: { params: OrderIdParamsSchema, response: { 200: PrintFileSchema }, tags } },
    async (req, reply) => {
      const staff = requireStoreAccess(req.staff, await orderStoreId(db, req.params.id));
      const print = await printOrder(db, files, req.params.id, staff);
      reply.header('cache-control', 'no-store');
      return {
        uri: fileUri(print.pdfId),
        png: fileUri(print.pngId),
        widthPx: print.widthPx,
        heightPx: print.heightPx,
        dpi: print.dpi,
      };
    },
  );
}
