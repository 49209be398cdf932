/**
 * Security hardening: rate-limit counters become unlogged and are purged by their window's start; failed
 * staff sign-ins are counted per account AND source address, so that a run of wrong passwords
 * slows down that pair (and, when an account is under attack from many addresses, the addresses
 * that keep failing) without ever locking the account for everyone.
 */
export default /* sql */ `
CREATE INDEX rate_limits_window_start_idx ON rate_limits (window_start);
-- Counters need no crash safety: unlogged, a limited request's counting commits without waiting
-- for a WAL flush (a crash empties the table, which only forgives a few requests).
ALTER TABLE rate_limits SET UNLOGGED;

CREATE TABLE login_failures (
  account text NOT NULL,
  address text NOT NULL,
  failures integer NOT NULL CHECK (failures > 0),
  last_failure_at timestamptz NOT NULL,
  PRIMARY KEY (account, address)
);
CREATE INDEX login_failures_account_idx ON login_failures (account, last_failure_at);
CREATE INDEX login_failures_address_idx ON login_failures (address, last_failure_at);
CREATE INDEX login_failures_last_failure_idx ON login_failures (last_failure_at);
`;
