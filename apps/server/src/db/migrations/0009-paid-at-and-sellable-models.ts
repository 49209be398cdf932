/**
 * Payment is a fact of its own, not a step of the status line: a pay-at-store customer pays when
 * collecting the printed case, so an order can be printed or ready and still unpaid. `paid_at` and
 * `paid_by` (the actor: 'gateway' or 'staff:<e-mail>') say when and by whom an order was paid;
 * an order_events line of kind 'paid' records it in the timeline without changing the status.
 *
 * A public model must be one a customer can design and buy: a case template and a price above 0 €.
 * Public models that broke the rule before it existed are hidden, then the rule is a constraint.
 */
export default /* sql */ `
ALTER TABLE orders
  ADD COLUMN paid_at timestamptz,
  ADD COLUMN paid_by text,
  ADD CONSTRAINT orders_paid_pair CHECK ((paid_at IS NULL) = (paid_by IS NULL));

-- Every order that reached 'paid' (or went further) was paid: when, and by whom, from its timeline.
UPDATE orders o SET
  paid_at = coalesce(
    (SELECT e.at FROM order_events e WHERE e.order_id = o.id AND e.to_status = 'paid' ORDER BY e.id LIMIT 1),
    o.updated_at),
  paid_by = coalesce(
    (SELECT e.actor FROM order_events e WHERE e.order_id = o.id AND e.to_status = 'paid' ORDER BY e.id LIMIT 1),
    'unknown')
WHERE o.status IN ('paid', 'printed', 'ready', 'shipped', 'delivered');

-- While a rolling upgrade runs, an instance of the previous release still pays orders by moving
-- them to 'paid' only: the payment is recorded all the same (who is not known there).
CREATE FUNCTION orders_paid_at_from_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'paid' AND NEW.paid_at IS NULL THEN
    NEW.paid_at := now();
    NEW.paid_by := 'unknown';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER orders_paid_at_from_status BEFORE INSERT OR UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_paid_at_from_status();

ALTER TABLE order_events
  ADD COLUMN kind text NOT NULL DEFAULT 'status' CHECK (kind IN ('status', 'paid'));

-- Staff look for orders waiting to be paid at the counter.
CREATE INDEX orders_unpaid_idx ON orders (store_id, created_at DESC) WHERE paid_at IS NULL;

UPDATE models SET is_public = false, updated_at = now()
WHERE is_public AND (template_id IS NULL OR price_cents <= 0);
ALTER TABLE models
  ADD CONSTRAINT models_public_sellable CHECK (NOT is_public OR (template_id IS NOT NULL AND price_cents > 0));
`;
