import type { TextareaHTMLAttributes } from 'react';
import { Field } from './field-messages';

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
  return (
    <Field label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <textarea
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
