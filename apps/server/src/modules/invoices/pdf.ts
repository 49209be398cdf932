import { formatEuros } from '@shop/contracts/money';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { InvoiceLine, InvoiceTotals } from './amounts.ts';
import { drawQr, QR_QUIET_ZONE_MODULES, QR_SYMBOL_MM, qrModules } from './pdf-qr.ts';
import { MARGIN, MM, MUTED, PAGE, Writer } from './pdf-text.ts';

/**
 * The printed simplified invoice (A4, Spanish). Content required by RD 1619/2012 art. 7.1: number
 * and series, issue date, operation date when different, seller's name and NIF, what was sold, the
 * VAT rate ("IVA incluido" allowed) and the total; we add the VAT base and quota per line and in total
 * and the seller's address and registry data. RD 1007/2023 (art. 6.5 and 7.5 of RD 1619/2012 in their
 * new wording; Orden HAC/1177/2024) adds the AEAT QR code, at the top, 30-40 mm, and the VERI*FACTU
 * legend.
 */

export interface InvoicePdfData {
  /** "Factura simplificada", "Factura", "Factura rectificativa"... */
  title: string;
  /** The footer's legal line: which article the document follows. */
  legalNote: string;
  /** Lines under the dates: the invoice rectified or replaced, the reason. */
  references: string[];
  fullNumber: string;
  issuedAt: Date;
  /** When the sale or its payment happened on another day than the issue. */
  operationDate: Date | null;
  orderNumber: string;
  seller: {
    legalName: string;
    tradeName: string;
    nif: string;
    address: string;
    postalCode: string;
    town: string;
    province: string;
    email: string;
    phone: string;
    registry: string;
  };
  store: { name: string; address: string; postalCode: string; town: string; province: string };
  buyer: {
    name: string | null;
    /** Collected at the store (otherwise sent home). */
    pickup: boolean;
    /** Where a full invoice's case was sent; null otherwise (a simplified invoice names no one). */
    delivery: { address: string; postalCode: string; city: string } | null;
    /** A full invoice's recipient (RD 1619/2012 art. 6.1.d and e). */
    fiscal: { name: string; taxId: string; address: string } | null;
  };
  lines: readonly InvoiceLine[];
  totals: InvoiceTotals;
  /**
   * The AEAT cotejo URL encoded in the QR code; null when the shop does not send its records to the
   * AEAT, and then neither the QR nor the VERI*FACTU legend is printed.
   */
  qrText: string | null;
}

/** "24,90 €" with a plain space, so that the text is found as typed when searched or extracted. */
const euros = (cents: number): string => formatEuros(cents / 100).replace(/\u00a0/g, ' ');

