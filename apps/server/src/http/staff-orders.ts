import type { StaffUser } from '@shop/contracts/auth';
import { messages } from '@shop/contracts/messages';
import { ORDER_STATUS_LABELS } from '@shop/contracts/order-status-labels';
import {
  BulkStatusChangedSchema,
  BulkStatusChangeSchema,
  OrderEventSchema,
  OrderFilterSchema,
  OrderIdParamsSchema,
  OrderPageSchema,
  OrderSchema,
  PrintFileSchema,
  type StaffStatusChange,
  StaffStatusChangeSchema,
} from '@shop/contracts/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { requireStaff, requireStoreAccess } from '../modules/auth/index.ts';
import { fileUri } from '../modules/files/index.ts';
import { invoicesOfOrders } from '../modules/invoices/index.ts';
import {
  changeStatusByStaff,
  getOrder,
  listOrders,
  orderPrintPdfId,
  orderStoreId,
  orderTimeline,
  printOrder,
} from '../modules/orders/index.ts';
import { printHasWhite, printWhitePng, renderOrderPrint } from '../modules/print/index.ts';
import { cancelInTransaction, cancelOrder } from '../workflows/cancel-order.ts';

/** The back office's order calls. Listing orders exposes personal data: staff only. */
export async function staffOrderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files, checkoutEffects, invoices, config, redsysRest } = app.deps;
  const tags = ['orders'];

  r.get(
    '/api/orders',
    { schema: { querystring: OrderFilterSchema, response: { 200: OrderPageSchema }, tags } },
    async (req, reply) => {
      const staff = requireStaff(req.staff);
      reply.header('cache-control', 'no-store');
      return listOrders(db, staff, req.query, invoicesOfOrders);
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
      if (req.body.status === 'cancelled') {
        // Not one transaction: an online payment is refunded through the gateway on the way.
        if (req.body.carrier || req.body.trackingNumber || req.body.trackingUrl) {
          throw new AppError(400, 'VALIDATION_FAILED', messages.parcelOnlyWhenShipped);
        }
        const deps = {
          config,
          invoices,
          rest: redsysRest,
          log: req.log,
          effects: () => checkoutEffects,
        };
        await cancelOrder(db, deps, req.params.id, staff, req.body.note || null);
      } else {
        await db.transaction(async (tx) => {
          await changeStatusWithEffects(tx, req.params.id, staff, req.body);
        });
      }
      reply.header('cache-control', 'no-store');
      return getOrder(db, req.params.id, { invoices: invoicesOfOrders });
    },
  );

  /** The same change, its timeline line and its mail, in the caller's transaction. */
  async function changeStatusWithEffects(
    tx: Queryable,
    orderId: string,
    staff: StaffUser,
    change: StaffStatusChange,
  ): Promise<boolean> {
    // In a bulk change, an order whose online payment must go back first is refused (409).
    if (change.status === 'cancelled') {
      if (change.carrier || change.trackingNumber || change.trackingUrl) {
        throw new AppError(400, 'VALIDATION_FAILED', messages.parcelOnlyWhenShipped);
      }
      return cancelInTransaction(
        tx,
        { invoices, effects: () => checkoutEffects },
        orderId,
        staff,
        change.note || null,
      );
    }
    const changed = await changeStatusByStaff(tx, orderId, staff, change.status, change.note ?? null, change);
    if (!changed) return false;
    if (change.status === 'ready') await checkoutEffects.orderReady(tx, orderId);
    if (change.status === 'shipped') await checkoutEffects.orderShipped(tx, orderId);
    if (change.status === 'delivered') await checkoutEffects.orderDelivered(tx, orderId);
    return true;
  }

  r.post(
    '/api/orders/status',
    { schema: { body: BulkStatusChangeSchema, response: { 200: BulkStatusChangedSchema }, tags } },
    async (req, reply) => {
      const staff = requireStaff(req.staff);
      const { orderIds, ...change } = req.body;
      // All or none: the first order that refuses the change rolls back every other.
      const changed = await db.transaction(async (tx) => {
        let n = 0;
        for (const id of new Set(orderIds)) {
          try {
            if (await changeStatusWithEffects(tx, id, staff, change)) n++;
          } catch (err) {
            if (err instanceof AppError && err.statusCode === 409) {
              // Which order, in which state, and why: the clerk can fix that one and try again.
              const { orderNumber, status } = await getOrder(tx, id);
              throw new AppError(
                409,
                err.code,
                messages.bulkStatusFailed
                  .replace('{orderNumber}', orderNumber)
                  .replace('{status}', ORDER_STATUS_LABELS[status])
                  .replace('{reason}', err.message),
              );
            }
            throw err;
          }
        }
        return n;
      });
      reply.header('cache-control', 'no-store');
      return { changed };
    },
  );

  r.post(
    '/api/orders/:id/print',
    { schema: { params: OrderIdParamsSchema, response: { 200: PrintFileSchema }, tags } },
    async (req, reply) => {
      const staff = requireStoreAccess(req.staff, await orderStoreId(db, req.params.id));
      const print = await printOrder(db, files, renderOrderPrint, req.params.id, staff);
      const white = await printHasWhite(db, files, print.pdfId);
      reply.header('cache-control', 'no-store');
      return {
        uri: fileUri(print.pdfId),
        png: fileUri(print.pngId),
        white: white ? `/api/orders/${req.params.id}/print-white.png` : null,
        widthPx: print.widthPx,
        heightPx: print.heightPx,
        dpi: print.dpi,
      };
    },
  );

  // The white-ink mask of a clear case's print (see the print module), for RIPs that take the
  // white channel as a separate file. 404 before the order is printed or when it has no white.
  r.get(
    '/api/orders/:id/print-white.png',
    { schema: { params: OrderIdParamsSchema, tags } },
    async (req, reply) => {
      requireStoreAccess(req.staff, await orderStoreId(db, req.params.id));
      const pdfId = await orderPrintPdfId(db, req.params.id);
      const png = pdfId && (await printWhitePng(db, files, pdfId));
      if (!png) throw notFound();
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `inline; filename="tinta-blanca-${req.params.id.slice(0, 8)}.png"`);
      return reply.type('image/png').send(png);
    },
  );
}
