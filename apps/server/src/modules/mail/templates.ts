import {
  DELIVERY_TIME,
  GUARANTEE_REMINDER,
  TERMS_PAGES,
  WITHDRAWAL_EXEMPTION,
} from '@shop/contracts/consumer-terms';
import { centsToEuros, eurosToCents, formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { formatPhoneForPeople } from '@shop/contracts/phone';
import { productName } from '@shop/contracts/product';
import { trackingPath } from '@shop/contracts/tracking-rules';
import type { Config } from '../../env.ts';
import { statusMail } from './status-templates.ts';

/**
 * The shop's mails, in Spanish, as HTML and plain text. Each mail is written once as a list of
 * blocks (headings, paragraphs, labelled rows) and both versions are rendered from it, so the two
 * never say different things.
 *
 * Everything interpolated may come from a customer or a clerk (a name such as
 * `<script>…</script>`, an address with line breaks), so every value is reduced to one line and,
 * in HTML, escaped. Subjects are headers: they never carry a control character.
 */

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
export type MailAudience = 'customer' | 'shop';
/** A mail written by staff to any address (the footer only names the sender). */
type FooterAudience = MailAudience | 'anyone';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What the templates need from the configuration. */
export type MailBranding = Pick<Config, 'company' | 'publicUrl'>;

// ------------------------------------------------------------------------------------------------
// Text safety
// ------------------------------------------------------------------------------------------------

/** Control characters and the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line of plain text: every control character (CR, LF, tab, NUL…) becomes a space. */
export function oneLine(value: string | null | undefined): string {
  return (value ?? '')
    .replace(CONTROL, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** A value fit for a header such as Subject: one line, and not longer than `max` characters. */
export function headerText(value: string, max = 200): string {
  const line = oneLine(value);
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

// ------------------------------------------------------------------------------------------------
// Blocks and their two renderings
// ------------------------------------------------------------------------------------------------

export type Row = readonly [label: string, value: string];

export type Block =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  /** A highlighted line: what the reader must not miss (pay at the store, delivery time). */
  | { type: 'note'; text: string }
  /** Labelled values under a small heading; `emphasise` marks the last row as the total. */
  | { type: 'rows'; title: string; rows: Row[]; emphasise?: boolean }
  /** A sentence that ends in a link (plain text: the address in full). Without an address: the sentence. */
  | { type: 'link'; text: string; label: string; href: string | undefined };

export interface Mail {
  subject: string;
  /** The line mail clients show next to the subject in the inbox. */
  preheader: string;
  blocks: Block[];
  audience: MailAudience;
  /** A customer mail's link to the order's tracking page, shown above the footer. */
  trackingUrl?: string | undefined;
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = '#27272a';
const MUTED = '#52525b';
const LINE = '#e4e4e7';

function blockHtml(b: Block): string {
  switch (b.type) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:1.3;font-weight:700;color:#18181b;">${escapeHtml(oneLine(b.text))}</h1>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:1.5;color:${INK};">${escapeHtml(oneLine(b.text))}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;padding:12px 16px;background-color:#fef9c3;border-left:4px solid #ca8a04;${FONT};font-size:16px;line-height:1.5;color:#1c1917;">${escapeHtml(oneLine(b.text))}</p>`;
    case 'link': {
      const p = `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:1.5;color:${INK};">`;
      if (!b.href) return `${p}${escapeHtml(oneLine(b.text))} ${escapeHtml(oneLine(b.label))}.</p>`;
      return `${p}${escapeHtml(oneLine(b.text))} <a href="${escapeHtml(b.href)}" style="color:#1d4ed8;text-decoration:underline;">${escapeHtml(oneLine(b.label))}</a>.</p>`;
    }
    case 'rows': {
      const last = b.rows.length - 1;
      const rows = b.rows
        .map(([label, value], i) => {
          const strong = b.emphasise && i === last ? 'font-weight:700;' : '';
          const cell = `padding:6px 0;border-bottom:1px solid ${LINE};${FONT};font-size:15px;line-height:1.4;vertical-align:top;${strong}`;
          return (
            `<tr><th scope="row" style="${cell}text-align:left;font-weight:${strong ? 700 : 400};color:${MUTED};width:40%;padding-right:12px;">${escapeHtml(oneLine(label))}</th>` +
            `<td style="${cell}color:${INK};">${escapeHtml(oneLine(value))}</td></tr>`
          );
        })
        .join('');
      return (
        `<h2 style="margin:24px 0 8px;${FONT};font-size:17px;line-height:1.3;font-weight:700;color:#18181b;">${escapeHtml(oneLine(b.title))}</h2>` +
        `<table style="width:100%;border-collapse:collapse;margin:0 0 16px;">${rows}</table>`
      );
    }
  }
}

function blockText(b: Block): string {
  switch (b.type) {
    case 'heading':
      return oneLine(b.text).toUpperCase();
    case 'paragraph':
      return oneLine(b.text);
    case 'note':
      return `>> ${oneLine(b.text)}`;
    case 'rows':
      return [oneLine(b.title), ...b.rows.map(([l, v]) => `  ${oneLine(l)}: ${oneLine(v)}`)].join('\n');
    case 'link':
      return `${oneLine(b.text)} ${oneLine(b.label)}${b.href ? `: ${b.href}` : '.'}`;
  }
}

/**
 * Who sends every mail (LSSI art. 10): the company's legal name, NIF, address and registry data,
 * and how to reach it. The same lines close the order mails and the staff's plain-text mails.
 */
export function footerLines(brand: MailBranding, audience: FooterAudience): string[] {
  const c = brand.company;
  const lines = [
    `${oneLine(c.legalName)} · NIF ${oneLine(c.nif)} · ${oneLine(c.address)}, ${oneLine(c.postalCode)} ${oneLine(c.town)} (${oneLine(c.province)})`,
    oneLine(c.registry),
    `Teléfono y WhatsApp: ${oneLine(formatPhoneForPeople(c.phone))} · Correo electrónico: ${oneLine(c.email)}`,
  ];
  lines.push(
    audience === 'customer'
      ? `Recibes este correo porque has hecho un pedido en ${oneLine(c.tradeName)}.`
      : audience === 'shop'
        ? `Mensaje automático de la tienda web ${oneLine(c.tradeName)}.`
        : `Te escribimos desde la tienda web ${oneLine(c.tradeName)}.`,
  );
  return lines;
}

export function render(mail: Mail, brand: MailBranding): RenderedMail {
  const subject = headerText(mail.subject);
  const trade = oneLine(brand.company.tradeName);
  const footer = footerLines(brand, mail.audience);
  const site = brand.publicUrl && /^https?:\/\//.test(brand.publicUrl) ? brand.publicUrl : undefined;

  const tracking = mail.trackingUrl ? `Sigue tu pedido en: ${mail.trackingUrl}` : null;
  const text = [
    trade,
    '',
    mail.blocks.map(blockText).join('\n\n'),
    '',
    ...(tracking ? [tracking, ''] : []),
    '--',
    ...footer,
    ...(site ? [site] : []),
    '',
  ].join('\n');

  const footerHtml = footer
    .map(
      (l) =>
        `<p style="margin:0 0 6px;${FONT};font-size:13px;line-height:1.5;color:${MUTED};">${escapeHtml(l)}</p>`,
    )
    .join('');
  const siteHtml = site
    ? `<p style="margin:0;${FONT};font-size:13px;line-height:1.5;"><a href="${escapeHtml(site)}" style="color:#1d4ed8;text-decoration:underline;">${escapeHtml(site.replace(/^https?:\/\//, ''))}</a></p>`
    : '';

  const html = `<!DOCTYPE html>
<html lang="es" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f4f5;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(oneLine(mail.preheader))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border:1px solid ${LINE};border-radius:8px;">
<tr><td style="padding:20px 32px;border-bottom:1px solid ${LINE};${FONT};font-size:20px;font-weight:700;color:#18181b;">${escapeHtml(trade)}</td></tr>
<tr><td style="padding:28px 32px 12px;">
${mail.blocks.map(blockHtml).join('\n')}
${mail.trackingUrl ? trackingHtml(mail.trackingUrl) : ''}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid ${LINE};">
${footerHtml}${siteHtml}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}

/** For mails kept in their own files (refunds): the same blocks, layout and footer. */
export { type Block as MailBlock, type Mail as MailContent, render as renderMail };

/** The link to the tracking page, as a button (an absolute link, or the path alone when the shop has no PUBLIC_URL). */
function trackingHtml(url: string): string {
  const link = /^https?:\/\//.test(url)
    ? `<a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background-color:#1d4ed8;border-radius:6px;color:#ffffff;text-decoration:none;font-weight:700;">Sigue tu pedido</a>`
    : `Sigue tu pedido en: ${escapeHtml(url)}`;
  return `<p style="margin:8px 0 16px;${FONT};font-size:16px;line-height:1.5;color:${INK};">${link}</p>`;
}

/**
 * The customer's read-only tracking page of the order (its tracking token, never the order id:
 * mails get forwarded), absolute when the shop's public address is known; none without a token.
 */
export function trackingLink(o: Order, brand: MailBranding): string | undefined {
  if (!o.trackingToken) return undefined;
  const site = brand.publicUrl && /^https?:\/\//.test(brand.publicUrl) ? brand.publicUrl : '';
  return `${site}${trackingPath(o.trackingToken)}`;
}

// ------------------------------------------------------------------------------------------------
// The order mails
// ------------------------------------------------------------------------------------------------

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

function customerBlock(o: Order, withAddress: boolean): Block {
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

function paymentLine(o: Order): string {
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
function legalBlocks(brand: MailBranding): Block[] {
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

const PAID_WITH: Record<PaidWith, string> = {
  card: 'Tarjeta (pago seguro en línea)',
  bizum: 'Bizum (pago seguro en línea)',
  store: 'En la tienda',
};

function orderReceived(o: Order, brand: MailBranding, audience: MailAudience): Mail {
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

const REFUNDED_TO: Record<PaidWith, string> = {
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
): RenderedMail {
  switch (kind) {
    case 'order-received':
      return render(orderReceived(order, brand, audience), brand);
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