const DATE_TIME = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const DATE = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export async function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const w = new Writer(page, regular, bold);
  const s = data.seller;

  doc.setTitle(w.safe(`${data.title} ${data.fullNumber}`));
  doc.setAuthor(w.safe(s.legalName));
  doc.setSubject(w.safe(`Pedido ${data.orderNumber}`));
  doc.setCreator(w.safe(s.tradeName));
  doc.setProducer(w.safe(s.tradeName));
  doc.setLanguage('es-ES');
  // The document is dated when the invoice was issued, never when some later process touched it.
  doc.setCreationDate(data.issuedAt);
  doc.setModificationDate(data.issuedAt);

  const top = PAGE.height - MARGIN;
  const right = PAGE.width - MARGIN;

  // --- The QR code first, top left, as the AEAT asks for portrait invoices -------------------
  let leftBottom = top;
  let qrWidth = 35 * MM;
  if (data.qrText) {
    const modules = qrModules(data.qrText);
    qrWidth = ((QR_SYMBOL_MM * (modules + 2 * QR_QUIET_ZONE_MODULES)) / modules) * MM;
    w.text('QR tributario:', MARGIN, top - 8, 8, { color: MUTED });
    const qrBottom = top - 12 - qrWidth;
    drawQr(page, data.qrText, MARGIN, qrBottom, qrWidth);
    w.text('VERI*FACTU', MARGIN + 2 * MM, qrBottom - 10, 11, { font: bold });
    leftBottom = w.paragraph(
      'Factura verificable en la sede electrónica de la AEAT',
      MARGIN + 2 * MM,
      qrBottom - 22,
      7,
      qrWidth,
      { color: MUTED },
    );
  }

  // --- Title, number, dates and the seller, right of the QR ----------------------------------
  const colX = data.qrText ? MARGIN + qrWidth + 8 * MM : MARGIN;
  const colWidth = right - colX;
  let y = top - 16;
  w.text(data.title, colX, y, 20, { font: bold });
  y -= 20;
  w.text(`Número: ${data.fullNumber}`, colX, y, 11, { font: bold });
  y -= 15;
  w.text(`Fecha de expedición: ${DATE_TIME.format(data.issuedAt)}`, colX, y, 10);
  if (data.operationDate) {
    y -= 13;
    w.text(`Fecha de la operación: ${DATE.format(data.operationDate)}`, colX, y, 10);
  }
  y -= 13;
  w.text(`Pedido: ${data.orderNumber}`, colX, y, 10);
  for (const line of data.references) {
    y -= 2;
    y = w.paragraph(line, colX, y - 13, 9, colWidth) + 9 * 1.3;
  }

  y -= 22;
  y = w.paragraph(s.legalName, colX, y, 10, colWidth, { font: bold });
  if (s.tradeName && s.tradeName !== s.legalName)
    y = w.paragraph(`Nombre comercial: ${s.tradeName}`, colX, y, 9, colWidth);
  y = w.paragraph(`NIF: ${s.nif}`, colX, y, 9, colWidth);
  y = w.paragraph(s.address, colX, y, 9, colWidth);
  y = w.paragraph(`${s.postalCode} ${s.town} (${s.province})`, colX, y, 9, colWidth);
  y = w.paragraph([s.email, s.phone].filter(Boolean).join(' · '), colX, y, 9, colWidth);
  y = w.paragraph(s.registry, colX, y - 2, 7, colWidth, { color: MUTED });

  // --- Store and customer ---------------------------------------------------------------------
  y = Math.min(y, leftBottom) - 10;
  w.rule(y);
  y -= 16;
  const half = (right - MARGIN) / 2;
  const st = data.store;
  let yl = w.paragraph('Punto de venta', MARGIN, y, 9, half - 10, { font: bold, color: MUTED });
  yl = w.paragraph(st.name, MARGIN, yl, 10, half - 10, { font: bold });
  yl = w.paragraph(st.address, MARGIN, yl, 9, half - 10);
  yl = w.paragraph(`${st.postalCode} ${st.town} (${st.province})`, MARGIN, yl, 9, half - 10);
  yl = w.paragraph(data.buyer.pickup ? 'Recogida en tienda' : 'Envío a domicilio', MARGIN, yl, 9, half - 10, {
    color: MUTED,
  });

  const bx = MARGIN + half;
  let yr = y;
  const fiscal = data.buyer.fiscal;
  if (fiscal) {
    yr = w.paragraph('Destinatario', bx, yr, 9, half, { font: bold, color: MUTED });
    yr = w.paragraph(fiscal.name, bx, yr, 10, half, { font: bold });
    yr = w.paragraph(`NIF: ${fiscal.taxId}`, bx, yr, 9, half);
    yr = w.paragraph(fiscal.address, bx, yr, 9, half);
    if (data.buyer.delivery) {
      const d = data.buyer.delivery;
      yr = w.paragraph('Envío a domicilio:', bx, yr, 9, half, { color: MUTED });
      yr = w.paragraph(`${d.address}, ${d.postalCode} ${d.city}`, bx, yr, 9, half);
    }
  } else if (data.buyer.name || data.buyer.delivery) {
    yr = w.paragraph('Cliente', bx, yr, 9, half, { font: bold, color: MUTED });
    if (data.buyer.name) yr = w.paragraph(data.buyer.name, bx, yr, 10, half, { font: bold });
    const d = data.buyer.delivery;
    if (d) {
      yr = w.paragraph('Envío a domicilio:', bx, yr, 9, half, { color: MUTED });
      yr = w.paragraph(d.address, bx, yr, 9, half);
      yr = w.paragraph(`${d.postalCode} ${d.city}`, bx, yr, 9, half);
    }
  }

  // --- Lines ----------------------------------------------------------------------------------
  y = Math.min(yl, yr) - 12;
  const cols = { base: right - 190, vat: right - 100, total: right };
  const descWidth = cols.base - 75 - MARGIN;
  w.rule(y + 2);
  y -= 12;
  w.text('Concepto', MARGIN, y, 9, { font: bold });
  w.textRight('Base imponible', cols.base, y, 9, bold);
  w.textRight(`IVA ${data.totals.vatRate} %`, cols.vat, y, 9, bold);
  w.textRight('Importe', cols.total, y, 9, bold);
  y -= 6;
  w.rule(y);
  y -= 14;
  for (const line of data.lines) {
    const wrapped = w.wrap(
      line.quantity === 1 ? line.description : `${line.quantity} x ${line.description}`,
      10,
      descWidth,
    );
    w.textRight(euros(line.baseCents), cols.base, y, 10);
    w.textRight(euros(line.vatCents), cols.vat, y, 10);
    w.textRight(euros(line.totalCents), cols.total, y, 10);
    for (const part of wrapped) {
      w.text(part, MARGIN, y, 10);
      y -= 13;
    }
    y -= 4;
  }
  w.rule(y + 6);

  // --- Totals ---------------------------------------------------------------------------------
  y -= 12;
  const labelRight = cols.vat;
  const t = data.totals;
  w.textRight('Base imponible', labelRight, y, 10);
  w.textRight(euros(t.baseCents), cols.total, y, 10);
  y -= 14;
  w.textRight(`IVA ${t.vatRate} %`, labelRight, y, 10);
  w.textRight(euros(t.vatCents), cols.total, y, 10);
  y -= 18;
  w.textRight('Total (IVA incluido)', labelRight, y, 12, bold);
  w.textRight(euros(t.totalCents), cols.total, y, 12, bold);
  y -= 26;
  w.paragraph(
    `Tipo impositivo: IVA ${t.vatRate} %. Precios con IVA incluido.`,
    MARGIN,
    y,
    9,
    right - MARGIN,
    {
      color: MUTED,
    },
  );

  // --- Footer ---------------------------------------------------------------------------------
  w.rule(MARGIN + 20);
  w.paragraph(
    `${data.legalNote} Expedida por ${s.legalName}, NIF ${s.nif}.`,
    MARGIN,
    MARGIN + 8,
    7,
    right - MARGIN,
    { color: MUTED },
  );

  // Plain cross-reference table: a one-page document gains nothing from object streams, which took
  // a third of the rendering time.
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
