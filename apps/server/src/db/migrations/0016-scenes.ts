/**
 * The second editor: a design is a scene (a layout of up to four photos, each placed and filtered,
 * a background colour, texts and stickers; `@shop/contracts/scene`).
 *
 * - orders.design_scene: the scene of the confirmed design (NULL for a one-photo design of the
 *   first editor, printed from design_transform as before);
 * - orders.draft_scene: the customer's work in progress, saved as they design, so the editor
 *   resumes where they left it;
 * - order_photos: every photo the customer has added to the order (the editor's photo tray), which
 *   the scene's slots choose from. Orders with a photo start with it.
 */
export default /* sql */ `
ALTER TABLE orders
  ADD COLUMN design_scene jsonb,
  ADD COLUMN draft_scene jsonb;

CREATE TABLE order_photos (
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  -- A photo whose file is erased (an erasure request) leaves the tray with it.
  file_id text NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, file_id)
);
CREATE INDEX order_photos_file_idx ON order_photos (file_id);

INSERT INTO order_photos (order_id, file_id, added_at)
  SELECT id, image_id, created_at FROM orders WHERE image_id IS NOT NULL
  UNION
  SELECT d.order_id, d.file_id, o.created_at FROM order_design_photos d JOIN orders o ON o.id = d.order_id
ON CONFLICT DO NOTHING;
`;
