import { fitToTemplate } from '@shop/case-geometry/commands/fit';
import { flipHorizontal } from '@shop/case-geometry/commands/flip';
import { rotate90 } from '@shop/case-geometry/commands/rotate';
import { zoomIn, zoomOut } from '@shop/case-geometry/commands/zoom';
import type { Slot } from '@shop/case-geometry/coverage';
import { keepCovering, minZoom, ZOOM, zoomOf } from '@shop/case-geometry/editor-state';
import type { PxSize } from '@shop/case-geometry/outline';
import type { DesignTransform } from '@shop/case-geometry/transform';
import { sceneCoverageSlots } from '@shop/case-render/scene';
import { messages } from '@shop/contracts/messages';
import { formatEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import {
  emptySlots,
  type Layer,
  layoutCells,
  type Scene,
  STICKER_SIZE,
  sceneIncompleteMessage,
  type TextLayer,
} from '@shop/contracts/scene';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api-client';
import { isKiosk } from '@/lib/kiosk';
import { getSessionValue } from '@/lib/session';
import { addOrderPhoto } from '../api/add-order-photo';
import { confirmPayAtStore } from '../api/confirm-pay-at-store';
import { removeImage } from '../api/remove-image';
import { saveDesign } from '../api/save-design';
import { uploadDesign } from '../api/upload-design';
import { uploadPhoto } from '../api/upload-photo';
import { useDraftSave } from '../hooks/use-draft-save';
import type { EditorSession } from '../hooks/use-editor-order';
import { useInputKind } from '../hooks/use-input-kind';
import { type Selection, useSceneCanvas } from '../hooks/use-scene-canvas';
import { slotAt, useSceneGestures } from '../hooks/use-scene-gestures';
import { useTextEditing } from '../hooks/use-text-editing';
import { assistanceLink } from '../lib/assistance-link';
import { forgetDesignInProgress, rememberDesignInProgress } from '../lib/design-in-progress';
import { loadSceneFonts } from '../lib/fonts';
import { canRedo, canUndo, createHistory, record, redo, replace, undo } from '../lib/history';
import { printsBlurry } from '../lib/print-quality';
import { renderDesignPng } from '../lib/render-design';
import {
  addLayer,
  applyToSlot,
  canAddLayer,
  changeLayout,
  type EditorCommand,
  keepTextsInside,
  newLayerId,
  newLayerPosition,
  placePhoto,
  removeLayer,
  reorderLayer,
  setBackground,
  setFilter,
  slotEditorState,
  updateLayer,
} from '../lib/scene-edit';
import { stickerImages } from '../lib/stickers';
import { clearStoredTransform, writeStoredTransform } from '../lib/stored-transform';
import { textFitFor } from '../lib/text-fit';
import { DesignPanel } from './design-panel';
import { ChatIcon, CheckIcon, MoveIcon, PhotoIcon, RedoIcon, UndoIcon, WarningIcon } from './editor-icons';
import { EditorToolbar } from './editor-toolbar';
import { FilterPanel } from './filter-panel';
import { InPlaceText } from './in-place-text';
import { PhotoTray, TRAY_PHOTO_TYPE } from './photo-tray';
import { StickerPanel } from './sticker-panel';
import { type TextFields, TextPanel } from './text-panel';

// Only kiosks show 'Asistencia' and 'Añadir foto' as QR codes: their modules (and the QR encoder)
// load for them alone.
const AssistanceQrDialog = lazy(() =>
  import('./assistance-qr-dialog').then((module) => ({ default: module.AssistanceQrDialog })),
);
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
    ].includes(failure.code);
    return explained ? failure.message : messages.orderConfirmFailed;
  }
  return messages.genericRetry;
}

/** Keystrokes closer together than this in one text make one step of the history. */
const TYPING_STEP_MS = 1000;

/** docs/product.md §9.3: fit-to-template runs about 100 ms after the photo loads. */
const FIT_DELAY_MS = 100;

/**
 * The on-screen coverage rule of each cell. The whole case box for one photo (corner radius 0), as
 * the first editor did: a little stricter than the server's rounded body, never looser.
 */
