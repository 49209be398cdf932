import { DELIVERY_AREA_NOTE } from '@shop/contracts/checkout-rules';
import { messages } from '@shop/contracts/messages';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import type { OnlinePaymentMethod, PaymentInitiation } from '@shop/contracts/payments';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { removeSessionValues, setSessionValue } from '@/lib/session';
import { confirmDelivery } from '../api/confirm-delivery';
import { confirmInStorePickup } from '../api/confirm-in-store-pickup';
import { confirmUserDetails } from '../api/confirm-user-details';
import { initiatePayment } from '../api/initiate-payment';
import { useCheckoutOrder } from '../hooks/use-checkout-order';
import { autofillOnThisDevice } from '../lib/autofill';
import { clearDraft, readDraft, writeDraft } from '../lib/form-draft';
import { type CustomerData, type FieldName, type FormProblem, formProblem } from '../lib/form-problem';
import { isStateConflict, refusalMessage } from '../lib/refusal-message';
import { CaseTypeUnavailable, isCaseTypeGone } from './case-type-unavailable';
import { CheckoutFrame, OrderGate } from './checkout-frame';
import { FullInvoiceFields, type FullInvoiceHandle } from './full-invoice-fields';
import { GatewayForm } from './gateway-form';
import { OrderNotices } from './order-notices';
import { OrderPreview, orderPrice } from './order-preview';

interface FieldSpec {
  name: FieldName;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  inputMode?: 'numeric' | 'email' | 'tel';
}

const CONTACT_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Nombre completo', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Correo electrónico', type: 'email', autoComplete: 'email', inputMode: 'email' },
  // 'tel', not 'numeric': the keypad keeps '+' for '+34'; any Spanish way of writing it is accepted.
  { name: 'phone', label: 'Teléfono', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];

const DELIVERY_FIELDS: FieldSpec[] = [
  { name: 'address', label: 'Dirección', type: 'text', autoComplete: 'street-address' },
  { name: 'city', label: 'Ciudad', type: 'text', autoComplete: 'address-level2' },
  {
    name: 'postalCode',
    label: 'Código postal',
    type: 'text',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
  },
];

const PAYMENT_MEANS: { value: OnlinePaymentMethod; label: string; hint: string }[] = [
  { value: 'card', label: 'Tarjeta', hint: 'Débito o crédito, en la pasarela segura del banco.' },
  { value: 'bizum', label: 'Bizum', hint: 'Con tu número de móvil, desde la app de tu banco.' },
];

/** The data the order already has (a reload, or Back from the bank's page), else empty fields. */
const initialData = (order: Order): CustomerData => ({
  name: order.customerName ?? '',
  email: order.customerEmail ?? '',
  phone: order.customerPhone ?? '',
  address: order.customerAddress ?? '',
  city: order.customerCity ?? '',
  postalCode: order.customerPostalCode ?? '',
});

interface FieldProps {
  spec: FieldSpec;
  id: string;
  value: string;
  required: boolean;
  invalid: boolean;
  errorId: string;
  onChange: (name: FieldName, value: string) => void;
}

function Field({ spec, id, value, required, invalid, errorId, onChange }: FieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {spec.label}
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input
        id={id}
        className="input"
        name={spec.name}
        type={spec.type}
        autoComplete={autofillOnThisDevice(spec.autoComplete)}
        inputMode={spec.inputMode}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        value={value}
        onChange={(event) => onChange(spec.name, event.target.value)}
      />
    </div>
  );
}

interface FormProps {
  order: Order;
  onConflict: () => void;
}

