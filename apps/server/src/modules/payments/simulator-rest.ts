import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isAuthorised,
  isGatewayOrder,
  paramOf,
  type RedsysParams,
  signNotification,
  verifySignedFields,
} from './redsys.ts';

/**
 * The built-in gateway's REST side (Redsys `trataPeticionREST`), for development and tests: it
 * remembers what the simulator's payment page authorised and answers refunds (transaction type 3)
 * as Redsys does, refusing a bad signature, an unknown or unauthorised operation and any amount
 * beyond what is left of the captured one. It also answers an operation query, so that attempts
 * whose notification was lost can be reconciled.
 *
 * What it remembers lives in memory: a restart forgets earlier payments (as a test gateway may),
 * and refunds of them are then refused as of unknown operations.
 */

interface Operation {
  amountCents: number;
  refundedCents: number;
  response: string;
  authorisationCode: string;
  /** The notification the page sent, answered again by the query. */
  answer: RedsysParams;
}

export class SimulatorLedger {
  readonly #operations = new Map<string, Operation>();

  /** What the payment page answered for an order; a later answer for the same order replaces it. */
  record(order: string, amountCents: number, answer: RedsysParams): void {
    this.#operations.set(order, {
      amountCents,
      refundedCents: this.#operations.get(order)?.refundedCents ?? 0,
      response: paramOf(answer, 'Ds_Response') ?? '',
      authorisationCode: paramOf(answer, 'Ds_AuthorisationCode') ?? '',
      answer,
    });
  }

  get(order: string): Operation | undefined {
    return this.#operations.get(order);
  }
}

const RestBodySchema = z.object({
  Ds_SignatureVersion: z.string().max(64).optional(),
  Ds_MerchantParameters: z.string().max(8192).optional(),
  Ds_Signature: z.string().max(128).optional(),
});

type RestAnswer =
  | { errorCode: string }
  | { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string };

export async function simulatorRestRoutes(
  app: FastifyInstance,
  opts: { ledger: SimulatorLedger },
): Promise<void> {
  const { config } = app.deps;
  const { ledger } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const routeOptions = {
    schema: { hide: true, body: RestBodySchema.nullish() },
    // Called server to server by the shop with signed fields; no browser, no session.
    config: { csrf: false },
  };

  /** Checks a signed REST request as Redsys does; an error code, or the order and parameters. */
  const check = (
    body: z.infer<typeof RestBodySchema> | null | undefined,
  ): { errorCode: string } | { order: string; params: RedsysParams } => {
    const verified = verifySignedFields(config.redsys.secretKey, body ?? {}, 'request', [
      config.redsys.signatureVersion,
    ]);
    if (!verified.ok) {
      const code = { version: 'SIS0429', parameters: 'SIS0431', order: 'SIS0074', signature: 'SIS0042' };
      return { errorCode: code[verified.reason] };
    }
    const { params, order } = verified;
    if (
      paramOf(params, 'DS_MERCHANT_MERCHANTCODE') !== config.redsys.merchantCode ||
      Number(paramOf(params, 'DS_MERCHANT_TERMINAL')) !== Number(config.redsys.terminal)
    ) {
      return { errorCode: 'SIS0026' };
    }
    if (!isGatewayOrder(order)) return { errorCode: 'SIS0075' };
    return { order, params };
  };

  const signed = (params: RedsysParams): RestAnswer =>
    signNotification(config.redsys.secretKey, params, config.redsys.signatureVersion);

  r.post('/simulator/redsys/rest/trataPeticionREST', routeOptions, async (req): Promise<RestAnswer> => {
    const checked = check(req.body);
    if ('errorCode' in checked) return checked;
    const { order, params } = checked;
    if (paramOf(params, 'DS_MERCHANT_CURRENCY') !== '978') return { errorCode: 'SIS0027' };
    if (paramOf(params, 'DS_MERCHANT_TRANSACTIONTYPE') !== '3') return { errorCode: 'SIS0029' };
    const amount = paramOf(params, 'DS_MERCHANT_AMOUNT') ?? '';
    if (!/^[1-9]\d{0,9}$/.test(amount)) return { errorCode: 'SIS0019' };
    const operation = ledger.get(order);
    if (!operation) return { errorCode: 'SIS0054' };
    if (!isAuthorised(operation.response)) return { errorCode: 'SIS0056' };
    // Checked and taken in one synchronous step: concurrent refunds cannot both fit.
    if (operation.refundedCents + Number(amount) > operation.amountCents) return { errorCode: 'SIS0057' };
    operation.refundedCents += Number(amount);
    return signed({
      Ds_Amount: amount,
      Ds_Currency: '978',
      Ds_Order: order,
      Ds_MerchantCode: config.redsys.merchantCode,
      Ds_Terminal: config.redsys.terminal.padStart(3, '0'),
      Ds_Response: '0900',
      Ds_AuthorisationCode: operation.authorisationCode,
      Ds_TransactionType: '3',
      Ds_SecurePayment: '0',
      Ds_Language: '1',
      Ds_MerchantData: '',
    });
  });

  r.post('/simulator/redsys/rest/consulta', routeOptions, async (req): Promise<RestAnswer> => {
    const checked = check(req.body);
    if ('errorCode' in checked) return checked;
    const operation = ledger.get(checked.order);
    // Never seen: the customer did not finish at the gateway, so nothing was taken.
    if (!operation) return { errorCode: 'SIS0054' };
    return signed(operation.answer);
  });
}
