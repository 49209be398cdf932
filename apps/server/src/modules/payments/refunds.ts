import { randomUUID } from 'node:crypto';
import { centsToEuros } from '@shop/contracts/money';
import { redsysCodeMeaning } from '@shop/contracts/redsys-codes';
import type { RefundResult } from '@shop/contracts/refunds';
import type { Database, Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { type IssuedInvoice, issueCorrectiveInvoice } from '../invoices/index.ts';
import { lockOrder } from '../orders/index.ts';
import { completeCancellation, flagRefusedCancellation, type RefundDeps } from './refund-outcomes.ts';
import type { PaymentLog } from './service.ts';

export type { RefundDeps } from './refund-outcomes.ts';

import { askGateway, type Verdict } from './refund-gateway.ts';
import {
  asRefund,
  insertPendingRefund,
  isCancellationRefund,
  REFUND_ACCEPTED,
  type RefundableAttempt,
  type RefundRow,
  refundableAttempts,
  refundById,
  refundedCents,
  SELECT_REFUND,
  STALE_REFUND_SECONDS,
  WAIT_FOR_PENDING_REFUND_MS,
} from './refund-records.ts';

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
 * was paid; a failed one gives its amount back.
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
  const { rows: inv } = await q.query<{ full_number: string }>(
    `SELECT i.full_number FROM payment_refunds r JOIN invoices i ON i.id = r.invoice_id WHERE r.id = $1`,
    [row.id],
  );
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
    invoice: inv[0] ? { number: inv[0].full_number } : null,
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
    const { rows: same } = await tx.query<RefundRow>(
      `${SELECT_REFUND} WHERE order_id = $1 AND idempotency_key = $2`,
      [input.orderId, key],
    );
    if (same[0]) {
      if (same[0].status === 'pending')
        return same[0].stale ? { resume: Number(same[0].id) } : { wait: true };
      return { done: await resultOf(tx, input.orderId, asRefund(same[0])) };
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
    const { rowCount } = await tx.query(
      `UPDATE payment_refunds
       SET status = $2, ds_response = $3, error_code = $4, error_message = $5, finished_at = now()
       WHERE id = $1 AND status = 'pending'`,
      [refund.id, verdict.status, verdict.dsResponse, verdict.errorCode, verdict.errorMessage],
    );
    const row = await refundById(tx, refund.id);
    const cancellation = isCancellationRefund(row);
    if (rowCount && verdict.status === 'refunded') {
      if (cancellation) {
        await completeCancellation(tx, deps, row, attempt);
      } else {
        const invoice = attempt.mismatch === null ? await rectify(tx, deps, row) : null;
        await savepointed(tx, deps.log, { orderId, refundId: refund.id }, () =>
          deps.effects().refundNotice(tx, orderId, {
            kind: 'refund',
            dedupe: `refund:${refund.id}`,
            amountCents: refund.amount_cents,
            method: attempt.method,
            invoiceNumber: invoice?.fullNumber ?? null,
            invoiceFileId: invoice?.pdfFileId ?? null,
          }),
        );
      }
      deps.log.info({ orderId, refundId: refund.id }, 'refund accepted by the gateway');
    } else if (rowCount) {
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
 * Queues the customer's mail behind a savepoint: a refund the gateway made must be recorded even
 * if its mail cannot be queued (the failure is logged for staff).
 */
async function savepointed(
  tx: Queryable,
  log: PaymentLog,
  context: object,
  fn: () => Promise<unknown>,
): Promise<void> {
  await tx.query('SAVEPOINT refund_mail');
  try {
    await fn();
    await tx.query('RELEASE SAVEPOINT refund_mail');
  } catch (err) {
    await tx.query('ROLLBACK TO SAVEPOINT refund_mail');
    await tx.query('RELEASE SAVEPOINT refund_mail');
    log.error({ err, ...context }, 'refund recorded but its mail could not be queued');
  }
}

/**
 * The rectificativa of an accepted refund, behind a savepoint: the money has gone back whatever
 * happens to the paperwork, so an invoice that cannot take it (none issued, already rectified
 * to zero) is logged for staff instead of undoing the record of the refund.
 */
async function rectify(tx: Queryable, deps: RefundDeps, refund: RefundRow): Promise<IssuedInvoice | null> {
  const { rows } = await tx.query('SELECT 1 FROM invoices WHERE order_id = $1 LIMIT 1', [refund.order_id]);
  if (rows.length === 0) return null;
  await tx.query('SAVEPOINT refund_invoice');
  try {
    const issued = await issueCorrectiveInvoice(tx, deps.invoices, {
      orderId: refund.order_id,
      amountCents: refund.amount_cents,
      reason: `Devolución: ${refund.reason}`.slice(0, 500),
      actor: refund.requested_by,
    });
    await tx.query('UPDATE payment_refunds SET invoice_id = $2 WHERE id = $1', [refund.id, issued.id]);
    await tx.query('RELEASE SAVEPOINT refund_invoice');
    return issued;
  } catch (err) {
    await tx.query('ROLLBACK TO SAVEPOINT refund_invoice');
    await tx.query('RELEASE SAVEPOINT refund_invoice');
    deps.log.error(
      { err, orderId: refund.order_id, refundId: refund.id },
      'refund accepted but no rectificativa issued',
    );
    return null;
  }
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
    const { rows } = await tx.query<{ order_id: string }>(
      'SELECT order_id FROM payment_refunds WHERE id = $1',
      [refundId],
    );
    if (!rows[0]) throw fail(404, 'NOT_FOUND', 'notFound');
    await lockOrder(tx, rows[0].order_id);
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

/** Refunds looked at per round, oldest first. */
const REFUND_BATCH = 25;

/**
 * The reconciliation's part for refunds: every refund left pending by a process that died
 * between its phases is completed (see resumeRefund). Returns how many were.
 */
export async function reconcilePendingRefunds(
  db: Database,
  deps: RefundDeps,
  olderThanSeconds: number = STALE_REFUND_SECONDS,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM payment_refunds
     WHERE status = 'pending' AND created_at < now() - make_interval(secs => $1)
     ORDER BY created_at LIMIT $2`,
    [olderThanSeconds, REFUND_BATCH],
  );
  let done = 0;
  for (const r of rows) {
    try {
      await resumeRefund(db, deps, Number(r.id));
      done++;
    } catch (err) {
      deps.log.error(
        { err, refundId: Number(r.id) },
        'interrupted refund could not be completed; will try again',
      );
    }
  }
  return done;
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
