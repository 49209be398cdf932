/**
 * What is printed is what the customer approved:
 * - a design keeps the very photos it was made with, one row per photo slot (today one, slot 0;
 *   a layout with several photos adds rows), so print, previews, mails and the back office never
 *   follow a photo that replaced it later;
 * - a phone upload link is spent by its first successful upload (`used_at`).
 */
export default /* sql */ `
CREATE TABLE order_design_photos (
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  slot smallint NOT NULL CHECK (slot >= 0),
  file_id text NOT NULL REFERENCES files(id),
  PRIMARY KEY (order_id, slot)
);
CREATE INDEX order_design_photos_file_idx ON order_design_photos (file_id);

-- Designs saved before this migration were made with the order's photo of the time.
INSERT INTO order_design_photos (order_id, slot, file_id)
  SELECT id, 0, image_id FROM orders WHERE design_id IS NOT NULL AND image_id IS NOT NULL;

ALTER TABLE upload_tokens ADD COLUMN used_at timestamptz;
`;
