import { useId } from 'react';
import type { Option } from './select-field';

interface ChecklistFieldProps {
  label: string;
  /** What the count says it counts: "tiendas". */
  noun: string;
  options: readonly (Option & { note?: string })[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  error?: string | null;
}

/** Several of a list (the stores that offer a model), with 'Todas' and 'Ninguna'. */
export function ChecklistField({
  label,
  noun,
  options,
  value,
  onChange,
  disabled,
  error,
}: ChecklistFieldProps) {
  const id = useId();
  const order = (values: string[]) => options.map((o) => o.value).filter((v) => values.includes(v));
  const toggle = (item: string, on: boolean) =>
    onChange(on ? order([...value, item]) : value.filter((v) => v !== item));
  return (
    <fieldset
      className="admin-checklist"
      aria-describedby={error ? `${id}-count ${id}-error` : `${id}-count`}
      disabled={disabled}
    >
      <legend className="admin-label">{label}</legend>
      <div className="admin-checklist__tools">
        <p id={`${id}-count`} className="admin-hint">
          {value.length} de {options.length} {noun}
        </p>
        <button
          type="button"
          className="admin-link-button"
          onClick={() => onChange(options.map((o) => o.value))}
        >
          Todas
        </button>
        <button type="button" className="admin-link-button" onClick={() => onChange([])}>
          Ninguna
        </button>
      </div>
      <ul className="admin-checklist__items">
        {options.map((option) => (
          <li key={option.value}>
            <input
              id={`${id}-${option.value}`}
              type="checkbox"
              className="admin-checkbox"
              checked={value.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <label htmlFor={`${id}-${option.value}`}>
              {option.label}
              {option.note && <span className="admin-muted"> · {option.note}</span>}
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={`${id}-error`} className="admin-field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
