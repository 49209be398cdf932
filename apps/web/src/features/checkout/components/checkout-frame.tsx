import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getSessionValue } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/styles/checkout.css';
import type { CheckoutOrderState } from '../hooks/use-checkout-order';

const STEPS = [
  { id: 'payment', label: 'Pago' },
  { id: 'data', label: 'Datos' },
  { id: 'done', label: 'Confirmación' },
] as const;

export type CheckoutStep = (typeof STEPS)[number]['id'];

/** Where the visitor is in the checkout: pay, data, confirmation. */
function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const currentIndex = STEPS.findIndex((step) => step.id === current);
  return (
    <nav className="checkout-steps" aria-label="Pasos del pedido">
      <ol>
        {STEPS.map((step, index) => (
          <li
            key={step.id}
            className={index < currentIndex ? 'is-done' : index === currentIndex ? 'is-current' : undefined}
            aria-current={index === currentIndex ? 'step' : undefined}
          >
            <span className="checkout-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="checkout-steps__label">{step.label}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

interface CheckoutFrameProps {
  title: string;
  step: CheckoutStep;
  /** The sentence under the title. */
  lead?: string;
  children: ReactNode;
}

/** The layout every checkout page shares: steps, one h1, the page. */
export function CheckoutFrame({ title, step, lead, children }: CheckoutFrameProps) {
  useDocumentTitle(title);
  return (
    <div className="container page checkout">
      <CheckoutSteps current={step} />
      <header className="page-header checkout__header">
        <h1 className="page-title">{title}</h1>
        {lead && <p className="lead">{lead}</p>}
      </header>
      {children}
    </div>
  );
}

interface OrderGateProps {
  state: CheckoutOrderState;
  /** What to say when the session has no order (each page has its own text in docs/product.md §8.6). */
  noOrderMessage: string;
  onRetry: () => void;
  children: (order: Order) => ReactNode;
}

/** Shows the page once the order is loaded; until then, the spinner or what went wrong. */
export function OrderGate({ state, noOrderMessage, onRetry, children }: OrderGateProps) {
  const storeLink = (
    <Link to={paths.store(getSessionValue('store_url'))} className="button button--primary">
      Volver a la tienda
    </Link>
  );
  switch (state.status) {
    case 'ready':
      return children(state.order);
    case 'loading':
      return <Spinner label="Cargando tu pedido…" />;
    case 'no-order':
      return (
        <div className="checkout-problem">
          <Alert>{noOrderMessage}</Alert>
          {storeLink}
        </div>
      );
    case 'cancelled':
      return (
        <div className="checkout-problem">
          <Alert>{messages.orderCancelled}</Alert>
          {storeLink}
        </div>
      );
    case 'error':
      return (
        <div className="checkout-problem">
          <Alert>{messages.orderDetailsRetry}</Alert>
          <button type="button" className="button button--primary" onClick={onRetry}>
            Reintentar
          </button>
        </div>
      );
  }
}
