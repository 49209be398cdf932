import type { FiscalData } from '@shop/contracts/invoices';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import type { PaymentAttempt, PaymentStatus } from '@shop/contracts/payments';
import { caseProductName } from '@shop/contracts/product';
import { type ReactNode, useId } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { adminPaths } from '@/features/admin/paths';
import { getInvoiceRequest } from '../../api/get-invoice-request';
import { getOrder } from '../../api/get-order';
import { getOrderTimeline } from '../../api/get-order-timeline';
import { getPaymentStatus } from '../../api/get-payment-status';
import { useResource } from '../../hooks/use-resource';
import { actorLabel, formatDateTime } from '../../lib/format';
import { deliveryLabel, STATUS_LABELS } from '../../lib/order-status';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { StatusBadge } from '../ui/status-badge';
import { TableWrap } from '../ui/table-wrap';
import { OrderActions } from './order-actions';
import type { FromOrderList } from './orders-page';

const ATTEMPT_STATUS: Record<PaymentAttempt['status'], string> = {
  pending: 'Pendiente',
  paid: 'Pagado',
  failed: 'Rechazado',
  expired: 'Caducado',
};

const ATTEMPT_METHOD: Record<PaymentAttempt['method'], string> = { card: 'Tarjeta', bizum: 'Bizum' };

/** A pay-at-store order's payment, which its state does not tell: cashed or still to cash. */
function atStorePayment(order: Order): string | null {
  if (order.paymentMethod !== 'paystore' || order.status === 'cancelled') return null;
  return order.paidAt ? 'Cobrado' : 'Pendiente de cobro';
}

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={className ? `admin-card ${className}` : 'admin-card'} aria-labelledby={id}>
      <h2 id={id} className="admin-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A definition list row; an empty value reads "—". */
function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="admin-dl__row">
      <dt>{term}</dt>
      <dd>{children || <span className="admin-muted">—</span>}</dd>
    </div>
  );
}

/**
 * The photos the customer's design was made with, each once and in slot order (the first editor's
 * one photo, or a layout's several); before a design is saved, the photo the order holds.
 */
function customerPhotos(order: Order): string[] {
  if (order.designPhotos.length > 0) return [...new Set(order.designPhotos)];
  return order.image ? [order.image] : [];
}

function DesignCard({ order }: { order: Order }) {
  return (
    <Card title="Diseño" className="admin-design">
      <div className="admin-design__figures">
        <figure className="admin-design__figure">
          {order.design ? (
            <img src={order.design} alt={`Diseño de la funda del pedido ${order.orderNumber}`} />
          ) : (
            <div className="admin-design__missing">El cliente aún no ha confirmado el diseño.</div>
          )}
          <figcaption>Diseño confirmado</figcaption>
        </figure>
        {customerPhotos(order).length === 0 ? (
          <figure className="admin-design__figure">
            <div className="admin-design__missing">Sin foto todavía.</div>
            <figcaption>Foto del cliente</figcaption>
          </figure>
        ) : (
          customerPhotos(order).map((uri, i, all) => (
            <figure key={uri} className="admin-design__figure">
              <img
                src={`${uri}?variant=preview`}
                alt={all.length === 1 ? 'Foto que subió el cliente' : `Foto ${i + 1} que subió el cliente`}
              />
              <figcaption>
                {all.length === 1 ? 'Foto del cliente' : `Foto ${i + 1} del cliente`}
                {' · '}
                <a
                  href={`${uri}?variant=original`}
                  download={`foto-pedido-${order.orderNumber}${all.length === 1 ? '' : `-${i + 1}`}.jpg`}
                >
                  Descargar original
                </a>
              </figcaption>
            </figure>
          ))
        )}
      </div>
      <p className="admin-muted">{caseProductName(order.brand, order.model, order.caseType, order.colour)}</p>
    </Card>
  );
}

function DeliveryCard({ order }: { order: Order }) {
  const { store } = order;
  return (
    <Card title="Entrega">
      <dl className="admin-dl">
        <Row term="Modalidad">{deliveryLabel(order)}</Row>
        {order.isHomeDelivery ? (
          <>
            <Row term="Dirección">{order.customerAddress}</Row>
            <Row term="Ciudad">{order.customerCity}</Row>
            <Row term="Código postal">{order.customerPostalCode}</Row>
          </>
        ) : null}
        <Row term="Tienda">
          {store.name}
          <br />
          <span className="admin-muted">
            {store.address}, {store.postalCode} {store.town} ({store.province})
          </span>
        </Row>
      </dl>
    </Card>
  );
}

