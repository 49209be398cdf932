import { useEffect, useId, useState } from 'react';
import { formatEurosInput, parseEuros } from '../../lib/euros';

interface PriceInputProps {
  label: string;
  /** Euros; null while the field is empty or not an amount. */
  value: number | null;
  onChange: (euros: number | null) => void;
  required?: boolean;
  hint?: string;
}

/** An amount in euros typed the Spanish way ("19,90"), tidied when the field is left. */
export function PriceInput({ label, value, onChange, required, hint }: PriceInputProps) {
  const id = useId();
  const [text, setText] = useState(() => (value === null ? '' : formatEurosInput(value)));
  const invalid = text.trim() !== '' && parseEuros(text) === null;

  // A value set from outside (the form loaded its record) replaces what is typed.
  useEffect(() => {
    setText((current) =>
      parseEuros(current) === value ? current : value === null ? '' : formatEurosInput(value),
    );
  }, [value]);

  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="admin-field">
      <label htmlFor={id} className="admin-label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="admin-input-affix">
        <input
          id={id}
          className="admin-input"
          inputMode="decimal"
          autoComplete="off"
          required={required}
          value={text}
          aria-invalid={invalid}
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            setText(event.target.value);
            onChange(parseEuros(event.target.value));
          }}
          onBlur={() => {
            const euros = parseEuros(text);
            if (euros !== null) setText(formatEurosInput(euros));
          }}
        />
        <span className="admin-input-affix__suffix" aria-hidden="true">
          €
        </span>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className="admin-field-error">
          Escriba un importe en euros, por ejemplo 19,90.
        </p>
      )}
    </div>
  );
}
