/**
 * Invoices (facturas simplificadas, RD 1619/2012 art. 7) and their VERI*FACTU registration records
 * (RD 1007/2023 and Orden HAC/1177/2024).
 *
 * - Numbers come from a counter row per series and year, taken under its row lock: a sequence would
 *   leave gaps on rollback, and art. 6.1.a / 7.1.a of the invoicing regulation ask for a correlative
 *   number within each series.
 * - An issued invoice is never changed or deleted (art. 8 RD 1007/2023: inalterabilidad); a
 *   correction is a new invoice of kind R5 (rectificativa simplificada) pointing at the original.
 * - Every registration record keeps the fields of its fingerprint (huella) and the previous record's
 *   huella; those columns never change. Only the submission bookkeeping may be updated.
 */
export default /* sql */ `
CREATE TABLE invoice_counters (
  series text NOT NULL,
  year integer NOT NULL,
  last_number integer NOT NULL CHECK (last_number > 0),
  PRIMARY KEY (series, year)
);

CREATE TABLE invoices (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders(id),
  -- F2: factura simplificada; R5: factura rectificativa en facturas simplificadas (AEAT's TipoFactura).
  kind text NOT NULL DEFAULT 'F2' CHECK (kind IN ('F2', 'R5')),
  rectifies_invoice_id bigint REFERENCES invoices(id),
  series text NOT NULL,
  year integer NOT NULL,
  number integer NOT NULL CHECK (number > 0),
  full_number text NOT NULL UNIQUE,
  issued_at timestamptz NOT NULL,
  issue_date date NOT NULL,
  -- Date of the sale or of the advance payment when it differs from the issue date (art. 7.1.c).
  operation_date date,
  seller jsonb NOT NULL,
  store_id integer NOT NULL REFERENCES stores(id),
  store jsonb NOT NULL,
  buyer_name text,
  buyer_email text,
  buyer_phone text,
  buyer_address text,
  buyer_city text,
  buyer_postal_code text,
  is_home_delivery boolean NOT NULL,
  lines jsonb NOT NULL,
  base_cents integer NOT NULL,
  vat_rate integer NOT NULL CHECK (vat_rate = 21),
  vat_cents integer NOT NULL,
  total_cents integer NOT NULL,
  pdf_file_id text NOT NULL UNIQUE REFERENCES files(id),
  issued_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (series, year, number),
  CHECK (base_cents + vat_cents = total_cents),
  CHECK ((kind = 'F2') = (rectifies_invoice_id IS NULL))
);
-- One ordinary invoice per order; rectifying invoices of the same order stay possible.
CREATE UNIQUE INDEX invoices_order_f2_key ON invoices (order_id) WHERE kind = 'F2';
CREATE INDEX invoices_year_number_idx ON invoices (year DESC, series, number DESC);

CREATE TABLE verifactu_records (
  id bigserial PRIMARY KEY,
  invoice_id bigint NOT NULL UNIQUE REFERENCES invoices(id),
  -- The fields of the huella, exactly as hashed (and as they go in the XML to the AEAT).
  issuer_nif text NOT NULL,
  invoice_number text NOT NULL,
  issue_date text NOT NULL CHECK (issue_date ~ '^[0-9]{2}-[0-9]{2}-[0-9]{4}$'),
  invoice_type text NOT NULL CHECK (invoice_type IN ('F2', 'R5')),
  cuota_total text NOT NULL CHECK (cuota_total ~ '^-?[0-9]+\\.[0-9]{2}$'),
  importe_total text NOT NULL CHECK (importe_total ~ '^-?[0-9]+\\.[0-9]{2}$'),
  previous_id bigint REFERENCES verifactu_records(id),
  previous_hash text NOT NULL CHECK (previous_hash = '' OR previous_hash ~ '^[0-9A-F]{64}$'),
  hash text NOT NULL UNIQUE CHECK (hash ~ '^[0-9A-F]{64}$'),
  generated_at text NOT NULL
    CHECK (generated_at ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[+-][0-9]{2}:[0-9]{2}$'),
  -- Submission bookkeeping: the only columns that may change after the insert.
  submission_status text NOT NULL DEFAULT 'pending' CHECK (submission_status IN ('pending', 'sent', 'error')),
  submission_attempts integer NOT NULL DEFAULT 0,
  last_error text,
  submitted_via text CHECK (submitted_via IN ('outbox', 'aeat')),
  submission_reference text,
  submitted_at timestamptz,
  -- A submitter run holds the oldest unsent record until then, so instances never send twice.
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((previous_id IS NULL) = (previous_hash = ''))
);
CREATE INDEX verifactu_records_unsent_idx ON verifactu_records (id) WHERE submission_status <> 'sent';

-- The head of each issuer's chain. Issuing locks this row, so records are chained one at a time
-- (locking "the last record" would not serialise the very first one, and a waiting
-- SELECT ... ORDER BY id DESC LIMIT 1 FOR UPDATE can return a row that is no longer the last).
CREATE TABLE verifactu_chain (
  issuer_nif text PRIMARY KEY,
  last_record_id bigint REFERENCES verifactu_records(id),
  last_hash text NOT NULL DEFAULT ''
);

CREATE FUNCTION invoices_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued invoice cannot be changed or deleted (%); issue a rectifying invoice instead', TG_OP
    USING ERRCODE = 'P0001';
END
$$;
CREATE TRIGGER invoices_no_update_delete BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_immutable();
CREATE TRIGGER invoices_no_truncate BEFORE TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_immutable();

CREATE FUNCTION verifactu_records_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested IFs: in a statement-level (TRUNCATE) call NEW and OLD are not assigned.
  IF TG_OP = 'UPDATE' THEN
    IF ROW(NEW.id, NEW.invoice_id, NEW.issuer_nif, NEW.invoice_number, NEW.issue_date, NEW.invoice_type,
           NEW.cuota_total, NEW.importe_total, NEW.previous_id, NEW.previous_hash, NEW.hash, NEW.generated_at,
           NEW.created_at)
       IS NOT DISTINCT FROM
       ROW(OLD.id, OLD.invoice_id, OLD.issuer_nif, OLD.invoice_number, OLD.issue_date, OLD.invoice_type,
           OLD.cuota_total, OLD.importe_total, OLD.previous_id, OLD.previous_hash, OLD.hash, OLD.generated_at,
           OLD.created_at)
    THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'a VERI*FACTU registration record cannot be changed or deleted (%)', TG_OP
    USING ERRCODE = 'P0001';
END
$$;
CREATE TRIGGER verifactu_records_guard BEFORE UPDATE OR DELETE ON verifactu_records
  FOR EACH ROW EXECUTE FUNCTION verifactu_records_immutable();
CREATE TRIGGER verifactu_records_no_truncate BEFORE TRUNCATE ON verifactu_records
  FOR EACH STATEMENT EXECUTE FUNCTION verifactu_records_immutable();
`;
