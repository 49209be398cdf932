import { redsysCodeMeaning } from '@shop/contracts/redsys-codes';
import type { Config } from '../../env.ts';
import { fail } from '../../lib/errors.ts';
import type { RedsysRest, RestAnswer } from './gateway-rest.ts';
import { paramOf, sameNumber } from './redsys.ts';
import { REFUND_ACCEPTED, type RefundableAttempt, type Verdict } from './refund-records.ts';
import { CURRENCY_EUR } from './service.ts';

/** Phase 2 of a refund (see workflows/refund.ts): the request to Redsys's REST interface and its verdict. */

export type { Verdict };

function verdictOf(
  answer: RestAnswer,
  attempt: RefundableAttempt,
  amountCents: number,
  config: Config,
): Verdict {
  if (answer.kind === 'error') {
    return {
      status: 'failed',
      dsResponse: null,
      errorCode: answer.code,
      errorMessage: redsysCodeMeaning(answer.code),
    };
  }
  if (answer.kind === 'unknown') {
    return {
      status: 'failed',
      dsResponse: null,
      errorCode: 'SIN_RESPUESTA',
      errorMessage:
        'Redsys no ha dado una respuesta válida: comprueba en su panel si la devolución se hizo antes de repetirla.',
    };
  }
  const p = answer.params;
  const response = paramOf(p, 'Ds_Response') ?? '';
  const consistent =
    sameNumber(paramOf(p, 'Ds_Amount'), String(amountCents)) &&
    sameNumber(paramOf(p, 'Ds_MerchantCode'), config.redsys.merchantCode) &&
    sameNumber(paramOf(p, 'Ds_TransactionType'), '3') &&
    paramOf(p, 'Ds_Order') === attempt.gateway_order;
  if (!consistent) {
    return {
      status: 'failed',
      dsResponse: response.slice(0, 8) || null,
      errorCode: 'RESPUESTA_INCOHERENTE',
      errorMessage:
        'La respuesta de Redsys no corresponde a esta devolución: comprueba en su panel si se hizo antes de repetirla.',
    };
  }
  if (response === REFUND_ACCEPTED) {
    return { status: 'refunded', dsResponse: response, errorCode: null, errorMessage: null };
  }
  return {
    status: 'failed',
    dsResponse: response.slice(0, 8) || null,
    errorCode: response.slice(0, 8) || null,
    errorMessage: redsysCodeMeaning(response),
  };
}

/** Phase 2: the gateway's verdict on refunding `amountCents` of the attempt (no lock held). */
export async function askGateway(
  deps: { rest: RedsysRest; config: Config },
  attempt: RefundableAttempt,
  amountCents: number,
): Promise<Verdict> {
  if (!deps.rest.refund) throw fail(409, 'REFUND_NOT_POSSIBLE', 'refundGatewayNotConfigured');
  const answer = await deps.rest.refund({
    DS_MERCHANT_AMOUNT: String(amountCents),
    DS_MERCHANT_ORDER: attempt.gateway_order,
    DS_MERCHANT_MERCHANTCODE: deps.config.redsys.merchantCode,
    DS_MERCHANT_CURRENCY: CURRENCY_EUR,
    DS_MERCHANT_TRANSACTIONTYPE: '3',
    DS_MERCHANT_TERMINAL: deps.config.redsys.terminal,
  });
  return verdictOf(answer, attempt, amountCents, deps.config);
}
