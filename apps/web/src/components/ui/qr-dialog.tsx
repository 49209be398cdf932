import { type ReactNode, useId } from 'react';
import { useModalDialog } from './use-modal-dialog';

interface QrDialogProps {
  title: string;
  /** One line under the title saying what to do with the code; the dialog's description. */
  text: string;
  /** The dialog closed (Cerrar, Escape or a tap outside it). */
  onClose: () => void;
  /** The code and whatever goes with it, between the text and 'Cerrar'. */
  children: ReactNode;
}

/**
 * A QR code for the customer's own phone, shown on the shop's screen: a native modal <dialog>
 * (focus stays inside, the page behind is inert, Escape closes it) with a title, a line of text,
 * the code and 'Cerrar'. Styles in photo-intake.css (`.qr-dialog`).
 */
export function QrDialog({ title, text, onClose, children }: QrDialogProps) {
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
          {title}
        </h2>
        <p id={textId} className="qr-dialog__text">
          {text}
        </p>
        {children}
        <button type="button" className="button button--secondary button--large" onClick={close}>
          Cerrar
        </button>
      </div>
    </dialog>
  );
}
