import { fitToTemplate } from '@shop/case-geometry/commands/fit';
import { flipHorizontal } from '@shop/case-geometry/commands/flip';
import { rotate90 } from '@shop/case-geometry/commands/rotate';
import { zoomIn, zoomOut } from '@shop/case-geometry/commands/zoom';
import { minZoom, ZOOM, zoomOf } from '@shop/case-geometry/editor-state';
import type { PxSize } from '@shop/case-geometry/outline';
import { messages } from '@shop/contracts/messages';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { emptySlots, type Layer, layoutCells, sceneIncompleteMessage } from '@shop/contracts/scene';
import { lazy, type ReactNode, Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { Case3dButton } from '@/components/case-3d/case-3d-button';
import { CaseTypePicker } from '@/components/case-type/case-type-picker';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api-client';
import { isKiosk } from '@/lib/kiosk';
import { confirmPayAtStore } from '../api/confirm-pay-at-store';
import { removeImage } from '../api/remove-image';
import { saveDesign } from '../api/save-design';
import { uploadDesign } from '../api/upload-design';
import { useDesignMemory } from '../hooks/use-design-memory';
import { useEditorCaseType } from '../hooks/use-editor-case-type';
import type { EditorSession } from '../hooks/use-editor-order';
import { useEditorPhotos } from '../hooks/use-editor-photos';
import { useInputKind } from '../hooks/use-input-kind';
import { useSceneCanvas } from '../hooks/use-scene-canvas';
import { useSceneAssets, useSceneEditor, useUndoKeys } from '../hooks/use-scene-editor';
import { useSceneGestures } from '../hooks/use-scene-gestures';
import { useTextEditing } from '../hooks/use-text-editing';
import { forgetDesignInProgress } from '../lib/design-in-progress';
import { loadSceneFonts } from '../lib/fonts';
import { printsBlurry } from '../lib/print-quality';
import { renderDesignPng } from '../lib/render-design';
import { slotEditorState } from '../lib/scene-edit';
import { stageSnapshot } from '../lib/stage-snapshot';
import { stickerImages } from '../lib/stickers';
import { clearStoredTransform } from '../lib/stored-transform';
import { EditorActions } from './editor-actions';
import { EditorDrawer, type Panel } from './editor-drawer';
import { EditorHints } from './editor-hints';
import { WarningIcon } from './editor-icons';
import { EditorSelectionBar } from './editor-selection-bar';
import { EditorStage } from './editor-stage';
import { EditorToolbar } from './editor-toolbar';

// Only kiosks take their photos from the customer's phone by QR code: the module (and the QR
// encoder) loads for them alone.
const KioskPhotoDialog = lazy(() =>
  import('./kiosk-photo-dialog').then((module) => ({ default: module.KioskPhotoDialog })),
);

/** What the customer reads when saving the design is refused: the server's reason when it gives one. */
function orderFailure(failure: unknown): string {
  if (failure instanceof ApiError) {
    const explained = [
      'DESIGN_UNCOVERED',
      'DESIGN_LOCKED',
      'PHOTO_CHANGED',
      'TEXT_OUTSIDE_PRINTABLE_AREA',
      'CASE_TYPE_NOT_AVAILABLE',
      'CASE_COLOUR_NOT_AVAILABLE',
    ].includes(failure.code);
    return explained ? failure.message : messages.orderConfirmFailed;
  }
  return messages.genericRetry;
}

type Busy = 'ordering' | 'removing' | 'uploading' | null;

const busyText: Record<Exclude<Busy, null>, string> = {
  ordering: 'Procesando su diseño, por favor espere...',
  removing: 'Eliminando la imagen...',
  uploading: 'Subiendo tu foto...',
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

/**
 * The design editor's screen: the SceneEditor (lib/scene-editor.ts) holds the design and its
 * commands; this lays out the case, the tools and the actions around it, and talks to the server
 * (photos added, the design ordered).
 */
export function EditorWorkspace({
  session,
  header,
  whatsapp,
  whatsappDisplay = null,
  onOrdered,
  onPhotoRemoved,
}: EditorWorkspaceProps) {
  const { library, template, outline } = session;
  const [order, setOrder] = useState(session.order);
  const orderRef = useRef(order);
  orderRef.current = order;

  /** The photo's size for the geometry: the ORIGINAL's (what the server checks and prints from). */
  const sizeOf = useCallback(
    (uri: string): PxSize | null => {
      const o = orderRef.current;
      const listed = o.photos.find((p) => p.uri === uri);
      if (listed) return { width: listed.width, height: listed.height };
      if (uri === o.image && o.imageSize) return o.imageSize;
      return library.size(uri);
    },
    [library],
  );

  const [editor, { history, selection, notice, editing }] = useSceneEditor({
    initialScene: session.initialScene,
    fitOnLoad: session.fitOnLoad,
    template,
    outline,
    sizeOf,
  });
  const scene = history.present;
  const caseType = useEditorCaseType(session.caseTypes, order, orderRef, setOrder);
  const canvas = useSceneCanvas(editor, library, template, outline, caseType.look);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [panel, setPanel] = useState<Panel | null>(null);
  const hintId = useId();
  const noticeId = useId();
  const keysId = useId();
  const input = useInputKind();
  const [kiosk] = useState(isKiosk);
  const disabled = busy !== null;

  const textEditing = useTextEditing(editor, canvas.surfaceRef);
  useSceneGestures(canvas, editor, disabled ? undefined : textEditing.start, !disabled);
  useUndoKeys(editor, !disabled);
  useSceneAssets(editor, scene, canvas);
  const draft = useDesignMemory(order, scene, kiosk, busy === null || busy === 'uploading');

  const photos = useEditorPhotos({
    editor,
    library,
    redraw: canvas.redraw,
    orderRef,
    kiosk,
    onTray: (photos: Order['photos']) => {
      const next = { ...orderRef.current, photos };
      orderRef.current = next;
      setOrder(next);
    },
    onBusy: (uploading) => setBusy(uploading ? 'uploading' : null),
    onError: setError,
  });

  const slotIndex = selection.slot;
  const selectedLayer: Layer | null = scene.layers.find((l) => l.id === selection.layer) ?? null;
  const selectedSlot = scene.slots[slotIndex];
  const selectedSize = selectedSlot?.photo ? sizeOf(selectedSlot.photo) : null;
  const slotCoverage = editor.coverage(scene)[slotIndex];
  const editorState =
    selectedSize && slotCoverage ? slotEditorState(scene, slotIndex, slotCoverage, selectedSize) : null;
  const zoom = editorState ? zoomOf(editorState) : 1;
  const lowestZoom = editorState ? minZoom(editorState) : 1;

  const cells = useMemo(() => layoutCells(scene.layout, template.size), [scene.layout, template.size]);
  const blurry = scene.slots.some((slot, i) => {
    const cell = cells[i];
    const original = slot.photo ? sizeOf(slot.photo) : null;
    if (!slot.transform || !cell || !outline) return false;
    return printsBlurry(original, outline.widthMm * (cell.width / template.size.width), slot.transform);
  });

  const trayPhotos = useMemo(
    () => [...new Set([order.image, ...order.photos.map((p) => p.uri)])],
    [order.image, order.photos],
  );

  async function placeOrder() {
    const missing = emptySlots(editor.live).length;
    if (missing > 0) {
      setError(sceneIncompleteMessage(missing));
      return;
    }
    setBusy('ordering');
    setError(null);
    try {
      await loadSceneFonts(editor.live);
      // What is ordered has every text inside the printable area, measured with its face loaded.
      const ready = editor.readyToOrder();
      const stickers = await stickerImages(ready);
      const png = await renderDesignPng(ready, library, stickers, template);
      const design = await uploadDesign(png);
      await saveDesign(order.id, design, ready);
      forgetDesignInProgress(order.id);
      await confirmPayAtStore(order.id);
    } catch (failure) {
      setError(orderFailure(failure));
      setBusy(null);
      // The type stopped being sold here meanwhile: the picker shows what is sold now, the way on.
      if (failure instanceof ApiError && failure.code.startsWith('CASE_')) caseType.refresh();
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
      // docs/product.md §8.8: a failure here is only logged; the customer goes to pick a photo anyway.
      console.warn('No se ha podido quitar la foto del pedido', failure);
    }
    clearStoredTransform(order.id);
    onPhotoRemoved();
  }

  return (
    <div className="editor-layout">
      <div className="editor-intro">
        {header}
        <p className="editor-price" aria-live="polite">
          Precio de tu funda: <strong>{formatEuros(order.total)}</strong>
        </p>
        {caseType.picker && (
          <CaseTypePicker
            {...caseType.picker}
            onChoose={(typeId, colourId) => {
              setError(null);
              caseType.picker?.onChoose(typeId, colourId);
            }}
            disabled={disabled}
          />
        )}
        {caseType.error && <Alert>{caseType.error}</Alert>}
        {/* The hints follow the input in use: fingers on phones and kiosks, mouse and keys elsewhere. */}
        <EditorHints touch={input === 'touch' || kiosk} hintId={hintId} keysId={keysId} />
      </div>

      <div className="editor-studio">
        <EditorDrawer
          editor={editor}
          scene={scene}
          slotIndex={slotIndex}
          selectedLayer={selectedLayer}
          panel={panel}
          onPanel={setPanel}
          disabled={disabled}
          trayPhotos={trayPhotos}
          onPutPhoto={photos.put}
          onAddPhoto={photos.pick}
          onError={setError}
        />
        <EditorSelectionBar
          editor={editor}
          scene={scene}
          slotIndex={slotIndex}
          selectedLayer={selectedLayer}
          disabled={disabled}
        />
        <EditorStage
          canvas={canvas}
          editor={editor}
          scene={scene}
          slotIndex={slotIndex}
          selectedLayer={selectedLayer}
          transform={editorState?.transform ?? null}
          editing={editing}
          textEditing={textEditing}
          disabled={disabled}
          busy={busy ? busyText[busy] : null}
          hintId={hintId}
          keysId={keysId}
          noticeId={notice ? noticeId : undefined}
          onPutPhoto={photos.put}
          onAddPhoto={photos.pick}
        />
        <div className="editor-notice" id={noticeId} role="status">
          {notice && (
            <p className="editor-warning">
              <WarningIcon className="editor-warning__icon" />
              {notice}
            </p>
          )}
        </div>
        <p className="editor-save" aria-live="polite">
          {draft === 'saving'
            ? 'Guardando…'
            : draft === 'saved'
              ? 'Guardado'
              : draft === 'failed'
                ? 'Sin guardar'
                : ''}
        </p>
        {outline && (
          <Case3dButton
            className="editor-3d"
            outline={outline}
            designImageUrl={() =>
              stageSnapshot('design', [canvas.sceneCanvasRef.current], canvas.layoutRef.current)
            }
            flatImageUrl={() =>
              stageSnapshot(
                'case',
                [canvas.sceneCanvasRef.current, canvas.caseCanvasRef.current],
                canvas.layoutRef.current,
              )
            }
            caseType={order.caseType}
            colour={order.colour}
            material={order.caseType.name}
          />
        )}
        {photos.fileInput}
      </div>

      <div className="editor-controls">
        <EditorToolbar
          zoom={zoom}
          canZoomIn={zoom < ZOOM.max}
          canZoomOut={zoom > lowestZoom + 1e-9}
          disabled={disabled || !editorState}
          onZoomIn={() => editor.onSelectedSlot(zoomIn)}
          onZoomOut={() => editor.onSelectedSlot(zoomOut)}
          onFit={() => editor.onSelectedSlot(fitToTemplate)}
          onFlip={() => editor.onSelectedSlot(flipHorizontal)}
          onRotate={() => editor.onSelectedSlot(rotate90)}
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

        <EditorActions
          orderNumber={order.orderNumber}
          kiosk={kiosk}
          disabled={disabled}
          whatsapp={whatsapp}
          whatsappDisplay={whatsappDisplay}
          onOrder={placeOrder}
          onChangePhoto={changePhoto}
        />
      </div>
      {photos.phoneSlot !== null && (
        <Suspense fallback={null}>
          <KioskPhotoDialog
            order={order}
            onClose={photos.closePhone}
            onPhoto={(uri, changed) => void photos.fromPhone(uri, changed)}
          />
        </Suspense>
      )}
    </div>
  );
}
