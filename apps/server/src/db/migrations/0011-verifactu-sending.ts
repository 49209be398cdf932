/**
 * Invoices issued on payment, full invoices (F1, and F3 in exchange for a simplified one),
 * rectificativas (R1, R5) and anulaciones, and the VERI*FACTU records sent to the AEAT.
 *
 * - invoices: more kinds, the buyer's fiscal identity for full invoices, the reason of a
 *   rectificativa, the invoice an F3 replaces, whether the PDF carries the VERI*FACTU legend and QR,
 *   and the SHA-256 of the PDF as issued. Rows stay immutable (0005's trigger).
 * - verifactu_records: altas and anulaciones in one chain per issuer; each keeps the XML of its
 *   RegistroAlta / RegistroAnulacion exactly as generated (immutable, like the huella fields); an
 *   invoice may have several records (a subsanación after a rejection, an anulación).
 *   The sending state, the AEAT's CSV, error code and text, and the batch are bookkeeping.
 * - verifactu_batches: every request to the AEAT; verifactu_sender: the one row that makes a
 *   single sender work at a time across instances, and paces it (TiempoEsperaEnvio).
 * - invoice_requests: a customer's 'Necesito factura completa' data, until the order is paid.
 * - invoice_annulments: an admin's annulment of an invoice issued by mistake.
 * - An order with an invoice that is not fully rectified (or annulled) cannot be cancelled.
 */
