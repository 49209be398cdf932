import type { Order } from '@shop/contracts/orders';
import { useRef } from 'react';
import { PhoneQrDialog } from '@/components/phone-handoff/phone-qr-dialog';
import { useUploadLink } from '@/components/phone-handoff/use-upload-link';
import '@/styles/photo-intake.css';

interface KioskPhotoDialogProps {
  order: Order;
  onClose: () => void;
  /** The phone's photo is in the order's tray: its address, and the order as it now is. */
  onPhoto: (uri: string, order: Order) => void;
}

/**
 * 'Añadir foto' on a kiosk (a cell of a two-to-four-photo layout, or 'Tus fotos'): the photo comes
 * from the customer's phone through a tray link's QR code, never from the store computer's files.
 * The photo that arrives is the one not in the tray when the dialog opened.
 */
export function KioskPhotoDialog({ order, onClose, onPhoto }: KioskPhotoDialogProps) {
  const { link, retry } = useUploadLink(order.id, 'screen', true, 'tray');
  const known = useRef(new Set(order.photos.map((p) => p.uri)));
  const added = (o: Order) => o.photos.find((p) => !known.current.has(p.uri));
  return (
    <PhoneQrDialog
      orderId={order.id}
      link={link}
      retryLink={retry}
      onClose={onClose}
      arrived={(o) => added(o) !== undefined}
      onArrived={(o) => {
        const photo = added(o);
        if (photo) onPhoto(photo.uri, o);
      }}
    />
  );
}
