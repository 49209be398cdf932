import type { OrderStatus } from './order-lifecycle.ts';

/** The order states as staff read them. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  created: 'Creado',
  image_uploaded: 'Foto subida',
  design_confirmed: 'Diseño confirmado',
  details_confirmed: 'Datos confirmados',
  awaiting_payment: 'Pendiente de pago',
  to_pay_at_store: 'Pago en tienda',
  paid: 'Pagado',
  printed: 'Impreso',
  ready: 'Listo para recoger',
  shipped: 'Enviado',
  delivered: 'Entregado',
  cancelled: 'Cancelado',
};
