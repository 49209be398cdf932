import {
  fill,
  type PDFOperator,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingGrayscaleColor,
} from 'pdf-lib';
import QRCode from 'qrcode';

/** The AEAT's QR code on the invoice PDF (Orden HAC/1177/2024): its size and its drawing. */

/** AEAT: the code between 30 x 30 and 40 x 40 mm; 32 mm of modules, plus the quiet zone around them. */
export const QR_SYMBOL_MM = 32;
/** ISO/IEC 18004: a quiet zone of at least 4 modules on every side, drawn white inside the image. */
export const QR_QUIET_ZONE_MODULES = 4;

/** Modules per side of the code of `text`, quiet zone excluded. */
export const qrModules = (text: string): number =>
  QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size;

/**
 * Draws the QR code as vector squares (error correction level M, as the AEAT asks), `size` points
 * wide with its white quiet zone of 4 modules inside that box: sharp at any zoom or printer, and
 * no image to encode (a PNG made issuing an invoice several times slower).
 */
export function drawQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const unit = size / (n + 2 * QR_QUIET_ZONE_MODULES);
  const ops: PDFOperator[] = [pushGraphicsState(), setFillingGrayscaleColor(0)];
  for (let row = 0; row < n; row++) {
    // Runs of dark modules in a row become one rectangle; all are filled at once (no seams).
    for (let col = 0; col < n; ) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      let end = col;
      while (end < n && modules.get(row, end)) end++;
      ops.push(
        rectangle(
          x + (QR_QUIET_ZONE_MODULES + col) * unit,
          y + size - (QR_QUIET_ZONE_MODULES + row + 1) * unit,
          (end - col) * unit,
          unit,
        ),
      );
      col = end;
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}
