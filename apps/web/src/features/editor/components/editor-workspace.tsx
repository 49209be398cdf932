import { fitToTemplate } from '@shop/case-geometry/commands/fit';
import { flipHorizontal } from '@shop/case-geometry/commands/flip';
import { rotate90 } from '@shop/case-geometry/commands/rotate';
import { zoomIn, zoomOut } from '@shop/case-geometry/commands/zoom';
import { minZoom, ZOOM, zoomOf } from '@shop/case-geometry/editor-state';
import { messages } from '@shop/contracts/messages';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api-client';
import { isKiosk } from '@/lib/kiosk';
import { confirmPayAtStore } from '../api/confirm-pay-at-store';
import { removeImage } from '../api/remove-image';
import { saveDesign } from '../api/save-design';
import { uploadDesign } from '../api/upload-design';
import { useDesignCanvas } from '../hooks/use-design-canvas';
import type { EditorSession } from '../hooks/use-editor-order';
import { useInputKind } from '../hooks/use-input-kind';
import { useStageGestures } from '../hooks/use-stage-gestures';
import { assistanceLink } from '../lib/assistance-link';
import { printsBlurry } from '../lib/print-quality';
import { renderDesignPng } from '../lib/render-design';
import { clearStoredTransform, writeStoredTransform } from '../lib/stored-transform';
import { ChatIcon, CheckIcon, MoveIcon, PhotoIcon, WarningIcon } from './editor-icons';
import { EditorToolbar } from './editor-toolbar';

// Only kiosks show 'Asistencia' as a QR code: its module (and the QR encoder) loads for them alone.
const AssistanceQrDialog = lazy(() =>
  import('./assistance-qr-dialog').then((module) => ({ default: module.AssistanceQrDialog })),
);

/** What the customer reads when saving the design is refused: the server's reason when it gives one. */
function orderFailure(failure: unknown): string {
  if (failure instanceof ApiError) {
    const explained = ['DESIGN_UNCOVERED', 'DESIGN_LOCKED', 'PHOTO_CHANGED'].includes(failure.code);
    return explained ? failure.message : messages.orderConfirmFailed;
  }
  return messages.genericRetry;
}

/** Spec point 9: fit-to-template runs about 100 ms after the photo loads. */
const FIT_DELAY_MS = 100;

type Busy = 'ordering' | 'removing' | null;

const busyText: Record<Exclude<Busy, null>, string> = {
  ordering: 'Procesando su diseño, por favor espere...',
  removing: 'Eliminando la imagen...',
};

export interface EditorWorkspaceProps {
  session: EditorSession;
  /** The page's heading, laid out with the hints (beside the stage on wide screens). */
  header: ReactNode;
  /** The shop's WhatsApp number for 'Asistencia'; null while the company data is not known. */
  whatsapp: string | null;
  /** The same number as people read it ('+34 600 000 000'). */
  whatsappDisplay?: string | null;
  onOrdered: () => void;
  onPhotoRemoved: () => void;
}

