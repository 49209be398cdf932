import { DELIVERY_AREA_NOTE } from '@shop/contracts/checkout-rules';
import { messages } from '@shop/contracts/messages';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { type DeliveryMethod, getSessionValue, setSessionValue } from '@/lib/session';
import { addDelivery } from '../api/add-delivery';
import { confirmInStorePickup } from '../api/confirm-in-store-pickup';
import { confirmPaymentMethod } from '../api/confirm-payment-method';
import { useCheckoutOrder } from '../hooks/use-checkout-order';
import { isStateConflict, refusalMessage } from '../lib/refusal-message';
import { CaseTypeUnavailable, isCaseTypeGone } from './case-type-unavailable';
import { CheckoutFrame, OrderGate } from './checkout-frame';
import { OrderPreview } from './order-preview';
import { PaymentMarks } from './payment-marks';

/** Home delivery unless the order or this visit already chose pickup. */
function initialChoice(order: Order): DeliveryMethod {
  if (order.isHomeDelivery) return 'delivery';
  return getSessionValue('delivery_method') === 'pickup' ? 'pickup' : 'delivery';
}

interface ChoiceProps {
  value: DeliveryMethod;
  checked: boolean;
  onChange: (value: DeliveryMethod) => void;
  label: string;
  /** After the label, part of the option's name: the fee. */
  extra?: string;
  hint: string;
  disabled: boolean;
}

/** One option of the delivery choice; the whole card is its target. */
function Choice({ value, checked, onChange, label, extra, hint, disabled }: ChoiceProps) {
  const id = useId();
  return (
    <div className={checked ? 'choice is-checked' : 'choice'}>
      <input
        id={id}
        className="choice__input"
        type="radio"
        name="delivery"
        value={value}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={() => onChange(value)}
      />
      <label className="choice__label" htmlFor={id}>
        <span className="choice__name">{label}</span>
        {extra && (
          <>
            {' '}
            <span className="choice__extra">{extra}</span>
          </>
        )}
      </label>
      <p id={`${id}-hint`} className="choice__hint">
        {hint}
      </p>
    </div>
  );
}

interface PanelProps {
  order: Order;
  onConflict: () => void;
}

function PayNowPanel({ order, onConflict }: PanelProps) {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<DeliveryMethod>(() => initialChoice(order));
  const [busy, setBusy] = useState<'continue' | 'pay-at-store' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [typeGone, setTypeGone] = useState(false);
  const fee = order.store.shipping;

  function fail(failure: unknown, fallback: string) {
    setError(refusalMessage(failure, fallback));
    if (isCaseTypeGone(failure)) setTypeGone(true);
    setBusy(null);
    if (isStateConflict(failure)) onConflict();
  }

  async function proceed() {
    setBusy('continue');
    setError(null);
    // Adding the delivery fee has no text of its own (docs/product.md §8.8): the generic one says "try again".
    let fallback: string = messages.genericRetry;
    try {
      // Back from the pay-at-store page the order says "pay at the store": this page's choice wins.
      if (order.paymentMethod !== 'paynow') await confirmPaymentMethod(order.id, 'paynow');
      if (choice === 'delivery') {
        await addDelivery(order.id);
      } else {
        fallback = messages.pickupConfirmFailed;
        await confirmInStorePickup(order.id);
      }
      setSessionValue('payment_method', 'paynow');
      setSessionValue('delivery_method', choice);
      navigate(paths.orderData);
    } catch (failure) {
      fail(failure, fallback);
    }
  }

  async function payAtStore() {
    setBusy('pay-at-store');
    setError(null);
    try {
      await confirmPaymentMethod(order.id, 'paystore');
      setSessionValue('payment_method', 'paystore');
      navigate(paths.payAtStore);
    } catch (failure) {
      fail(failure, messages.genericRetry);
    }
  }

  return (
    <div className="checkout-layout">
      <OrderPreview order={order} shipping={choice === 'delivery' ? fee : 0} />
      <section className="card checkout-panel">
        <fieldset className="choice-group">
          <legend className="checkout-panel__title">¿Cómo quieres recibir tu funda?</legend>
          <Choice
            value="delivery"
            checked={choice === 'delivery'}
            onChange={setChoice}
            label="Envío a domicilio"
            extra={fee > 0 ? formatEuros(fee) : 'Gratis'}
            hint={`${DELIVERY_AREA_NOTE} Llega en 2 a 4 días laborables (de lunes a viernes).`}
            disabled={busy !== null}
          />
          <Choice
            value="pickup"
            checked={choice === 'pickup'}
            onChange={setChoice}
            label="Recogida en tienda"
            extra="Gratis"
            hint={`En ${order.store.name}, ${order.store.address}, ${order.store.town}. Sin gastos de envío.`}
            disabled={busy !== null}
          />
        </fieldset>
        <div className="checkout-panel__payment">
          <p className="checkout-panel__text">Pagas en la pasarela segura del banco, con tarjeta o Bizum:</p>
          <PaymentMarks />
        </div>
        {error && <Alert>{error}</Alert>}
        {typeGone && <CaseTypeUnavailable order={order} onChanged={onConflict} />}
        <button
          type="button"
          className="button button--primary button--large button--block"
          disabled={busy !== null}
          onClick={proceed}
        >
          {busy === 'continue' ? 'Confirmando…' : 'Continuar'}
        </button>
        <div className="checkout-panel__alternative">
          <p>¿Prefieres pagar al recoger tu funda?</p>
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={busy !== null}
            onClick={payAtStore}
          >
            {busy === 'pay-at-store' ? 'Cambiando…' : 'Prefiero pagar en la tienda'}
          </button>
        </div>
      </section>
    </div>
  );
}

/** `/pedido/pagar-ahora`: the customer pays online now, with home delivery or pickup at the store. */
export function PayNow() {
  const { state, reload } = useCheckoutOrder('pay-now');
  return (
    <CheckoutFrame title="Pagar ahora" step="payment" lead="Confirma que vas a pagar tu pedido ahora:">
      <OrderGate state={state} noOrderMessage={messages.noOrderToContinue} onRetry={reload}>
        {(order) => <PayNowPanel order={order} onConflict={reload} />}
      </OrderGate>
    </CheckoutFrame>
  );
}
