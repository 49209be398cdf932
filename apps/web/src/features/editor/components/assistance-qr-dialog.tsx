import { useId } from 'react';
import { QrCode } from '@/components/ui/qr-code';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import '@/styles/photo-intake.css';

interface AssistanceQrDialogProps {
  /** The WhatsApp chat link (wa.me, with the order number written in). */
  link: string;
  /** The number as people read it, for those who prefer to type it. */
  number: string | null;
  onClose: () => void;
}

/**
 * 'Asistencia' on an in-store kiosk: the chat opens on the customer's own phone, from a QR code,
 * never on the shop's screen. A native modal <dialog>, like the kiosk's photo QR code.
 */
export function AssistanceQrDialog({ link, number, onClose }: AssistanceQrDialogProps) {
  const { ref, close, onBackdropClick } = useModalDialog();
  const titleId = useId();
  const textId = useId();

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
          Asistencia por WhatsApp
        </h2>
        <p id={textId} className="qr-dialog__text">
          Escanea el código con tu móvil para escribirnos por WhatsApp
        </p>
        <div className="qr-dialog__code">
          <QrCode
            className="qr-dialog__qr"
            value={link}
            label="Código QR del chat de WhatsApp de la tienda"
          />
        </div>
        {number && <p className="qr-dialog__text">O escríbenos al {number}.</p>}
        <button type="button" className="button button--secondary button--large" onClick={close}>
          Cerrar
        </button>
      </div>
    </dialog>
  );
}
