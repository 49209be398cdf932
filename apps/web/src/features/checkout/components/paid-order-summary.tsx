import { DELIVERY_TIME, pickupTime } from '@shop/contracts/consumer-terms';
import type { Order } from '@shop/contracts/orders';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { getOrder } from '../api/get-order';
import { MailNote } from './mail-note';
import { OrderPreview } from './order-preview';
import { StoreAddress } from './store-address';

/** Where the case goes and when: the customer's address for a parcel, the store for pickup. */
function Destination({ order }: { order: Order }) {
  if (order.isHomeDelivery) {
    return (
      <div className="paid-order__where">
        <h2 className="paid-order__heading">Envío a domicilio</h2>
        <address className="store-address">
          <strong className="store-address__name">{order.customerName}</strong>
          <span>{order.customerAddress}</span>
          <span>
            {order.customerPostalCode} {order.customerCity}
          </span>
        </address>
        <p>Llega {DELIVERY_TIME}.</p>
      </div>
    );
  }
  return (
    <div className="paid-order__where">
      <h2 className="paid-order__heading">Recogida en tienda</h2>
      <StoreAddress store={order.store} />
      <p>Cuándo: {pickupTime(Boolean(order.customerEmail))}.</p>
    </div>
  );
}

/**
 * The paid order as the success page shows it: number, the case with its design and price, where
 * and when it arrives, and the invoice. Loaded from the server, so a reload shows it all again.
 */
export function PaidOrderSummary({ orderId }: { orderId: string }) {
  const [order, setOrder] = useState<Order | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getOrder(orderId, controller.signal)
      .then(setOrder)
      .catch(() => {});
    return () => controller.abort();
  }, [orderId]);
  if (!order) return null;
  return (
    <div className="paid-order">
      <p className="confirmation__number">
        Número de pedido: <strong>{order.orderNumber}</strong>
      </p>
      <OrderPreview order={order} shipping={order.shipping} compact />
      <MailNote order={order} sent="el justificante del pago y la factura" />
      <Destination order={order} />
      {order.invoice && (
        <a
          className="button button--secondary button--large"
          href={order.invoice.uri}
          download={`factura-${order.invoice.number}.pdf`}
        >
          Descargar la factura {order.invoice.number} (PDF)
        </a>
      )}
      {order.trackingToken && (
        <p>
          <Link to={paths.tracking(order.trackingToken)}>Sigue tu pedido</Link> con este enlace desde
          cualquier dispositivo.
        </p>
      )}
    </div>
  );
}
