import { ChecklistField } from '../components/ui/checklist-field';
import { ImageField } from '../components/ui/image-field';
import { PriceInput } from '../components/ui/price-input';
import { SelectField } from '../components/ui/select-field';
import { SwitchField } from '../components/ui/switch-field';
import { TextAreaField } from '../components/ui/text-area-field';
import { TextField } from '../components/ui/text-field';
import { resolve } from './form-values';
import type { FieldSpec, FormContext } from './resource';

interface FieldViewProps<V, L> {
  field: FieldSpec<V, L>;
  context: FormContext<V, L>;
  error: string | null;
  onChange: (value: unknown) => void;
}

const TEXT_TYPES = { text: 'text', email: 'email', password: 'password', digits: 'text' } as const;

/** The field kit: one field of a form, drawn by its kind, with its label, hint and error. */
export function FieldView<V, L>({ field, context, error, onChange }: FieldViewProps<V, L>) {
  const value = (context.values as Record<string, unknown>)[field.name];
  const label = resolve(field.label, context);
  const hint = field.hint === undefined ? undefined : resolve(field.hint, context);
  const locked = context.readOnly || Boolean(field.readOnly?.(context));
  const required = !locked && Boolean(field.required && resolve(field.required, context));

  switch (field.kind) {
    case 'text':
    case 'email':
    case 'password':
    case 'digits':
      return (
        <TextField
          label={label}
          type={TEXT_TYPES[field.kind]}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          required={required}
          readOnly={locked}
          maxLength={field.maxLength}
          minLength={field.minLength}
          autoComplete={field.autoComplete ?? (field.kind === 'password' ? 'new-password' : undefined)}
          inputMode={field.kind === 'digits' ? 'numeric' : undefined}
          pattern={field.kind === 'digits' && field.maxLength ? `\\d{${field.maxLength}}` : undefined}
          title={field.kind === 'digits' && field.maxLength ? `${field.maxLength} cifras` : undefined}
          hint={hint}
          error={error}
        />
      );
    case 'lines':
      return (
        <TextAreaField
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          required={required}
          readOnly={locked}
          maxLength={field.maxLength}
          rows={3}
          hint={hint}
          error={error}
        />
      );
    case 'price':
      return (
        <PriceInput
          label={label}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
          required={required}
          readOnly={locked}
          hint={hint}
          error={error}
        />
      );
    case 'switch':
      return (
        <SwitchField
          label={label}
          checked={value === true}
          onChange={onChange}
          hint={hint}
          disabled={locked}
        />
      );
    case 'image': {
      const image = field.image!;
      return (
        <ImageField
          label={label}
          kind={image.kind}
          value={typeof value === 'string' ? value : null}
          onChange={(uri) => onChange(uri)}
          alt={image.alt(context.values)}
          hint={locked ? undefined : hint}
          preview={image.preview?.(context.values)}
          error={error}
          readOnly={locked}
        />
      );
    }
    case 'select':
      return (
        <SelectField
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          options={field.options?.(context) ?? []}
          placeholder={field.placeholder}
          required={required}
          disabled={locked}
          hint={hint}
          error={error}
        />
      );
    case 'checklist':
      return (
        <ChecklistField
          label={label}
          noun={field.noun ?? ''}
          options={field.options?.(context) ?? []}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={onChange}
          disabled={locked}
          error={error}
        />
      );
    case 'custom':
      return <>{field.render?.({ context, value, error, onChange })}</>;
  }
}