const coverageOf = (scene: Scene, box: PxSize): Slot[] => sceneCoverageSlots(scene.layout, box, 0);

const nearlySame = (a: DesignTransform, b: DesignTransform): boolean => {
  const close = (x: number, y: number) => Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y));
  return (
    close(a.centerX, b.centerX) &&
    close(a.centerY, b.centerY) &&
    close(a.scale, b.scale) &&
    a.quarterTurns === b.quarterTurns &&
    a.flipX === b.flipX
  );
};

type Busy = 'ordering' | 'removing' | 'uploading' | null;

const busyText: Record<Exclude<Busy, null>, string> = {
  ordering: 'Procesando su diseño, por favor espere...',
  removing: 'Eliminando la imagen...',
  uploading: 'Subiendo tu foto...',
};

type Panel = 'design' | 'filters' | 'text' | 'stickers';

const PANELS: { id: Panel; label: string }[] = [
  { id: 'design', label: 'Diseño' },
  { id: 'filters', label: 'Filtros' },
  { id: 'text', label: 'Texto' },
  { id: 'stickers', label: 'Pegatinas' },
];

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

  // Restored placements are brought back over their cells before anything is drawn; slots not
  // placed yet start covering their cell.
  const [initialScene] = useState(() => {
    const scene = session.initialScene;
    const coverage = coverageOf(scene, template.size);
    return {
      ...scene,
      slots: scene.slots.map((slot, i) => {
        const size = slot.photo ? sizeOf(slot.photo) : null;
        const state = size && coverage[i] ? slotEditorState(scene, i, coverage[i], size) : null;
        if (!state) return slot;
        const covering = keepCovering(state, state.transform).transform;
        // A placement that already covers stays exactly as stored (no floating-point churn).
        return slot.transform && nearlySame(covering, slot.transform)
          ? slot
          : { ...slot, transform: covering };
      }),
    };
  });
  const [history, setHistory] = useState(() => createHistory(initialScene));
  const historyRef = useRef(history);
  historyRef.current = history;
  const scene = history.present;
  const canvas = useSceneCanvas(initialScene, library, template, outline);
  const { liveRef, selectionRef, redraw } = canvas;
  const [selection, setSelection] = useState<Selection>({ slot: 0, layer: null });
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  /** What the customer should know about the text just changed (cut, refused, put back). */
  const [notice, setNotice] = useState<string | null>(null);
  const [panel, setPanel] = useState<Panel | null>(null);
  const hintId = useId();
  const noticeId = useId();
  const keysId = useId();
  const panelId = useId();
  const input = useInputKind();
  const [kiosk] = useState(isKiosk);
  const [assistanceOpen, setAssistanceOpen] = useState(false);
  /** The cell a kiosk's 'Añadir foto' fills from the customer's phone (its QR code is open). */
  const [phoneSlot, setPhoneSlot] = useState<number | null>(null);
  const fitTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileSlotRef = useRef(0);
  const typingRef = useRef<{ id: string; at: number } | null>(null);

  // The live scene follows every committed change (commands, undo, redo).
  useEffect(() => {
    liveRef.current = scene;
    redraw();
  }, [scene, liveRef, redraw]);

  const slotChange = useCallback(
    (index: number, command: EditorCommand) =>
      (s: Scene): Scene => {
        const uri = s.slots[index]?.photo;
        const size = uri ? sizeOf(uri) : null;
        const coverage = coverageOf(s, template.size)[index];
        return size && coverage ? applyToSlot(s, index, command, coverage, size) : s;
      },
    [sizeOf, template.size],
  );

  // Texts stay inside the printable area, measured as the server measures them.
  const fitText = useMemo(() => textFitFor(outline, template.size), [outline, template.size]);

  const update = useCallback(
    (change: (scene: Scene) => Scene, { commit = true } = {}): boolean => {
      // Whatever the customer does first wins over the pending fit-on-load.
      clearTimeout(fitTimer.current);
      const previous = liveRef.current;
      const kept = keepTextsInside(change(previous), previous, fitText);
      const next = kept.scene;
      liveRef.current = next;
      redraw();
      if (commit) setHistory((h) => record(h, next));
      if (kept.touched) setNotice(kept.refused ? messages.textDoesNotFit : null);
      return !kept.refused;
    },
    [liveRef, redraw, fitText],
  );
  const commit = useCallback(() => {
    const next = liveRef.current;
    setHistory((h) => record(h, next));
  }, [liveRef]);
  const select = useCallback(
    (next: Selection) => {
      selectionRef.current = next;
      setSelection(next);
      redraw();
    },
    [selectionRef, redraw],
  );

  useEffect(() => {
    if (!session.fitOnLoad) return;
    fitTimer.current = setTimeout(() => {
      const next = slotChange(0, fitToTemplate)(liveRef.current);
      liveRef.current = next;
      redraw();
      setHistory((h) => replace(h, next));
    }, FIT_DELAY_MS);
    return () => clearTimeout(fitTimer.current);
  }, [session.fitOnLoad, slotChange, liveRef, redraw]);

  const selectLayer = useCallback(
    (id: string) => select({ slot: selectionRef.current.slot, layer: id }),
    [select, selectionRef],
  );
  const textEditing = useTextEditing({
    liveRef,
    historyRef,
    setHistory,
    update,
    selectLayer,
    redraw,
    surfaceRef: canvas.surfaceRef,
    setNotice,
  });
  const editText = busy === null ? textEditing.start : undefined;

  useSceneGestures(canvas, { update, commit, select, slotChange, editText }, busy === null);

  const undoStep = useCallback(() => setHistory(undo), []);
  const redoStep = useCallback(() => setHistory(redo), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || busy) return;
      const target = event.target as HTMLElement | null;
      // In a text field the browser's own undo applies to what is being typed.
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undoStep();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redoStep();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, undoStep, redoStep]);

  // The selection follows the scene: a layer undone away, a slot beyond a smaller layout.
  const slotIndex = Math.min(selection.slot, scene.slots.length - 1);
  const selectedLayer: Layer | null = scene.layers.find((l) => l.id === selection.layer) ?? null;
  useEffect(() => {
    if (slotIndex !== selection.slot || (selection.layer && !selectedLayer))
      select({ slot: slotIndex, layer: selectedLayer?.id ?? null });
  }, [slotIndex, selection, selectedLayer, select]);

  // Fonts and stickers are fetched when the scene uses them; the stage repaints when they are in.
  // With the faces in, texts are measured by their real letters: a draft saved before texts were
  // kept inside the case, or a text measured while its face was still on its way, is brought
  // inside then, as the editor's own doing (not a step to undo).
  useEffect(() => {
    let live = true;
    loadSceneFonts(scene).then(
      () => {
        if (!live) return;
        const inside = keepTextsInside(scene, null, fitText).scene;
        if (inside !== scene) setHistory((h) => (h.present === scene ? replace(h, inside) : h));
        redraw();
      },
      () => undefined,
    );
    stickerImages(scene).then(
      (images) => {
        if (!live) return;
        for (const [id, image] of images) canvas.stickersRef.current.set(id, image);
        redraw();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [scene, redraw, canvas.stickersRef, fitText]);

  // A one-photo design is also remembered in the tab, as the first editor did.
  const first = scene.slots[0];
  useEffect(() => {
    if (scene.layout === 'one' && first?.photo === order.image && first.transform)
      writeStoredTransform(order.id, order.image, first.transform);
  }, [scene.layout, first, order.id, order.image]);

  const draft = useDraftSave(order.id, scene, busy === null || busy === 'uploading');

  // Saved on this device too, so coming back later offers to carry on (never on a shop's kiosk).
  useEffect(() => {
    const storeId = getSessionValue('store_id');
    const storeUrl = getSessionValue('store_url');
    if (draft === 'saved' && !kiosk && storeId !== null && storeUrl) {
      rememberDesignInProgress({ orderId: order.id, storeId, storeUrl });
    }
  }, [draft, kiosk, order.id]);

  const coverage = useMemo(() => coverageOf(scene, template.size), [scene, template.size]);
  const selectedSlot = scene.slots[slotIndex];
  const selectedSize = selectedSlot?.photo ? sizeOf(selectedSlot.photo) : null;
  const editorState =
    selectedSize && coverage[slotIndex]
      ? slotEditorState(scene, slotIndex, coverage[slotIndex], selectedSize)
      : null;
  const transform = editorState?.transform ?? null;
  const zoom = editorState ? zoomOf(editorState) : 1;
  const lowestZoom = editorState ? minZoom(editorState) : 1;

  const cells = useMemo(() => layoutCells(scene.layout, template.size), [scene.layout, template.size]);
  const blurry = scene.slots.some((slot, i) => {
    const cell = cells[i];
    const original = slot.photo ? sizeOf(slot.photo) : null;
    if (!slot.transform || !cell || !outline) return false;
    return printsBlurry(original, outline.widthMm * (cell.width / template.size.width), slot.transform);
  });

  const stage = canvas.layout;

  const disabled = busy !== null;
  const slotName = scene.slots.length > 1 ? `la foto ${slotIndex + 1}` : 'la foto';
  const trayPhotos = useMemo(
    () => [...new Set([order.image, ...order.photos.map((p) => p.uri)])],
    [order.image, order.photos],
  );

  function putPhoto(uri: string, index: number) {
    const size = sizeOf(uri);
    if (!size) return;
    update((s) => {
      const cell = coverageOf(s, template.size)[index];
      return cell ? placePhoto(s, index, uri, cell, size) : s;
    });
    select({ slot: index, layer: null });
    // The on-screen copy for drawing; the geometry already has the original's size.
    library.load(uri).then(redraw, () => undefined);
  }

  /** 'Añadir foto' for a cell: this device's files, or on a kiosk the customer's phone. */
  function pickFile(index: number) {
    if (kiosk) {
      setPhoneSlot(index);
      return;
    }
    fileSlotRef.current = index;
    fileRef.current?.click();
  }

  /** The order's tray after a photo was added to it, here or from the phone. */
  function trayChanged(photos: Order['photos']) {
    const next = { ...orderRef.current, photos };
    orderRef.current = next;
    setOrder(next);
  }

  async function addPhonePhoto(uri: string, index: number, changed: Order) {
    setPhoneSlot(null);
    trayChanged(changed.photos);
    setBusy('uploading');
    setError(null);
    try {
      await library.load(uri);
      putPhoto(uri, index);
    } catch {
      setError(messages.imageUploadFailed);
    }
    setBusy(null);
  }

  async function addPhoto(file: File) {
    const index = fileSlotRef.current;
    setBusy('uploading');
    setError(null);
    try {
      const uri = await uploadPhoto(file);
      const updated = await addOrderPhoto(order.id, uri);
      trayChanged(updated.photos);
      await library.load(uri);
      putPhoto(uri, index);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status !== 0 ? failure.message : messages.imageUploadFailed,
      );
    }
    setBusy(null);
  }

  function addText(fields: TextFields) {
    const id = newLayerId(liveRef.current);
    const layer: TextLayer = {
      ...fields,
      kind: 'text',
      id,
      rotation: 0,
      ...newLayerPosition(liveRef.current),
    };
    update((s) => addLayer(s, layer));
    select({ slot: slotIndex, layer: id });
  }

  function addSticker(sticker: string) {
    const id = newLayerId(liveRef.current);
    update((s) =>
      addLayer(s, {
        kind: 'sticker',
        id,
        sticker,
        size: STICKER_SIZE.initial,
        rotation: 0,
        ...newLayerPosition(liveRef.current),
      }),
    );
    select({ slot: slotIndex, layer: id });
  }

  async function placeOrder() {
    const placed = liveRef.current;
    const missing = emptySlots(placed).length;
    if (missing > 0) {
      setError(sceneIncompleteMessage(missing));
      return;
    }
    setBusy('ordering');
    setError(null);
    try {
      await loadSceneFonts(placed);
      // What is ordered has every text inside the printable area, measured with its face loaded.
      const ready = keepTextsInside(placed, null, fitText).scene;
      if (ready !== placed) {
        liveRef.current = ready;
        setHistory((h) => replace(h, ready));
      }
      const stickers = await stickerImages(ready);
      const png = await renderDesignPng(ready, library, stickers, template);
      const design = await uploadDesign(png);
      await saveDesign(order.id, design, ready);
      forgetDesignInProgress(order.id);
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
      // docs/product.md §8.8: a failure here is only logged; the customer goes to pick a photo anyway.
      console.warn('No se ha podido quitar la foto del pedido', failure);
    }
    clearStoredTransform(order.id);
    onPhotoRemoved();
  }

  const layerIndex = selectedLayer ? scene.layers.indexOf(selectedLayer) : -1;
  const editing = textEditing.editing;
  const editedLayer = editing ? scene.layers.find((l) => l.id === editing.id) : undefined;
  const editedText = editedLayer?.kind === 'text' ? editedLayer : null;
  const editedBounds = editedText && stage ? canvas.boundsOf(editedText) : null;
  const { finish: finishEditing } = textEditing;
  // A text gone while its field is open (taken away, or the design sent): the field goes too.
  useEffect(() => {
    if (editing && !editedText) finishEditing('blur');
  }, [editing, editedText, finishEditing]);

  return (
    <div className="editor-layout">
      <div className="editor-intro">
        {header}
        <p className="editor-price">
          Precio de tu funda: <strong>{formatEuros(order.model.price)}</strong>
        </p>
        {/* The hints follow the input in use: fingers on phones and kiosks, mouse and keys elsewhere. */}
        {input === 'touch' || kiosk ? (
          <>
            <p className="editor-hint" id={hintId}>
              <MoveIcon className="editor-hint__icon" />
              Arrastra la foto con el dedo para moverla.
            </p>
            <p className="editor-hint__more" id={keysId}>
              Pellizca con dos dedos para acercarla o alejarla, o usa los botones de abajo. La foto cubre
              siempre toda la funda. Toca un texto o una pegatina para moverlo; con dos dedos cambias su
              tamaño y lo giras. Toca otra vez un texto ya elegido para escribir en él sobre la funda. Los
              textos se quedan siempre dentro de la zona que se imprime.
            </p>
          </>
        ) : (
          <>
            <p className="editor-hint" id={hintId}>
              <MoveIcon className="editor-hint__icon" />
              Haz clic en la imagen y arrástrala para moverla.
            </p>
            <details className="editor-hint__details">
              <summary>Más formas de moverla: rueda, teclado, textos</summary>
              <p className="editor-hint__more" id={keysId}>
                Acerca o aleja con la rueda del ratón. Con el teclado: flechas para moverla (con Mayús, más
                rápido) y las teclas + y − para el zoom. La foto cubre siempre toda la funda. Tab recorre los
                textos y pegatinas: flechas para moverlos, + y − para su tamaño, [ y ] para girarlos, Supr
                para quitarlos. Haz doble clic en un texto (o pulsa Intro con él elegido) para escribir en él
                sobre la funda: Intro termina y Esc lo deja como estaba. Los textos se quedan siempre dentro
                de la zona que se imprime.
              </p>
            </details>
          </>
        )}
      </div>

      <div className="editor-studio">
        <div className="editor-studio__bar">
          <div className="editor-studio__tabs">
            {PANELS.map((p) => (
              <button
                key={p.id}
                type="button"
                className="editor-tab"
                aria-expanded={panel === p.id}
                aria-controls={panel === p.id ? panelId : undefined}
                disabled={disabled}
                onClick={() => setPanel((open) => (open === p.id ? null : p.id))}
              >
                {p.label}
              </button>
            ))}
          </div>
          <div className="editor-studio__history">
            <button
              type="button"
              className="editor-tab"
              disabled={disabled || !canUndo(history)}
              onClick={undoStep}
            >
              <UndoIcon className="editor-tab__icon" />
              <span className="visually-hidden">Deshacer</span>
            </button>
            <button
              type="button"
              className="editor-tab"
              disabled={disabled || !canRedo(history)}
              onClick={redoStep}
            >
              <RedoIcon className="editor-tab__icon" />
              <span className="visually-hidden">Rehacer</span>
            </button>
          </div>
        </div>

        {panel && (
          <section
            className="editor-drawer"
            id={panelId}
            aria-label={PANELS.find((p) => p.id === panel)?.label}
          >
            {panel === 'design' && (
              <>
                <DesignPanel
                  layout={scene.layout}
                  background={scene.background}
                  disabled={disabled}
                  onLayout={(layout) =>
                    update((s) =>
                      changeLayout(s, layout, coverageOf({ ...s, layout }, template.size), sizeOf),
                    )
                  }
                  onBackground={(colour) => update((s) => setBackground(s, colour))}
                />
                <PhotoTray
                  photos={trayPhotos}
                  target={scene.slots.length > 1 ? `el hueco ${slotIndex + 1}` : 'la funda'}
                  disabled={disabled}
                  onPick={(uri) => putPhoto(uri, slotIndex)}
                  onAdd={() => pickFile(slotIndex)}
                />
              </>
            )}
            {panel === 'filters' && (
              <FilterPanel
                filter={selectedSlot?.filter ?? 'none'}
                target={slotName}
                disabled={disabled || !selectedSlot?.photo}
                onFilter={(filter) => update((s) => setFilter(s, slotIndex, filter))}
              />
            )}
            {panel === 'text' && (
              <TextPanel
                layer={selectedLayer?.kind === 'text' ? selectedLayer : null}
                onAdd={(fields) =>
                  canAddLayer(liveRef.current) ? addText(fields) : setError(messages.tooManyLayers)
                }
                onChange={(patch) => {
                  const id = selectedLayer?.id;
                  if (!id) return;
                  // A burst of typing in the same text is one step to undo.
                  const now = performance.now();
                  const last = typingRef.current;
                  const burst = 'text' in patch && last?.id === id && now - last.at < TYPING_STEP_MS;
                  typingRef.current = 'text' in patch ? { id, at: now } : null;
                  if (!burst) {
                    update((s) => updateLayer(s, id, patch));
                    return;
                  }
                  update((s) => updateLayer(s, id, patch), { commit: false });
                  const next = liveRef.current;
                  setHistory((h) => replace(h, next));
                }}
                onDelete={() => {
                  const id = selectedLayer?.id;
                  if (id) update((s) => removeLayer(s, id));
                  select({ slot: slotIndex, layer: null });
                }}
              />
            )}
            {panel === 'stickers' && (
              <StickerPanel
                onAdd={(id) =>
                  canAddLayer(liveRef.current) ? addSticker(id) : setError(messages.tooManyLayers)
                }
              />
            )}
          </section>
        )}

        {/* Always there, empty or not: choosing a layer or a photo never moves the case. */}
        <div className="editor-studio__selection">
          {scene.slots.length > 1 && (
            <fieldset className="editor-choices">
              <legend className="visually-hidden">Foto que ajustas</legend>
              {scene.slots.map((slot, i) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions of the layout.
                  key={i}
                  type="button"
                  className="editor-choice"
                  aria-pressed={!selectedLayer && i === slotIndex}
                  disabled={disabled}
                  onClick={() => select({ slot: i, layer: null })}
                >
                  Foto {i + 1}
                  {!slot.photo && <span className="visually-hidden"> (vacía)</span>}
                </button>
              ))}
            </fieldset>
          )}
          {selectedLayer && (
            <fieldset className="editor-choices">
              <legend className="visually-hidden">
                {selectedLayer.kind === 'text' ? `Texto «${selectedLayer.text}»` : 'Pegatina'} seleccionado
              </legend>
              <button
                type="button"
                className="editor-choice"
                disabled={disabled || layerIndex >= scene.layers.length - 1}
                onClick={() => update((s) => reorderLayer(s, selectedLayer.id, 1))}
              >
                Subir
              </button>
              <button
                type="button"
                className="editor-choice"
                disabled={disabled || layerIndex <= 0}
                onClick={() => update((s) => reorderLayer(s, selectedLayer.id, -1))}
              >
                Bajar
              </button>
              <button
                type="button"
                className="editor-choice"
                disabled={disabled}
                onClick={() => {
                  update((s) => removeLayer(s, selectedLayer.id));
                  select({ slot: slotIndex, layer: null });
                }}
              >
                Quitar
              </button>
            </fieldset>
          )}
        </div>

        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a tray photo is a shortcut; the
            tray's buttons do the same from the keyboard. */}
        <div
          className="editor-stage"
          onDragOver={(event) => {
            if (!disabled && event.dataTransfer.types.includes(TRAY_PHOTO_TYPE)) event.preventDefault();
          }}
          onDrop={(event) => {
            const uri = event.dataTransfer.getData(TRAY_PHOTO_TYPE);
            const surface = canvas.surfaceRef.current;
            if (!uri || !stage || !surface || disabled) return;
            event.preventDefault();
            const rect = surface.getBoundingClientRect();
            const index = slotAt(stage, liveRef.current, {
              x: event.clientX - rect.left,
              y: event.clientY - rect.top,
            });
            if (index !== null) putPhoto(uri, index);
          }}
        >
          <canvas className="editor-stage__layer" ref={canvas.sceneCanvasRef} />
          <canvas className="editor-stage__layer" ref={canvas.caseCanvasRef} />
          {/* biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: the canvas is the editor's
              drag, wheel and keyboard surface; "application" hands the arrow keys to it. */}
          <canvas
            className="editor-stage__layer editor-stage__surface"
            ref={canvas.surfaceRef}
            tabIndex={0}
            role="application"
            aria-roledescription="editor de diseño"
            aria-label="Tu foto sobre la funda"
            aria-describedby={`${hintId} ${keysId}`}
            aria-disabled={disabled || undefined}
            data-transform={JSON.stringify(transform)}
            data-slot={slotIndex}
            data-layer={selectedLayer?.id}
          />
          {editing && editedText && editedBounds && stage && (
            <InPlaceText
              inputRef={textEditing.inputRef}
              layer={editedText}
              bounds={editedBounds}
              fontSize={editedText.size * stage.box.width}
              value={editing.value}
              describedBy={notice ? noticeId : undefined}
              onChange={textEditing.change}
              onDone={textEditing.finish}
              onCancel={textEditing.cancel}
            />
          )}
          {stage &&
            scene.slots.map((slot, i) => {
              const cell = layoutCells(scene.layout, stage.box)[i];
              if (slot.photo || !cell) return null;
              return (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions of the layout.
                  key={i}
                  type="button"
                  className="editor-stage__add"
                  style={{
                    left: stage.box.x + cell.x,
                    top: stage.box.y + cell.y,
                    width: cell.width,
                    height: cell.height,
                  }}
                  disabled={disabled}
                  onClick={() => pickFile(i)}
                >
                  Añadir foto
                  {scene.slots.length > 1 && <span className="visually-hidden"> en el hueco {i + 1}</span>}
                </button>
              );
            })}
          <div className={busy ? 'editor-stage__overlay' : 'visually-hidden'} role="status">
            {busy && (
              <>
                <span className="spinner__ring" aria-hidden="true" />
                <span>{busyText[busy]}</span>
              </>
            )}
          </div>
        </div>
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
        {!kiosk && (
          // A kiosk has no file chooser: the store computer's files are not the customer's.
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
              if (file) void addPhoto(file);
            }}
          />
        )}
      </div>

      <div className="editor-controls">
        <EditorToolbar
          zoom={zoom}
          canZoomIn={zoom < ZOOM.max}
          canZoomOut={zoom > lowestZoom + 1e-9}
          disabled={disabled || !editorState}
          onZoomIn={() => update(slotChange(slotIndex, zoomIn))}
          onZoomOut={() => update(slotChange(slotIndex, zoomOut))}
          onFit={() => update(slotChange(slotIndex, fitToTemplate))}
          onFlip={() => update(slotChange(slotIndex, flipHorizontal))}
          onRotate={() => update(slotChange(slotIndex, rotate90))}
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
              href={assistanceLink(whatsapp, order.orderNumber)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ChatIcon className="editor-actions__icon" />
              <span className="editor-actions__label">Asistencia</span>
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
      {phoneSlot !== null && (
        <Suspense fallback={null}>
          <KioskPhotoDialog
            order={order}
            onClose={() => setPhoneSlot(null)}
            onPhoto={(uri, changed) => void addPhonePhoto(uri, phoneSlot, changed)}
          />
        </Suspense>
      )}
    </div>
  );
}
