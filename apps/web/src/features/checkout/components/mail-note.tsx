import type { Order } from '@shop/contracts/orders';

/**
 * Where the order's mails went, or, for an order without an e-mail address (a pickup paid at the
 * store may have none), that no mail will come and what to keep instead: the order number, the
 * tracking link, a printed copy of the page.
 */
export function MailNote({ order, sent, kiosk = false }: { order: Order; sent: string; kiosk?: boolean }) {
  if (order.customerEmail) {
    return (
      <p className="checkout-panel__text">
        Te hemos enviado {sent} a <strong>{order.customerEmail}</strong>.
      </p>
    );
  }
  if (kiosk) {
    return (
      <p className="checkout-panel__text mail-note">
        No nos has dado un correo electrónico: apunta o fotografía el número de pedido, que te pedirán al
        recoger tu funda.
      </p>
    );
  }
  return (
    <div className="mail-note">
      <p className="checkout-panel__text">
        No nos has dado un correo electrónico, así que no te escribiremos: guarda el número de pedido y el
        enlace de seguimiento, o imprime esta página como justificante.
      </p>
      <button type="button" className="button button--secondary button--block" onClick={() => window.print()}>
        Imprimir o guardar en PDF
      </button>
    </div>
  );
}
