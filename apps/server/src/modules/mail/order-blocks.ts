import { GUARANTEE_REMINDER, TERMS_PAGES, WITHDRAWAL_EXEMPTION } from '@shop/contracts/consumer-terms';
import { centsToEuros, eurosToCents, formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { formatPhoneForPeople } from '@shop/contracts/phone';
import { caseTypeName, productName } from '@shop/contracts/product';
import { type Block, type MailBranding, oneLine, type Row } from './layout.ts';

/** The blocks the order mails are made of: the order's summary, the store, the address, the customer. */

export const dateTime = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});

export const product = (o: Order) => oneLine(productName(o.brand, o.model));
export const amountDue = (o: Order) => centsToEuros(eurosToCents(o.total) + eurosToCents(o.shipping));

export function summaryRows(o: Order, totalLabel: string): Row[] {
  const rows: Row[] = [
    ['Pedido', `n.º ${o.orderNumber}`],
    ['Producto', product(o)],
    ['Tipo de funda', oneLine(caseTypeName(o.caseType, o.colour))],
    ['Precio', `${formatEuros(o.total)} (IVA incluido)`],
  ];
  if (o.isHomeDelivery) rows.push(['Envío a domicilio', `${formatEuros(o.shipping)} (IVA incluido)`]);
  rows.push([totalLabel, `${formatEuros(amountDue(o))} (IVA incluido)`]);
  return rows;
}

export function storeBlock(o: Order, brand: MailBranding, title: string): Block {
  const s = o.store;
  return {
    type: 'rows',
    title,
    rows: [
      ['Tienda', s.name],
      ['Dirección', s.address],
      ['Localidad', `${oneLine(s.postalCode)} ${oneLine(s.town)} (${oneLine(s.province)})`],
      // The store's own opening hours; the shop's when the store has not given them.
      [
        'Horario',
        s.hours
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
          .join(' · ') || brand.company.hours,
      ],
    ],
  };
}

export function deliveryBlock(o: Order): Block {
  return {
    type: 'rows',
    title: 'Dirección de envío',
    rows: [
      ['Nombre', o.customerName ?? ''],
      ['Dirección', o.customerAddress ?? ''],
      ['Localidad', `${oneLine(o.customerPostalCode)} ${oneLine(o.customerCity)}`],
    ],
  };
}

export function customerBlock(o: Order, withAddress: boolean): Block {
  const rows: Row[] = [
    ['Nombre', o.customerName || '(sin indicar)'],
    ['Teléfono', o.customerPhone ? formatPhoneForPeople(o.customerPhone) : '(sin indicar)'],
    ['Correo electrónico', o.customerEmail || '(sin indicar)'],
  ];
  if (withAddress) {
    rows.push(
      ['Dirección', o.customerAddress ?? ''],
      ['Ciudad', o.customerCity ?? ''],
      ['Código postal', o.customerPostalCode ?? ''],
    );
  }
  return { type: 'rows', title: 'Datos del cliente', rows };
}

export function paymentLine(o: Order): string {
  if (!o.pendingPayment) return 'Pagado';
  return o.paymentMethod === 'paystore' ? 'Pago en tienda, pendiente' : 'Pago en línea, pendiente';
}

export const greeting = (o: Order): Block => {
  const name = oneLine(o.customerName);
  return { type: 'paragraph', text: name ? `Hola, ${name}:` : 'Hola:' };
};

export function contactBlock(brand: MailBranding): Block {
  const c = brand.company;
  return {
    type: 'paragraph',
    text: `¿Tienes alguna duda? Escríbenos a ${oneLine(c.email)} o llámanos al ${oneLine(formatPhoneForPeople(c.phone))} (también por WhatsApp), ${oneLine(c.hours)}.`,
  };
}

/** The page of the shop at `path`, when the shop's public address is known. */
function pageUrl(brand: MailBranding, path: string): string | undefined {
  return brand.publicUrl && /^https?:\/\//.test(brand.publicUrl) ? `${brand.publicUrl}${path}` : undefined;
}

/**
 * What a consumer must be told with the order (TRLGDCU art. 98.7, 103 c, 120): no withdrawal for a
 * made-to-measure case, the legal guarantee, and where the conditions are.
 */
export function legalBlocks(brand: MailBranding): Block[] {
  return [
    { type: 'paragraph', text: WITHDRAWAL_EXEMPTION },
    { type: 'paragraph', text: GUARANTEE_REMINDER },
    {
      type: 'link',
      text: 'Tu pedido se rige por nuestras condiciones generales; las tienes en',
      label: 'condiciones generales',
      href: pageUrl(brand, TERMS_PAGES.generalConditions),
    },
  ];
}
