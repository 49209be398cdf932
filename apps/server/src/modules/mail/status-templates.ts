import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { phoneName } from '@shop/contracts/product';
import { type Block, type Mail, type MailBranding, oneLine, trackingLink } from './layout.ts';
import { amountDue, contactBlock, deliveryBlock, greeting, product, storeBlock } from './order-blocks.ts';

/**
 * The mails of the order's last steps, sent when staff change its state: ready at the store, on
 * its way with the carrier, delivered. Same blocks and layout as the other order mails; each
 * links to the order's tracking page.
 */
export type StatusMailKind = 'ready-for-pickup' | 'order-shipped' | 'order-delivered';

export function statusMail(kind: StatusMailKind, o: Order, brand: MailBranding): Mail {
  switch (kind) {
    case 'ready-for-pickup':
      return readyForPickup(o, brand);
    case 'order-shipped':
      return shipped(o, brand);
    case 'order-delivered':
      return delivered(o, brand);
  }
}

function readyForPickup(o: Order, brand: MailBranding): Mail {
  const n = o.orderNumber;
  const blocks: Block[] = [
    { type: 'heading', text: '¡Tu funda ya está lista!' },
    greeting(o),
    {
      type: 'paragraph',
      text: `Tu funda personalizada para ${oneLine(phoneName(o.brand, o.model))} (pedido n.º ${n}) ya está lista. Puedes recogerla en:`,
    },
    storeBlock(o, brand, 'Dónde recogerla'),
  ];
  if (o.pendingPayment) {
    blocks.push({
      type: 'note',
      text: `Pagarás ${formatEuros(amountDue(o))} al recogerla.`,
    });
  }
  blocks.push(
    {
      type: 'rows',
      title: 'Qué llevar',
      rows: [
        ['Número de pedido', n],
        ['Quién la recoge', 'Tú o quien tenga este correo con el número de pedido'],
      ],
    },
    contactBlock(brand),
  );
  return {
    audience: 'customer',
    trackingUrl: trackingLink(o, brand),
    subject: `Tu funda está lista para recoger (pedido n.º ${n})`,
    preheader: `Recógela en ${oneLine(o.store.name)}, ${oneLine(o.store.address)}.`,
    blocks,
  };
}

function shipped(o: Order, brand: MailBranding): Mail {
  const n = o.orderNumber;
  const parcel = o.parcel;
  const rows: [string, string][] = [
    ['Pedido', `n.º ${n}`],
    ['Producto', product(o)],
  ];
  if (parcel) {
    rows.push(['Transportista', parcel.carrier], ['Número de seguimiento', parcel.trackingNumber]);
    if (parcel.url) rows.push(['Seguimiento del envío', parcel.url]);
  }
  return {
    audience: 'customer',
    trackingUrl: trackingLink(o, brand),
    subject: `Tu funda va de camino (pedido n.º ${n})`,
    preheader: parcel
      ? `${oneLine(parcel.carrier)}, número de seguimiento ${oneLine(parcel.trackingNumber)}.`
      : `${product(o)}: ya va de camino.`,
    blocks: [
      { type: 'heading', text: 'Tu funda va de camino' },
      greeting(o),
      {
        type: 'paragraph',
        text: `Hemos entregado tu pedido n.º ${n} al transportista. Lo recibirás en la dirección que nos diste:`,
      },
      { type: 'rows', title: 'Envío', rows },
      deliveryBlock(o),
      contactBlock(brand),
    ],
  };
}

function delivered(o: Order, brand: MailBranding): Mail {
  const n = o.orderNumber;
  return {
    audience: 'customer',
    trackingUrl: trackingLink(o, brand),
    subject: `Pedido entregado (pedido n.º ${n})`,
    preheader: `${product(o)}: ¡que la disfrutes!`,
    blocks: [
      { type: 'heading', text: 'Pedido entregado' },
      greeting(o),
      {
        type: 'paragraph',
        text: `Tu pedido n.º ${n} ya está entregado. ¡Gracias por confiar en nosotros y que disfrutes tu funda!`,
      },
      {
        type: 'rows',
        title: 'Pedido',
        rows: [
          ['Pedido', `n.º ${n}`],
          ['Producto', product(o)],
        ],
      },
      ...(o.invoice
        ? [
            {
              type: 'paragraph' as const,
              text: `Tu factura n.º ${o.invoice.number} está en la página de seguimiento del pedido.`,
            },
          ]
        : []),
      contactBlock(brand),
    ],
  };
}
