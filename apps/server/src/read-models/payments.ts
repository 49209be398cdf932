import { centsToEuros } from '@shop/contracts/money';
import { formatOrderNumber } from '@shop/contracts/order-number';
import {
  type OnlinePaymentMethod,
  type PaymentAttemptStatus,
  PENDING_ATTEMPT_MINUTES,
} from '@shop/contracts/payments';
import type { PaymentListQuery, PaymentPage, PaymentRow } from '@shop/contracts/payments-admin';
import { redsysCodeMeaning } from '@shop/contracts/redsys-codes';
import type { Queryable } from '../db/client.ts';

/** The payments screen: attempts with their refunds, the ones needing action first. */

interface Row {
  id: number;
  gateway_order: string;
  order_id: string;
  order_number: number;
  store_id: number;
  store_name: string;
  amount_cents: number;
  method: OnlinePaymentMethod;
  status: PaymentAttemptStatus;
  ds_response: string | null;
  ds_authorisation_code: string | null;
  created_at: Date;
  mismatch: string | null;
  attention_reason: string | null;
  cancel_refused: boolean;
  unresolved: boolean;
  refunded_cents: number;
  held_cents: number;
  total: number;
}

const ACTION = {
  unresolved: 'Sin respuesta de Redsys: compruébalo en su panel y resuélvelo',
  refund: 'Pago no aplicado al pedido: queda dinero por devolver',
  cancellation:
    'Cancelación sin hacer: Redsys rechazó la devolución; devuelve el pago o vuelve a cancelar el pedido',
} as const;

/**
 * Filters (dates are days in Madrid, both ends included) and the state: 'unresolved' pending past
 * the window, 'attention' whatever has an action.
 */
