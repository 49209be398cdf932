import type { Entity, FieldSpec, FormContext, FormSpec } from './resource';

/** Messages per field name, from the client's checks or the server. */
export type FieldErrors = Partial<Record<string, string>>;

/** A field's label, hint or rule for this state of the form. */
export function resolve<V, L, R>(
  value: R | ((context: FormContext<V, L>) => R),
  context: FormContext<V, L>,
): R {
  return typeof value === 'function' ? (value as (context: FormContext<V, L>) => R)(context) : value;
}

export const isVisible = <V, L>(field: FieldSpec<V, L>, context: FormContext<V, L>): boolean =>
  field.visible ? field.visible(context) : true;

const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** What a required field says when it is empty, by kind. */
function requiredMessage<V, L>(field: FieldSpec<V, L>, context: FormContext<V, L>): string {
  const label = resolve(field.label, context).toLowerCase();
  if (field.kind === 'price') return 'Indique un importe en euros, por ejemplo 19,90.';
  if (field.kind === 'select') return `Elija ${label}.`;
  if (field.kind === 'image') return `Suba ${label}.`;
  return `Rellene ${label}.`;
}

/**
 * The client's checks, field by field: required (a price that is not an amount is empty) and the
 * field's own rule. Hidden and read-only fields are not checked; the server checks everything again.
 */
export function validateFields<T extends Entity, I, V, L>(
  form: FormSpec<T, I, V, L>,
  context: FormContext<V, L>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of form.fields) {
    if (!isVisible(field, context) || field.readOnly?.(context)) continue;
    const value = (context.values as Record<string, unknown>)[field.name];
    if (field.required && resolve(field.required, context) && isEmpty(value)) {
      errors[field.name] = requiredMessage(field, context);
      continue;
    }
    const problem = field.validate?.(value, context);
    if (problem) errors[field.name] = problem;
  }
  return errors;
}

/** A stored record as form values: the form's own mapping, or each field's name read from it. */
export function readFields<T extends Entity, I, V, L>(form: FormSpec<T, I, V, L>, record: T): V {
  if (form.fromRecord) return form.fromRecord(record);
  const source = record as unknown as Record<string, unknown>;
  return Object.fromEntries(form.fields.map((f) => [f.name, source[f.name] ?? null])) as V;
}

export const fieldValue = {
  /** The values with the spaces around every text removed, as the API stores them. */
  trimmed<V>(values: V): V {
    return Object.fromEntries(
      Object.entries(values as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === 'string' ? v.trim() : v,
      ]),
    ) as V;
  },
};
