/**
 * An order belongs to the browser session that created it, and its mails link to a tracking token
 * of its own instead of the order id (ADR 21).
 *
 * - orders.owner_hash: sha256('owner:' || visitor session id) of the creating visitor, the same
 *   hash the files of that visitor carry. Orders made before this have none: no customer session
 *   owns them, so they are reachable through staff and their tracking link only (we cannot tell
 *   which visitor made them, and guessing would hand them to whoever held the id).
 * - orders.tracking_token: the read-only tracking link's secret. Every existing order gets a fresh
 *   one here (two v4 UUIDs from the CSPRNG, 244 random bits, base64url); the links already mailed
 *   to those customers name the order id and keep working as tracking links only, because an
 *   order without an owner is looked up by its id there too.
 */
export default /* sql */ `
ALTER TABLE orders
  ADD COLUMN owner_hash text,
  -- Evaluated per row: every existing order gets its own; so does any row inserted without one
  -- (the shop's code always sets a 128-bit token of its own).
  ADD COLUMN tracking_token text NOT NULL DEFAULT translate(
    encode(decode(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 'hex'),
           'base64'),
    '+/=', '-_');

CREATE UNIQUE INDEX orders_tracking_token_idx ON orders (tracking_token);
`;
