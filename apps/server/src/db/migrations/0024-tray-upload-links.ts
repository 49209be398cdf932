/**
 * A phone upload link is for the order's photo (the first one, or 'Cambiar foto': it replaces the
 * photo and ends the design) or for its tray (a kiosk's 'Añadir foto' in a layout of two to four
 * photos: it adds one and keeps the design).
 */
export default /* sql */ `
ALTER TABLE upload_tokens ADD COLUMN IF NOT EXISTS purpose text NOT NULL DEFAULT 'photo'
  CHECK (purpose IN ('photo', 'tray'));
`;
