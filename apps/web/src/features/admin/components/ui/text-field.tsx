import type { InputHTMLAttributes } from 'react';
import { Field } from './field-messages';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** What is wrong with the value (the browser's own checks aside), shown under the field. */
  error?: string | null;
}

/** A labelled input; `required` shows an asterisk and is checked by the browser. */
export function TextField({
  label,
  value,
  onChange,
  hint,
  error,
  className,
  required,
  ...props
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <input
          {...control}
          className="admin-input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...props}
        />
      )}
    </Field>
  );
}
