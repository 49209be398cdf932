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
