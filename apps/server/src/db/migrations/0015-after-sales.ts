/**
 * After the order: what the customer's tracking page, the print queue and the partner reports need.
 *
 * - orders: the carrier, tracking number and tracking link staff enter when a parcel leaves;
 * - stores: the partner's commission (basis points of the net sales without VAT) and the printer's
 *   sheet (size and margin in millimetres; A4 by default);
 * - print_batches / print_batch_orders: a sheet layout of several orders' print files as one PDF,
 *   and where each case sits on it; marking a batch printed marks its orders printed.
 */
export default /* sql */ `
ALTER TABLE orders
  ADD COLUMN carrier text CHECK (length(carrier) BETWEEN 1 AND 60),
  ADD COLUMN tracking_number text CHECK (length(tracking_number) BETWEEN 1 AND 60),
  ADD COLUMN tracking_url text CHECK (tracking_url ~ '^https?://' AND length(tracking_url) <= 500);

ALTER TABLE stores
  ADD COLUMN commission_bp integer NOT NULL DEFAULT 0 CHECK (commission_bp BETWEEN 0 AND 10000),
  ADD COLUMN print_sheet_width_mm integer NOT NULL DEFAULT 210 CHECK (print_sheet_width_mm BETWEEN 100 AND 1000),
  ADD COLUMN print_sheet_height_mm integer NOT NULL DEFAULT 297 CHECK (print_sheet_height_mm BETWEEN 100 AND 1000),
  ADD COLUMN print_margin_mm integer NOT NULL DEFAULT 5 CHECK (print_margin_mm BETWEEN 0 AND 50);

CREATE TABLE print_batches (
  id uuid PRIMARY KEY,
  store_id integer NOT NULL REFERENCES stores(id),
  sheet text NOT NULL CHECK (sheet IN ('A4', 'A3', 'store')),
  sheet_width_mm integer NOT NULL,
  sheet_height_mm integer NOT NULL,
  margin_mm integer NOT NULL,
  sheets integer NOT NULL CHECK (sheets > 0),
  -- The sheets' PDF; NULL once the designs in it are past their retention period.
  file_id text UNIQUE REFERENCES files(id),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  printed_at timestamptz,
  printed_by text
);
CREATE INDEX print_batches_store_idx ON print_batches (store_id, created_at DESC);

CREATE TABLE print_batch_orders (
  batch_id uuid NOT NULL REFERENCES print_batches(id) ON DELETE CASCADE,
  order_id uuid NOT NULL REFERENCES orders(id),
  sheet integer NOT NULL CHECK (sheet >= 1),
  x_mm double precision NOT NULL,
  y_mm double precision NOT NULL,
  width_mm double precision NOT NULL,
  height_mm double precision NOT NULL,
  rotated boolean NOT NULL,
  PRIMARY KEY (batch_id, order_id)
);
CREATE INDEX print_batch_orders_order_idx ON print_batch_orders (order_id);

-- The sales report reads the period's invoices by issue day (a Madrid calendar day), with what it sums.
CREATE INDEX invoices_issue_date_report_idx ON invoices (issue_date)
  INCLUDE (store_id, kind, order_id, total_cents, base_cents);
`;
