import { type InputHTMLAttributes, useId } from 'react';
import { describedBy, FieldMessages } from './field-messages';

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
  const id = useId();
  return (
    <div className={className ? `admin-field ${className}` : 'admin-field'}>
      <label htmlFor={id} className="admin-label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        className="admin-input"
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
        {...props}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
