/**
 * Online payments through Redsys: one row per trip to the gateway, and a log of every
 * notification received, verified or not, so that replays and forgeries can be seen afterwards.
 */
export default /* sql */ `
CREATE TABLE payment_attempts (
  id bigserial PRIMARY KEY,
  -- No cascade: a record of money taken must outlive any clean-up of orders.
  order_id uuid NOT NULL REFERENCES orders(id),
  -- The gateway's order number (Ds_Order): fresh for every attempt, because Redsys refuses a
  -- number it has seen before. Its first 4 characters are digits, as the gateway requires.
  gateway_order text NOT NULL UNIQUE CHECK (gateway_order ~ '^[0-9]{4}[0-9A-Za-z]{0,8}$'),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT '978' CHECK (currency = '978'),
  method text NOT NULL CHECK (method IN ('card', 'bizum')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'expired')),
  ds_response text,
  ds_authorisation_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  notified_at timestamptz
);
CREATE INDEX payment_attempts_order_idx ON payment_attempts (order_id, id);
CREATE INDEX payment_attempts_pending_idx ON payment_attempts (created_at) WHERE status = 'pending';

CREATE TABLE payment_notifications (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  attempt_id bigint REFERENCES payment_attempts(id),
  gateway_order text,
  -- The three fields exactly as posted (the body limit keeps them small).
  signature_version text,
  merchant_parameters text,
  signature text,
  -- The decoded parameters when they could be decoded, for reading without tools.
  params jsonb,
  verified boolean NOT NULL,
  outcome text NOT NULL
);
CREATE INDEX payment_notifications_attempt_idx ON payment_notifications (attempt_id, id);
CREATE INDEX payment_notifications_received_idx ON payment_notifications (received_at);
`;