export default /* sql */ `
ALTER TABLE invoices DROP CONSTRAINT invoices_kind_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_kind_check CHECK (kind IN ('F1', 'F2', 'F3', 'R1', 'R5'));
DO $$
DECLARE c text;
BEGIN
  SELECT conname INTO c FROM pg_constraint
  WHERE conrelid = 'invoices'::regclass AND contype = 'c'
    AND pg_get_constraintdef(oid) LIKE '%rectifies_invoice_id IS NULL%';
  IF c IS NOT NULL THEN EXECUTE format('ALTER TABLE invoices DROP CONSTRAINT %I', c); END IF;
END
$$;
ALTER TABLE invoices ADD COLUMN buyer_tax_id text;
-- 'NIF': a Spanish NIF/NIE/CIF (Destinatarios/NIF); 'VAT': another country's VAT number (IDOtro, IDType 02).
ALTER TABLE invoices ADD COLUMN buyer_tax_id_kind text CHECK (buyer_tax_id_kind IN ('NIF', 'VAT'));
ALTER TABLE invoices ADD COLUMN buyer_country text;
ALTER TABLE invoices ADD COLUMN buyer_fiscal_name text;
ALTER TABLE invoices ADD COLUMN buyer_fiscal_address text;
ALTER TABLE invoices ADD COLUMN replaces_invoice_id bigint REFERENCES invoices(id);
ALTER TABLE invoices ADD COLUMN reason text;
ALTER TABLE invoices ADD COLUMN verifactu boolean NOT NULL DEFAULT true;
ALTER TABLE invoices ADD COLUMN pdf_sha256 text CHECK (pdf_sha256 ~ '^[0-9a-f]{64}$');
ALTER TABLE invoices ADD CONSTRAINT invoices_kind_links CHECK (
  (kind IN ('R1', 'R5')) = (rectifies_invoice_id IS NOT NULL)
  AND (kind = 'F3') = (replaces_invoice_id IS NOT NULL)
  AND (kind IN ('F1', 'F3', 'R1')) = (buyer_tax_id IS NOT NULL)
);
DROP INDEX invoices_order_f2_key;
-- One ordinary invoice per order (simplified or full) and at most one exchange.
CREATE UNIQUE INDEX invoices_order_ordinary_key ON invoices (order_id) WHERE kind IN ('F1', 'F2');
CREATE UNIQUE INDEX invoices_order_f3_key ON invoices (order_id) WHERE kind = 'F3';
CREATE INDEX invoices_rectifies_idx ON invoices (rectifies_invoice_id) WHERE rectifies_invoice_id IS NOT NULL;

CREATE TABLE invoice_requests (
  order_id uuid PRIMARY KEY REFERENCES orders(id),
  tax_id text NOT NULL,
  tax_id_kind text NOT NULL CHECK (tax_id_kind IN ('NIF', 'VAT')),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  name text NOT NULL,
  address text NOT NULL,
  postal_code text NOT NULL,
  city text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE verifactu_batches (
  id bigserial PRIMARY KEY,
  -- sending: under way (or its sender died: the lease says which); done: the AEAT answered;
  -- failed: no answer or a Server fault (records back in the queue); fault: a Client fault.
  state text NOT NULL DEFAULT 'sending' CHECK (state IN ('sending', 'done', 'failed', 'fault')),
  attempt integer NOT NULL DEFAULT 1,
  lease_until timestamptz NOT NULL,
  records integer NOT NULL,
  incidencia boolean NOT NULL DEFAULT false,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  csv text,
  estado_envio text,
  wait_seconds integer,
  error text
);

ALTER TABLE verifactu_records DROP CONSTRAINT verifactu_records_invoice_id_key;
ALTER TABLE verifactu_records DROP CONSTRAINT verifactu_records_invoice_type_check;
ALTER TABLE verifactu_records ALTER COLUMN invoice_type DROP NOT NULL;
ALTER TABLE verifactu_records ALTER COLUMN cuota_total DROP NOT NULL;
ALTER TABLE verifactu_records ALTER COLUMN importe_total DROP NOT NULL;
ALTER TABLE verifactu_records ADD COLUMN record_type text NOT NULL DEFAULT 'alta'
  CHECK (record_type IN ('alta', 'anulacion'));
ALTER TABLE verifactu_records ADD CONSTRAINT verifactu_records_invoice_type_check
  CHECK (invoice_type IN ('F1', 'F2', 'F3', 'R1', 'R5'));
ALTER TABLE verifactu_records ADD CONSTRAINT verifactu_records_type_fields CHECK (
  (record_type = 'alta') = (invoice_type IS NOT NULL AND cuota_total IS NOT NULL AND importe_total IS NOT NULL)
);
-- The RegistroAlta / RegistroAnulacion as generated; NULL only for records issued before this version
-- (they are rebuilt from their fields when sent).
ALTER TABLE verifactu_records ADD COLUMN xml text;
-- A record generated again after the AEAT rejected the previous one (Subsanacion S, RechazoPrevio S).
ALTER TABLE verifactu_records ADD COLUMN subsanacion boolean NOT NULL DEFAULT false;
-- Bookkeeping of the sending.
ALTER TABLE verifactu_records ADD COLUMN state text NOT NULL DEFAULT 'pending'
  CHECK (state IN ('pending', 'sending', 'accepted', 'accepted_with_errors', 'rejected'));
ALTER TABLE verifactu_records ADD COLUMN batch_id bigint REFERENCES verifactu_batches(id);
ALTER TABLE verifactu_records ADD COLUMN csv text;
ALTER TABLE verifactu_records ADD COLUMN aeat_code integer;
ALTER TABLE verifactu_records ADD COLUMN aeat_text text;
-- Not sent on time (an outage, a Server fault): its request carries Incidencia S.
ALTER TABLE verifactu_records ADD COLUMN late boolean NOT NULL DEFAULT false;
ALTER TABLE verifactu_records ADD COLUMN answered_at timestamptz;
-- The subsanación generated for this rejected record.
ALTER TABLE verifactu_records ADD COLUMN corrected_by bigint REFERENCES verifactu_records(id);
DROP INDEX verifactu_records_unsent_idx;
CREATE INDEX verifactu_records_pending_idx ON verifactu_records (id) WHERE state = 'pending';
CREATE INDEX verifactu_records_batch_idx ON verifactu_records (batch_id);
CREATE INDEX verifactu_records_invoice_idx ON verifactu_records (invoice_id, id);

CREATE OR REPLACE FUNCTION verifactu_records_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF ROW(NEW.id, NEW.invoice_id, NEW.issuer_nif, NEW.invoice_number, NEW.issue_date, NEW.invoice_type,
           NEW.cuota_total, NEW.importe_total, NEW.previous_id, NEW.previous_hash, NEW.hash, NEW.generated_at,
           NEW.created_at, NEW.record_type, NEW.subsanacion)
       IS NOT DISTINCT FROM
       ROW(OLD.id, OLD.invoice_id, OLD.issuer_nif, OLD.invoice_number, OLD.issue_date, OLD.invoice_type,
           OLD.cuota_total, OLD.importe_total, OLD.previous_id, OLD.previous_hash, OLD.hash, OLD.generated_at,
           OLD.created_at, OLD.record_type, OLD.subsanacion)
       -- The XML is written once: a record issued before it was kept gets none later.
       AND (NEW.xml IS NOT DISTINCT FROM OLD.xml)
    THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'a VERI*FACTU registration record cannot be changed or deleted (%)', TG_OP
    USING ERRCODE = 'P0001';
END
$$;

-- Records that were only copied to the local outbox have not reached the AEAT: they go now.
UPDATE verifactu_records SET state = 'pending';

CREATE TABLE verifactu_sender (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- The next request may go at this time (TiempoEsperaEnvio after the last one, or a backoff),
  -- or earlier when 1,000 records are waiting.
  next_send_at timestamptz NOT NULL DEFAULT now(),
  wait_seconds integer NOT NULL DEFAULT 60,
  failures integer NOT NULL DEFAULT 0,
  -- A SOAP Client fault stops the sending until staff resume it.
  halted_at timestamptz,
  halted_reason text,
  last_error text
);
INSERT INTO verifactu_sender DEFAULT VALUES;

CREATE TABLE invoice_annulments (
  invoice_id bigint PRIMARY KEY REFERENCES invoices(id),
  record_id bigint NOT NULL REFERENCES verifactu_records(id),
  reason text NOT NULL,
  annulled_by integer,
  annulled_at timestamptz NOT NULL DEFAULT now()
);

-- The invoice attached to a mail (the 'Pago recibido' mail carries the PDF).
CREATE TABLE mail_attachments (
  id bigserial PRIMARY KEY,
  outbox_id bigint NOT NULL REFERENCES mail_outbox(id) ON DELETE CASCADE,
  file_id text NOT NULL REFERENCES files(id),
  filename text NOT NULL,
  content_type text NOT NULL
);
CREATE INDEX mail_attachments_outbox_idx ON mail_attachments (outbox_id);

-- What is still owed back on an order's invoices: the current invoice (an F3 replaces the one it
-- exchanged) plus its rectificativas; an annulled invoice owes nothing.
CREATE FUNCTION order_invoiced_cents(p_order uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(i.total_cents), 0)::integer
  FROM invoices i
  WHERE i.order_id = p_order
    AND NOT EXISTS (SELECT 1 FROM invoice_annulments a WHERE a.invoice_id = i.id)
    AND NOT EXISTS (SELECT 1 FROM invoices f3 WHERE f3.replaces_invoice_id = i.id)
    AND NOT EXISTS (
      SELECT 1 FROM invoices o JOIN invoice_annulments a ON a.invoice_id = o.id
      WHERE o.id = i.rectifies_invoice_id)
$$;

CREATE FUNCTION orders_cancel_needs_rectification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF order_invoiced_cents(NEW.id) <> 0 THEN
    RAISE EXCEPTION 'order % has an invoice: cancelling it needs its rectifying invoice first', NEW.id
      USING ERRCODE = 'IV409';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER orders_cancel_invoiced BEFORE UPDATE OF status ON orders
  FOR EACH ROW WHEN (NEW.status = 'cancelled' AND OLD.status IS DISTINCT FROM 'cancelled')
  EXECUTE FUNCTION orders_cancel_needs_rectification();
`;
