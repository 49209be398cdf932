/** Customer photos: derivatives of an upload, who uploaded it, and the phone upload tokens. */
export default /* sql */ `
ALTER TABLE files
  ADD COLUMN parent_id text REFERENCES files(id) ON DELETE CASCADE,
  ADD COLUMN variant text NOT NULL DEFAULT 'original' CHECK (variant IN ('original', 'editor', 'preview')),
  ADD COLUMN owner_hash text;
CREATE INDEX files_parent_idx ON files (parent_id);
CREATE INDEX files_unattached_idx ON files (created_at) WHERE kind = 'upload';

-- Links for a phone to add a photo to one order (the kiosk's QR code). Only the hash is kept.
CREATE TABLE upload_tokens (
  token_hash text PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX upload_tokens_order_idx ON upload_tokens (order_id);
`;
