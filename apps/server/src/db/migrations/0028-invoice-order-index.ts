/**
 * An order's invoices, read by order: issuing an invoice (which reads the order first), the staff
 * order list and every order read that shows invoices ask for `invoices WHERE order_id = ANY(...)`,
 * which only partial indexes covered (one ordinary invoice per order, one exchange), so each read
 * scanned every invoice: 150 ms at a million invoices, growing with the shop. The F3 that replaced
 * an invoice is looked up by `replaces_invoice_id` in the same query and in the cancellation check.
 *
 * Built without CONCURRENTLY (a migration runs in a transaction): new invoices wait while they are
 * built, a few seconds for a million invoices.
 */
export default /* sql */ `
CREATE INDEX IF NOT EXISTS invoices_order_idx ON invoices (order_id);
CREATE INDEX IF NOT EXISTS invoices_replaces_idx ON invoices (replaces_invoice_id) WHERE replaces_invoice_id IS NOT NULL;
`;
