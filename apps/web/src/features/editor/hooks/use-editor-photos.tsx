import { messages } from '@shop/contracts/messages';
import type { Order } from '@shop/contracts/orders';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { addOrderPhoto } from '../api/add-order-photo';
import { uploadPhoto } from '../api/upload-photo';
import type { PhotoLibrary } from '../lib/photo-library';
import type { SceneEditor } from '../lib/scene-editor';

interface EditorPhotosSetup {
  editor: SceneEditor;
  library: PhotoLibrary;
  /** Repaints the stage (a photo's on-screen copy has arrived). */
  redraw: () => void;
  orderRef: RefObject<Order>;
  kiosk: boolean;
  /** The order's tray after a photo was added to it, here or from the phone. */
  onTray: (photos: Order['photos']) => void;
  onBusy: (uploading: boolean) => void;
  onError: (message: string | null) => void;
}

export interface EditorPhotos {
  /** Puts one of the order's photos in a cell. */
  put: (uri: string, index: number) => void;
  /** 'Añadir foto' for a cell: this device's files, or on a kiosk the customer's phone. */
  pick: (index: number) => void;
  /** The cell a kiosk's 'Añadir foto' fills from the customer's phone (its QR code is open), or null. */
  phoneSlot: number | null;
  closePhone: () => void;
  /** A photo the phone uploaded to the order, for the cell that asked for it. */
  fromPhone: (uri: string, changed: Order) => Promise<void>;
  /** The hidden file chooser (none on a kiosk: the store computer's files are not the customer's). */
  fileInput: ReactNode;
}

/** The photos of a design of several: added from this device or from the phone, put in their cells. */
export function useEditorPhotos(setup: EditorPhotosSetup): EditorPhotos {
  const { editor, library, redraw, orderRef, kiosk, onTray, onBusy, onError } = setup;
  const [phoneSlot, setPhoneSlot] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileSlotRef = useRef(0);

  const put = (uri: string, index: number) => {
    if (!editor.putPhoto(uri, index)) return;
    // The on-screen copy for drawing; the geometry already has the original's size.
    library.load(uri).then(redraw, () => undefined);
  };

  const pick = (index: number) => {
    if (kiosk) {
      setPhoneSlot(index);
      return;
    }
    fileSlotRef.current = index;
    fileRef.current?.click();
  };

  const fromPhone = async (uri: string, changed: Order) => {
    const index = phoneSlot ?? 0;
    setPhoneSlot(null);
    onTray(changed.photos);
    onBusy(true);
    onError(null);
    try {
      await library.load(uri);
      put(uri, index);
    } catch {
      onError(messages.imageUploadFailed);
    }
    onBusy(false);
  };

  const fromDevice = async (file: File) => {
    const index = fileSlotRef.current;
    onBusy(true);
    onError(null);
    try {
      const uri = await uploadPhoto(file);
      const updated = await addOrderPhoto(orderRef.current.id, uri);
      onTray(updated.photos);
      await library.load(uri);
      put(uri, index);
    } catch (failure) {
      onError(
        failure instanceof ApiError && failure.status !== 0 ? failure.message : messages.imageUploadFailed,
      );
    }
    onBusy(false);
  };

  const fileInput = kiosk ? null : (
    <input
      ref={fileRef}
      type="file"
      accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) void fromDevice(file);
      }}
    />
  );

  return { put, pick, phoneSlot, closePhone: () => setPhoneSlot(null), fromPhone, fileInput };
}
