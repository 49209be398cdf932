import { FILTERS, type FilterId } from '@shop/contracts/scene';

export interface FilterPanelProps {
  filter: FilterId;
  /** Which photo the filter is for ('la foto', 'la foto 2'...). */
  target: string;
  disabled: boolean;
  onFilter: (filter: FilterId) => void;
}

/** The 'Filtros' panel: the colour filter of the selected slot's photo. */
export function FilterPanel({ filter, target, disabled, onFilter }: FilterPanelProps) {
  return (
    <div className="editor-drawer__body">
      <fieldset className="editor-choices">
        <legend className="editor-choices__legend">Filtro de {target}</legend>
        {FILTERS.map((f) => (
          <button
            key={f.id}
            type="button"
            className="editor-choice"
            aria-pressed={f.id === filter}
            disabled={disabled}
            onClick={() => onFilter(f.id)}
          >
            {f.label}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
