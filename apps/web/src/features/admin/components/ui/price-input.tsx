import { useEffect, useState } from 'react';
import { formatEurosInput, parseEuros } from '../../lib/euros';
import { Field } from './field-messages';

interface PriceInputProps {
  label: string;
  /** Euros; null while the field is empty or not an amount. */
  value: number | null;
  onChange: (euros: number | null) => void;
  required?: boolean;
  hint?: string;
  /** What is wrong with the amount beyond its format (the server's "más de 0 €", say). */
  error?: string | null;
  readOnly?: boolean;
}

/** An amount in euros typed the Spanish way ("19,90"), tidied when the field is left. */
export function PriceInput({ label, value, onChange, required, hint, error, readOnly }: PriceInputProps) {
  const [text, setText] = useState(() => (value === null ? '' : formatEurosInput(value)));
  const invalid = text.trim() !== '' && parseEuros(text) === null;

  // A value set from outside (the form loaded its record) replaces what is typed.
  useEffect(() => {
    setText((current) =>
      parseEuros(current) === value ? current : value === null ? '' : formatEurosInput(value),
    );
  }, [value]);

  const message = invalid ? 'Escriba un importe en euros, por ejemplo 19,90.' : (error ?? null);
  return (
    <Field label={label} hint={hint} error={message} required={required}>
      {(control) => (
        <div className="admin-input-affix">
          <input
            {...control}
            className="admin-input"
            inputMode="decimal"
            autoComplete="off"
            readOnly={readOnly}
            value={text}
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
      )}
    </Field>
  );
}
