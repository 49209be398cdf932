import { messages } from '@shop/contracts/messages';
import { useEffect, useId, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useOrderImagePolling } from '../hooks/use-order-image-polling';
import { useUploadLink } from '../hooks/use-upload-link';
import { QrCode } from './qr-code';

interface KioskQrDialogProps {
  orderId: string;
  /** The dialog closed (Cerrar, Escape or a tap outside it). */
  onClose: () => void;
  /** The phone's photo reached the order. */
  onImage: () => void;
}

/**
 * The kiosk's hand-off to the customer's phone: a modal with the QR code of a fresh upload link.
 * While it is open the order is polled; the photo arriving ends it. A native modal <dialog> keeps
 * focus inside, makes the page behind inert and closes with Escape.
 */
export function KioskQrDialog({ orderId, onClose, onImage }: KioskQrDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const { link, retry: retryLink } = useUploadLink(orderId, 'screen');
  const polling = useOrderImagePolling(orderId, link.status === 'ready', onImage);

  useEffect(() => {
    const element = dialog.current;
    // Not closed on cleanup: leaving the DOM ends the modal state, and a close() here would
    // report a close that the customer never asked for.
    if (element && !element.open) element.showModal();
  }, []);

  const close = () => dialog.current?.close();

  return (
    // A tap on the backdrop lands on the <dialog> itself (its content fills it): it closes, as
    // Escape does from the keyboard.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard way to close a modal.
    <dialog
      ref={dialog}
      className="qr-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
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
