/**
 * What the storefront shows beyond the first wave:
 *
 * - a store's opening hours (free text, one line a day or group of days) and what its map link
 *   searches for (null: its address);
 * - whether a model's picture is the mock-up the server drew from its outline (redrawn when the
 *   outline changes) rather than a photo staff uploaded;
 * - resized copies of public catalogue pictures in AVIF and WebP (`w320-avif`), made on first
 *   request and kept as children of the original, like a customer photo's editor and preview sizes.
 */
export default /* sql */ `
ALTER TABLE stores
  ADD COLUMN hours text NOT NULL DEFAULT '' CHECK (length(hours) <= 400),
  ADD COLUMN map_query text CHECK (length(map_query) <= 200);

ALTER TABLE models ADD COLUMN image_is_mockup boolean NOT NULL DEFAULT false;

ALTER TABLE files DROP CONSTRAINT files_variant_check;
ALTER TABLE files ADD CONSTRAINT files_variant_check
  CHECK (variant IN ('original', 'editor', 'preview') OR variant ~ '^w[0-9]{2,4}-(avif|webp)$');
`;
