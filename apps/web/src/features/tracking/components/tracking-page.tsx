import { formatEuros } from '@shop/contracts/money';
import type { InvoiceType } from '@shop/contracts/orders';
import type { Tracking } from '@shop/contracts/tracking';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, isAbort } from '@/lib/api-client';
import { getTracking } from '../api/get-tracking';

const dateTime = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: Tracking };

/** The page is private: search engines must not list it, whatever reaches them. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

function Timeline({ data }: { data: Tracking }) {
  return (
    <ol className="tracking-steps" aria-label="Estado del pedido">
      {data.steps.map((step) => (
        <li key={step.key} className={step.at ? 'tracking-step tracking-step--done' : 'tracking-step'}>
          <span className="tracking-step__label">{step.label}</span>
          <span className="tracking-step__date">
            {step.at ? <time dateTime={step.at}>{dateTime.format(new Date(step.at))}</time> : 'Pendiente'}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Details({ data }: { data: Tracking }) {
  return (
    <div className="tracking-details">
      {data.pickup && (
        <section aria-labelledby="tracking-pickup">
          <h2 id="tracking-pickup">Recogida en tienda</h2>
          <p>
            <strong>{data.pickup.name}</strong>
            <br />
            {data.pickup.address}
            <br />
            {data.pickup.postalCode} {data.pickup.town} ({data.pickup.province})
          </p>
          {data.pickup.hours && (
            <p className="tracking-hours">
              <span className="visually-hidden">Horario: </span>
              {data.pickup.hours}
            </p>
          )}
          {data.amountDue !== null && <p>Pagarás {formatEuros(data.amountDue)} al recoger tu funda.</p>}
          {/* Once collected (or cancelled) there is nothing left to pick up. */}
          {data.status !== 'delivered' && data.status !== 'cancelled' && (
            <p>Al recogerla, indica el número de pedido: {data.orderNumber}.</p>
          )}
        </section>
      )}
      {data.delivery && (
        <section aria-labelledby="tracking-delivery">
          <h2 id="tracking-delivery">Envío a domicilio</h2>
          <p>
            {data.delivery.name}
            <br />
            {data.delivery.address}
            <br />
            {data.delivery.postalCode} {data.delivery.city}
          </p>
          {data.parcel && (
            <p>
              Transportista: {data.parcel.carrier}. Número de seguimiento: {data.parcel.trackingNumber}.
              {data.parcel.url && (
                <>
                  {' '}
                  <a href={data.parcel.url} target="_blank" rel="noreferrer noopener">
                    Seguir el envío en la web de {data.parcel.carrier}
                  </a>
                </>
              )}
            </p>
          )}
        </section>
      )}
      {data.invoices.length > 0 && (
        <section aria-labelledby="tracking-invoices">
          <h2 id="tracking-invoices">{data.invoices.length === 1 ? 'Factura' : 'Facturas'}</h2>
          <ul>
            {data.invoices.map((invoice) => (
              <li key={invoice.number}>
                <a href={invoice.uri} target="_blank" rel="noreferrer">
                  Descargar {INVOICE_TITLE[invoice.type]} {invoice.number} (PDF)
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** How the customer reads each VERI*FACTU invoice type. */
const INVOICE_TITLE: Record<InvoiceType, string> = {
  F1: 'la factura',
  F2: 'la factura simplificada',
  F3: 'la factura completa',
  R1: 'la factura rectificativa',
  R2: 'la factura rectificativa',
  R3: 'la factura rectificativa',
  R4: 'la factura rectificativa',
  R5: 'la factura rectificativa',
};

/** `/seguimiento/{token}`: where the customer's order is, from the link in every mail. */
export function TrackingPage({ token }: { token: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useNoIndex();
  useEffect(() => {
    document.title = 'Seguimiento del pedido';
    const controller = new AbortController();
    getTracking(token, controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (isAbort(error)) return;
        const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setState({
          status: 'error',
          message: notFound
            ? 'No encontramos este pedido. Comprueba el enlace del correo que te enviamos.'
            : 'No hemos podido cargar el seguimiento del pedido. Inténtalo de nuevo en unos minutos.',
        });
      },
    );
    return () => controller.abort();
  }, [token]);

  if (state.status === 'loading') return <Spinner label="Cargando el seguimiento…" />;
  if (state.status === 'error') {
    return (
      <div className="tracking">
        <h1>Seguimiento del pedido</h1>
        <Alert>{state.message}</Alert>
      </div>
    );
  }
  const { data } = state;
  return (
    <div className="tracking">
      <h1>Pedido n.º {data.orderNumber}</h1>
      <p className="tracking-product">{data.product}</p>
      {data.cancelledAt && (
        <Alert>Este pedido se canceló el {dateTime.format(new Date(data.cancelledAt))}.</Alert>
      )}
      <div className="tracking-layout">
        {data.design && <img className="tracking-design" src={data.design} alt="Tu diseño de la funda" />}
        <Timeline data={data} />
      </div>
      <Details data={data} />
    </div>
  );
}
