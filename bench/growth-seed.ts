/**
 * Data for the growth benches, written set-based (INSERT ... SELECT generate_series) straight into
 * the tables of a shop database that already holds the demo catalogue: a million orders with their
 * invoices take a few minutes, not hours. Both seeds grow a database in steps (to 1k models, then
 * to 10k), so each size of a curve only adds what the previous one lacked.
 */
import type pg from 'pg';

/**
 * Grows the catalogue to `total` models, as a real one is spread: more brands as it grows (about
 * one per 200 models), a few big brands and a long tail (the brand is picked with a skew towards
 * the first ones), model names in families ("Galaxy 123 Pro") that a search can hit, 95 % public,
 * 2 % down, every one offered by every store and sold in the case types of the demo model it
 * copies its picture, template, outline and price from.
 */
export async function growCatalogue(c: pg.Client, total: number): Promise<void> {
  const { rows } = await c.query<{ n: number; brands: number }>(
    'SELECT (SELECT count(*)::int FROM models) AS n, (SELECT count(*)::int FROM brands) AS brands',
  );
  const have = rows[0]!.n;
  if (have >= total) return;
  const brandsWanted = Math.max(rows[0]!.brands, Math.round(10 + total / 200));
  await c.query('BEGIN');
  await c.query(
    `INSERT INTO brands (name, image_id, is_public)
     SELECT 'Marca ' || g, (SELECT image_id FROM brands ORDER BY id LIMIT 1), true
     FROM generate_series($1::int + 1, $2::int) g`,
    [rows[0]!.brands, brandsWanted],
  );
  // The demo's sellable models, numbered: each new model copies one of them.
  await c.query(`
    CREATE TEMP TABLE growth_src ON COMMIT DROP AS
    SELECT row_number() OVER (ORDER BY id) AS k, id, image_id, template_id, outline, price_cents
    FROM models WHERE is_public AND template_id IS NOT NULL`);
  await c.query(`
    CREATE TEMP TABLE growth_brands ON COMMIT DROP AS
    SELECT row_number() OVER (ORDER BY id) - 1 AS k, id FROM brands WHERE is_public AND NOT down`);
  await c.query(
    `CREATE TEMP TABLE growth_new ON COMMIT DROP AS
     SELECT nextval(pg_get_serial_sequence('models', 'id'))::int AS id, g,
            1 + g % (SELECT count(*) FROM growth_src) AS src,
            -- golden-ratio sequence squared: low brand numbers get most models
            floor((SELECT count(*) FROM growth_brands) * power((g * 0.6180339887) % 1, 2))::int AS brand_k,
            (ARRAY['Galaxy', 'Redmi Note', 'iPhone', 'Pixel', 'Moto G', 'Nord', 'Reno', 'Find X', 'Mate', 'Xperia'])[1 + g % 10]
              || ' ' || g || (ARRAY['', ' Pro', ' Lite', ' Plus'])[1 + g % 4] AS name
     FROM generate_series($1::int + 1, $2::int) g`,
    [have, total],
  );
  await c.query(`
    INSERT INTO models (id, brand_id, name, search_name, image_id, image_is_mockup, template_id, price_cents,
                        is_public, is_down, outline)
    SELECT n.id, b.id, n.name, lower(n.name), s.image_id, true, s.template_id, s.price_cents,
           n.g % 20 <> 7, n.g % 50 = 3, s.outline
    FROM growth_new n JOIN growth_src s ON s.k = n.src JOIN growth_brands b ON b.k = n.brand_k`);
  await c.query(
    'INSERT INTO store_models (store_id, model_id) SELECT s.id, n.id FROM stores s, growth_new n',
  );
  await c.query(`
    INSERT INTO model_case_types (model_id, case_type_id)
    SELECT n.id, t.case_type_id FROM growth_new n JOIN growth_src s ON s.k = n.src
    JOIN model_case_types t ON t.model_id = s.id`);
  await c.query('COMMIT');
  await c.query('ANALYZE brands, models, store_models, model_case_types');
}

