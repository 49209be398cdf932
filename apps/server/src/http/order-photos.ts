import fastifyMultipart from '@fastify/multipart';
import { FileUri } from '@shop/contracts/common';
import { OrderIdParamsSchema, OrderSchema, UploadLinkQuerySchema } from '@shop/contracts/orders';
import { AddPhotoBodySchema, SceneDraftBodySchema } from '@shop/contracts/scene-schema';
import { Origin, UrlCodeSchema } from '@shop/contracts/stores';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail } from '../lib/errors.ts';
import { fileIdFromUri, fileUri } from '../modules/files/index.ts';
import { invoicesOfOrders } from '../modules/invoices/index.ts';
import {
  addPhoto,
  attachPhoto,
  byCustomer,
  createUploadToken,
  detachPhoto,
  orderAccess,
  orderOfUploadToken,
  ownerHashOf,
  readOrderFor,
  saveDraftScene,
} from '../modules/orders/index.ts';
import { uploadFromPhone } from '../workflows/customer-photos.ts';
import { requireFile, UPLOAD_LIMITS, uploadClient, withUploadForm } from './upload-form.ts';
import { UPLOAD_ROUTE } from './upload-queue.ts';

/** `PUT /api/orders/{id}`: the customer's order gets its photo. Other fields are ignored. */
const OrderUpdateSchema = z.object({ image: FileUri });

export async function orderPhotoRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, files, config } = app.deps;
  const tags = ['orders'];
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS });
  const noStore = { 'cache-control': 'no-store' };

  /** The shop's public origin: configured, or the one this request came through. */
  const origin = (req: FastifyRequest) => config.publicUrl ?? `${req.protocol}://${req.host}`;

  r.put(
    '/api/orders/:id',
    {
      schema: { params: OrderIdParamsSchema, body: OrderUpdateSchema, response: { 200: OrderSchema }, tags },
    },
    async (req, reply) => {
      const access = await orderAccess(db, req, req.params.id);
      const ownerHash = ownerHashOf(req.visitorId);
      await db.transaction((tx) =>
        attachPhoto(tx, files, req.params.id, fileIdFromUri(req.body.image), ownerHash, byCustomer),
      );
      return reply.headers(noStore).send(await readOrderFor(db, req.params.id, access, invoicesOfOrders));
    },
  );

  /** The editor's 'Añadir foto': one more photo in the order's tray, the design kept. */
  r.post(
    '/api/orders/:id/photos',
    {
      schema: { params: OrderIdParamsSchema, body: AddPhotoBodySchema, response: { 200: OrderSchema }, tags },
    },
    async (req, reply) => {
      const access = await orderAccess(db, req, req.params.id);
      const ownerHash = ownerHashOf(req.visitorId);
      await db.transaction((tx) =>
        addPhoto(tx, files, req.params.id, fileIdFromUri(req.body.image), ownerHash),
      );
      return reply.headers(noStore).send(await readOrderFor(db, req.params.id, access, invoicesOfOrders));
    },
  );

  /** The editor's draft, saved as the customer works; the order's answer carries it back. */
  r.put(
    '/api/orders/:id/scene',
    {
      schema: {
        params: OrderIdParamsSchema,
        body: SceneDraftBodySchema,
        response: { 200: OrderSchema },
        tags,
      },
    },
    async (req, reply) => {
      const access = await orderAccess(db, req, req.params.id);
      await db.transaction((tx) => saveDraftScene(tx, req.params.id, req.body.scene));
      return reply.headers(noStore).send(await readOrderFor(db, req.params.id, access, invoicesOfOrders));
    },
  );

  r.delete(
    '/api/orders/:id/removeImage',
    { schema: { params: OrderIdParamsSchema, response: { 200: OrderSchema }, tags } },
    async (req, reply) => {
      const access = await orderAccess(db, req, req.params.id);
      await db.transaction((tx) => detachPhoto(tx, req.params.id));
      return reply.headers(noStore).send(await readOrderFor(db, req.params.id, access, invoicesOfOrders));
    },
  );

  r.get(
    '/api/orders/:id/:origin/getUrl',
    {
      schema: {
        params: OrderIdParamsSchema.extend({ origin: Origin }),
        querystring: UploadLinkQuerySchema,
        response: { 200: z.object({ url: z.string() }) },
        tags,
      },
      config: { rateLimit: 'uploadLink' },
    },
    async (req, reply) => {
      // The session that owns the order hands out its upload links (the kiosk shows the QR code).
      await orderAccess(db, req, req.params.id);
      const token = await db.transaction((tx) => createUploadToken(tx, req.params.id, req.query.for));
      return reply.headers(noStore).send({ url: `${origin(req)}/upload/${token}` });
    },
  );

  r.post(
    '/api/orders/:id/generateQR',
    {
      schema: { params: OrderIdParamsSchema, response: { 200: UrlCodeSchema }, tags },
      config: { rateLimit: 'uploadLink' },
    },
    async (req, reply) => {
      await orderAccess(db, req, req.params.id);
      const token = await db.transaction((tx) => createUploadToken(tx, req.params.id));
      return reply.headers(noStore).send({ urlCode: token });
    },
  );

  /**
   * The phone's upload: the link token is the only credential, and it can do nothing else (the
   * phone is another browser session than the kiosk or desktop that owns the order).
   */
  const phoneUpload = (req: FastifyRequest) =>
    withUploadForm(req, async (form) => {
      const token = form.fields.encodedUrl;
      if (!token) throw fail(403, 'UPLOAD_LINK_INVALID', 'uploadLinkInvalid');
      const file = await uploadFromPhone(db, files, token, () => requireFile(form), uploadClient(req));
      return { uri: fileUri(file.id) };
    });

  /**
   * Whether a phone upload link can still be used, asked by the phone's page as it opens, so an
   * expired, spent or late link says so (and what to do) before the customer picks a photo. The
   * answer tells nothing about the order.
   */
  r.get(
    '/api/upload-links/:token',
    {
      schema: {
        params: z.object({ token: z.string().max(64) }),
        response: { 200: z.object({ status: z.literal('open') }) },
        tags,
      },
    },
    async (req, reply) => {
      await orderOfUploadToken(db, req.params.token);
      return reply.headers(noStore).send({ status: 'open' as const });
    },
  );

  const uploadSchema = {
    schema: { response: { 200: z.object({ uri: z.string() }) }, tags },
    config: UPLOAD_ROUTE,
  };
  r.post('/api/orders/upload/', uploadSchema, async (req, reply) =>
    reply.headers(noStore).send(await phoneUpload(req)),
  );
  r.post('/api/orders/upload', uploadSchema, async (req, reply) =>
    reply.headers(noStore).send(await phoneUpload(req)),
  );
}
