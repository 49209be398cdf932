import { Fragment, type ReactNode, useId } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { adminPaths } from '@/features/admin/paths';
import { Dialog } from '../components/ui/dialog';
import { LoadState } from '../components/ui/load-state';
import { PageHeader } from '../components/ui/page-header';
import { useResource } from '../hooks/use-resource';
import { useSession } from '../hooks/use-session';
import { FieldView } from './field-view';
import { isVisible } from './form-values';
import type { AnyResource, Entity, FieldSpec, FormContext } from './resource';
import { useFormController } from './use-form-controller';

/** `/admin/{segment}/{new}` and `/admin/{segment}/:id`: one form for new and edit, for any resource. */
export function ResourceFormPage({ resource }: { resource: AnyResource }) {
  const { user } = useSession();
  const id = Number(useParams().id ?? 0);
  const [search] = useSearchParams();
  const record = useResource(`${resource.segment}:${id}`, (signal) =>
    id ? resource.api.get(id, signal) : Promise.resolve(null),
  );
  const lookups = useResource(`${resource.segment}:lookups`, (signal) =>
    resource.form.lookups ? resource.form.lookups(signal) : Promise.resolve({}),
  );
  const readOnly = Boolean(id && resource.readOnlyFor?.(user, id));
  if (user.role !== 'admin' && !readOnly) {
    return <Navigate to={user.storeId ? adminPaths.store(user.storeId) : adminPaths.orders} replace />;
  }
  const { texts } = resource;
  const failed = [record, lookups].find((r) => r.status === 'error');
  const ready = lookups.data !== null && (!id || record.data !== null);
  const title = id ? (record.data ? resource.name(record.data) : texts.singular) : texts.create;
  const aside = id > 0 && record.data ? resource.form.aside?.(record.data) : null;
  return (
    <>
      <PageHeader title={title} eyebrow={readOnly ? 'Mi tienda' : texts.plural} />
      {failed && <LoadState status="error" error={failed.error} hasData={false} onRetry={failed.reload} />}
      {!failed && !ready && (
        <LoadState status="loading" error={null} hasData={false} onRetry={record.reload} />
      )}
      {!failed && ready && (
        <div className={aside ? 'admin-two-columns' : undefined}>
          <ResourceForm
            key={id}
            resource={resource}
            record={record.data}
            lookups={lookups.data}
            search={search}
            readOnly={readOnly}
            onSaved={record.replace}
          />
          {aside}
        </div>
      )}
    </>
  );
}

interface ResourceFormProps {
  resource: AnyResource;
  record: Entity | null;
  lookups: unknown;
  search: URLSearchParams;
  readOnly: boolean;
  onSaved: (record: Entity) => void;
}

function ResourceForm({ resource, record, lookups, search, readOnly, onSaved }: ResourceFormProps) {
  const titleId = useId();
  const listPath = `${adminPaths.home}/${resource.segment}`;
  const form = useFormController({
    resource,
    record,
    lookups,
    search,
    readOnly,
    listPath,
    recordPath: (id) => `${listPath}/${id}`,
    onSaved,
  });
  const { texts, form: spec } = resource;
  const busy = form.busy !== null;
  const sections = spec.sections ?? [''];
  const fieldsOf = (section: string) =>
    spec.fields.filter(
      (f: FieldSpec<unknown, unknown>) =>
        (f.section ?? sections[0]) === section && isVisible(f, form.context as FormContext<unknown, unknown>),
    );
  const draw = (field: FieldSpec<unknown, unknown>) => (
    <FieldView
      key={field.name}
      field={field}
      context={form.context as FormContext<unknown, unknown>}
      error={form.errors[field.name] ?? null}
      onChange={(value) => form.set(field.name, value)}
    />
  );
  /** Fields that share a `row` sit side by side. */
  const drawAll = (fields: FieldSpec<unknown, unknown>[]) => {
    const out: ReactNode[] = [];
    for (let i = 0; i < fields.length; i++) {
      const row = fields[i]!.row;
      if (!row) {
        out.push(draw(fields[i]!));
        continue;
      }
      const group = [];
      while (i < fields.length && fields[i]!.row === row) group.push(fields[i++]!);
      i--;
      out.push(
        <div key={row} className="admin-form__row">
          {group.map(draw)}
        </div>,
      );
    }
    return out;
  };

  const alert = (form.formError || form.offerTakeDown) && (
    <Alert>
      {form.formError && <p>{form.formError}</p>}
      {form.offerTakeDown && resource.takeDown && (
        <button type="button" className="admin-link-button" onClick={form.takeDown} disabled={busy}>
          {resource.takeDown.label}
        </button>
      )}
    </Alert>
  );

  return (
    <>
      <form
        ref={form.formRef}
        className={sections.length > 1 ? 'admin-form admin-model-form' : 'admin-form admin-card'}
        onSubmit={form.submit}
        aria-labelledby={sections.length > 1 ? undefined : titleId}
        noValidate={false}
      >
        {sections.length === 1 && (
          <h2 id={titleId} className="visually-hidden">
            {readOnly ? 'Datos' : record ? 'Editar' : texts.create}
          </h2>
        )}
        {alert}
        {sections.length === 1 ? (
          drawAll(fieldsOf(sections[0]!))
        ) : (
          <div className="admin-model-form__grid">
            {sections.map((section, index) => (
              <Fragment key={section}>
                <section className="admin-card admin-form" aria-labelledby={`${titleId}-${index}`}>
                  <h2 id={`${titleId}-${index}`} className="admin-card__title">
                    {section}
                  </h2>
                  {drawAll(fieldsOf(section))}
                </section>
              </Fragment>
            ))}
          </div>
        )}
        {!readOnly && (
          <div className={`admin-form__actions${sections.length > 1 ? ' admin-form__actions--sticky' : ''}`}>
            <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
              {form.busy === 'save' ? 'Guardando…' : record ? 'Guardar cambios' : texts.createButton}
            </button>
            <Link to={listPath} className="admin-button admin-button--ghost">
              {texts.back}
            </Link>
            {record && (
              <button
                type="button"
                className="admin-button admin-button--danger-ghost admin-form__end"
                disabled={busy}
                onClick={form.askDelete}
              >
                {texts.delete}
              </button>
            )}
          </div>
        )}
      </form>
      {/* Outside the form: a form inside a form would submit the outer one, or nothing. */}
      {record && (
        <Dialog
          open={form.confirmingDelete}
          title={texts.deleteQuestion(resource.name(record))}
          confirmLabel={form.busy === 'delete' ? 'Eliminando…' : texts.delete}
          tone="danger"
          busy={busy}
          onConfirm={form.remove}
          onClose={form.cancelDelete}
        >
          <p>{texts.deleteWarning}</p>
        </Dialog>
      )}
    </>
  );
}
