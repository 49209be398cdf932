import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useAction } from '../hooks/use-action';
import { useSession } from '../hooks/use-session';
import { useToast } from '../hooks/use-toast';
import { type FieldErrors, fieldValue, isVisible, readFields, validateFields } from './form-values';
import type { Entity, FormContext, ResourceConfig } from './resource';

export interface FormControllerOptions<T extends Entity, I, V, L> {
  resource: ResourceConfig<T, I, V, L>;
  /** The stored record; null for a new one. */
  record: T | null;
  lookups: L;
  search: URLSearchParams;
  readOnly: boolean;
  /** Where the list is, for the redirect after a delete. */
  listPath: string;
  /** The form page of a record, for the redirect after creating it. */
  recordPath: (id: number) => string;
  /** The record as the server now has it (after a save or a 'dar de baja'). */
  onSaved: (record: T) => void;
}

/**
 * The headless part of every back-office form: its values, the client's checks, the save (create
 * or update, then the redirect), server errors put next to the field they name (any 4xx with a
 * `field`, e.g. a 422 about the password), the delete behind a confirmation, and 'dar de baja'
 * offered when the server refuses the delete because the record is in use.
 */
export function useFormController<T extends Entity, I, V, L>(options: FormControllerOptions<T, I, V, L>) {
  const { resource, record, lookups, search, readOnly, listPath, recordPath, onSaved } = options;
  const { form, api, texts } = resource;
  const { user } = useSession();
  const navigate = useNavigate();
  const notify = useToast();
  const action = useAction();
  const [values, setValues] = useState<V>(() =>
    record ? readFields(form, record) : form.defaults(lookups, search),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [inUse, setInUse] = useState(false);
  const focusError = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const mode = record ? 'edit' : 'create';
  const context: FormContext<V, L> = { values, mode, lookups, user, readOnly };

  // After a refused submit, the first field at fault takes the focus (and is scrolled to).
  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  const set = useCallback((name: keyof V & string, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _gone, ...rest } = current;
      return rest;
    });
  }, []);

  /** A refusal about one visible field goes next to it; anything else stays in the form's alert. */
  function placeError(error: unknown): void {
    if (!(error instanceof ApiError) || !error.field) return;
    const field = form.fields.find((f) => f.name === error.field && isVisible(f, context));
    if (!field) return;
    action.clearError();
    setErrors({ [field.name]: error.message });
    focusError.current = true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    const found = validateFields(form, context);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusError.current = true;
      action.clearError();
      return;
    }
    const input = form.toInput ? form.toInput(values, mode) : (fieldValue.trimmed(values) as unknown as I);
    if (record) {
      const result = await action.run('save', () => api.update(record.id, input), texts.saved);
      if (result.ok) {
        setValues(readFields(form, result.value));
        onSaved(result.value);
      } else placeError(result.error);
    } else {
      const result = await action.run('save', () => api.create(input), texts.created);
      if (result.ok) navigate(recordPath(result.value.id), { replace: true });
      else placeError(result.error);
    }
  }

  async function remove() {
    if (!record) return;
    const result = await action.run('delete', () => api.remove(record.id), texts.deleted);
    setConfirmingDelete(false);
    if (result.ok) navigate(listPath);
    else setInUse(result.error instanceof ApiError && result.error.code === 'IN_USE');
  }

  async function takeDown() {
    const down = resource.takeDown;
    if (!record || !down) return;
    const result = await action.run('take-down', () => down.run(record), down.done);
    if (result.ok) {
      setInUse(false);
      setValues(readFields(form, result.value));
      onSaved(result.value);
    }
  }

  const offerTakeDown = Boolean(inUse && record && resource.takeDown && !resource.takeDown.isDown(record));

  return {
    formRef,
    context,
    values,
    errors,
    set,
    submit,
    busy: action.busy,
    formError: action.error,
    confirmingDelete,
    askDelete: () => setConfirmingDelete(true),
    cancelDelete: () => setConfirmingDelete(false),
    remove,
    offerTakeDown,
    takeDown,
    notify,
  };
}

export type FormController = ReturnType<typeof useFormController>;