export function EditorWorkspace({
  session,
  header,
  whatsapp,
  whatsappDisplay = null,
  onOrdered,
  onPhotoRemoved,
}: EditorWorkspaceProps) {
  const { order, photo, template, caseWidthMm, geometry } = session;
  const canvas = useDesignCanvas(photo, template, session.initialTransform, geometry);
  const { transform } = canvas;
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const keysId = useId();
  const input = useInputKind();
  const [kiosk] = useState(isKiosk);
  const [assistanceOpen, setAssistanceOpen] = useState(false);
  const fitTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!session.fitOnLoad) return;
    fitTimer.current = setTimeout(() => canvas.apply(fitToTemplate), FIT_DELAY_MS);
    return () => clearTimeout(fitTimer.current);
  }, [session.fitOnLoad, canvas.apply]);

  // Whatever the customer does first wins over the pending fit-on-load.
  const apply = useCallback<typeof canvas.apply>(
    (command, options) => {
      clearTimeout(fitTimer.current);
      canvas.apply(command, options);
    },
    [canvas.apply],
  );
  useStageGestures(canvas.templateCanvasRef, { ...canvas, apply }, busy === null);

  useEffect(() => {
    writeStoredTransform(order.id, order.image, transform);
  }, [order.id, order.image, transform]);

  const editorState = { photo: geometry, box: template.size, transform };
  const zoom = zoomOf(editorState);
  const lowestZoom = minZoom(editorState);
  const blurry = printsBlurry(order.imageSize, caseWidthMm, transform);

  async function placeOrder() {
    setBusy('ordering');
    setError(null);
    const placed = canvas.current().transform;
    try {
      const png = await renderDesignPng(photo, template, placed);
      const design = await uploadDesign(png);
      // With the photo it was drawn with: the server refuses it if the order's photo changed.
      await saveDesign(order.id, design, placed, order.image);
      await confirmPayAtStore(order.id);
    } catch (failure) {
      setError(orderFailure(failure));
      setBusy(null);
      return;
    }
    onOrdered();
  }

  async function changePhoto() {
    setBusy('removing');
    setError(null);
    try {
      await removeImage(order.id);
    } catch (failure) {
      // Spec point 8: a failure here is only logged; the customer goes to pick a photo anyway.
      console.warn('No se ha podido quitar la foto del pedido', failure);
    }
    clearStoredTransform(order.id);
    onPhotoRemoved();
  }

  const disabled = busy !== null;

  return (
    <div className="editor-layout">
      <div className="editor-intro">
        {header}
        {/* The hints follow the input in use: fingers on phones and kiosks, mouse and keys elsewhere. */}
        {input === 'touch' || kiosk ? (
          <>
            <p className="editor-hint" id={hintId}>
              <MoveIcon className="editor-hint__icon" />
              Arrastra la foto con el dedo para moverla.
            </p>
            <p className="editor-hint__more" id={keysId}>
              Pellizca con dos dedos para acercarla o alejarla, o usa los botones de abajo. La foto cubre
              siempre toda la funda.
            </p>
          </>
        ) : (
          <>
            <p className="editor-hint" id={hintId}>
              <MoveIcon className="editor-hint__icon" />
              Haz clic en la imagen y arrástrala para moverla.
            </p>
            <p className="editor-hint__more" id={keysId}>
              Acerca o aleja con la rueda del ratón. Con el teclado: flechas para moverla (con Mayús, más
              rápido) y las teclas + y − para el zoom. La foto cubre siempre toda la funda.
            </p>
          </>
        )}
      </div>

      <div className="editor-stage">
        <canvas className="editor-stage__layer" ref={canvas.photoCanvasRef} />
        {/* biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: the canvas is the editor's
            drag, wheel and keyboard surface; "application" hands the arrow keys to it. */}
        <canvas
          className="editor-stage__layer editor-stage__surface"
          ref={canvas.templateCanvasRef}
          tabIndex={0}
          role="application"
          aria-roledescription="editor de diseño"
          aria-label="Tu foto sobre la funda"
          aria-describedby={`${hintId} ${keysId}`}
          aria-disabled={disabled || undefined}
          data-transform={JSON.stringify(transform)}
        />
        <div className={busy ? 'editor-stage__overlay' : 'visually-hidden'} role="status">
          {busy && (
            <>
              <span className="spinner__ring" aria-hidden="true" />
              <span>{busyText[busy]}</span>
            </>
          )}
        </div>
      </div>

      <div className="editor-controls">
        <EditorToolbar
          zoom={zoom}
          canZoomIn={zoom < ZOOM.max}
          canZoomOut={zoom > lowestZoom + 1e-9}
          disabled={disabled}
          onZoomIn={() => apply(zoomIn)}
          onZoomOut={() => apply(zoomOut)}
          onFit={() => apply(fitToTemplate)}
          onFlip={() => apply(flipHorizontal)}
          onRotate={() => apply(rotate90)}
        />

        <div className="editor-status" role="status">
          {blurry && (
            <p className="editor-warning">
              <WarningIcon className="editor-warning__icon" />
              {messages.imageLowResolution}
            </p>
          )}
        </div>
        {error && <Alert>{error}</Alert>}

        <div className="editor-actions">
          <button
            type="button"
            className="button button--primary button--large editor-actions__order"
            disabled={disabled}
            onClick={placeOrder}
          >
            <CheckIcon className="editor-actions__icon" />
            ¡OK, pedir!
          </button>
          <button
            type="button"
            className="button button--secondary editor-actions__change"
            disabled={disabled}
            onClick={changePhoto}
          >
            <PhotoIcon className="editor-actions__icon" />
            Cambiar foto
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
              Asistencia
              <span className="visually-hidden"> por WhatsApp en tu móvil</span>
            </button>
          )}
          {whatsapp && !kiosk && (
            <a
              className="button editor-actions__assist"
              href={assistanceLink(whatsapp, order.orderNumber)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ChatIcon className="editor-actions__icon" />
              Asistencia
              <span className="visually-hidden"> por WhatsApp (se abre en otra pestaña)</span>
            </a>
          )}
        </div>
      </div>
      {assistanceOpen && whatsapp && (
        <Suspense fallback={null}>
          <AssistanceQrDialog
            link={assistanceLink(whatsapp, order.orderNumber)}
            number={whatsappDisplay}
            onClose={() => setAssistanceOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
