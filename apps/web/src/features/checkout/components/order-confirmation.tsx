import { messages } from '@shop/contracts/messages';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Case3dButton } from '@/components/case-3d/case-3d-button';
import { paths } from '@/config/paths';
import { isKiosk } from '@/lib/kiosk';
import { getSessionValue, removeSessionValues } from '@/lib/session';
import { getModelOutline } from '../api/get-model-outline';
import { useCheckoutOrder } from '../hooks/use-checkout-order';
import { useIdleCountdown } from '../hooks/use-idle-countdown';
import { clearDraft } from '../lib/form-draft';
import { CheckoutFrame, OrderGate } from './checkout-frame';
import { MailNote } from './mail-note';
import { OrderPreview, orderPrice } from './order-preview';
import { StoreDetails } from './store-address';

/** A kiosk returns to its store's home after this long without a touch, ready for the next customer. */
export const KIOSK_IDLE_SECONDS = 60;

function Confirmation({ order }: { order: Order }) {
  const navigate = useNavigate();
  const [kiosk] = useState(isKiosk);

  const backToStore = useCallback(() => {
    // The order is done: the next visit to the store starts a new one.
    removeSessionValues('order_id', 'payment_method', 'delivery_method');
    clearDraft(order.id);
    navigate(paths.store(getSessionValue('store_url')), { replace: kiosk });
  }, [navigate, kiosk, order.id]);

  // The shop's screen must not keep one customer's order on show for the next one.
  const left = useIdleCountdown(KIOSK_IDLE_SECONDS, kiosk, backToStore);

  return (
    <div className="checkout-layout">
      <section className="card checkout-panel confirmation" aria-labelledby="confirmation-title">
        <svg
          className="confirmation__icon"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.25}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="m7 12.5 3.5 3.5L17 9" />
        </svg>
        <h2 id="confirmation-title" className="confirmation__title">
          ¡La operación se ha realizado con éxito!
        </h2>
        <p className="confirmation__number">
          Número de pedido: <strong>{order.orderNumber}</strong>
        </p>
        <Case3dButton
          outline={() => getModelOutline(order.model.id)}
          designImageUrl={order.design}
          caseType={order.caseType}
          colour={order.colour}
          material={order.caseType.name}
        />
        {order.status === 'to_pay_at_store' && (
          <p className="checkout-panel__text">
            Pagarás {formatEuros(orderPrice(order, order.shipping))} al recoger tu funda.
          </p>
        )}
        <MailNote order={order} sent="la confirmación del pedido" kiosk={kiosk} />
        <p className="checkout-panel__text">Hemos tramitado tu pedido, puedes volver a tu tienda:</p>
        <StoreDetails store={order.store} />
        {/* Not on a kiosk: its screen is the next customer's, and the link is in the mail anyway. */}
        {!kiosk && order.trackingToken && (
          <p className="checkout-panel__text">
            <Link to={paths.tracking(order.trackingToken)}>Sigue tu pedido</Link> con este enlace desde
            cualquier dispositivo.
          </p>
        )}
        {kiosk ? (
          <>
            <button
              type="button"
              className="button button--primary button--large button--block"
              onClick={backToStore}
            >
              Empezar otra funda
            </button>
            <p className="checkout-panel__text confirmation__countdown" role="timer" aria-live="off">
              Volvemos al inicio en {left} s si nadie toca la pantalla.
            </p>
          </>
        ) : (
          <button
            type="button"
            className="button button--primary button--large button--block"
            onClick={backToStore}
          >
            Volver a la tienda
          </button>
        )}
      </section>
      <OrderPreview order={order} shipping={order.shipping} />
    </div>
  );
}

/** `/pedido/confirmacion`: the order is placed; the customer goes back to the store. */
export function OrderConfirmation() {
  const { state, reload } = useCheckoutOrder('confirmation');
  return (
    <CheckoutFrame title="Tu pedido" step="done">
      <OrderGate state={state} noOrderMessage={messages.noOrderInSession} onRetry={reload}>
        {(order) => <Confirmation order={order} />}
      </OrderGate>
    </CheckoutFrame>
  );
}
