/**
 * How long the shop keeps what: the one source of the privacy policy's retention text and of the
 * daily retention job. The photo margin is configuration (RETENTION_PHOTO_DAYS_AFTER_WARRANTY); the
 * policy page reads the configured value from the public configuration. Free of zod.
 */
import { CONFORMITY_GUARANTEE_YEARS } from './consumer-terms.ts';

export interface RetentionPeriods {
  /** Photos and designs of a delivered order go this many days after its legal guarantee ends. */
  photoDaysAfterWarranty: number;
  /** Photos and designs of a cancelled order go this many days after the cancellation. */
  cancelledOrderDays: number;
  /** An order never confirmed (abandoned before paying or placing it) goes after this many days. */
  abandonedOrderDays: number;
  /** Invoices (and the orders they belong to) are kept this many years. */
  invoiceYears: number;
  /** The legal guarantee that photos and designs are kept for (reprints, claims). */
  warrantyYears: number;
}

export const DEFAULT_RETENTION: RetentionPeriods = {
  photoDaysAfterWarranty: 30,
  cancelledOrderDays: 30,
  abandonedOrderDays: 30,
  invoiceYears: 6,
  warrantyYears: CONFORMITY_GUARANTEE_YEARS,
};

const days = (n: number) => (n === 1 ? '1 día' : `${n} días`);

/** The privacy policy's retention items, written from the periods the job applies. */
export function retentionPolicyItems(r: RetentionPeriods): string[] {
  return [
    `Los datos de los pedidos y las facturas se conservan durante ${r.invoiceYears === 6 ? 'seis' : r.invoiceYears} años, como exigen el artículo 30 del Código de Comercio y la normativa tributaria.`,
    `La fotografía y el diseño se eliminan una vez entregado el pedido y transcurrido el plazo de garantía legal de ${r.warrantyYears} años desde la entrega, más ${days(r.photoDaysAfterWarranty)}: hasta entonces pueden ser necesarios para atender una reclamación o volver a imprimir la funda. Si el pedido se cancela, se eliminan a los ${days(r.cancelledOrderDays)} de la cancelación.`,
    `Los pedidos que no llegan a confirmarse (ni pagados ni encargados para pagar en la tienda) se eliminan a los ${days(r.abandonedOrderDays)} de su última modificación, con sus datos, su fotografía y su diseño; si llegaron a la pasarela de pago, se conserva solo el registro del intento de pago, sin datos personales.`,
  ];
}
