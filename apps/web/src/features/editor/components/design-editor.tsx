import { messages } from '@shop/contracts/messages';
import { phoneName } from '@shop/contracts/product';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/styles/editor.css';
import { useEditorOrder } from '../hooks/use-editor-order';
import { EditorWorkspace } from './editor-workspace';

const TITLE = 'Coloca tu imagen';

export interface DesignEditorProps {
  /** The session's order; null when there is none. */
  orderId: string | null;
  /** The store homepage (breadcrumb and the way out when there is no order). */
  storeHref: string;
  whatsapp: string | null;
  whatsappDisplay?: string | null;
  /** Must keep its identity between renders: the order is reloaded when it changes. */
  onNoPhoto: () => void;
  onOrdered: () => void;
  onPhotoRemoved: () => void;
  /** A placed order cannot be edited: the customer may see it, or start another case. */
  onStartAgain: () => void;
  /** Where a placed order is shown (its checkout step or confirmation). */
  orderHref: string;
}

/** `/editor-edicion` (docs/product.md §2.8 and §4.5): the customer places the photo on the case. */
export function DesignEditor({
  orderId,
  storeHref,
  whatsapp,
  whatsappDisplay = null,
  onNoPhoto,
  onOrdered,
  onPhotoRemoved,
  onStartAgain,
  orderHref,
}: DesignEditorProps) {
  useDocumentTitle(TITLE);
  const load = useEditorOrder(orderId, onNoPhoto);
  const order = load.status === 'ready' ? load.session.order : load.status === 'locked' ? load.order : null;
  const header = (
    <header className="page-header editor-header">
      <span className="eyebrow">{order && phoneName(order.brand, order.model)}</span>
      <h1 className="page-title">{TITLE}</h1>
    </header>
  );

  return (
    <div className="container page editor-page">
      <Breadcrumb
        homeTo={storeHref}
        items={[
          { label: 'Marcas', to: storeHref },
          ...(order ? [{ label: order.brand.name, to: paths.models(order.brand.id) }] : []),
          { label: 'Diseñar' },
        ]}
      />
      {load.status !== 'ready' && header}
      {!orderId ? (
        <div className="editor-message">
          <Alert>{messages.currentOrderMissing}</Alert>
          <Link to={storeHref} className="button button--primary">
            Volver a la tienda
          </Link>
        </div>
      ) : load.status === 'error' ? (
        <div className="editor-message">
          <Alert>{load.message}</Alert>
          {/* Never a dead end: another model of the brand, or the store's brands. */}
          <Link to={load.brandId ? paths.models(load.brandId) : storeHref} className="button button--primary">
            {load.brandId ? 'Elegir otro modelo' : 'Volver a la tienda'}
          </Link>
        </div>
      ) : load.status === 'locked' ? (
        <div className="editor-message">
          <Alert>{messages.designLocked}</Alert>
          <p className="editor-message__actions">
            <button type="button" className="button button--primary" onClick={onStartAgain}>
              Empezar otra funda
            </button>
            <Link to={orderHref} className="button button--secondary">
              Ver mi pedido
            </Link>
          </p>
        </div>
      ) : load.status === 'loading' ? (
        <Spinner label="Preparando tu diseño…" />
      ) : (
        <EditorWorkspace
          session={load.session}
          header={header}
          whatsapp={whatsapp}
          whatsappDisplay={whatsappDisplay}
          onOrdered={onOrdered}
          onPhotoRemoved={onPhotoRemoved}
        />
      )}
    </div>
  );
}
