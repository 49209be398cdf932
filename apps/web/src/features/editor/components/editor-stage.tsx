import type { DesignTransform } from '@shop/case-geometry/transform';
import { type Layer, layoutCells, type Scene } from '@shop/contracts/scene';
import type { SceneCanvas } from '../hooks/use-scene-canvas';
import type { TextEditing } from '../hooks/use-text-editing';
import type { EditorSnapshot, SceneEditor } from '../lib/scene-editor';
import { slotAt } from '../lib/scene-gestures';
import { InPlaceText } from './in-place-text';
import { TRAY_PHOTO_TYPE } from './photo-tray';

interface EditorStageProps {
  canvas: SceneCanvas;
  editor: SceneEditor;
  scene: Scene;
  slotIndex: number;
  selectedLayer: Layer | null;
  /** The selected photo's placement (tests and tools read it from the stage). */
  transform: DesignTransform | null;
  editing: EditorSnapshot['editing'];
  textEditing: TextEditing;
  disabled: boolean;
  /** What the screen is busy doing, shown over the case; null when it is not. */
  busy: string | null;
  /** Ids of the hints and of the notice about texts, for the stage's description. */
  hintId: string;
  keysId: string;
  noticeId: string | undefined;
  onPutPhoto: (uri: string, index: number) => void;
  onAddPhoto: (index: number) => void;
}

/**
 * The case: three stacked canvases (scene, case, selection; the last one is the surface the
 * gestures act on), the field over a text being typed on, an 'Añadir foto' button on every empty
 * cell, and the busy overlay. A photo dragged from the tray is dropped on the cell under it.
 */
export function EditorStage({
  canvas,
  editor,
  scene,
  slotIndex,
  selectedLayer,
  transform,
  editing,
  textEditing,
  disabled,
  busy,
  hintId,
  keysId,
  noticeId,
  onPutPhoto,
  onAddPhoto,
}: EditorStageProps) {
  const stage = canvas.layout;
  const editedLayer = editing ? scene.layers.find((l) => l.id === editing.id) : undefined;
  const editedText = editedLayer?.kind === 'text' ? editedLayer : null;
  const editedBounds = editedText && stage ? canvas.boundsOf(editedText) : null;
  return (
    <>
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
          const index = slotAt(stage, editor.live, {
            x: event.clientX - rect.left,
            y: event.clientY - rect.top,
          });
          if (index !== null) onPutPhoto(uri, index);
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
            describedBy={noticeId}
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
                onClick={() => onAddPhoto(i)}
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
              <span>{busy}</span>
            </>
          )}
        </div>
      </div>
    </>
  );
}
