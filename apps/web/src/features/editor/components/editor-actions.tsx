import { lazy, Suspense, useState } from 'react';
import { assistanceLink } from '../lib/assistance-link';
import { ChatIcon, CheckIcon, PhotoIcon } from './editor-icons';

// Only kiosks show 'Asistencia' as a QR code: its module (and the QR encoder) loads for them alone.
const AssistanceQrDialog = lazy(() =>
  import('./assistance-qr-dialog').then((module) => ({ default: module.AssistanceQrDialog })),
);

interface EditorActionsProps {
  orderNumber: string;
  kiosk: boolean;
  disabled: boolean;
  /** The shop's WhatsApp number for 'Asistencia'; null while the company data is not known. */
  whatsapp: string | null;
  /** The same number as people read it ('+34 600 000 000'). */
  whatsappDisplay: string | null;
  onOrder: () => void;
  onChangePhoto: () => void;
}

/** '¡OK, pedir!', 'Cambiar foto' and 'Asistencia' (a chat link, or on a kiosk its QR code). */
export function EditorActions({
  orderNumber,
  kiosk,
  disabled,
  whatsapp,
  whatsappDisplay,
  onOrder,
  onChangePhoto,
}: EditorActionsProps) {
  const [assistanceOpen, setAssistanceOpen] = useState(false);
  return (
    <div className="editor-actions">
      <button
        type="button"
        className="button button--primary button--large editor-actions__order"
        disabled={disabled}
        onClick={onOrder}
      >
        <CheckIcon className="editor-actions__icon" />
        ¡OK, pedir!
      </button>
      <button
        type="button"
        className="button button--secondary editor-actions__change"
        disabled={disabled}
        onClick={onChangePhoto}
      >
        <PhotoIcon className="editor-actions__icon" />
        <span className="editor-actions__label">Cambiar foto</span>
      </button>
      {whatsapp && kiosk && (
        // On the shop's screen the chat opens on the customer's phone, from a QR code.
        <button
          type="button"
          className="button editor-actions__assist"
          aria-haspopup="dialog"
          onClick={() => setAssistanceOpen(true)}
        >
          <ChatIcon className="editor-actions__icon" />
          <span className="editor-actions__label">Asistencia</span>
          <span className="visually-hidden"> por WhatsApp en tu móvil</span>
        </button>
      )}
      {whatsapp && !kiosk && (
        <a
          className="button editor-actions__assist"
          href={assistanceLink(whatsapp, orderNumber)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <ChatIcon className="editor-actions__icon" />
          <span className="editor-actions__label">Asistencia</span>
          <span className="visually-hidden"> por WhatsApp (se abre en otra pestaña)</span>
        </a>
      )}
      {assistanceOpen && whatsapp && (
        <Suspense fallback={null}>
          <AssistanceQrDialog
            link={assistanceLink(whatsapp, orderNumber)}
            number={whatsappDisplay}
            onClose={() => setAssistanceOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
