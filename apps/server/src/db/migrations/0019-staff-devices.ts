/**
 * Devices a staff member has signed in from (a long-lived cookie holds the token; only its hash is
 * here): a known device is spared the sign-in lock of its address (ADR 0022).
 */
export default /* sql */ `
CREATE TABLE staff_devices (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_devices_user_idx ON staff_devices (user_id, last_used_at);
CREATE INDEX staff_devices_last_used_idx ON staff_devices (last_used_at);
`;
