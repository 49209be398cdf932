import { Field } from './field-messages';

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
  return (
    <Field label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <select
          {...control}
          className="admin-input"
          disabled={disabled}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
