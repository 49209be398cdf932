import { randomUUID } from 'node:crypto';
import { centsToEuros } from '@shop/contracts/money';
import { redsysCodeMeaning } from '@shop/contracts/redsys-codes';
import type { RefundResult } from '@shop/contracts/refunds';
import type { Database, Queryable } from '../db/client.ts';
import { behindSavepoint } from '../db/savepoint.ts';
import { fail } from '../lib/errors.ts';
import {
  type IssuedInvoice,
  invoiceNumber,
  issueCorrectiveInvoice,
  orderHasInvoice,
} from '../modules/invoices/index.ts';
import { lockOrder } from '../modules/orders/index.ts';
import {
  askGateway,
  insertPendingRefund,
  isCancellationRefund,
  orderOfRefund,
  REFUND_ACCEPTED,
  type RefundableAttempt,
  type RefundRow,
  recordRefundVerdict,
  refundableAttempts,
  refundById,
  refundByKey,
  refundedCents,
  refundInvoiceId,
  setRefundInvoice,
  type Verdict,
  WAIT_FOR_PENDING_REFUND_MS,
} from '../modules/payments/index.ts';
import { completeCancellation, flagRefusedCancellation, type RefundDeps } from './refund-outcomes.ts';

export type { RefundDeps } from './refund-outcomes.ts';

/**
 * Refunds through Redsys's REST interface (transaction type 3 on the attempt's own Ds_Order).
 *
 * Three steps, so that no database lock is held while the gateway thinks and nothing is ever
 * refunded twice:
 * 1. with the order locked, find the request's idempotency key (a repeat answers what the first
 *    got) or check the amount against what is left and write the refund 'pending';
 * 2. ask the gateway;
 * 3. with the order locked again, record the verdict; an accepted refund issues the rectificativa
 *    (when the refunded payment is the one that paid the order's invoice) and queues the mail.
 * A pending refund counts against what is left, so concurrent refunds cannot add up to more than
 * was paid; a failed one gives its amount back. The refund's rows are the payments module's
 * (refund-records.ts), the rectificativa the invoices module's, the lock the orders module's.
 */

export interface RefundInput {
  orderId: string;
  amountCents: number;
  reason: string;
  /** The caller's key; a request without one gets its own, so it never matches another. */
  idempotencyKey: string | undefined;
  /** 'staff:<e-mail>', or 'gateway' for the automatic refund of a payment that could not be taken. */
  actor: string;
  /** Refund this attempt only (the automatic refund of one mismatched payment). */
  attemptId?: number;
  /** Refund the attempt of this gateway order only (staff picking a payment on the payments screen). */
  gatewayOrder?: string | undefined;
}

/** What a refund's caller is answered: its verdict, the order's refunded total and its rectificativa. */
export async function resultOf(q: Queryable, orderId: string, row: RefundRow): Promise<RefundResult> {
  const invoiceId = await refundInvoiceId(q, row.id);
  const number = invoiceId === null ? null : await invoiceNumber(q, invoiceId);
  const code =
    row.status === 'refunded'
      ? (row.ds_response ?? row.error_code ?? REFUND_ACCEPTED)
      : (row.error_code ?? null);
  return {
    status: row.status === 'refunded' ? 'refunded' : 'failed',
    amount: centsToEuros(row.amount_cents),
    refundedTotal: centsToEuros(await refundedCents(q, orderId)),
    code,
    message:
      row.status === 'refunded'
        ? (row.error_message ?? redsysCodeMeaning(code) ?? 'Devolución aceptada')
        : (row.error_message ?? redsysCodeMeaning(code) ?? 'Devolución rechazada'),
    invoice: number === null ? null : { number },
  };
}

type Begun =
  | { done: RefundResult }
  | { wait: true }
  | { resume: number }
  | { refund: RefundRow; attempt: RefundableAttempt };

