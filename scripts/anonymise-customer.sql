-- Erasure request of one customer (RGPD art. 17), identified by the e-mail address of their orders.
-- See docs/operations.md, "Data retention and erasure".
--
-- PostgreSQL:
--   psql "$DATABASE_URL" -v ON_ERROR_STOP=1 \
--     -c "SET shop.subject_email = 'cliente@example.com'" -f scripts/anonymise-customer.sql
-- PGlite: stop the server and run the same two statements through PGlite (docs/operations.md).
--
-- In one transaction, for every order of that address that is finished (delivered, cancelled) or
-- was never placed (abandoned before the order was confirmed):
--   - the customer's name, e-mail, phone and address on the order are removed, and the design's
--     transform; the order keeps what the accounts need (number, date, store, model, amounts, status);
--   - the photo, the design and the print files lose their rows (their bytes, now unreferenced,
--     are removed by the hourly orphan-file sweep of every server instance);
--   - the order's mails (sent or not: their text holds the data), staff mails to that address and
--     the upload links are deleted;
--   - staff notes in the timeline are removed, and one line records the erasure.
-- Kept, and BLOCKED (LOPDGDD art. 32: kept only for the legal obligation, shown to no one but an
-- administrator answering a court or the tax agency): the invoices with their buyer data and PDFs,
-- and the VERI*FACTU records. They are immutable (the database refuses any change) and must be kept
-- 6 years (Código de Comercio art. 30; 4 years under Ley General Tributaria art. 66).
-- Payment records (gateway attempts and notifications) are kept: they hold no name or address.
-- Orders still in progress (to pay, paid, printed, ready, shipped) are left alone and listed: the
-- shop still needs the data to deliver them. Run this again once they are delivered or cancelled.
DO $$
DECLARE
  erase_email text := lower(trim(coalesce(current_setting('shop.subject_email', true), '')));
  erased int;
  files_gone int;
  mails_gone int;
  pending text;
BEGIN
  IF erase_email = '' OR position('@' IN erase_email) = 0 THEN
    RAISE EXCEPTION 'Indique la dirección: SET shop.subject_email = ''cliente@example.com''';
  END IF;

  CREATE TEMP TABLE erasure_orders ON COMMIT DROP AS
    SELECT id FROM orders
    WHERE lower(trim(customer_email)) = erase_email
      AND status IN ('delivered', 'cancelled', 'created', 'image_uploaded', 'design_confirmed', 'details_confirmed');
  SELECT string_agg(order_number::text || ' (' || status || ')', ', ') INTO pending FROM orders
    WHERE lower(trim(customer_email)) = erase_email AND id NOT IN (SELECT id FROM erasure_orders);

  CREATE TEMP TABLE erasure_files ON COMMIT DROP AS
    SELECT f FROM orders o, LATERAL unnest(ARRAY[o.image_id, o.design_id, o.print_png_id, o.print_pdf_id]) AS f
    WHERE o.id IN (SELECT id FROM erasure_orders) AND f IS NOT NULL
    UNION SELECT file_id FROM order_design_photos WHERE order_id IN (SELECT id FROM erasure_orders)
    UNION SELECT file_id FROM order_photos WHERE order_id IN (SELECT id FROM erasure_orders);
  DELETE FROM order_design_photos WHERE order_id IN (SELECT id FROM erasure_orders);
  DELETE FROM order_photos WHERE order_id IN (SELECT id FROM erasure_orders);

  UPDATE orders SET
    customer_name = NULL, customer_email = NULL, customer_phone = NULL, customer_address = NULL,
    customer_city = NULL, customer_postal_code = NULL, design_transform = NULL,
    -- A scene's texts may hold names.
    design_scene = NULL, draft_scene = NULL,
    image_id = NULL, design_id = NULL, print_png_id = NULL, print_pdf_id = NULL, updated_at = now()
  WHERE id IN (SELECT id FROM erasure_orders);
  GET DIAGNOSTICS erased = ROW_COUNT;

  -- Derived sizes go with their original (parent_id ... ON DELETE CASCADE). A file another order
  -- or an invoice still uses is kept.
  DELETE FROM files WHERE id IN (SELECT f FROM erasure_files)
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE files.id IN (o.image_id, o.design_id, o.print_png_id, o.print_pdf_id))
    AND NOT EXISTS (SELECT 1 FROM order_design_photos d WHERE d.file_id = files.id)
    AND NOT EXISTS (SELECT 1 FROM order_photos p WHERE p.file_id = files.id)
    AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.pdf_file_id = files.id);
  GET DIAGNOSTICS files_gone = ROW_COUNT;

  DELETE FROM mail_outbox WHERE order_id IN (SELECT id FROM erasure_orders)
    OR (order_id IS NULL AND lower(to_address) = erase_email);
  GET DIAGNOSTICS mails_gone = ROW_COUNT;
  DELETE FROM upload_tokens WHERE order_id IN (SELECT id FROM erasure_orders);
  -- A full-invoice request keeps only what the issued invoice (blocked) already holds.
  DELETE FROM invoice_requests WHERE order_id IN (SELECT id FROM erasure_orders);
  UPDATE order_events SET note = NULL WHERE order_id IN (SELECT id FROM erasure_orders) AND actor LIKE 'staff:%';
  INSERT INTO order_events (order_id, from_status, to_status, actor, note)
    SELECT o.id, o.status, o.status, 'rgpd', 'Datos personales suprimidos a petición del cliente'
    FROM orders o WHERE o.id IN (SELECT id FROM erasure_orders);

  RAISE NOTICE 'Pedidos anonimizados: %, ficheros suprimidos: %, correos suprimidos: %', erased, files_gone, mails_gone;
  IF pending IS NOT NULL THEN
    RAISE NOTICE 'Pedidos en curso, no tocados (repetir cuando se entreguen o cancelen): %', pending;
  END IF;
END
$$;
