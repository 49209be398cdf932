// Parcel carriers and the customer's tracking milestones, shared by the back office's shipping
// form, the server and the tracking page (no zod here: the storefront imports this without it).

/** Carriers the shop ships with, and how their public tracking page is addressed. */
export const CARRIERS = [
  {
    name: 'Correos',
    url: (n: string) =>
      `https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=${encodeURIComponent(n)}`,
  },
  {
    name: 'Correos Express',
    url: (n: string) => `https://s.correosexpress.com/search?shippingNumber=${encodeURIComponent(n)}`,
  },
  {
    name: 'SEUR',
    url: (n: string) => `https://www.seur.com/livetracking/?segOnlineIdentificador=${encodeURIComponent(n)}`,
  },
  {
    name: 'MRW',
    url: (n: string) =>
      `https://www.mrw.es/seguimiento_envios/MRW_resultados_consultas.asp?modo=nacional&envio=${encodeURIComponent(n)}`,
  },
  {
    name: 'GLS',
    url: (n: string) => `https://gls-group.com/ES/es/seguimiento-envio?match=${encodeURIComponent(n)}`,
  },
] as const;

/**
 * The tracking link of a parcel: the one staff entered, else the carrier's page for the number,
 * else null (a carrier we do not know and no link given).
 */
export function carrierTrackingUrl(
  carrier: string,
  trackingNumber: string,
  given?: string | null,
): string | null {
  if (given) return given;
  const known = CARRIERS.find((c) => c.name.toLowerCase() === carrier.trim().toLowerCase());
  return known ? known.url(trackingNumber.trim()) : null;
}

/** The customer's milestones, in order; a parcel has 'shipped' where a pickup has 'ready'. */
export const TRACKING_STEPS = ['received', 'paid', 'production', 'ready', 'shipped', 'delivered'] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];

export const TRACKING_STEP_LABELS: Record<TrackingStep, string> = {
  received: 'Recibido',
  paid: 'Pagado',
  production: 'En producción',
  ready: 'Listo para recoger',
  shipped: 'Enviado',
  delivered: 'Entregado',
};

/** The customer's read-only tracking page of an order: its tracking token, never the order id. */
export const trackingPath = (trackingToken: string): string => `/seguimiento/${trackingToken}`;

/** An invoice's PDF through the tracking link. */
export const trackingInvoicePath = (trackingToken: string, invoiceNumber: string): string =>
  `/api/tracking/${trackingToken}/invoices/${encodeURIComponent(invoiceNumber)}/pdf`;

/** A pickup order waiting at the counter for longer than this needs a call (back-office dashboard). */
export const PICKUP_WAIT_ALERT_DAYS = 14;
