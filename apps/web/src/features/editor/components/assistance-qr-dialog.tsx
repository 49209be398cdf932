import { QrCode } from '@/components/ui/qr-code';
import { QrDialog } from '@/components/ui/qr-dialog';
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
 * never on the shop's screen.
 */
export function AssistanceQrDialog({ link, number, onClose }: AssistanceQrDialogProps) {
  return (
    <QrDialog
      title="Asistencia por WhatsApp"
      text="Escanea el código con tu móvil para escribirnos por WhatsApp"
      onClose={onClose}
    >
      <div className="qr-dialog__code">
        <QrCode className="qr-dialog__qr" value={link} label="Código QR del chat de WhatsApp de la tienda" />
      </div>
      {number && <p className="qr-dialog__text">O escríbenos al {number}.</p>}
    </QrDialog>
  );
}