function OrderDataForm({ order, onConflict }: FormProps) {
  const navigate = useNavigate();
  const baseId = useId();
  const fieldId = (name: FieldName) => `${baseId}-${name}`;
  const errorId = (section: FormProblem['section']) => `${baseId}-${section}-error`;
  // The server's order says how this order is paid and delivered, whatever the session remembers.
  const delivery = order.isHomeDelivery;
  const payNow = order.paymentMethod === 'paynow';
  // Back after a failed payment: what the customer typed, as typed; otherwise what the order has.
  const [draft] = useState(() => readDraft(order.id));
  const [data, setData] = useState<CustomerData>(() => draft?.data ?? initialData(order));
  const [means, setMeans] = useState<OnlinePaymentMethod>(draft?.means ?? 'card');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const fullInvoice = useRef<FullInvoiceHandle>(null);
  const [gateway, setGateway] = useState<PaymentInitiation | null>(null);
  // The server refused the address as outside the delivery area (the form checks it first too).
  const [outsideArea, setOutsideArea] = useState(false);
  const [typeGone, setTypeGone] = useState(false);

  useEffect(() => {
    // Back from the bank's page the browser may show this page as it was left: ready to send again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setGateway(null);
      setSubmitting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  function change(name: FieldName, value: string) {
    const next = { ...data, [name]: value };
    setData(next);
    // The alert stays while its problem does (with the fields still concerned) and goes once fixed.
    setProblem((shown) => {
      if (!shown) return null;
      const now = formProblem(next, delivery, payNow);
      return now && now.key === shown.key ? now : null;
    });
  }

  function fail(failure: unknown, message: string) {
    setSubmitError(message);
    if (isCaseTypeGone(failure)) setTypeGone(true);
    setSubmitting(false);
    // The order moved on elsewhere (paid in another tab, say): fetch it, which may leave this page.
    if (isStateConflict(failure)) onConflict();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitError(null);
    const found = formProblem(data, delivery, payNow);
    setProblem(found);
    if (found) {
      document.getElementById(fieldId(found.fields[0] ?? 'name'))?.focus();
      return;
    }
    setSubmitting(true);
    if (!(await fullInvoice.current?.save())) return setSubmitting(false);
    try {
      await confirmUserDetails(order.id, { name: data.name, email: data.email, phone: data.phone });
    } catch (failure) {
      return fail(failure, refusalMessage(failure, messages.contactConfirmFailed));
    }
    if (delivery) {
      try {
        await confirmDelivery(order.id, {
          address: data.address,
          city: data.city,
          postalCode: data.postalCode,
        });
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === 'DELIVERY_AREA') setOutsideArea(true);
        return fail(failure, refusalMessage(failure, messages.deliveryConfirmFailed));
      }
      removeSessionValues('delivery_method');
    }
    if (!payNow) {
      clearDraft(order.id);
      navigate(paths.orderConfirmation);
      return;
    }
    try {
      // Kept until the order is paid, for a retry after a refused or cancelled payment.
      writeDraft(order.id, { data, means });
      setGateway(await initiatePayment(order.id, means));
    } catch (failure) {
      // docs/product.md §8.8: only logged; the customer still gets a way to try again.
      console.warn('Payment initiation failed', failure);
      fail(
        failure,
        isCaseTypeGone(failure) ? refusalMessage(failure, messages.genericRetry) : messages.genericRetry,
      );
    }
  }

  const renderFields = (fields: FieldSpec[], required: (name: FieldName) => boolean) =>
    fields.map((spec) => (
      <Field
        key={spec.name}
        spec={spec}
        id={fieldId(spec.name)}
        value={data[spec.name]}
        required={required(spec.name)}
        invalid={problem?.fields.includes(spec.name) ?? false}
        errorId={problem ? errorId(problem.section) : ''}
        onChange={change}
      />
    ));

  /** Outside the delivery area: the same order, picked up at the store instead (no fee). */
  async function switchToPickup() {
    setSubmitting(true);
    setSubmitError(null);
    try {
      await confirmInStorePickup(order.id);
      setSessionValue('delivery_method', 'pickup');
      setProblem(null);
      setOutsideArea(false);
      setSubmitting(false);
      onConflict();
    } catch (failure) {
      fail(failure, refusalMessage(failure, messages.pickupConfirmFailed));
    }
  }

  const pickupInstead = (
    <button
      type="button"
      className="button button--secondary button--block"
      disabled={submitting}
      onClick={switchToPickup}
    >
      Recoger en {order.store.name} (gratis)
    </button>
  );

  const sectionError = (section: FormProblem['section']) =>
    problem?.section === section && (
      <div id={errorId(section)}>
        <Alert>{messages[problem.key]}</Alert>
        {problem.key === 'postalCodeNotDelivered' && pickupInstead}
      </div>
    );
  const amount = formatEuros(orderPrice(order, order.shipping));

  return (
    <div className="checkout-layout checkout-layout--form">
      <OrderPreview
        order={order}
        shipping={order.shipping}
        detail={delivery ? 'Envío a domicilio' : `Recogida en ${order.store.name}, ${order.store.town}`}
        compact
      />
      <form className="card checkout-form" noValidate onSubmit={submit} aria-label="Datos">
        <p className="checkout-form__note">Los campos marcados con * son obligatorios.</p>
        <fieldset className="checkout-form__section">
          <legend className="checkout-form__legend">Datos de contacto</legend>
          {renderFields(
            CONTACT_FIELDS,
            (name) => name === 'name' || delivery || (name === 'email' && payNow),
          )}
          {sectionError('contact')}
        </fieldset>
        {delivery && (
          <fieldset className="checkout-form__section">
            <legend className="checkout-form__legend">Datos de envío</legend>
            <p className="checkout-form__hint">
              {DELIVERY_AREA_NOTE} Enviamos de lunes a viernes: tu funda llegará en 2 a 4 días laborables.
            </p>
            {renderFields(DELIVERY_FIELDS, () => true)}
            {sectionError('delivery')}
          </fieldset>
        )}
        <FullInvoiceFields orderId={order.id} ref={fullInvoice} />
        {payNow && (
          <fieldset className="checkout-form__section choice-group">
            <legend className="checkout-form__legend">Forma de pago</legend>
            {PAYMENT_MEANS.map((option) => (
              <div key={option.value} className={means === option.value ? 'choice is-checked' : 'choice'}>
                <input
                  id={`${baseId}-means-${option.value}`}
                  className="choice__input"
                  type="radio"
                  name="means"
                  value={option.value}
                  checked={means === option.value}
                  aria-describedby={`${baseId}-means-${option.value}-hint`}
                  onChange={() => setMeans(option.value)}
                />
                <label className="choice__label" htmlFor={`${baseId}-means-${option.value}`}>
                  {option.label}
                </label>
                <p id={`${baseId}-means-${option.value}-hint`} className="choice__hint">
                  {option.hint}
                </p>
              </div>
            ))}
          </fieldset>
        )}
        {submitError && <Alert>{submitError}</Alert>}
        {typeGone && <CaseTypeUnavailable order={order} onChanged={onConflict} />}
        {outsideArea && delivery && pickupInstead}
        <OrderNotices order={order} homeDelivery={delivery} withMail={data.email.trim() !== ''} />
        <button
          type="submit"
          className="button button--primary button--large button--block"
          disabled={submitting}
        >
          {submitting
            ? payNow
              ? 'Conectando con el banco…'
              : 'Enviando…'
            : payNow
              ? `Pagar ${amount}`
              : 'Confirmar pedido con obligación de pago'}
        </button>
        <Link className="checkout-form__back" to={payNow ? paths.payNow : paths.payAtStore}>
          Volver al paso anterior
        </Link>
      </form>
      {gateway && <GatewayForm initiation={gateway} />}
    </div>
  );
}

/** `/pedido/datos`: contact data, and the delivery address for home delivery; then pay or finish. */
export function OrderData() {
  const { state, reload } = useCheckoutOrder('data');
  return (
    <CheckoutFrame title="Datos" step="data">
      <OrderGate state={state} noOrderMessage={messages.noOrderInSession} onRetry={reload}>
        {(order) => <OrderDataForm order={order} onConflict={reload} />}
      </OrderGate>
    </CheckoutFrame>
  );
}