function PaymentCard({ order, payment }: { order: Order; payment: PaymentStatus | null }) {
  const attempts = payment?.attempts ?? [];
  return (
    <Card title="Importe y pago">
      <dl className="admin-dl">
        <Row term="Funda">{formatEuros(order.total)}</Row>
        <Row term="Envío">{formatEuros(order.shipping)}</Row>
        <Row term="Total">
          <strong>{formatEuros(order.total + order.shipping)}</strong>
        </Row>
        <Row term="Forma de pago">
          {order.paymentMethod === 'paystore'
            ? 'En la tienda, al recoger'
            : order.paymentMethod === 'paynow'
              ? 'En línea (tarjeta o Bizum)'
              : null}
        </Row>
        {order.paymentMethod && (
          <Row term="Cobro">
            {order.paidAt
              ? `Cobrado el ${formatDateTime(order.paidAt)}${order.paidBy ? ` · ${actorLabel(order.paidBy)}` : ''}`
              : order.status === 'cancelled'
                ? null
                : 'Pendiente'}
          </Row>
        )}
      </dl>
      {attempts.length > 0 && (
        <TableWrap label="Intentos de pago en línea">
          <table className="admin-table admin-table--compact">
            <caption className="admin-table__caption">Intentos de pago en línea</caption>
            <thead>
              <tr>
                <th scope="col">Fecha</th>
                <th scope="col">Método</th>
                <th scope="col">Resultado</th>
                <th scope="col" className="admin-num">
                  Importe
                </th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((attempt) => (
                <tr key={attempt.gatewayOrder}>
                  <td className="admin-nowrap">{formatDateTime(attempt.createdAt)}</td>
                  <td>{ATTEMPT_METHOD[attempt.method]}</td>
                  <td>
                    {attempt.cancelledByCustomer
                      ? 'Cancelado por el cliente'
                      : ATTEMPT_STATUS[attempt.status]}
                  </td>
                  <td className="admin-num">{formatEuros(attempt.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </Card>
  );
}

/**
 * A full invoice the customer asked for at the checkout: staff see to whom it will be made out
 * before the payment issues it, and can check the NIF with the customer.
 */
function FullInvoiceCard({ data }: { data: FiscalData }) {
  return (
    <Card title="Factura completa solicitada">
      <dl className="admin-dl">
        <Row term="NIF, NIE o CIF">{data.taxId}</Row>
        <Row term="Nombre o razón social">{data.name}</Row>
        <Row term="Dirección fiscal">{`${data.address}, ${data.postalCode} ${data.city}`}</Row>
      </dl>
      <p className="admin-muted">Se emitirá a estos datos al cobrar el pedido.</p>
    </Card>
  );
}

/** One order as the shop floor needs it: design, customer, delivery, payment, actions and history. */
export function OrderDetailPage() {
  const orderId = useParams().orderId ?? '';
  const location = useLocation();
  const listSearch = (location.state as FromOrderList | null)?.listSearch ?? '';
  const order = useResource(`order:${orderId}`, (signal) => getOrder(orderId, signal));
  const timeline = useResource(`timeline:${orderId}`, (signal) => getOrderTimeline(orderId, signal));
  const payment = useResource(`payment:${orderId}`, (signal) => getPaymentStatus(orderId, signal));
  const fullInvoice = useResource(`invoice-request:${orderId}`, (signal) =>
    getInvoiceRequest(orderId, signal),
  );
  const data = order.data;

  function changed(updated: Order | null) {
    if (updated) order.replace(updated);
    else order.reload();
    timeline.reload();
    payment.reload();
    fullInvoice.reload();
  }

  return (
    <>
      <Link className="admin-back" to={`${adminPaths.orders}${listSearch}`}>
        <span aria-hidden="true">←</span> Pedidos
      </Link>
      {!data && (
        <>
          <PageHeader title="Pedido" />
          <LoadState status={order.status} error={order.error} hasData={false} onRetry={order.reload} />
        </>
      )}
      {data && (
        <>
          <PageHeader
            title={`Pedido ${data.orderNumber}`}
            eyebrow={`Creado el ${formatDateTime(data.createdAt)}`}
            description={
              <span className="admin-order-summary">
                <StatusBadge status={data.status} />
                <span>
                  {[deliveryLabel(data), data.store.name, atStorePayment(data)].filter(Boolean).join(' · ')}
                </span>
              </span>
            }
          />
          <OrderActions key={data.id} order={data} onChanged={changed} />
          <div className="admin-detail-grid">
            <DesignCard order={data} />
            <div className="admin-detail-grid__side">
              <Card title="Cliente">
                <dl className="admin-dl">
                  <Row term="Nombre">{data.customerName}</Row>
                  <Row term="Correo electrónico">
                    {data.customerEmail && <a href={`mailto:${data.customerEmail}`}>{data.customerEmail}</a>}
                  </Row>
                  <Row term="Teléfono">
                    {data.customerPhone && <a href={`tel:${data.customerPhone}`}>{data.customerPhone}</a>}
                  </Row>
                </dl>
              </Card>
              <DeliveryCard order={data} />
              <PaymentCard order={data} payment={payment.data} />
              {fullInvoice.data?.data && <FullInvoiceCard data={fullInvoice.data.data} />}
            </div>
          </div>
          <Card title="Historial" className="admin-timeline-card">
            <LoadState
              status={timeline.status}
              error={timeline.error}
              hasData={timeline.data !== null}
              onRetry={timeline.reload}
            />
            {timeline.data && (
              <ol className="admin-timeline">
                {timeline.data.map((event) => (
                  <li key={`${event.at}-${event.kind}-${event.toStatus}`} className="admin-timeline__item">
                    <span className="admin-timeline__dot" aria-hidden="true" />
                    <p className="admin-timeline__status">
                      {event.kind === 'paid' ? 'Cobrado' : STATUS_LABELS[event.toStatus]}
                    </p>
                    <p className="admin-timeline__meta">
                      <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {actorLabel(event.actor)}
                    </p>
                    {event.note && <p className="admin-timeline__note">{event.note}</p>}
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </>
      )}
    </>
  );
}
