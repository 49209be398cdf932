import { messages } from '@shop/contracts/messages';
import type { Layer, Scene } from '@shop/contracts/scene';
import { useId } from 'react';
import type { SceneEditor } from '../lib/scene-editor';
import { DesignPanel } from './design-panel';
import { RedoIcon, UndoIcon } from './editor-icons';
import { FilterPanel } from './filter-panel';
import { PhotoTray } from './photo-tray';
import { StickerPanel } from './sticker-panel';
import { TextPanel } from './text-panel';

export type Panel = 'design' | 'filters' | 'text' | 'stickers';

const PANELS: { id: Panel; label: string }[] = [
  { id: 'design', label: 'Diseño' },
  { id: 'filters', label: 'Filtros' },
  { id: 'text', label: 'Texto' },
  { id: 'stickers', label: 'Pegatinas' },
];

interface EditorDrawerProps {
  editor: SceneEditor;
  /** The committed scene, as rendered. */
  scene: Scene;
  slotIndex: number;
  selectedLayer: Layer | null;
  panel: Panel | null;
  onPanel: (panel: Panel | null) => void;
  disabled: boolean;
  /** The order's photos, for the tray. */
  trayPhotos: string[];
  onPutPhoto: (uri: string, index: number) => void;
  onAddPhoto: (index: number) => void;
  onError: (message: string) => void;
}

/**
 * The tools' bar (one tab per panel, undo and redo) and the open panel: on a phone a sheet over the
 * lower part of the stage, beside the case on wider screens (styles/editor.css).
 */
export function EditorDrawer({
  editor,
  scene,
  slotIndex,
  selectedLayer,
  panel,
  onPanel,
  disabled,
  trayPhotos,
  onPutPhoto,
  onAddPhoto,
  onError,
}: EditorDrawerProps) {
  const panelId = useId();
  const selectedSlot = scene.slots[slotIndex];
  const refusedIfFull = (added: boolean) => {
    if (!added) onError(messages.tooManyLayers);
  };
  return (
    <>
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
              onClick={() => onPanel(panel === p.id ? null : p.id)}
            >
              {p.label}
            </button>
          ))}
        </div>
        <div className="editor-studio__history">
          <button
            type="button"
            className="editor-tab"
            disabled={disabled || !editor.canUndo}
            onClick={() => editor.undo()}
          >
            <UndoIcon className="editor-tab__icon" />
            <span className="visually-hidden">Deshacer</span>
          </button>
          <button
            type="button"
            className="editor-tab"
            disabled={disabled || !editor.canRedo}
            onClick={() => editor.redo()}
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
                onLayout={(layout) => editor.setLayout(layout)}
                onBackground={(colour) => editor.setBackground(colour)}
              />
              <PhotoTray
                photos={trayPhotos}
                target={scene.slots.length > 1 ? `el hueco ${slotIndex + 1}` : 'la funda'}
                disabled={disabled}
                onPick={(uri) => onPutPhoto(uri, slotIndex)}
                onAdd={() => onAddPhoto(slotIndex)}
              />
            </>
          )}
          {panel === 'filters' && (
            <FilterPanel
              filter={selectedSlot?.filter ?? 'none'}
              target={scene.slots.length > 1 ? `la foto ${slotIndex + 1}` : 'la foto'}
              disabled={disabled || !selectedSlot?.photo}
              onFilter={(filter) => editor.setFilter(filter)}
            />
          )}
          {panel === 'text' && (
            <TextPanel
              layer={selectedLayer?.kind === 'text' ? selectedLayer : null}
              onAdd={(fields) => refusedIfFull(editor.addText(fields))}
              onChange={(patch) => editor.editSelectedText(patch, performance.now())}
              onDelete={() => {
                if (selectedLayer) editor.removeLayer(selectedLayer.id);
              }}
            />
          )}
          {panel === 'stickers' && <StickerPanel onAdd={(id) => refusedIfFull(editor.addSticker(id))} />}
        </section>
      )}
    </>
  );
}
