import { useId } from 'react';
import { describedBy, FieldMessages } from './field-messages';

export interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  /** The first, empty choice ("Elija una marca"); none when the field always has a value. */
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  error?: string | null;
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  required,
  disabled,
  hint,
  error,
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className="admin-field">
      <label className="admin-label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <select
        id={id}
        className="admin-input"
        required={required}
        disabled={disabled}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
