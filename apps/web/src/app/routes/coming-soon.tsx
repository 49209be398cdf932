import { Link } from 'react-router';
import { StatusPanel } from '@/components/ui/status-panel';
import { paths } from '@/config/paths';
import { getSessionValue } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Screens of the order flow that are not open yet. */
function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <StatusPanel tone="info" eyebrow="Próximamente" title={title}>
      <p className="status-panel__text">
        Estamos terminando esta parte de la tienda. Muy pronto podrás continuar tu pedido desde aquí.
      </p>
      <Link to={paths.store(getSessionValue('store_url'))} className="button button--primary button--large">
        Volver a la tienda
      </Link>
    </StatusPanel>
  );
}

export const EditorModelRoute = () => <ComingSoon title="Añade tu imagen" />;
export const EditorEditRoute = () => <ComingSoon title="Coloca tu imagen" />;
export const PayAtStoreRoute = () => <ComingSoon title="Pago en tienda" />;
export const PayNowRoute = () => <ComingSoon title="Pagar ahora" />;
export const OrderDataRoute = () => <ComingSoon title="Datos" />;
export const OrderConfirmationRoute = () => <ComingSoon title="Tu pedido" />;
export const UploadRoute = () => <ComingSoon title="Sube tu imagen" />;
