/**
 * Money that goes back, and money that came in for an order that could no longer take it:
 *
 * - payment_refunds: one row per refund asked of the gateway (Redsys REST, transaction type 3 on
 *   the attempt's own Ds_Order), written 'pending' before the call and given the gateway's verdict
 *   after it. The idempotency key makes a repeated request (a double click, a retry, two
 *   instances) find the same row instead of refunding twice. Pending and refunded rows count
 *   against what is left to refund; failed ones do not.
 * - payment_attempts.mismatch: why a genuine authorisation did not pay its order (the amount or
 *   method changed, the order was cancelled or already paid, a denial came first). Such a
 *   payment is recorded, never applied to the order, and refunded.
 * - orders.attention_reason: 'requiere atención' for staff, with the reason, until resolved.
 */
export default /* sql */ `
CREATE TABLE payment_refunds (
  id bigserial PRIMARY KEY,
  attempt_id bigint NOT NULL REFERENCES payment_attempts(id),
  order_id uuid NOT NULL REFERENCES orders(id),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'refunded', 'failed')),
  -- The gateway's Ds_Response (0900 accepted) or its SIS error code, and what it means for staff.
  ds_response text,
  error_code text,
  error_message text,
  -- 'staff:<e-mail>', or 'gateway' for the automatic refund of a payment that could not be taken.
  requested_by text NOT NULL,
  -- The rectificativa issued with an accepted refund of the payment that paid the order.
  invoice_id bigint REFERENCES invoices(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (order_id, idempotency_key)
);
CREATE INDEX payment_refunds_attempt_idx ON payment_refunds (attempt_id);
CREATE INDEX payment_refunds_pending_idx ON payment_refunds (created_at) WHERE status = 'pending';

ALTER TABLE payment_attempts
  ADD COLUMN mismatch text CHECK (mismatch IN ('amount_changed', 'method_changed', 'cancelled',
    'already_paid', 'not_payable', 'after_denial')),
  -- Who settled an attempt the gateway never told us about: 'gateway-query', or 'staff:<e-mail>'.
  ADD COLUMN resolved_by text;
CREATE INDEX payment_attempts_mismatch_idx ON payment_attempts (id) WHERE mismatch IS NOT NULL;

ALTER TABLE orders
  ADD COLUMN attention_reason text CHECK (length(attention_reason) <= 500),
  ADD COLUMN attention_at timestamptz;
`;
