/**
 * The sales report's sums per Madrid calendar day (an invoice's issue date), store, model and case
 * type, so that a year's report adds up a few hundred rows per day instead of joining every invoice
 * of the year to its order (seconds at a million invoices).
 *
 * The rows count exactly what the report counts (read-models/sales.ts): ordinary invoices (F1, F2)
 * as sales and rectificativas (R1, R5) as refunds, by the invoice's store and the order's model and
 * type, leaving out annulled invoices; an F3 only replaces an invoice and is not counted. Triggers
 * keep them in the transaction that writes, whatever code writes:
 *
 * - an invoice inserted adds itself (and, should one ever be changed or deleted with the guard
 *   lifted, the old row is taken out and the new one added);
 * - an annulment takes its invoice out (and gives it back if the annulment were ever deleted);
 * - an order's model or type changed (only possible before payment, so before any invoice) moves
 *   its invoices' sums.
 *
 * `invoices` counts the invoices behind a row: a row at zero is deleted, so the report lists
 * exactly the stores, models and types that have invoices in the period. Filled here from the
 * invoices that exist (a few seconds for a million).
 */
export default /* sql */ `
CREATE TABLE invoice_day_totals (
  issue_date date NOT NULL,
  store_id integer NOT NULL,
  model_id integer NOT NULL,
  case_type_id integer NOT NULL,
  invoices integer NOT NULL CHECK (invoices >= 0),
  sales integer NOT NULL,
  sales_total_cents bigint NOT NULL,
  sales_base_cents bigint NOT NULL,
  -- Rectificativas are negative invoices: their amounts are kept as the positive cents given back.
  refund_total_cents bigint NOT NULL,
  refund_base_cents bigint NOT NULL,
  PRIMARY KEY (issue_date, store_id, model_id, case_type_id)
);

-- Adds (p_sign 1) or takes out (p_sign -1) one invoice's amounts.
CREATE FUNCTION invoice_day_totals_add(p_date date, p_store integer, p_model integer, p_type integer,
                                       p_kind text, p_total integer, p_base integer, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  sale boolean := p_kind IN ('F1', 'F2');
  remaining integer;
BEGIN
  IF NOT (sale OR p_kind IN ('R1', 'R5')) THEN
    RETURN;
  END IF;
  IF p_sign > 0 THEN
    INSERT INTO invoice_day_totals AS t
    VALUES (p_date, p_store, p_model, p_type, 1,
            CASE WHEN sale THEN 1 ELSE 0 END,
            CASE WHEN sale THEN p_total ELSE 0 END,
            CASE WHEN sale THEN p_base ELSE 0 END,
            CASE WHEN sale THEN 0 ELSE -p_total END,
            CASE WHEN sale THEN 0 ELSE -p_base END)
    ON CONFLICT (issue_date, store_id, model_id, case_type_id) DO UPDATE SET
      invoices = t.invoices + 1,
      sales = t.sales + EXCLUDED.sales,
      sales_total_cents = t.sales_total_cents + EXCLUDED.sales_total_cents,
      sales_base_cents = t.sales_base_cents + EXCLUDED.sales_base_cents,
      refund_total_cents = t.refund_total_cents + EXCLUDED.refund_total_cents,
      refund_base_cents = t.refund_base_cents + EXCLUDED.refund_base_cents
    RETURNING invoices INTO remaining;
  ELSE
    -- Taking out what was added: the row is there (an INSERT would check invoices >= 0 first).
    UPDATE invoice_day_totals SET
      invoices = invoices - 1,
      sales = sales - CASE WHEN sale THEN 1 ELSE 0 END,
      sales_total_cents = sales_total_cents - CASE WHEN sale THEN p_total ELSE 0 END,
      sales_base_cents = sales_base_cents - CASE WHEN sale THEN p_base ELSE 0 END,
      refund_total_cents = refund_total_cents + CASE WHEN sale THEN 0 ELSE p_total END,
      refund_base_cents = refund_base_cents + CASE WHEN sale THEN 0 ELSE p_base END
    WHERE issue_date = p_date AND store_id = p_store AND model_id = p_model AND case_type_id = p_type
    RETURNING invoices INTO remaining;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'invoice_day_totals has no sums for % store % model % type % to take an invoice out of',
        p_date, p_store, p_model, p_type;
    END IF;
  END IF;
  IF remaining = 0 THEN
    DELETE FROM invoice_day_totals
    WHERE issue_date = p_date AND store_id = p_store AND model_id = p_model AND case_type_id = p_type;
  END IF;
END
$$;

-- Nested IFs: NEW is null on DELETE and OLD on INSERT, and an AND does not keep them from being read.
CREATE FUNCTION invoices_track_day_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = OLD.id) THEN
      SELECT model_id, case_type_id INTO o FROM orders WHERE id = OLD.order_id;
      PERFORM invoice_day_totals_add(OLD.issue_date, OLD.store_id, o.model_id, o.case_type_id, OLD.kind,
                                     OLD.total_cents, OLD.base_cents, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = NEW.id) THEN
      SELECT model_id, case_type_id INTO o FROM orders WHERE id = NEW.order_id;
      PERFORM invoice_day_totals_add(NEW.issue_date, NEW.store_id, o.model_id, o.case_type_id, NEW.kind,
                                     NEW.total_cents, NEW.base_cents, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER invoices_day_totals AFTER INSERT OR UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_track_day_totals();

CREATE FUNCTION invoice_annulments_track_day_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    FOR i IN SELECT v.issue_date, v.store_id, o.model_id, o.case_type_id, v.kind, v.total_cents, v.base_cents
             FROM invoices v JOIN orders o ON o.id = v.order_id WHERE v.id = OLD.invoice_id LOOP
      PERFORM invoice_day_totals_add(i.issue_date, i.store_id, i.model_id, i.case_type_id, i.kind,
                                     i.total_cents, i.base_cents, 1);
    END LOOP;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    FOR i IN SELECT v.issue_date, v.store_id, o.model_id, o.case_type_id, v.kind, v.total_cents, v.base_cents
             FROM invoices v JOIN orders o ON o.id = v.order_id WHERE v.id = NEW.invoice_id LOOP
      PERFORM invoice_day_totals_add(i.issue_date, i.store_id, i.model_id, i.case_type_id, i.kind,
                                     i.total_cents, i.base_cents, -1);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER invoice_annulments_day_totals AFTER INSERT OR UPDATE OR DELETE ON invoice_annulments
  FOR EACH ROW EXECUTE FUNCTION invoice_annulments_track_day_totals();

CREATE FUNCTION orders_track_day_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i record;
BEGIN
  FOR i IN SELECT v.issue_date, v.store_id, v.kind, v.total_cents, v.base_cents FROM invoices v
           WHERE v.order_id = NEW.id
             AND NOT EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = v.id) LOOP
    PERFORM invoice_day_totals_add(i.issue_date, i.store_id, OLD.model_id, OLD.case_type_id, i.kind,
                                   i.total_cents, i.base_cents, -1);
    PERFORM invoice_day_totals_add(i.issue_date, i.store_id, NEW.model_id, NEW.case_type_id, i.kind,
                                   i.total_cents, i.base_cents, 1);
  END LOOP;
  RETURN NULL;
END
$$;
CREATE TRIGGER orders_day_totals AFTER UPDATE OF model_id, case_type_id ON orders
  FOR EACH ROW WHEN (OLD.model_id IS DISTINCT FROM NEW.model_id OR OLD.case_type_id IS DISTINCT FROM NEW.case_type_id)
  EXECUTE FUNCTION orders_track_day_totals();

INSERT INTO invoice_day_totals
SELECT i.issue_date, i.store_id, o.model_id, o.case_type_id, count(*)::int,
       count(*) FILTER (WHERE i.kind IN ('F1', 'F2'))::int,
       COALESCE(sum(i.total_cents) FILTER (WHERE i.kind IN ('F1', 'F2')), 0),
       COALESCE(sum(i.base_cents) FILTER (WHERE i.kind IN ('F1', 'F2')), 0),
       COALESCE(-sum(i.total_cents) FILTER (WHERE i.kind IN ('R1', 'R5')), 0),
       COALESCE(-sum(i.base_cents) FILTER (WHERE i.kind IN ('R1', 'R5')), 0)
FROM invoices i JOIN orders o ON o.id = i.order_id
WHERE i.kind IN ('F1', 'F2', 'R1', 'R5')
  AND NOT EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = i.id)
GROUP BY i.issue_date, i.store_id, o.model_id, o.case_type_id;
`;
