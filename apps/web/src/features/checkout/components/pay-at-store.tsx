import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { getSessionValue, setSessionValue } from '@/lib/session';
import { confirmInStorePickup } from '../api/confirm-in-store-pickup';
import { confirmPaymentMethod } from '../api/confirm-payment-method';
import { useCheckoutOrder } from '../hooks/use-checkout-order';
import { isStateConflict, refusalMessage } from '../lib/refusal-message';
import { CaseTypeUnavailable, isCaseTypeGone } from './case-type-unavailable';
import { CheckoutFrame, OrderGate } from './checkout-frame';
import { OrderPreview } from './order-preview';
import { StoreAddress } from './store-address';

interface PanelProps {
  order: Order;
  onConflict: () => void;
}

function PayAtStorePanel({ order, onConflict }: PanelProps) {
  const navigate = useNavigate();
  // A kiosk order is paid at the store: the kiosk offers no other way.
  const [kiosk] = useState(() => getSessionValue('from_url') === 'screen');
  const [busy, setBusy] = useState<'pickup' | 'pay-now' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [typeGone, setTypeGone] = useState(false);

  function fail(failure: unknown, fallback: string) {
    setError(refusalMessage(failure, fallback));
    if (isCaseTypeGone(failure)) setTypeGone(true);
    setBusy(null);
    if (isStateConflict(failure)) onConflict();
  }

  async function pickUp() {
    setBusy('pickup');
    setError(null);
    try {
      // Back from the pay-now page the order says "pay now": this page's choice wins.
      if (order.paymentMethod !== 'paystore') await confirmPaymentMethod(order.id, 'paystore');
      await confirmInStorePickup(order.id);
      setSessionValue('payment_method', 'paystore');
      setSessionValue('delivery_method', 'pickup');
      navigate(paths.orderData);
    } catch (failure) {
      fail(failure, messages.pickupConfirmFailed);
    }
  }

  async function payNow() {
    setBusy('pay-now');
    setError(null);
    try {
      await confirmPaymentMethod(order.id, 'paynow');
      setSessionValue('payment_method', 'paynow');
      navigate(paths.payNow);
    } catch (failure) {
      fail(failure, messages.genericRetry);
    }
  }

  return (
    <div className="checkout-layout">
      <OrderPreview order={order} shipping={0} />
      <section className="card checkout-panel" aria-labelledby="pickup-title">
        <h2 id="pickup-title" className="checkout-panel__title">
          Pagas al recoger tu funda
        </h2>
        <p className="checkout-panel__text">Recoge tu funda y págala en tu tienda:</p>
        <StoreAddress store={order.store} />
        {error && <Alert>{error}</Alert>}
        {typeGone && <CaseTypeUnavailable order={order} onChanged={onConflict} />}
        <button
          type="button"
          className="button button--primary button--large button--block"
          disabled={busy !== null}
          onClick={pickUp}
        >
          {busy === 'pickup' ? 'Confirmando…' : 'Continuar'}
        </button>
        {!kiosk && (
          <div className="checkout-panel__alternative">
            <p>¿No quieres esperar a la recogida?</p>
            <button
              type="button"
              className="button button--secondary button--block"
              disabled={busy !== null}
              onClick={payNow}
            >
              {busy === 'pay-now' ? 'Cambiando…' : 'Prefiero pagar ahora con tarjeta o Bizum'}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}

/** `/pedido/pagar-tienda`: the customer confirms paying at the store when collecting the case. */
export function PayAtStore() {
  const { state, reload } = useCheckoutOrder('pay-at-store');
  return (
    <CheckoutFrame
      title="Pago en tienda"
      step="payment"
      lead="Confirma que vas a pagar tu pedido a la recogida:"
    >
      <OrderGate state={state} noOrderMessage={messages.noOrderInSession} onRetry={reload}>
        {(order) => <PayAtStorePanel order={order} onConflict={reload} />}
      </OrderGate>
    </CheckoutFrame>
  );
}