async function begin(db: Database, input: RefundInput, key: string): Promise<Begun> {
  return db.transaction(async (tx) => {
    await lockOrder(tx, input.orderId);
    const same = await refundByKey(tx, input.orderId, key);
    if (same) {
      if (same.status === 'pending') return same.stale ? { resume: same.id } : { wait: true };
      return { done: await resultOf(tx, input.orderId, same) };
    }
    const attempts = (await refundableAttempts(tx, input.orderId)).filter(
      (a) =>
        (input.attemptId === undefined || a.id === input.attemptId) &&
        (input.gatewayOrder === undefined || a.gateway_order === input.gatewayOrder),
    );
    if (attempts.length === 0) throw fail(409, 'REFUND_NOT_POSSIBLE', 'refundNotPossible');
    // The payment that paid the order first, then any other; one refund goes to one payment.
    const ordered = [...attempts].sort((a, b) => Number(a.mismatch !== null) - Number(b.mismatch !== null));
    const attempt = ordered.find((a) => a.amount_cents - a.taken_cents >= input.amountCents);
    if (!attempt) throw fail(409, 'REFUND_TOO_LARGE', 'refundTooLarge');
    const refund = await insertPendingRefund(tx, attempt, {
      orderId: input.orderId,
      key,
      amountCents: input.amountCents,
      reason: input.reason,
      actor: input.actor,
    });
    return { refund, attempt };
  });
}

/** Phase 3: with the order locked again, the verdict and what follows from it, once. */
export async function finish(
  db: Database,
  deps: RefundDeps,
  refund: RefundRow,
  attempt: RefundableAttempt,
  verdict: Verdict,
): Promise<RefundResult> {
  const orderId = refund.order_id;
  return db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const recorded = await recordRefundVerdict(tx, refund.id, verdict);
    const row = await refundById(tx, refund.id);
    const cancellation = isCancellationRefund(row);
    if (recorded && verdict.status === 'refunded') {
      if (cancellation) {
        await completeCancellation(tx, deps, row, attempt);
      } else {
        const invoice = attempt.mismatch === null ? await rectify(tx, deps, row) : null;
        // The customer's mail: a refund the gateway made is recorded even if its mail cannot be
        // queued (the failure is logged for staff).
        const mailed = await behindSavepoint(tx, 'refund_mail', () =>
          deps.effects().refundNotice(tx, orderId, {
            kind: 'refund',
            dedupe: `refund:${refund.id}`,
            amountCents: refund.amount_cents,
            method: attempt.method,
            invoiceNumber: invoice?.fullNumber ?? null,
            invoiceFileId: invoice?.pdfFileId ?? null,
          }),
        );
        if (!mailed.ok) {
          deps.log.error(
            { err: mailed.err, orderId, refundId: refund.id },
            'refund recorded but its mail could not be queued',
          );
        }
      }
      deps.log.info({ orderId, refundId: refund.id }, 'refund accepted by the gateway');
    } else if (recorded) {
      if (cancellation) await flagRefusedCancellation(tx, row);
      deps.log.warn(
        { orderId, refundId: refund.id, code: verdict.errorCode },
        'refund refused by the gateway',
      );
    }
    return resultOf(tx, orderId, row);
  });
}

/**
 * The rectificativa of an accepted refund, behind a savepoint: the money has gone back whatever
 * happens to the paperwork, so an invoice that cannot take it (none issued, already rectified
 * to zero) is logged for staff instead of undoing the record of the refund.
 */