export async function listPayments(q: Queryable, query: PaymentListQuery, all = false): Promise<PaymentPage> {
  const { rows } = await q.query<Row>(
    `WITH listed AS (
       SELECT a.id, a.gateway_order, a.order_id, o.order_number, o.store_id, s.name AS store_name,
              a.amount_cents, a.method, a.status, a.ds_response, a.ds_authorisation_code, a.created_at,
              a.mismatch, o.attention_reason,
              (o.status <> 'cancelled' AND a.mismatch IS NULL
               AND EXISTS (SELECT 1 FROM payment_refunds r WHERE r.attempt_id = a.id AND r.status = 'failed'
                             AND r.idempotency_key LIKE 'cancel:%')) AS cancel_refused,
              (a.status = 'pending' AND a.created_at < now() - make_interval(mins => $6)) AS unresolved,
              coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r
                        WHERE r.attempt_id = a.id AND r.status = 'refunded'), 0)::int AS refunded_cents,
              coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r
                        WHERE r.attempt_id = a.id AND r.status IN ('pending', 'refunded')), 0)::int AS held_cents
       FROM payment_attempts a
       JOIN orders o ON o.id = a.order_id
       JOIN stores s ON s.id = o.store_id
       WHERE ($1::date IS NULL OR (a.created_at AT TIME ZONE 'Europe/Madrid')::date >= $1::date)
         AND ($2::date IS NULL OR (a.created_at AT TIME ZONE 'Europe/Madrid')::date <= $2::date)
         AND ($3::int IS NULL OR o.store_id = $3)
     ), flagged AS (
       SELECT *, (unresolved OR ((mismatch IS NOT NULL OR cancel_refused) AND held_cents < amount_cents)) AS needs_action
       FROM listed
     )
     SELECT *, count(*) OVER ()::int AS total FROM flagged
     WHERE $4::text IS NULL
        OR ($4 = 'unresolved' AND unresolved)
        OR ($4 = 'attention' AND needs_action)
        OR ($4 = 'pending' AND status = 'pending' AND NOT unresolved)
        OR ($4 NOT IN ('unresolved', 'attention', 'pending') AND status = $4)
     ORDER BY needs_action DESC, created_at DESC, id DESC
     LIMIT $5 OFFSET $7`,
    [
      query.from ?? null,
      query.to ?? null,
      query.storeId ?? null,
      query.state ?? null,
      all ? 100_000 : query.size,
      PENDING_ATTEMPT_MINUTES,
      all ? 0 : (query.page - 1) * query.size,
    ],
  );
  const ids = rows.map((r) => Number(r.id));
  const { rows: refunds } = ids.length
    ? await q.query<{
        attempt_id: number;
        amount_cents: number;
        status: 'pending' | 'refunded' | 'failed';
        ds_response: string | null;
        error_code: string | null;
        error_message: string | null;
        requested_by: string;
        created_at: Date;
      }>(
        `SELECT attempt_id, amount_cents, status, ds_response, error_code, error_message, requested_by, created_at
         FROM payment_refunds WHERE attempt_id = ANY($1::bigint[]) ORDER BY id`,
        [ids],
      )
    : { rows: [] };
  const items: PaymentRow[] = rows.map((r) => {
    const own = refunds.filter((f) => Number(f.attempt_id) === Number(r.id));
    const action = r.unresolved
      ? ACTION.unresolved
      : r.mismatch !== null && r.held_cents < r.amount_cents
        ? ACTION.refund
        : r.cancel_refused && r.held_cents < r.amount_cents
          ? ACTION.cancellation
          : null;
    return {
      gatewayOrder: r.gateway_order,
      orderId: r.order_id,
      orderNumber: formatOrderNumber(r.order_number),
      storeId: r.store_id,
      storeName: r.store_name,
      amount: centsToEuros(r.amount_cents),
      method: r.method,
      state: r.status,
      dsResponse: r.ds_response,
      dsResponseText: redsysCodeMeaning(r.ds_response),
      authorisationCode: r.ds_authorisation_code,
      createdAt: r.created_at.toISOString(),
      refunds: own.map((f) => {
        const code = f.status === 'refunded' ? f.ds_response : f.error_code;
        return {
          amount: centsToEuros(f.amount_cents),
          status: f.status,
          code,
          message: f.error_message ?? redsysCodeMeaning(code),
          requestedBy: f.requested_by,
          createdAt: f.created_at.toISOString(),
        };
      }),
      refundedTotal: centsToEuros(r.refunded_cents),
      refundable: r.status === 'paid' ? centsToEuros(r.amount_cents - r.held_cents) : 0,
      mismatch: r.mismatch,
      attention: r.attention_reason,
      action,
    };
  });
  return {
    items,
    total: rows[0]?.total ?? 0,
    page: all ? 1 : query.page,
    size: all ? items.length : query.size,
  };
}

const madrid = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});
const euros = (n: number) => n.toFixed(2).replace('.', ',');

/** A cell as spreadsheets read it: quoted when needed, and never taken for a formula. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const STATE_TEXT: Record<PaymentAttemptStatus, string> = {
  pending: 'Pendiente',
  paid: 'Pagado',
  failed: 'No pagado',
  expired: 'Caducado',
};

/** The list as CSV for spreadsheets in Spanish: semicolons, decimal commas, UTF-8 with BOM. */
export function paymentsCsv(page: PaymentPage): string {
  const head = [
    'Fecha',
    'Pedido',
    'Tienda',
    'Operación Redsys',
    'Forma de pago',
    'Importe',
    'Estado',
    'Ds_Response',
    'Significado',
    'Autorización',
    'Devuelto',
    'Acción pendiente',
  ];
  const lines = page.items.map((r) =>
    [
      madrid.format(new Date(r.createdAt)),
      r.orderNumber,
      r.storeName,
      r.gatewayOrder,
      r.method === 'bizum' ? 'Bizum' : 'Tarjeta',
      euros(r.amount),
      STATE_TEXT[r.state],
      r.dsResponse ?? '',
      r.dsResponseText ?? '',
      r.authorisationCode ?? '',
      euros(r.refundedTotal),
      r.action ?? '',
    ]
      .map(cell)
      .join(';'),
  );
  return `\uFEFF${[head.join(';'), ...lines].join('\r\n')}\r\n`;
}
