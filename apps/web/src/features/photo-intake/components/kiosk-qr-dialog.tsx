import { messages } from '@shop/contracts/messages';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { QrCode } from '@/components/ui/qr-code';
import { Spinner } from '@/components/ui/spinner';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { useOrderImagePolling } from '../hooks/use-order-image-polling';
import type { UploadLink } from '../hooks/use-upload-link';

interface KioskQrDialogProps {
  orderId: string;
  /** The upload link, fetched ahead by the photo screen so the code shows at once. */
  link: UploadLink;
  /** Asks for another link (after a failure). */
  retryLink: () => void;
  /** The dialog closed (Cerrar, Escape or a tap outside it). */
  onClose: () => void;
  /** The phone's photo reached the order. */
  onImage: () => void;
}

/**
 * The kiosk's hand-off to the customer's phone: a modal with the QR code of a fresh upload link
 * (single-use: the first photo sent through it spends it; 'Cambiar foto' brings a new one).
 * While it is open the order is polled; the photo arriving ends it. A native modal <dialog> keeps
 * focus inside, makes the page behind inert and closes with Escape.
 */
export function KioskQrDialog({ orderId, link, retryLink, onClose, onImage }: KioskQrDialogProps) {
  const { ref, close, onBackdropClick } = useModalDialog();
  const titleId = useId();
  const textId = useId();
  const polling = useOrderImagePolling(orderId, link.status === 'ready', onImage);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard way to close a modal.
    <dialog
      ref={ref}
      className="qr-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      onClick={onBackdropClick}
    >
      <div className="qr-dialog__body">
        <h2 id={titleId} className="qr-dialog__title">
          Código QR
        </h2>
        <p id={textId} className="qr-dialog__text">
          Escanea y sube tu imagen
        </p>

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

        <button type="button" className="button button--secondary button--large" onClick={close}>
          Cerrar
        </button>
      </div>
    </dialog>
  );
}
