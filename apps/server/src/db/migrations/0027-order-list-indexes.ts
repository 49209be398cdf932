/**
 * The back office's order list with a million orders: its filters and its count read indexes
 * instead of the whole table.
 *
 * - by state (and the "finished only" states), newest first: the page and the count, which also
 *   filters on the store and on payment, from the index alone;
 * - the abandoned drafts (no customer yet), which the list leaves out: a small index of their own,
 *   so the list counts every filtered order less those (modules/orders/staff-service.ts);
 * - sorted by total (price and shipping), the column staff sort by.
 *
 * Built without CONCURRENTLY (a migration runs in a transaction): writes to orders wait while they
 * are built, a few seconds for a million orders.
 */
export default /* sql */ `
CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC) INCLUDE (store_id, paid_at);
CREATE INDEX orders_abandoned_idx ON orders (created_at) INCLUDE (store_id, paid_at)
  WHERE status = 'created' AND customer_name IS NULL AND customer_email IS NULL;
CREATE INDEX orders_total_idx ON orders ((price_cents + shipping_cents) DESC, order_number DESC);
`;
