import { type InputHTMLAttributes, useId } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}

/** A labelled input; `required` shows an asterisk and is checked by the browser. */
export function TextField({ label, value, onChange, hint, className, required, ...props }: TextFieldProps) {
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
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
