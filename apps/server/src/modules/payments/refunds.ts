import { randomUUID } from 'node:crypto';
import { centsToEuros } from '@shop/contracts/money';
import { redsysCodeMeaning } from '@shop/contracts/redsys-codes';
import type { RefundResult } from '@shop/contracts/refunds';
import type { Database, Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { fail } from '../../lib/errors.ts';
import { type InvoiceDeps, issueCorrectiveInvoice } from '../invoices/service.ts';
import { enqueueRefundMail } from '../mail/refund-templates.ts';
import type { MailConfig } from '../mail/service.ts';
import { lockOrder } from '../orders/state.ts';
import type { RedsysRest, RestAnswer } from './gateway-rest.ts';
import { paramOf, sameNumber } from './redsys.ts';
import { CURRENCY_EUR, type PaymentLog } from './service.ts';

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

export interface RefundDeps {
  config: Config;
  invoices: InvoiceDeps;
  mail: MailConfig;
  rest: RedsysRest;
  log: PaymentLog;
}

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

/** Ds_Response of a refund the gateway accepted. */
export const REFUND_ACCEPTED = '0900';

/** How long a repeated request waits for the first one's verdict before answering 409. */
const WAIT_FOR_SAME_KEY_MS = 40_000;

interface RefundRow {
  id: number;
  attempt_id: number;
  amount_cents: number;
  status: 'pending' | 'refunded' | 'failed';
  ds_response: string | null;
  error_code: string | null;
  error_message: string | null;
}

interface RefundableAttempt {
  id: number;
  gateway_order: string;
  amount_cents: number;
  method: 'card' | 'bizum';
  mismatch: string | null;
  taken_cents: number;
}

/** Cents refunded on the order so far (accepted refunds only). */
export async function refundedCents(q: Queryable, orderId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT coalesce(sum(amount_cents), 0)::int AS n FROM payment_refunds
     WHERE order_id = $1 AND status = 'refunded'`,
    [orderId],
  );
  return rows[0]!.n;
}

/** The order's paid attempts with what is already refunded or being refunded on each. */
async function refundableAttempts(q: Queryable, orderId: string): Promise<RefundableAttempt[]> {
  const { rows } = await q.query<RefundableAttempt>(
    `SELECT a.id, a.gateway_order, a.amount_cents, a.method, a.mismatch,
            coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r
                      WHERE r.attempt_id = a.id AND r.status IN ('pending', 'refunded')), 0)::int AS taken_cents
     FROM payment_attempts a WHERE a.order_id = $1 AND a.status = 'paid' ORDER BY a.id`,
    [orderId],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

async function resultOf(q: Queryable, orderId: string, row: RefundRow): Promise<RefundResult> {
  const { rows: inv } = await q.query<{ full_number: string }>(
    `SELECT i.full_number FROM payment_refunds r JOIN invoices i ON i.id = r.invoice_id WHERE r.id = $1`,
    [row.id],
  );
  const code = row.status === 'refunded' ? (row.ds_response ?? REFUND_ACCEPTED) : (row.error_code ?? null);
  return {
    status: row.status === 'refunded' ? 'refunded' : 'failed',
    amount: centsToEuros(row.amount_cents),
    refundedTotal: centsToEuros(await refundedCents(q, orderId)),
    code,
    message:
      row.status === 'refunded'
        ? (redsysCodeMeaning(code) ?? 'Devolución aceptada')
        : (row.error_message ?? redsysCodeMeaning(code) ?? 'Devolución rechazada'),
    invoice: inv[0] ? { number: inv[0].full_number } : null,
  };
}

const SELECT_REFUND = `SELECT id, attempt_id, amount_cents, status, ds_response, error_code, error_message
  FROM payment_refunds`;

type Begun = { done: RefundResult } | { wait: true } | { refund: RefundRow; attempt: RefundableAttempt };

async function begin(db: Database, input: RefundInput, key: string): Promise<Begun> {
  return db.transaction(async (tx) => {
    await lockOrder(tx, input.orderId);
    const { rows: same } = await tx.query<RefundRow>(
      `${SELECT_REFUND} WHERE order_id = $1 AND idempotency_key = $2`,
      [input.orderId, key],
    );
    if (same[0]) {
      if (same[0].status === 'pending') return { wait: true } as const;
      return { done: await resultOf(tx, input.orderId, same[0]) };
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
    const { rows } = await tx.query<RefundRow>(
      `INSERT INTO payment_refunds (attempt_id, order_id, idempotency_key, amount_cents, reason, requested_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING id, attempt_id, amount_cents, status, ds_response, error_code, error_message`,
      [attempt.id, input.orderId, key, input.amountCents, input.reason, input.actor],
    );
    return { refund: { ...rows[0]!, id: Number(rows[0]!.id) }, attempt };
  });
}

interface Verdict {
  status: 'refunded' | 'failed';
  dsResponse: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

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

async function finish(
  db: Database,
  deps: RefundDeps,
  input: RefundInput,
  refund: RefundRow,
  attempt: RefundableAttempt,
  verdict: Verdict,
): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    await lockOrder(tx, input.orderId);
    const { rows } = await tx.query<RefundRow>(
      `UPDATE payment_refunds
       SET status = $2, ds_response = $3, error_code = $4, error_message = $5, finished_at = now()
       WHERE id = $1 AND status = 'pending'
       RETURNING id, attempt_id, amount_cents, status, ds_response, error_code, error_message`,
      [refund.id, verdict.status, verdict.dsResponse, verdict.errorCode, verdict.errorMessage],
    );
    const row = rows[0] ? { ...rows[0], id: Number(rows[0].id) } : refund;
    if (rows[0] && verdict.status === 'refunded') {
      let invoiceNumber: string | null = null;
      if (attempt.mismatch === null) invoiceNumber = await rectify(tx, deps, input, refund.id);
      await savepointed(tx, deps.log, { orderId: input.orderId, refundId: refund.id }, () =>
        enqueueRefundMail(
          tx,
          input.orderId,
          'refund',
          `refund:${refund.id}`,
          { amountCents: refund.amount_cents, method: attempt.method, invoiceNumber },
          deps.mail,
        ),
      );
      deps.log.info({ orderId: input.orderId, refundId: refund.id }, 'refund accepted by the gateway');
    } else if (rows[0]) {
      deps.log.warn(
        { orderId: input.orderId, refundId: refund.id, code: verdict.errorCode },
        'refund refused by the gateway',
      );
    }
    return resultOf(tx, input.orderId, row);
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
async function rectify(tx: Queryable, deps: RefundDeps, input: RefundInput, refundId: number) {
  const { rows } = await tx.query('SELECT 1 FROM invoices WHERE order_id = $1 LIMIT 1', [input.orderId]);
  if (rows.length === 0) return null;
  await tx.query('SAVEPOINT refund_invoice');
  try {
    const issued = await issueCorrectiveInvoice(tx, deps.invoices, {
      orderId: input.orderId,
      amountCents: input.amountCents,
      reason: `Devolución: ${input.reason}`.slice(0, 500),
      actor: input.actor,
    });
    await tx.query('UPDATE payment_refunds SET invoice_id = $2 WHERE id = $1', [refundId, issued.id]);
    await tx.query('RELEASE SAVEPOINT refund_invoice');
    return issued.fullNumber;
  } catch (err) {
    await tx.query('ROLLBACK TO SAVEPOINT refund_invoice');
    await tx.query('RELEASE SAVEPOINT refund_invoice');
    deps.log.error({ err, orderId: input.orderId, refundId }, 'refund accepted but no rectificativa issued');
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const deadline = Date.now() + WAIT_FOR_SAME_KEY_MS;
  for (;;) {
    const begun = await begin(db, input, key);
    if ('done' in begun) return begun.done;
    if ('refund' in begun) {
      const answer = await deps.rest.refund({
        DS_MERCHANT_AMOUNT: String(input.amountCents),
        DS_MERCHANT_ORDER: begun.attempt.gateway_order,
        DS_MERCHANT_MERCHANTCODE: deps.config.redsys.merchantCode,
        DS_MERCHANT_CURRENCY: CURRENCY_EUR,
        DS_MERCHANT_TRANSACTIONTYPE: '3',
        DS_MERCHANT_TERMINAL: deps.config.redsys.terminal,
      });
      const verdict = verdictOf(answer, begun.attempt, input.amountCents, deps.config);
      return finish(db, deps, input, begun.refund, begun.attempt, verdict);
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