/**
 * Grows the orders to `total`, numbered 1..total, over the year 2025 in the stores that exist, of
 * the sellable models. The mix of a shop some years old: 5 % abandoned drafts (no customer), 2 %
 * waiting for the card payment, 2 % to pay at the store, 1 % cancelled, then paid, printed, ready
 * and shipped ones (5 %) and 85 % delivered. Every paid order has its simplified invoice (F2) of
 * the day it was paid, and one in 20 of them a rectificativa (R5) three days later, as refunds
 * leave them. Invoices get a files row each (their PDF), which the schema requires.
 */
export async function growOrders(c: pg.Client, total: number): Promise<void> {
  const { rows } = await c.query<{ n: string | null }>('SELECT max(order_number) AS n FROM orders');
  const have = Number(rows[0]?.n ?? 0);
  if (have >= total) return;
  await c.query('BEGIN');
  await c.query(`
    CREATE TEMP TABLE growth_models ON COMMIT DROP AS
    SELECT row_number() OVER (ORDER BY id) - 1 AS k, id, brand_id, price_cents
    FROM models WHERE is_public AND NOT is_down`);
  await c.query(
    `CREATE TEMP TABLE growth_orders ON COMMIT DROP AS
     SELECT g, gen_random_uuid() AS id,
            (SELECT array_agg(id ORDER BY id) FROM stores) AS stores,
            g % (SELECT count(*) FROM growth_models) AS model_k,
            timestamptz '2025-01-01 08:00+01' + (g % 365) * interval '1 day' + (g::bigint * 7919 % 43200) * interval '1 second'
              AS created_at,
            CASE
              WHEN g % 100 < 5 THEN 'created' WHEN g % 100 < 7 THEN 'awaiting_payment'
              WHEN g % 100 < 9 THEN 'to_pay_at_store' WHEN g % 100 = 9 THEN 'cancelled'
              WHEN g % 100 < 12 THEN 'paid' WHEN g % 100 = 12 THEN 'printed'
              WHEN g % 100 = 13 THEN 'ready' WHEN g % 100 = 14 THEN 'shipped' ELSE 'delivered'
            END AS status
     FROM generate_series($1::int + 1, $2::int) g`,
    [have, total],
  );
  await c.query(`
    INSERT INTO orders (id, order_number, status, store_id, brand_id, model_id, price_cents, shipping_cents,
                        is_home_delivery, payment_method, customer_name, customer_email, customer_phone,
                        paid_at, paid_by, created_at, updated_at, case_type_id)
    SELECT o.id, o.g, o.status, o.stores[1 + o.g % array_length(o.stores, 1)], m.brand_id, m.id, m.price_cents,
           CASE WHEN o.g % 7 = 0 THEN 500 ELSE 0 END, o.g % 7 = 0,
           CASE WHEN o.status = 'created' THEN NULL WHEN o.status = 'to_pay_at_store' THEN 'paystore' ELSE 'paynow' END,
           CASE WHEN o.status = 'created' THEN NULL ELSE 'Cliente ' || o.g END,
           CASE WHEN o.status = 'created' THEN NULL ELSE 'cliente' || o.g || '@example.com' END,
           CASE WHEN o.status = 'created' THEN NULL ELSE '6' || lpad((o.g % 100000000)::text, 8, '0') END,
           CASE WHEN o.g % 100 >= 10 THEN o.created_at + interval '10 minutes' END,
           CASE WHEN o.g % 100 >= 10 THEN 'gateway' END,
           o.created_at, o.created_at, (SELECT id FROM case_types WHERE is_default)
    FROM growth_orders o JOIN growth_models m ON m.k = o.model_k`);
  await c.query(`
    INSERT INTO files (id, kind, content_type, size_bytes, storage_key)
    SELECT 'growthinv' || g, 'invoice', 'application/pdf', 0, 'invoice/growth-' || g || '.pdf'
    FROM growth_orders WHERE g % 100 >= 10`);
  // The report's day sums: added below in one statement, not row by row by the trigger (which
  // would rewrite a day's row once per invoice of one big transaction, leaving the table bloated
  // as one invoice per transaction never does).
  const { rows: sums } = await c.query<{ t: string | null }>(
    `SELECT to_regclass('invoice_day_totals')::text AS t`,
  );
  const daySums = sums[0]?.t != null;
  if (daySums) await c.query('ALTER TABLE invoices DISABLE TRIGGER invoices_day_totals');
  await c.query(`
    INSERT INTO invoices (order_id, kind, series, year, number, full_number, issued_at, issue_date, seller, store_id,
                          store, is_home_delivery, lines, base_cents, vat_rate, vat_cents, total_cents, pdf_file_id)
    SELECT o.id, 'F2', 'T', 2025, g.g, 'T2025-' || lpad(g.g::text, 7, '0'), o.paid_at,
           (o.paid_at AT TIME ZONE 'Europe/Madrid')::date, '{}'::jsonb, o.store_id, '{}'::jsonb, o.is_home_delivery,
           '[]'::jsonb, round((o.price_cents + o.shipping_cents) * 100 / 121.0)::int, 21,
           o.price_cents + o.shipping_cents - round((o.price_cents + o.shipping_cents) * 100 / 121.0)::int,
           o.price_cents + o.shipping_cents, 'growthinv' || g.g
    FROM growth_orders g JOIN orders o ON o.id = g.id WHERE g.g % 100 >= 10`);
  await c.query(`
    INSERT INTO files (id, kind, content_type, size_bytes, storage_key)
    SELECT 'growthrect' || g, 'invoice', 'application/pdf', 0, 'invoice/growth-r-' || g || '.pdf'
    FROM growth_orders WHERE g % 20 = 10`);
  await c.query(`
    INSERT INTO invoices (order_id, kind, rectifies_invoice_id, series, year, number, full_number, issued_at,
                          issue_date, seller, store_id, store, is_home_delivery, lines, base_cents, vat_rate,
                          vat_cents, total_cents, pdf_file_id, reason)
    SELECT i.order_id, 'R5', i.id, 'R', 2025, (g.g - 10) / 20 + 1, 'R2025-' || lpad(((g.g - 10) / 20 + 1)::text, 7, '0'),
           i.issued_at + interval '3 days', LEAST(i.issue_date + 3, date '2025-12-31'), '{}'::jsonb, i.store_id,
           '{}'::jsonb, i.is_home_delivery, '[]'::jsonb, -i.base_cents, 21, -i.vat_cents, -i.total_cents,
           'growthrect' || g.g, 'Devolución'
    FROM growth_orders g JOIN invoices i ON i.order_id = g.id AND i.kind = 'F2' WHERE g.g % 20 = 10`);
  if (daySums) {
    await c.query(`
      INSERT INTO invoice_day_totals AS t
      SELECT i.issue_date, i.store_id, o.model_id, o.case_type_id, count(*)::int,
             count(*) FILTER (WHERE i.kind = 'F2')::int,
             COALESCE(sum(i.total_cents) FILTER (WHERE i.kind = 'F2'), 0),
             COALESCE(sum(i.base_cents) FILTER (WHERE i.kind = 'F2'), 0),
             COALESCE(-sum(i.total_cents) FILTER (WHERE i.kind = 'R5'), 0),
             COALESCE(-sum(i.base_cents) FILTER (WHERE i.kind = 'R5'), 0)
      FROM growth_orders g JOIN orders o ON o.id = g.id JOIN invoices i ON i.order_id = o.id
      GROUP BY i.issue_date, i.store_id, o.model_id, o.case_type_id
      ON CONFLICT (issue_date, store_id, model_id, case_type_id) DO UPDATE SET
        invoices = t.invoices + EXCLUDED.invoices, sales = t.sales + EXCLUDED.sales,
        sales_total_cents = t.sales_total_cents + EXCLUDED.sales_total_cents,
        sales_base_cents = t.sales_base_cents + EXCLUDED.sales_base_cents,
        refund_total_cents = t.refund_total_cents + EXCLUDED.refund_total_cents,
        refund_base_cents = t.refund_base_cents + EXCLUDED.refund_base_cents`);
    await c.query('ALTER TABLE invoices ENABLE TRIGGER invoices_day_totals');
  }
  await c.query(`SELECT setval('order_number_seq', $1::bigint)`, [total]);
  await c.query('COMMIT');
  // As autovacuum leaves a table some time after its rows were written: visibility map set.
  await c.query(`VACUUM (ANALYZE) orders, invoices, files${daySums ? ', invoice_day_totals' : ''}`);
}

/** Invoices in the tables (ordinary and rectificativas). */
export async function invoiceCount(c: pg.Client): Promise<number> {
  const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices');
  return rows[0]!.n;
}
