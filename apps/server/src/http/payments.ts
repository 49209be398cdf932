import type { ErrorBody } from '@shop/contracts/errors';
import { messages } from '@shop/contracts/messages';
import { eurosToCents } from '@shop/contracts/money';
import { OrderIdParamsSchema } from '@shop/contracts/orders';
import {
  PaymentInitiateBodySchema,
  PaymentInitiateQuerySchema,
  PaymentInitiationSchema,
  PaymentStatusSchema,
  RedsysNotificationFormSchema,
} from '@shop/contracts/payments';
import {
  RefundIdempotencyHeadersSchema,
  RefundRequestSchema,
  RefundResultSchema,
} from '@shop/contracts/refunds';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../env.ts';
import { fail } from '../lib/errors.ts';
import { shopOrigin } from '../lib/shop-origin.ts';
import { requireAdmin } from '../modules/auth/index.ts';
import { orderAccess } from '../modules/orders/index.ts';
import {
  customerReturnedKo,
  handleNotification,
  initiatePayment,
  type NotificationResult,
  type PaymentLog,
  parseMerchantKey,
  paymentStatus,
  RedsysKeyError,
  registerFormBody,
  signedForOrder,
} from '../modules/payments/index.ts';
import { type RefundDeps, refundMismatched, refundOrder } from '../workflows/refund.ts';

/** A notification is three short fields; anything much bigger is not from the gateway. */
export const NOTIFICATION_BODY_LIMIT = 16 * 1024;

/** Stops the start when the merchant key cannot work, instead of failing at the first payment. */
function checkMerchantKey(config: Config): void {
  // HMAC_SHA512_V2 uses the key as text (its first 16 characters); only V1 decodes it.
  if (config.redsys.signatureVersion !== 'HMAC_SHA256_V1') return;
  try {
    parseMerchantKey(config.redsys.secretKey);
  } catch (err) {
    if (err instanceof RedsysKeyError) {
      throw new Error(
        'Configuración no válida:\n  REDSYS_SECRET_KEY: debe ser la clave en base64 de 24 bytes (32 caracteres)',
      );
    }
    throw err;
  }
}

/**
 * The payment calls: initiation, status and the KO return for the session that owns the order
 * (staff of its store may read and initiate too), and the gateway's server-to-server notification.
 */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  checkMerchantKey(config);
  const tags = ['payments'];

  r.post(
    '/api/payment/initiate/:id',
    {
      schema: {
        params: OrderIdParamsSchema,
        querystring: PaymentInitiateQuerySchema,
        body: PaymentInitiateBodySchema,
        response: { 200: PaymentInitiationSchema },
        tags,
      },
    },
    async (req, reply) => {
      await orderAccess(db, req, req.params.id);
      const method = req.body?.method ?? req.query.method ?? 'card';
      const signed = await initiatePayment(db, config, {
        orderId: req.params.id,
        method,
        shopOrigin: shopOrigin(config, req),
      });
      return reply.header('cache-control', 'no-store').send(signed);
    },
  );

  // The customer back through the gateway's KO return: the attempt ends (and with it the guard on
  // changes); the signed answer the gateway appends, when there, is applied as its notification.
  // Ending the attempt is the owning session's alone: anyone else who posts here (a forwarded
  // link, while the customer is still at the gateway) would turn the payment the gateway is about
  // to authorise into one to refund. Others are heard only with the gateway's signed answer for
  // this very order, which the notification endpoint would take from anyone anyway.
  r.post(
    '/api/payment/redsys/:id/ko',
    {
      schema: {
        params: OrderIdParamsSchema,
        body: RedsysNotificationFormSchema.nullish(),
        response: { 200: PaymentStatusSchema },
        tags,
      },
    },
    async (req, reply) => {
      const fields = req.body ?? {};
      const signed = Boolean(fields.Ds_MerchantParameters && fields.Ds_Signature);
      let owner = false;
      try {
        const access = await orderAccess(db, req, req.params.id);
        if (!access.owner) throw fail(403, 'ORDER_NOT_OWNED', 'orderNotOwned');
        owner = true;
      } catch (err) {
        if (!signed || !(await signedForOrder(db, config, fields, req.params.id))) throw err;
      }
      if (signed) {
        const result = await handleNotification(
          db,
          config,
          () => app.deps.checkoutEffects,
          fields,
          req.ip,
          req.log,
        );
        if (result.toRefund) await refundMismatchedPayment(result.toRefund, req.log);
      }
      if (owner) await customerReturnedKo(db, req.params.id);
      return reply.header('cache-control', 'no-store').send(await paymentStatus(db, req.params.id));
    },
  );

  r.get(
    '/api/payment/redsys/:id',
    { schema: { params: OrderIdParamsSchema, response: { 200: PaymentStatusSchema }, tags } },
    async (req, reply) => {
      await orderAccess(db, req, req.params.id);
      return reply.header('cache-control', 'no-store').send(await paymentStatus(db, req.params.id));
    },
  );

  const refundDeps = (log: PaymentLog): RefundDeps => ({
    config,
    invoices: app.deps.invoices,
    rest: app.deps.redsysRest,
    log,
    effects: () => app.deps.checkoutEffects,
  });

  const refundMismatchedPayment = (target: NonNullable<NotificationResult['toRefund']>, log: PaymentLog) =>
    refundMismatched(db, refundDeps(log), target);

  r.post(
    '/api/orders/:id/refund',
    {
      schema: {
        params: OrderIdParamsSchema,
        headers: RefundIdempotencyHeadersSchema,
        body: RefundRequestSchema,
        response: { 200: RefundResultSchema },
        tags,
      },
    },
    async (req, reply) => {
      const admin = requireAdmin(req.staff);
      const result = await refundOrder(db, refundDeps(req.log), {
        orderId: req.params.id,
        amountCents: eurosToCents(req.body.amount),
        reason: req.body.reason,
        gatewayOrder: req.body.gatewayOrder,
        idempotencyKey: req.headers['idempotency-key'],
        actor: `staff:${admin.email}`,
      });
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  // The form parser lives in this child context only, so every other call still takes JSON alone.
  await app.register(async (gateway) => {
    registerFormBody(gateway, NOTIFICATION_BODY_LIMIT);
    gateway.withTypeProvider<ZodTypeProvider>().post(
      '/api/payment/redsys/notification',
      {
        // Sent by the gateway's servers: no browser, no cookies, no forgery token. Its signature
        // is the only credential, and it is checked before anything happens.
        config: { csrf: false },
        schema: { body: RedsysNotificationFormSchema.nullish(), tags },
      },
      async (req, reply) => {
        const result = await handleNotification(
          db,
          config,
          () => app.deps.checkoutEffects,
          req.body ?? {},
          req.ip,
          req.log,
        );
        if (result.toRefund) await refundMismatchedPayment(result.toRefund, req.log);
        // Unverifiable posts get a 400, everything signed with our key a 200. A post we cannot
        // verify did not come from the gateway, or came with a key we do not share (a
        // misconfiguration): a non-200 then shows up as a failed notification in the gateway's
        // back office, where the merchant will see it, and tells a forger nothing the signature
        // check does not. A signed notification is acknowledged even when it changes nothing (a
        // replay, a mismatch): the gateway has delivered it, and asking again would not help;
        // what happened is in payment_notifications and the log.
        if (!result.verified) {
          return reply.code(400).send({
            error: 'PAYMENT_NOTIFICATION_INVALID',
            message: messages.paymentNotificationInvalid,
          } satisfies ErrorBody);
        }
        return reply
          .code(200)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('OK');
      },
    );
  });
}
