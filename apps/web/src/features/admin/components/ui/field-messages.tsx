import { type ReactNode, useId } from 'react';

/** The ids a field's input points at with aria-describedby: its hint and its error, when shown. */
export const describedBy = (id: string, hint?: string | null, error?: string | null): string | undefined =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/** The line under a field saying what it is for, and the one saying what is wrong with it. */
export function FieldMessages({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: string | null;
  error?: string | null;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="admin-field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** What a field's control needs from its frame: its id, the browser's check, and what describes it. */
export interface ControlProps {
  id: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  hint?: string | null;
  error?: string | null;
  required?: boolean | undefined;
  className?: string | undefined;
  /** The control itself (input, textarea, select), given the props that tie it to the label. */
  children: (control: ControlProps) => ReactNode;
}

/**
 * One field of a back-office form: the label (an asterisk when `required`), the control, its hint
 * and its error, tied together for assistive technology. Every field kind draws its control in it.
 */
export function Field({ label, hint, error, required, className, children }: FieldProps) {
  const id = useId();
  return (
    <div className={className ? `admin-field ${className}` : 'admin-field'}>
      <label htmlFor={id} className="admin-label">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children({
        id,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(id, hint, error),
      })}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
