import { isDesignOpen } from '@shop/contracts/order-lifecycle';
import type { Order } from '@shop/contracts/orders';
import { phoneName } from '@shop/contracts/product';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { isKiosk } from '@/lib/kiosk';
import { removeSessionValues, setSessionValue } from '@/lib/session';
import '@/styles/catalogue.css';
import { getOrder } from '../api/get-order';
import { type DesignInProgress, designInProgress, forgetDesignInProgress } from '../lib/design-in-progress';

/**
 * On the store's homepage, for a customer who left a design half done on this device: the case it
 * is for and a button that opens it in the editor where they left it. Nothing on a kiosk, nothing
 * for another store, nothing once the order has been placed (then it is forgotten).
 */
export function ResumeDesign({ storeId }: { storeId: number }) {
  const navigate = useNavigate();
  const [found, setFound] = useState<{ entry: DesignInProgress; order: Order } | null>(null);

  useEffect(() => {
    const entry = isKiosk() ? null : designInProgress();
    if (!entry || entry.storeId !== storeId) return;
    const controller = new AbortController();
    getOrder(entry.orderId, controller.signal).then(
      (order) => {
        // Only a design that can still change is worth coming back to.
        if (isDesignOpen(order.status) && (order.draftScene || order.designScene || order.image)) {
          setFound({ entry, order });
        } else forgetDesignInProgress(entry.orderId);
      },
      () => {
        // Gone (deleted by the retention rules) or unreachable: nothing to offer now.
      },
    );
    return () => controller.abort();
  }, [storeId]);

  if (!found) return null;
  const { entry, order } = found;

  function resume() {
    // The resumed order's own choices come from the server, not from another order's.
    removeSessionValues('payment_method', 'delivery_method');
    setSessionValue('order_id', entry.orderId);
    setSessionValue('store_id', entry.storeId);
    setSessionValue('store_url', entry.storeUrl);
    setSessionValue('from_url', 'false');
    navigate(paths.editorEdit);
  }

  return (
    <section className="resume-design card" aria-labelledby="resume-design-title">
      <h2 id="resume-design-title" className="resume-design__title">
        Tienes un diseño sin terminar
      </h2>
      <p className="resume-design__text">
        Tu funda para {phoneName(order.brand, order.model)} está guardada tal como la dejaste.
      </p>
      <div className="resume-design__actions">
        <button type="button" className="button button--primary" onClick={resume}>
          Continuar mi diseño
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            forgetDesignInProgress(entry.orderId);
            setFound(null);
          }}
        >
          Descartar
        </button>
      </div>
    </section>
  );
}
