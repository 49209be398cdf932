import type { Layer, Scene } from '@shop/contracts/scene';
import type { SceneEditor } from '../lib/scene-editor';

interface EditorSelectionBarProps {
  editor: SceneEditor;
  scene: Scene;
  slotIndex: number;
  selectedLayer: Layer | null;
  disabled: boolean;
}

/**
 * Which photo the tools change (in a layout of several) and what to do with the selected text or
 * sticker. Always rendered, empty or not: choosing a layer or a photo never moves the case.
 */
export function EditorSelectionBar({
  editor,
  scene,
  slotIndex,
  selectedLayer,
  disabled,
}: EditorSelectionBarProps) {
  const layerIndex = selectedLayer ? scene.layers.indexOf(selectedLayer) : -1;
  return (
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
              onClick={() => editor.select({ slot: i, layer: null })}
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
            onClick={() => editor.reorderLayer(selectedLayer.id, 1)}
          >
            Subir
          </button>
          <button
            type="button"
            className="editor-choice"
            disabled={disabled || layerIndex <= 0}
            onClick={() => editor.reorderLayer(selectedLayer.id, -1)}
          >
            Bajar
          </button>
          <button
            type="button"
            className="editor-choice"
            disabled={disabled}
            onClick={() => editor.removeLayer(selectedLayer.id)}
          >
            Quitar
          </button>
        </fieldset>
      )}
    </div>
  );
}
