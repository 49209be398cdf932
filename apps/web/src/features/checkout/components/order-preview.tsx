import { centsToEuros, eurosToCents, formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { phoneName, productName } from '@shop/contracts/product';
import caseFallback from '@/assets/phone-case-fallback.svg';

/** Price plus shipping, added in cents so that 19,90 € + 5,00 € is never 24,899999 €. */
export const orderPrice = (order: Order, shipping: number): number =>
  centsToEuros(eurosToCents(order.total) + eurosToCents(shipping));

/**
 * The customer's case: the rendered design when there is one; otherwise the photo seen through
 * the model's template (transparent where the case is); without a photo, the model's picture.
 */
function CaseImage({ order }: { order: Order }) {
  const alt = `Tu funda personalizada para ${phoneName(order.brand, order.model)}`;
  if (order.design) {
    return <img className="case-figure__design" src={order.design} alt={alt} decoding="async" />;
  }
  if (order.image && order.model.template) {
    return (
      <div className="case-figure__stack">
        <img className="case-figure__photo" src={`${order.image}?variant=preview`} alt="" decoding="async" />
        <img className="case-figure__template" src={order.model.template} alt={alt} decoding="async" />
      </div>
    );
  }
  return (
    <img className="case-figure__design" src={order.model.image ?? caseFallback} alt={alt} decoding="async" />
  );
}

/** 'Antigolpes' or 'Silicona, Azul marino': the order's case type and its colour. */
export const caseTypeLabel = (order: Order): string =>
  order.colour ? `${order.caseType.name}, ${order.colour.name}` : order.caseType.name;

/**
 * What the customer pays, line by line: the case, the shipping, and the total with VAT included.
 * One figure never hides another (a fee next to a price reads as if it were added twice).
 */
export function PriceBreakdown({ order, shipping }: { order: Order; shipping: number }) {
  return (
    <dl className="price-breakdown" aria-live="polite">
      <div>
        <dt>Funda</dt>
        <dd>{formatEuros(order.total)}</dd>
      </div>
      <div>
        <dt>Envío</dt>
        <dd>{shipping > 0 ? formatEuros(shipping) : 'Gratis'}</dd>
      </div>
      <div className="price-breakdown__total">
        <dt>Total (IVA incluido)</dt>
        <dd>{formatEuros(orderPrice(order, shipping))}</dd>
      </div>
    </dl>
  );
}

interface OrderPreviewProps {
  order: Order;
  /** The shipping fee to show: the page's current delivery choice may differ from the order's. */
  shipping: number;
  /** A line under the price (how the case reaches the customer). */
  detail?: string;
  /** Image beside the text on small screens, for pages where the form matters more. */
  compact?: boolean;
}

/** The order preview card of docs/product.md §2.13: the case, what it is and what it costs, line by line. */
export function OrderPreview({ order, shipping, detail, compact = false }: OrderPreviewProps) {
  return (
    <section
      className={compact ? 'card order-preview order-preview--compact' : 'card order-preview'}
      aria-label="Resumen del pedido"
    >
      <div className="order-preview__media">
        <div className="case-figure">
          <CaseImage order={order} />
        </div>
      </div>
      <div className="order-preview__body">
        <p className="order-preview__name">{productName(order.brand, order.model)}.</p>
        <p className="order-preview__type">Tipo de funda: {caseTypeLabel(order)}</p>
        <PriceBreakdown order={order} shipping={shipping} />
        {detail && <p className="order-preview__detail">{detail}</p>}
      </div>
    </section>
  );
}
