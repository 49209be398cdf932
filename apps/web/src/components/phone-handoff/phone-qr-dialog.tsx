import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import { Alert } from '@/components/ui/alert';
import { QrCode } from '@/components/ui/qr-code';
import { QrDialog } from '@/components/ui/qr-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useOrderPolling } from './use-order-polling';
import type { UploadLink } from './use-upload-link';

interface PhoneQrDialogProps {
  orderId: string;
  /** The upload link (the photo screen fetches it ahead, so the code shows at once). */
  link: UploadLink;
  /** Asks for another link (after a failure). */
  retryLink: () => void;
  /** The dialog closed (Cerrar, Escape or a tap outside it). */
  onClose: () => void;
  /** Whether the order as it is now has the phone's photo. */
  arrived: (order: Order) => boolean;
  /** The phone's photo reached the order. */
  onArrived: (order: Order) => void;
}

/**
 * A kiosk's hand-off to the customer's phone: a modal with the QR code of a fresh upload link
 * (single-use: the first photo sent through it spends it). While it is open the order is polled;
 * the photo arriving ends it. The kiosk never opens a file chooser of its own: every photo, the
 * first or the fourth, comes from the phone this way.
 */
export function PhoneQrDialog({ orderId, link, retryLink, onClose, arrived, onArrived }: PhoneQrDialogProps) {
  const polling = useOrderPolling(orderId, link.status === 'ready', arrived, onArrived);

  return (
    <QrDialog title="Código QR" text="Escanea y sube tu imagen" onClose={onClose}>
      <div className="qr-dialog__code">
        {link.status === 'ready' && (
          <QrCode
            className="qr-dialog__qr"
            value={link.url}
            label="Código QR para subir tu imagen desde el móvil"
          />
        )}
        {link.status === 'loading' && <Spinner label="Generando el código…" />}
      </div>

      <div className="qr-dialog__status">
        {link.status === 'error' && (
          <>
            <Alert>{link.message}</Alert>
            <button type="button" className="button button--primary" onClick={retryLink}>
              Reintentar
            </button>
          </>
        )}
        {link.status === 'ready' && polling.failed && (
          <>
            <Alert>{messages.orderDetailsFailed}</Alert>
            <button type="button" className="button button--primary" onClick={polling.retry}>
              Reintentar
            </button>
          </>
        )}
        {link.status === 'ready' && !polling.failed && <Spinner inline label="Esperando tu imagen…" />}
      </div>

      <ol className="qr-dialog__steps">
        <li>Abre la cámara de tu móvil y apunta al código.</li>
        <li>Toca el enlace y elige una foto o haz una nueva.</li>
        <li>Tu foto aparecerá en esta pantalla en unos segundos.</li>
      </ol>
    </QrDialog>
  );
}
