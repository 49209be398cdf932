/**
 * The conditions each order was made under (ADR 26): the version (a hash of the texts) and the
 * stored PDF the confirmation mail carried, one row per order, recorded when the order is first
 * confirmed. Orders from before have none: they were sent a link, and the texts of that time are in
 * the repository's history. Erasing an order erases its row; the PDF is shared and holds no
 * personal data.
 *
 * Stores in Canarias, Ceuta or Melilla (postal codes 35, 38, 51, 52), outside the IVA territory,
 * are left as they are: the server refuses them new sales (409 STORE_OUTSIDE_IVA_TERRITORY) and
 * staff decide whether to move or close them. No data changes here for them.
 */
export default /* sql */ `
CREATE TABLE IF NOT EXISTS order_conditions (
  order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  version text NOT NULL CHECK (version ~ '^[0-9a-f]{16}$'),
  file_id text NOT NULL REFERENCES files (id),
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS order_conditions_version_idx ON order_conditions (version);
`;