async function rectify(tx: Queryable, deps: RefundDeps, refund: RefundRow): Promise<IssuedInvoice | null> {
  if (!(await orderHasInvoice(tx, refund.order_id))) return null;
  const issued = await behindSavepoint(tx, 'refund_invoice', async () => {
    const invoice = await issueCorrectiveInvoice(tx, deps.invoices, {
      orderId: refund.order_id,
      amountCents: refund.amount_cents,
      reason: `Devolución: ${refund.reason}`.slice(0, 500),
      actor: refund.requested_by,
    });
    await setRefundInvoice(tx, refund.id, invoice.id);
    return invoice;
  });
  if (issued.ok) return issued.value;
  deps.log.error(
    { err: issued.err, orderId: refund.order_id, refundId: refund.id },
    'refund accepted but no rectificativa issued',
  );
  return null;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Completes a refund whose process died between its phases (found pending past
 * STALE_REFUND_SECONDS, by the reconciliation or by a repeat of the request). Whether the dead
 * process reached the gateway is not known, so:
 * - a refund of everything left on its payment is asked again: Redsys never gives back more than
 *   it captured, so a second request cannot refund twice. Accepted, the first never arrived;
 *   refused as more than captured (SIS0057), nothing is left of the payment because the first
 *   one was made, and it is recorded as refunded;
 * - a partial refund cannot be told apart from another later one, so it is recorded failed with
 *   SIN_RESPUESTA and the note to check the Redsys back office, as an answer we cannot read is.
 */
export async function resumeRefund(db: Database, deps: RefundDeps, refundId: number): Promise<RefundResult> {
  type Found = { done: RefundResult } | { refund: RefundRow; attempt: RefundableAttempt | undefined };
  const found = await db.transaction(async (tx): Promise<Found> => {
    const orderId = await orderOfRefund(tx, refundId);
    if (orderId === null) throw fail(404, 'NOT_FOUND', 'notFound');
    await lockOrder(tx, orderId);
    const refund = await refundById(tx, refundId);
    if (refund.status !== 'pending') return { done: await resultOf(tx, refund.order_id, refund) };
    const attempt = (await refundableAttempts(tx, refund.order_id)).find((a) => a.id === refund.attempt_id);
    return { refund, attempt };
  });
  if ('done' in found) return found.done;
  const { refund, attempt } = found;
  if (!attempt) throw new Error(`refund ${refundId} has no paid attempt`);
  const wholeRemainder = attempt.taken_cents === attempt.amount_cents;
  let verdict: Verdict;
  if (!wholeRemainder || !deps.rest.refund) {
    verdict = {
      status: 'failed',
      dsResponse: null,
      errorCode: 'SIN_RESPUESTA',
      errorMessage:
        'La devolución se interrumpió sin respuesta de Redsys: comprueba en su panel si se hizo antes de repetirla.',
    };
  } else {
    verdict = await askGateway(deps, attempt, refund.amount_cents);
    if (verdict.status === 'failed' && verdict.errorCode === 'SIS0057') {
      verdict = {
        status: 'refunded',
        dsResponse: null,
        errorCode: 'SIS0057',
        errorMessage:
          'Devolución hecha por la petición interrumpida: Redsys ya no tiene nada que devolver de este pago.',
      };
    }
  }
  deps.log.warn(
    { orderId: refund.order_id, refundId, status: verdict.status },
    'interrupted refund completed',
  );
  return finish(db, deps, refund, attempt, verdict);
}

/**
 * Refunds `amountCents` of what the order paid online. 409 REFUND_NOT_POSSIBLE for an order
 * without an online payment, 409 REFUND_TOO_LARGE for more than is left; otherwise the gateway's
 * verdict, recorded. The same idempotency key answers the same result without a second refund.
 */
export async function refundOrder(db: Database, deps: RefundDeps, input: RefundInput): Promise<RefundResult> {
  if (!deps.rest.refund) throw fail(409, 'REFUND_NOT_POSSIBLE', 'refundGatewayNotConfigured');
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw fail(400, 'VALIDATION_FAILED', 'invoiceCorrectionAmount');
  }
  const key = input.idempotencyKey ?? randomUUID();
  const deadline = Date.now() + WAIT_FOR_PENDING_REFUND_MS;
  for (;;) {
    const begun = await begin(db, input, key);
    if ('done' in begun) return begun.done;
    if ('resume' in begun) return resumeRefund(db, deps, begun.resume);
    if ('refund' in begun) {
      const verdict = await askGateway(deps, begun.attempt, input.amountCents);
      return finish(db, deps, begun.refund, begun.attempt, verdict);
    }
    // The same request is with the gateway right now: answer what it gets.
    if (Date.now() > deadline) throw fail(409, 'REFUND_IN_PROGRESS', 'refundInProgress');
    await sleep(100);
  }
}

/**
 * Gives back a payment that could not be applied to its order, when REFUND_MISMATCHED=auto. Its
 * outcome is recorded with the refund; a failure leaves the order flagged for staff and never
 * turns what reported the payment (a notification, a query) into an error.
 */
export async function refundMismatched(
  db: Database,
  deps: RefundDeps,
  target: { orderId: string; attemptId: number; amountCents: number },
): Promise<void> {
  if (deps.config.redsys.refundMismatched !== 'auto') return;
  try {
    const result = await refundOrder(db, deps, {
      orderId: target.orderId,
      attemptId: target.attemptId,
      amountCents: target.amountCents,
      reason: 'Devolución automática: pago recibido para un pedido que ya no podía cobrarse',
      idempotencyKey: `auto:attempt:${target.attemptId}`,
      actor: 'gateway',
    });
    deps.log.info(
      { ...target, status: result.status, code: result.code },
      'automatic refund of a mismatched payment',
    );
  } catch (err) {
    deps.log.error(
      { err, ...target },
      'automatic refund of a mismatched payment not made; staff must refund it',
    );
  }
}
