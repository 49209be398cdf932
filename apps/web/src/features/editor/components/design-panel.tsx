import { BACKGROUND_COLOURS, LAYOUTS, type LayoutId } from '@shop/contracts/scene';
import { useId } from 'react';

const BACKGROUND_NAMES: Record<string, string> = {
  '#ffffff': 'Blanco',
  '#111111': 'Negro',
  '#f4ede1': 'Crema',
  '#ffd6e0': 'Rosa claro',
  '#cde7f0': 'Azul claro',
  '#d8f3dc': 'Verde claro',
};

export interface DesignPanelProps {
  layout: LayoutId;
  background: string;
  disabled: boolean;
  onLayout: (layout: LayoutId) => void;
  onBackground: (colour: string) => void;
}

/** The 'Diseño' panel: how many photos and how they share the case, and the background colour. */
export function DesignPanel({ layout, background, disabled, onLayout, onBackground }: DesignPanelProps) {
  const colourId = useId();
  return (
    <div className="editor-drawer__body">
      <fieldset className="editor-choices">
        <legend className="editor-choices__legend">Fotos en la funda</legend>
        {LAYOUTS.map((l) => (
          <button
            key={l.id}
            type="button"
            className="editor-choice"
            aria-pressed={l.id === layout}
            disabled={disabled}
            onClick={() => onLayout(l.id)}
          >
            <LayoutIcon id={l.id} />
            {l.label}
          </button>
        ))}
      </fieldset>
      <fieldset className="editor-choices">
        <legend className="editor-choices__legend">Color de fondo</legend>
        {BACKGROUND_COLOURS.map((colour) => (
          <button
            key={colour}
            type="button"
            className="editor-swatch"
            style={{ background: colour }}
            aria-pressed={colour === background.toLowerCase()}
            aria-label={`Fondo ${BACKGROUND_NAMES[colour] ?? colour}`}
            disabled={disabled}
            onClick={() => onBackground(colour)}
          />
        ))}
        <label className="editor-colour" htmlFor={colourId}>
          Otro color
          <input
            id={colourId}
            type="color"
            value={background}
            disabled={disabled}
            onChange={(event) => onBackground(event.target.value.toLowerCase())}
          />
        </label>
      </fieldset>
    </div>
  );
}

/** A thumbnail of a layout's cells. */
function LayoutIcon({ id }: { id: LayoutId }) {
  const cells: Record<LayoutId, [number, number, number, number][]> = {
    one: [[0, 0, 12, 20]],
    'two-side': [
      [0, 0, 5.5, 20],
      [6.5, 0, 5.5, 20],
    ],
    'two-stacked': [
      [0, 0, 12, 9.5],
      [0, 10.5, 12, 9.5],
    ],
    three: [
      [0, 0, 12, 9.5],
      [0, 10.5, 5.5, 9.5],
      [6.5, 10.5, 5.5, 9.5],
    ],
    grid: [
      [0, 0, 5.5, 9.5],
      [6.5, 0, 5.5, 9.5],
      [0, 10.5, 5.5, 9.5],
      [6.5, 10.5, 5.5, 9.5],
    ],
  };
  return (
    <svg className="editor-choice__icon" viewBox="-1 -1 14 22" aria-hidden="true" focusable="false">
      {cells[id].map(([x, y, w, h]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={w} height={h} rx="1" />
      ))}
    </svg>
  );
}
