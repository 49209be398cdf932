export interface PhotoTrayProps {
  photos: readonly string[];
  /** Which slot a photo goes to ('el hueco 2'). */
  target: string;
  disabled: boolean;
  onPick: (uri: string) => void;
  onAdd: () => void;
}

/** The drag-and-drop type of a tray photo (its uri), dropped on a slot of the stage. */
export const TRAY_PHOTO_TYPE = 'application/x-shop-photo';

/**
 * The order's photos, to put one in the selected slot (a click, or dragged onto any slot), and
 * 'Añadir foto' from this device.
 */
export function PhotoTray({ photos, target, disabled, onPick, onAdd }: PhotoTrayProps) {
  return (
    <fieldset className="editor-choices editor-tray">
      <legend className="editor-choices__legend">Tus fotos</legend>
      {photos.map((uri, i) => (
        <button
          key={uri}
          type="button"
          className="editor-tray__photo"
          aria-label={`Poner la foto ${i + 1} en ${target}`}
          disabled={disabled}
          draggable={!disabled}
          onDragStart={(event) => {
            event.dataTransfer.setData(TRAY_PHOTO_TYPE, uri);
            event.dataTransfer.effectAllowed = 'copy';
          }}
          onClick={() => onPick(uri)}
        >
          <img src={uri} alt="" loading="lazy" decoding="async" />
        </button>
      ))}
      <button type="button" className="editor-choice" disabled={disabled} onClick={onAdd}>
        Añadir foto
      </button>
    </fieldset>
  );
}
