import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { productName } from '@shop/contracts/product';
import type { Queryable } from '../../db/client.ts';
import type { MailFacts } from './facts.ts';
import {
  type MailBlock,
  type MailBranding,
  type MailContent,
  oneLine,
  type RenderedMail,
  renderMail,
  trackingLink,
} from './layout.ts';
import { contactBlock, greeting } from './order-blocks.ts';
import { attachInvoices, deliverableAddress, insertOutbox, type MailConfig } from './service.ts';
import { REFUNDED_TO } from './templates.ts';

/**
 * The mails about money going back to the customer, in the same layout as the order mails:
 * - 'refund': a refund the gateway accepted (amount, card or Bizum, when it shows up);
 * - 'payment-not-applied': a payment the gateway took for an order that could no longer take it
 *   (the order changed, was cancelled or was already paid), which is being given back.
 */

export type RefundMailKind = 'refund' | 'payment-not-applied';

export interface RefundMailInput {
  amountCents: number;
  method: 'card' | 'bizum';
  /** The rectificativa issued with the refund, when the order had an invoice. */
  invoiceNumber: string | null;
  /** Its PDF, attached to the mail that announces it. */
  invoiceFileId?: string | null;
  /** For 'payment-not-applied': whether the refund is asked of the gateway now or left to staff. */
  automatic?: boolean;
}

const product = (o: Order) => oneLine(productName(o.brand, o.model));
const eurosOf = (cents: number) => formatEuros(cents / 100);
const methodText = (m: 'card' | 'bizum') => (m === 'bizum' ? 'Bizum' : 'tarjeta');
/** 'a tu tarjeta', 'por Bizum': a Bizum is not a thing money goes back to. */
const toMeans = (m: 'card' | 'bizum') => (m === 'bizum' ? 'por Bizum' : 'a tu tarjeta');
/** Card refunds reach the account as the issuing bank books them; Bizum ones sooner. */
const WHEN = (m: 'card' | 'bizum') =>
  m === 'bizum'
    ? 'Lo verás en tu cuenta en 1 o 2 días laborables.'
    : 'Según tu banco, lo verás en tu cuenta en un plazo de 3 a 10 días laborables.';

function refundMail(o: Order, input: RefundMailInput, brand: MailBranding): MailContent {
  const n = o.orderNumber;
  const blocks: MailBlock[] = [
    { type: 'heading', text: 'Te hemos devuelto el dinero' },
    greeting(o),
    {
      type: 'paragraph',
      text: `Hemos devuelto ${eurosOf(input.amountCents)} de tu pedido n.º ${n} ${REFUNDED_TO[input.method]}.`,
    },
    {
      type: 'rows',
      title: 'Devolución',
      rows: [
        ['Pedido', `n.º ${n}`],
        ['Producto', product(o)],
        ['Forma de pago', input.method === 'bizum' ? 'Bizum' : 'Tarjeta'],
        ['Importe devuelto', `${eurosOf(input.amountCents)} (IVA incluido)`],
      ],
      emphasise: true,
    },
    { type: 'note', text: WHEN(input.method) },
  ];
  if (input.invoiceNumber) {
    blocks.push({
      type: 'paragraph',
      text: `Hemos emitido la factura rectificativa n.º ${input.invoiceNumber}: va adjunta a este correo y la tienes también en la página de tu pedido.`,
    });
  }
  blocks.push(contactBlock(brand));
  return {
    audience: 'customer',
    subject: `Devolución de ${eurosOf(input.amountCents)}: pedido n.º ${n}`,
    preheader: `${eurosOf(input.amountCents)} devueltos ${toMeans(input.method)}.`,
    blocks,
    trackingUrl: trackingLink(o, brand),
  };
}

function paymentNotApplied(o: Order, input: RefundMailInput, brand: MailBranding): MailContent {
  const n = o.orderNumber;
  const blocks: MailBlock[] = [
    { type: 'heading', text: 'No hemos podido aplicar tu pago' },
    greeting(o),
    {
      type: 'paragraph',
      text: `Hemos recibido un pago de ${eurosOf(input.amountCents)} con ${methodText(input.method)} para tu pedido n.º ${n}, pero el pedido ya no podía cobrarse así (había cambiado, estaba cancelado o ya estaba pagado).`,
    },
    {
      type: 'note',
      text: input.automatic
        ? `Te devolvemos ese importe ${REFUNDED_TO[input.method]}. Te escribiremos otra vez cuando la devolución esté hecha.`
        : `Vamos a devolverte ese importe ${REFUNDED_TO[input.method]}: nuestro equipo lo revisa y te escribirá en cuanto esté hecho.`,
    },
    {
      type: 'paragraph',
      text: 'Tu pedido sigue como lo dejaste: revisa en su página cómo quieres pagarlo, o escríbenos y lo vemos contigo.',
    },
    contactBlock(brand),
  ];
  return {
    audience: 'customer',
    subject: `Tu pago del pedido n.º ${n} se va a devolver`,
    preheader: `${eurosOf(input.amountCents)} que te devolvemos.`,
    blocks,
    trackingUrl: trackingLink(o, brand),
  };
}

export function renderRefundMail(
  kind: RefundMailKind,
  order: Order,
  input: RefundMailInput,
  brand: MailBranding,
): RenderedMail {
  return renderMail(
    kind === 'refund' ? refundMail(order, input, brand) : paymentNotApplied(order, input, brand),
    brand,
  );
}

/**
 * Queues a refund mail to the customer, in the caller's transaction, once per `dedupe` (a refund
 * row, an attempt). Returns whether a mail was queued (none without a usable customer address).
 */
export async function enqueueRefundMail(
  q: Queryable,
  orderId: string,
  kind: RefundMailKind,
  dedupe: string,
  input: RefundMailInput,
  config: MailConfig,
  facts: Pick<MailFacts, 'orders'>,
): Promise<boolean> {
  const order = await facts.orders.order(q, orderId);
  const to = deliverableAddress(order.customerEmail);
  if (!to) return false;
  const mail = renderRefundMail(kind, order, input, config);
  const id = await insertOutbox(
    q,
    {
      dedupeKey: `${kind}:${dedupe}:customer`,
      kind,
      orderId,
      to,
      replyTo: deliverableAddress(config.company.email),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    },
    config.mail.from,
  );
  if (id !== null && input.invoiceNumber && input.invoiceFileId) {
    await attachInvoices(q, id, [{ number: input.invoiceNumber, fileId: input.invoiceFileId }]);
  }
  return id !== null;
}
