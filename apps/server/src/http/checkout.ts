import { CaseTypeChangeSchema } from '@shop/contracts/case-types';
import {
  ContactDetailsSchema,
  DeliveryDetailsSchema,
  PaymentMethodQuerySchema,
} from '@shop/contracts/checkout';
import { FileUri } from '@shop/contracts/common';
import { DesignTransformSchema, OrderIdParamsSchema, OrderSchema } from '@shop/contracts/orders';
import { SceneSchema } from '@shop/contracts/scene-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { fail } from '../lib/errors.ts';
import { requireStaff, requireStoreAccess } from '../modules/auth/index.ts';
import { fileIdFromUri } from '../modules/files/index.ts';
import { invoicesOfOrders } from '../modules/invoices/index.ts';
import {
  addDelivery,
  type CheckoutEffects,
  changeOrderCaseType,
  confirmDelivery,
  confirmInStorePickup,
  confirmPaidAtStore,
  confirmPaymentMethod,
  confirmUserDetails,
  orderAccess,
  ownerHashOf,
  readOrderFor,
  saveSceneDesign,
  saveTransformDesign,
} from '../modules/orders/index.ts';

/**
 * `PUT /api/orders/{id}/design`: the rendered design and what it was drawn from, one of:
 * - the second editor's scene (layout, photos, filters, texts, stickers);
 * - the first editor's one-photo design: the transform and (newer clients) the photo the editor
 *   drew, so a design is never saved against a photo that replaced it meanwhile. It is stored as
 *   the one-photo scene it stands for (ADR 25).
 */
const DesignBodySchema = z
  .object({
    design: FileUri,
    transform: DesignTransformSchema.optional(),
    photo: FileUri.optional(),
    scene: SceneSchema.optional(),
  })
  .refine((b) => (b.transform === undefined) !== (b.scene === undefined), {
    message: 'designTransformOrScene',
  });

/** The customer's checkout calls; each returns the order as it now stands. */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files, checkoutEffects: effects, checkoutGuards: guards } = app.deps;
  const tags = ['checkout'];
  const params = OrderIdParamsSchema;
  const response = { 200: OrderSchema };

  /** One checkout step: the caller's right on the order first, then the change, then the order. */
  const step = async (
    req: Pick<FastifyRequest, 'visitorId' | 'staff'> & { params: { id: string } },
    reply: FastifyReply,
    run: (tx: Queryable, effects: CheckoutEffects) => Promise<void>,
  ) => {
    const access = await orderAccess(db, req, req.params.id);
    await db.transaction((tx) => run(tx, effects));
    return reply
      .header('cache-control', 'no-store')
      .send(await readOrderFor(db, req.params.id, access, invoicesOfOrders));
  };

  r.put(
    '/api/orders/:id/design',
    { schema: { params, body: DesignBodySchema, response, tags } },
    (req, reply) =>
      step(req, reply, (tx) => {
        const { design, transform, photo, scene } = req.body;
        const ownerHash = ownerHashOf(req.visitorId);
        if (scene)
          return saveSceneDesign(tx, files, req.params.id, ownerHash, {
            fileId: fileIdFromUri(design),
            scene,
          });
        // The schema lets exactly one of the two through.
        if (!transform) throw fail(400, 'VALIDATION_FAILED', 'designTransformOrScene');
        return saveTransformDesign(tx, files, req.params.id, ownerHash, {
          fileId: fileIdFromUri(design),
          transform,
          photoId: photo ? fileIdFromUri(photo) : null,
        });
      }),
  );
  r.put(
    '/api/orders/:id/caseType',
    { schema: { params, body: CaseTypeChangeSchema, response, tags } },
    (req, reply) => step(req, reply, (tx) => changeOrderCaseType(tx, req.params.id, req.body, guards)),
  );
  r.post(
    '/api/orders/:id/confirmPaymentMethod',
    { schema: { params, querystring: PaymentMethodQuerySchema, response, tags } },
    (req, reply) =>
      step(req, reply, (tx, fx) =>
        confirmPaymentMethod(tx, req.params.id, req.query.paymentMethod, fx, guards),
      ),
  );
  r.post('/api/orders/:id/confirmInStorePickup', { schema: { params, response, tags } }, (req, reply) =>
    step(req, reply, (tx, fx) => confirmInStorePickup(tx, req.params.id, fx, guards)),
  );
  r.post('/api/orders/:id/addDelivery', { schema: { params, response, tags } }, (req, reply) =>
    step(req, reply, (tx, fx) => addDelivery(tx, req.params.id, fx, guards)),
  );
  r.post(
    '/api/orders/:id/confirmUserDetails',
    { schema: { params, body: ContactDetailsSchema, response, tags } },
    (req, reply) => step(req, reply, (tx, fx) => confirmUserDetails(tx, req.params.id, req.body, fx)),
  );
  r.post(
    '/api/orders/:id/confirmDelivery',
    { schema: { params, body: DeliveryDetailsSchema, response, tags } },
    (req, reply) => step(req, reply, (tx, fx) => confirmDelivery(tx, req.params.id, req.body, fx)),
  );

  r.post(
    '/api/orders/:id/confirmPayment',
    { schema: { params, response, tags: ['orders'] } },
    (req, reply) => {
      const staff = requireStaff(req.staff);
      return step(req, reply, (tx, fx) =>
        confirmPaidAtStore(tx, req.params.id, staff, (storeId) => requireStoreAccess(staff, storeId), fx),
      );
    },
  );
}
