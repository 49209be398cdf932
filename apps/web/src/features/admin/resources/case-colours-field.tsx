import type { CaseTypeInput } from '@shop/contracts/case-types';
import { useId } from 'react';

/** A colour as the form edits it: one without an id is new. */
export type ColourRow = CaseTypeInput['colours'][number];

const NEW_COLOUR: ColourRow = { name: '', hex: '#1f2937' };

/** The message for the first row the server would refuse, or null. */
export function coloursProblem(rows: ColourRow[]): string | null {
  if (rows.some((c) => c.name.trim() === '')) return 'Ponga nombre a cada color o quítelo de la lista.';
  const names = rows.map((c) => c.name.trim().toLocaleLowerCase('es-ES'));
  if (new Set(names).size !== names.length) return 'Dos colores tienen el mismo nombre: cambie uno.';
  if (rows.length > 24) return 'Caben 24 colores como máximo.';
  return null;
}

interface CaseColoursFieldProps {
  value: ColourRow[];
  onChange: (value: ColourRow[]) => void;
  error: string | null;
  readOnly: boolean;
}

/** The type's colours, in order: a name for people and the colour itself, each removable. */
export function CaseColoursField({ value, onChange, error, readOnly }: CaseColoursFieldProps) {
  const id = useId();
  const set = (i: number, row: Partial<ColourRow>) =>
    onChange(value.map((c, j) => (j === i ? { ...c, ...row } : c)));

  return (
    <fieldset className="admin-field admin-colours" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="admin-label">Colores</legend>
      <p id={`${id}-hint`} className="admin-hint">
        Los que puede elegir el cliente, en este orden; sin colores, la funda tiene uno solo. Un color con
        pedidos no se puede quitar.
      </p>
      {value.length > 0 && (
        <ul className="admin-colours__list">
          {value.map((colour, i) => (
            <li key={colour.id ?? `new-${i}`} className="admin-colours__row">
              <label className="admin-colours__swatch">
                <span className="visually-hidden">Color {colour.name || i + 1}</span>
                <input
                  type="color"
                  value={colour.hex}
                  disabled={readOnly}
                  onChange={(event) => set(i, { hex: event.target.value })}
                />
              </label>
              <label className="admin-colours__name">
                <span className="visually-hidden">Nombre del color {i + 1}</span>
                <input
                  className="admin-input"
                  value={colour.name}
                  maxLength={30}
                  readOnly={readOnly}
                  aria-invalid={error && colour.name.trim() === '' ? true : undefined}
                  placeholder="Por ejemplo, Azul marino"
                  onChange={(event) => set(i, { name: event.target.value })}
                />
              </label>
              <code className="admin-muted">{colour.hex}</code>
              {!readOnly && (
                <button
                  type="button"
                  className="admin-button admin-button--ghost"
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                >
                  Quitar<span className="visually-hidden"> el color {colour.name || i + 1}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && value.length < 24 && (
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() => onChange([...value, { ...NEW_COLOUR }])}
        >
          Añadir color
        </button>
      )}
      {error && (
        <p id={`${id}-error`} className="admin-field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
