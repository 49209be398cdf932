import { messages } from '@shop/contracts/messages';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { StatusPanel } from '@/components/ui/status-panel';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Where the card payment gateway sends the customer back: both outcomes lead to /store. */
export function PaymentResult({ outcome }: { outcome: 'success' | 'failure' }) {
  const success = outcome === 'success';
  const title = success ? messages.paymentSucceededTitle : messages.paymentFailedTitle;
  useDocumentTitle(title);

  return (
    <StatusPanel tone={success ? 'success' : 'error'} title={title}>
      {success ? (
        <p className="status-panel__text">
          Hemos recibido tu pago. Te avisaremos por correo electrónico cuando tu funda esté lista.
        </p>
      ) : (
        <Alert>{messages.paymentFailedText}</Alert>
      )}
      <Link to={paths.store()} className="button button--primary button--large">
        Volver a la tienda
      </Link>
    </StatusPanel>
  );
}
