import { useId } from 'react';

interface SwitchFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A line under the label saying what the switch does. */
  hint?: string;
  disabled?: boolean;
}

/** An on/off setting: a checkbox with the switch role, its label and its hint. */
export function SwitchField({ label, checked, onChange, hint, disabled }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="admin-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className="admin-switch__input"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="admin-switch__label">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="admin-hint">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
