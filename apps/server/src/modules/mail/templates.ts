import { DELIVERY_TIME } from '@shop/contracts/consumer-terms';
import type { FiscalData } from '@shop/contracts/invoices';
import { centsToEuros, formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import {
  type Block,
  type Mail,
  type MailAudience,
  type MailBranding,
  oneLine,
  type RenderedMail,
  render,
  trackingLink,
} from './layout.ts';
import {
  amountDue,
  contactBlock,
  customerBlock,
  dateTime,
  deliveryBlock,
  greeting,
  legalBlocks,
  paymentLine,
  product,
  storeBlock,
  summaryRows,
} from './order-blocks.ts';
import { statusMail } from './status-templates.ts';

/** The order mails, in Spanish: received, paid, delivery details, cancelled, and the last steps. */

export type OrderMailKind =
  | 'order-received'
  | 'order-paid'
  | 'delivery-details'
  | 'ready-for-pickup'
  | 'order-shipped'
  | 'order-delivered'
  | 'order-cancelled';

/** How an order was actually paid: named in the receipt ('Tarjeta', 'Bizum', 'En la tienda'). */
export type PaidWith = 'card' | 'bizum' | 'store';

const PAID_WITH: Record<PaidWith, string> = {
  card: 'Tarjeta (pago seguro en línea)',
  bizum: 'Bizum (pago seguro en línea)',
  store: 'En la tienda',
};

/** The full invoice the customer asked for, for the shop's copy: to whom it will be made out. */
const fullInvoiceBlock = (f: FiscalData): Block => ({
  type: 'rows',
  title: 'Factura completa solicitada',
  rows: [
    ['NIF, NIE o CIF', f.taxId],
    ['Nombre o razón social', f.name],
    ['Dirección fiscal', `${f.address}, ${f.postalCode} ${f.city}`],
  ],
});

function orderReceived(
  o: Order,
  brand: MailBranding,
  audience: MailAudience,
  fullInvoice: FiscalData | null,
): Mail {
  const n = o.orderNumber;
  const payAtStore = o.pendingPayment && o.paymentMethod === 'paystore';
  const where = o.isHomeDelivery ? deliveryBlock(o) : storeBlock(o, brand, 'Recogida en tienda');
  const payNote: Block | null = payAtStore
    ? { type: 'note', text: `Pagarás ${formatEuros(amountDue(o))} al recoger tu funda en la tienda.` }
    : null;

  if (audience === 'shop') {
    const who = oneLine(o.customerName);
    return {
      audience,
      subject: `Nuevo pedido n.º ${n}${who ? ` de ${who}` : ''} (${oneLine(o.store.name)})`,
      preheader: `${product(o)}. ${paymentLine(o)}.`,
      blocks: [
        { type: 'heading', text: `Nuevo pedido n.º ${n}` },
        {
          type: 'paragraph',
          text: `Copia del pedido hecho en la tienda web. ${o.isHomeDelivery ? 'Envío a domicilio.' : `Recogida en: ${oneLine(o.store.name)}.`}`,
        },
        {
          type: 'rows',
          title: 'Resumen del pedido',
          rows: [...summaryRows(o, 'Total'), ['Pago', paymentLine(o)]],
        },
        customerBlock(o, o.isHomeDelivery),
        ...(fullInvoice ? [fullInvoiceBlock(fullInvoice)] : []),
        where,
      ],
    };
  }

  const next = o.isHomeDelivery
    ? `Una vez pagado, te llega ${DELIVERY_TIME}.`
    : 'Te avisaremos por correo electrónico cuando tu funda esté lista para recoger.';
  return {
    audience,
    trackingUrl: trackingLink(o, brand),
    subject: `Hemos recibido tu pedido n.º ${n}`,
    preheader: `${product(o)}: ya estamos con tu pedido.`,
    blocks: [
      { type: 'heading', text: '¡Gracias por tu pedido!' },
      greeting(o),
      { type: 'paragraph', text: `Hemos recibido tu pedido n.º ${n}. Estos son sus datos:` },
      { type: 'rows', title: 'Resumen del pedido', rows: summaryRows(o, 'Total'), emphasise: true },
      where,
      ...(payNote ? [payNote] : []),
      { type: 'paragraph', text: next },
      ...legalBlocks(brand),
      contactBlock(brand),
    ],
  };
}

function orderPaid(o: Order, brand: MailBranding, now: Date, paidWith: PaidWith | null): Mail {
  const n = o.orderNumber;
  const method = paidWith
    ? PAID_WITH[paidWith]
    : o.paymentMethod === 'paystore'
      ? PAID_WITH.store
      : 'Pago seguro en línea';
  const blocks: Block[] = [
    { type: 'heading', text: 'Pago recibido' },
    greeting(o),
    { type: 'paragraph', text: `Hemos recibido el pago de tu pedido n.º ${n}. ¡Gracias por tu compra!` },
    {
      type: 'rows',
      title: 'Justificante de pago',
      rows: [['Fecha', dateTime.format(now)], ['Forma de pago', method], ...summaryRows(o, 'Total pagado')],
      emphasise: true,
    },
  ];
  if (o.isHomeDelivery) {
    blocks.push(deliveryBlock(o), {
      type: 'note',
      text: `Gastos de envío: ${formatEuros(o.shipping)} (IVA incluido). Te llega ${DELIVERY_TIME}.`,
    });
  } else {
    blocks.push(storeBlock(o, brand, 'Recogida en tienda'), {
      type: 'paragraph',
      text: 'Te avisaremos por correo electrónico cuando tu funda esté lista para recoger.',
    });
  }
  if (o.invoice) {
    blocks.push({ type: 'paragraph', text: `Te adjuntamos la factura n.º ${o.invoice.number} en PDF.` });
  }
  blocks.push(
    { type: 'paragraph', text: 'Conserva este correo como justificante de tu pago.' },
    ...legalBlocks(brand),
    contactBlock(brand),
  );
  return {
    audience: 'customer',
    trackingUrl: trackingLink(o, brand),
    subject: `Pago recibido: pedido n.º ${n}`,
    preheader: `Total pagado: ${formatEuros(amountDue(o))}. ${product(o)}.`,
    blocks,
  };
}

function deliveryDetails(o: Order): Mail {
  const n = o.orderNumber;
  const who = oneLine(o.customerName);
  return {
    audience: 'shop',
    subject: `Datos de envío del pedido n.º ${n}${who ? `: ${who}` : ''}`,
    preheader: `${oneLine(o.customerAddress)}, ${oneLine(o.customerPostalCode)} ${oneLine(o.customerCity)}`,
    blocks: [
      { type: 'heading', text: `Pedido n.º ${n} para enviar a domicilio` },
      {
        type: 'paragraph',
        text: `${paymentLine(o) === 'Pagado' ? 'El pedido está pagado.' : `Estado del pago: ${paymentLine(o)}.`} Plazo de entrega comunicado al cliente: ${DELIVERY_TIME}.`,
      },
      customerBlock(o, true),
      {
        type: 'rows',
        title: 'Pedido',
        rows: [
          ['Pedido', `n.º ${n}`],
          ['Producto', product(o)],
          ['Tienda', o.store.name],
          ['Importe', `${formatEuros(amountDue(o))} (envío de ${formatEuros(o.shipping)} incluido)`],
        ],
      },
    ],
  };
}

/**
 * What went back to the customer of a cancelled order that was paid: the online refund the
 * gateway accepted, or the cash handed back at the counter. The cancellation mail only goes out
 * once that has happened, so it states it as done.
 */
export interface CancellationRefund {
  amountCents: number;
  means: PaidWith;
}

/** Where money given back goes, after 'te hemos devuelto X': said right for a card and for Bizum. */
export const REFUNDED_TO: Record<PaidWith, string> = {
  card: 'a la misma tarjeta con la que pagaste',
  bizum: 'por Bizum, al mismo número con el que pagaste',
  store: 'en la tienda',
};

function orderCancelled(o: Order, brand: MailBranding, refund: CancellationRefund | null): Mail {
  const n = o.orderNumber;
  const blocks: Block[] = [
    { type: 'heading', text: 'Pedido cancelado' },
    greeting(o),
    {
      type: 'paragraph',
      text: `Hemos cancelado tu pedido n.º ${n} (${product(o)}). No vamos a imprimir ni enviar tu funda.`,
    },
    { type: 'rows', title: 'Pedido cancelado', rows: summaryRows(o, 'Total') },
  ];
  if (o.paidAt && refund) {
    blocks.push({
      type: 'note',
      text: `Te hemos devuelto ${formatEuros(centsToEuros(refund.amountCents))} ${REFUNDED_TO[refund.means]}.${
        refund.means === 'card'
          ? ' Según tu banco, lo verás en tu cuenta en un plazo de 3 a 10 días laborables.'
          : refund.means === 'bizum'
            ? ' Lo verás en tu cuenta en 1 o 2 días laborables.'
            : ''
      }`,
    });
  } else if (o.paidAt) {
    blocks.push({
      type: 'note',
      text: 'Ya te habíamos devuelto lo que pagaste por este pedido: no tienes que hacer nada más.',
    });
  } else {
    blocks.push({
      type: 'paragraph',
      text: 'No habías pagado nada por este pedido: no tienes que hacer nada más.',
    });
  }
  blocks.push(
    {
      type: 'paragraph',
      text: 'Si no has pedido tú la cancelación o quieres hacer el pedido de nuevo, escríbenos y lo vemos.',
    },
    contactBlock(brand),
  );
  return {
    audience: 'customer',
    subject: `Tu pedido n.º ${n} se ha cancelado`,
    preheader: `${product(o)}: pedido cancelado.`,
    blocks,
    trackingUrl: trackingLink(o, brand),
  };
}

/**
 * Renders one order mail. `now` is the moment of the milestone (the payment date of the receipt).
 * 'order-paid' and 'ready-for-pickup' are customer mails and 'delivery-details' is the shop's;
 * 'order-received' exists for both.
 */
export function renderOrderMail(
  kind: OrderMailKind,
  audience: MailAudience,
  order: Order,
  brand: MailBranding,
  now: Date = new Date(),
  paidWith: PaidWith | null = null,
  refund: CancellationRefund | null = null,
  fullInvoice: FiscalData | null = null,
): RenderedMail {
  switch (kind) {
    case 'order-received':
      return render(orderReceived(order, brand, audience, fullInvoice), brand);
    case 'order-paid':
      return render(orderPaid(order, brand, now, paidWith), brand);
    case 'order-cancelled':
      return render(orderCancelled(order, brand, refund), brand);
    case 'delivery-details':
      return render(deliveryDetails(order), brand);
    case 'ready-for-pickup':
    case 'order-shipped':
    case 'order-delivered':
      return render(statusMail(kind, order, brand), brand);
  }
}

/** Who receives each order mail by default. */
export const DEFAULT_AUDIENCES: Record<OrderMailKind, readonly MailAudience[]> = {
  'order-received': ['customer', 'shop'],
  'order-paid': ['customer'],
  'delivery-details': ['shop'],
  'ready-for-pickup': ['customer'],
  'order-shipped': ['customer'],
  'order-delivered': ['customer'],
  'order-cancelled': ['customer'],
};
