import { type TextareaHTMLAttributes, useId } from 'react';
import { describedBy, FieldMessages } from './field-messages';

interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null;
}

/** A labelled text of several lines (a store's opening hours); `required` shows an asterisk. */
export function TextAreaField({
  label,
  value,
  onChange,
  hint,
  error,
  required,
  ...props
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id} className="admin-label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <textarea
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
