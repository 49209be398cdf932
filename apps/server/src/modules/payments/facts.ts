import type { Queryable } from '../../db/client.ts';

/**
 * What the order's mails say about its money, answered from the payments' own tables (the mail
 * module declares the question as `PaymentFacts`, app.ts wires this answer in).
 */
export const paymentFacts = {
  /** The means of the gateway attempt that paid the order (the latest one), or null. */
  async paidOnlineWith(q: Queryable, orderId: string): Promise<'card' | 'bizum' | null> {
    const { rows } = await q.query<{ method: 'card' | 'bizum' }>(
      `SELECT method FROM payment_attempts WHERE order_id = $1 AND status = 'paid' ORDER BY id DESC LIMIT 1`,
      [orderId],
    );
    return rows[0]?.method ?? null;
  },

  /**
   * What the gateway accepted to refund of the payment that paid the order (its first paid
   * attempt that could be applied), or null when nothing of it has been refunded.
   */
  async refundedOnline(
    q: Queryable,
    orderId: string,
  ): Promise<{ amountCents: number; method: 'card' | 'bizum' } | null> {
    const { rows } = await q.query<{ method: 'card' | 'bizum'; refunded: number }>(
      `SELECT a.method,
              coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r
                        WHERE r.attempt_id = a.id AND r.status = 'refunded'), 0)::int AS refunded
       FROM payment_attempts a
       WHERE a.order_id = $1 AND a.status = 'paid' AND a.mismatch IS NULL ORDER BY a.id LIMIT 1`,
      [orderId],
    );
    const paying = rows[0];
    return paying && paying.refunded > 0 ? { amountCents: paying.refunded, method: paying.method } : null;
  },
};
