/**
 * The mail outbox. A mail is a row written in the same transaction as the change it reports (an
 * order placed, an order paid), so it exists if and only if that change committed; a dispatcher
 * sends it afterwards and retries until the mail server takes it.
 */
export default /* sql */ `
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  -- One mail per milestone and recipient (e.g. 'order:<id>:paid:customer'); NULL for staff mails.
  dedupe_key text UNIQUE,
  kind text NOT NULL,
  order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
  to_address text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  -- Attempts started; counted when a dispatcher claims the row, so a crash mid-send counts too.
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- When the current attempt was claimed: a row left in 'sending' for long was lost in a crash.
  claimed_at timestamptz,
  last_error text,
  -- Fixed at enqueue time, so a resend after a crash carries the same Message-ID and date.
  message_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX mail_outbox_sending_idx ON mail_outbox (claimed_at) WHERE status = 'sending';
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC, id DESC);
CREATE INDEX mail_outbox_order_idx ON mail_outbox (order_id);
`;
