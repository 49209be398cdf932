import { messages } from '@shop/contracts/messages';
import { formatEuros } from '@shop/contracts/money';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { AlertIcon } from '@/components/ui/icons';
import { StatusPanel } from '@/components/ui/status-panel';
import { paths } from '@/config/paths';
import { getSessionValue } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/styles/checkout.css';
import { reportKoReturn } from '../api/report-ko-return';
import { type PaymentVerdict, usePaymentVerdict } from '../hooks/use-payment-verdict';
import { paidOrderId } from '../lib/paid-order';
import { PaidOrderSummary } from './paid-order-summary';

const storeLink = (primary: boolean) => (
  <Link
    to={paths.store()}
    className={`button button--large ${primary ? 'button--primary' : 'button--secondary'}`}
  >
    Volver a la tienda
  </Link>
);

const payLink = (
  <Link to={paths.orderData} className="button button--primary button--large">
    Volver al pedido y pagar
  </Link>
);

const retryLink = (
  <Link to={paths.orderData} className="button button--primary button--large">
    Intentar el pago de nuevo
  </Link>
);

/** An information box inside the page's status region (which already announces it). */
function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert--info">
      <AlertIcon className="alert__icon" />
      <div>{children}</div>
    </div>
  );
}

function SuccessText({ verdict, hasOrder }: { verdict: PaymentVerdict; hasOrder: boolean }) {
  if (!hasOrder) {
    return (
      <p className="status-panel__text">
        Gracias por tu compra. Si tienes alguna duda sobre tu pedido, contacta con tu tienda.
      </p>
    );
  }
  switch (verdict.status) {
    case 'checking':
      return (
        <div className="spinner spinner--inline">
          <span className="spinner__ring" aria-hidden="true" />
          <span>Estamos confirmando el pago con el banco…</span>
        </div>
      );
    case 'paid':
      return (
        <p className="status-panel__text">
          {verdict.amount === null
            ? 'Hemos recibido tu pago.'
            : `Hemos recibido tu pago de ${formatEuros(verdict.amount)}.`}{' '}
          Ya estamos preparando tu funda.
        </p>
      );
    case 'pending':
      return (
        <Notice>
          El banco todavía no nos ha confirmado el pago. En cuanto lo haga tramitaremos tu pedido: no hace
          falta que vuelvas a pagar.
        </Notice>
      );
    case 'failed':
      return <Alert>{messages.paymentFailedText}</Alert>;
    case 'unknown':
      return (
        <Notice>
          No hemos podido comprobar el pago de tu pedido. Si se ha realizado algún cargo, contacta con tu
          tienda.
        </Notice>
      );
  }
}

function PaymentSuccess() {
  // The order being paid, or (after a reload, once it has left the session) the one just paid.
  const [orderId] = useState(() => getSessionValue('order_id') ?? paidOrderId());
  const verdict = usePaymentVerdict(orderId);
  useDocumentTitle(messages.paymentSucceededTitle);
  const tone =
    !orderId || verdict.status === 'paid' ? 'success' : verdict.status === 'failed' ? 'error' : 'info';

  return (
    <StatusPanel tone={tone} title={messages.paymentSucceededTitle}>
      <div className="payment-result__status" role="status">
        <SuccessText verdict={verdict} hasOrder={orderId !== null} />
      </div>
      {verdict.status === 'paid' && orderId && <PaidOrderSummary orderId={orderId} />}
      <div className="payment-result__actions">
        {verdict.status === 'failed' && retryLink}
        {storeLink(verdict.status !== 'failed')}
      </div>
    </StatusPanel>
  );
}

/** The signed fields the gateway appends to the return address, read once on arrival. */
function signedReturnFields(search: string): Record<string, string> {
  const query = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const name of ['Ds_SignatureVersion', 'Ds_MerchantParameters', 'Ds_Signature']) {
    const value = query.get(name);
    if (value) out[name] = value;
  }
  return out;
}

/** What the KO return turned out to be, once the server has heard it. */
type KoOutcome = 'checking' | 'cancelled' | 'failed';

function PaymentFailure({ signed }: { signed: Record<string, string> }) {
  // The order stays open after a refused payment: the customer may pay again from the data page.
  const [orderId] = useState(() => getSessionValue('order_id'));
  const hasOrder = orderId !== null;
  const [outcome, setOutcome] = useState<KoOutcome>(hasOrder ? 'checking' : 'failed');
  useEffect(() => {
    if (!orderId) return;
    // Ends the attempt on the server, so the customer may change the delivery or the payment way;
    // the gateway's signed answer says whether the customer cancelled (no error, nothing charged).
    reportKoReturn(orderId, signed)
      .then((status) => setOutcome(status.attempts[0]?.cancelledByCustomer ? 'cancelled' : 'failed'))
      .catch(() => setOutcome('failed'));
  }, [orderId, signed]);
  const cancelled = outcome === 'cancelled';
  useDocumentTitle(cancelled ? messages.paymentCancelledTitle : messages.paymentFailedTitle);
  if (outcome === 'checking') {
    return (
      <StatusPanel tone="info" title="Volviendo del banco">
        <div className="spinner spinner--inline" role="status">
          <span className="spinner__ring" aria-hidden="true" />
          <span>Comprobando qué ha pasado con el pago…</span>
        </div>
      </StatusPanel>
    );
  }
  return (
    <StatusPanel
      tone={cancelled ? 'info' : 'error'}
      title={cancelled ? messages.paymentCancelledTitle : messages.paymentFailedTitle}
    >
      {cancelled ? (
        <Notice>{messages.paymentCancelledText}</Notice>
      ) : (
        <Alert>{messages.paymentFailedText}</Alert>
      )}
      <div className="payment-result__actions">
        {hasOrder && (cancelled ? payLink : retryLink)}
        {storeLink(!hasOrder)}
      </div>
    </StatusPanel>
  );
}

/** Where the card payment gateway sends the customer back: both outcomes lead to /store. */
export function PaymentResult({ outcome }: { outcome: 'success' | 'failure' }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [signed] = useState(() => signedReturnFields(search));

  useEffect(() => {
    // The gateway appends its signed notification to the address: read once (the KO return hands
    // it to the server, which checks the signature), it has no place in a bookmark or a shared link.
    if (new URLSearchParams(search).has('Ds_Signature')) navigate({ search: '' }, { replace: true });
  }, [search, navigate]);

  return outcome === 'success' ? <PaymentSuccess /> : <PaymentFailure signed={signed} />;
}
