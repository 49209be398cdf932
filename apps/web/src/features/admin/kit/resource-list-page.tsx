import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { adminPaths } from '@/features/admin/paths';
import { EmptyState } from '../components/ui/empty-state';
import { LoadState } from '../components/ui/load-state';
import { PageHeader } from '../components/ui/page-header';
import { Pagination } from '../components/ui/pagination';
import { SortableHeader } from '../components/ui/sortable-header';
import { TableWrap } from '../components/ui/table-wrap';
import { useAction } from '../hooks/use-action';
import { useResource } from '../hooks/use-resource';
import { useSession } from '../hooks/use-session';
import {
  type ListQuery,
  listSortDirection,
  nextListSort,
  pageOf,
  readListQuery,
  writeListQuery,
} from './list-query';
import type { AnyResource, Entity, ListFilter } from './resource';

/**
 * `/admin/{segment}`: any resource's list, with its filters, sorting and paging kept in the address
 * bar (a reload or a shared link shows the same list), row actions and an empty state.
 */
export function ResourceListPage({ resource }: { resource: AnyResource }) {
  const { user } = useSession();
  const { list, texts } = resource;
  const [params, setParams] = useSearchParams();
  const lookups = useResource(`${resource.segment}:lookups`, (signal) =>
    resource.form.lookups ? resource.form.lookups(signal) : Promise.resolve({}),
  );
  const filters: ListFilter[] = list.filters?.(lookups.data ?? {}) ?? [];
  const query = readListQuery(params, filters, list.defaultSort);
  const serverQuery: Record<string, string | number> = {};
  for (const filter of filters) {
    const value = query.filters[filter.name];
    if (value && filter.where === 'server') serverQuery[filter.name] = value;
  }
  if (list.paging === 'server') Object.assign(serverQuery, { page: query.page, size: list.pageSize });
  const rows = useResource(
    `${resource.segment}?${new URLSearchParams(serverQuery as Record<string, string>)}`,
    (signal) => resource.api.list(serverQuery, signal),
  );
  const action = useAction();

  const shown =
    rows.data &&
    (list.paging === 'server'
      ? rows.data
      : pageOf(rows.data.items, query, {
          filters,
          columns: list.columns,
          searchText: list.searchText,
          pageSize: list.pageSize,
        }));
  const go = (next: ListQuery) => setParams(writeListQuery(next, list.defaultSort));
  const filtered = Object.keys(query.filters).length > 0;
  const listPath = `${adminPaths.home}/${resource.segment}`;
  const actions = (list.rowActions ?? []).filter(
    (a) => !a.visible || rows.data?.items.some((r) => a.visible!(r, user)),
  );

  async function runAction(row: Entity, index: number) {
    const rowAction = list.rowActions![index]!;
    const result = await action.run(`row:${row.id}`, () => rowAction.run(row), rowAction.done(row));
    if (result.ok && rows.data) {
      const updated = result.value as Entity;
      rows.replace({ ...rows.data, items: rows.data.items.map((r) => (r.id === updated.id ? updated : r)) });
    }
  }

  return (
    <>
      <PageHeader
        title={texts.plural}
        description={list.description}
        actions={
          <Link to={`${listPath}/${resource.newSegment}`} className="admin-button admin-button--primary">
            {texts.create}
          </Link>
        }
      />
      {filters.length > 0 && (
        <ListFilters
          key={params.toString()}
          filters={filters}
          query={query}
          label={texts.plural}
          onApply={go}
        />
      )}
      {action.error && <Alert>{action.error}</Alert>}
      <LoadState status={rows.status} error={rows.error} hasData={rows.data !== null} onRetry={rows.reload} />
      {shown && shown.total === 0 && <EmptyState title={filtered ? list.emptyFiltered : list.empty} />}
      {shown && shown.total > 0 && (
        <>
          <TableWrap label={`Lista de ${texts.plural.toLowerCase()}`} busy={rows.status === 'loading'}>
            <table className="admin-table">
              <thead>
                <tr>
                  {list.columns.map((column) =>
                    column.sort && list.paging === 'client' ? (
                      <SortableHeader
                        key={column.id}
                        label={column.label}
                        direction={listSortDirection(query.sort, column.id)}
                        onSort={() => go({ ...query, page: 1, sort: nextListSort(query.sort, column.id) })}
                        className={column.numeric ? 'admin-num' : undefined}
                      />
                    ) : (
                      <th key={column.id} scope="col" className={column.numeric ? 'admin-num' : undefined}>
                        {column.label}
                      </th>
                    ),
                  )}
                  {actions.length > 0 && (
                    <th scope="col">
                      <span className="visually-hidden">Acciones</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {shown.items.map((row: Entity) => (
                  <tr key={row.id}>
                    {list.columns.map((column, index) =>
                      index === 0 ? (
                        <th key={column.id} scope="row">
                          <Link to={`${listPath}/${row.id}`} className="admin-table__key">
                            {column.cell(row, lookups.data ?? {})}
                          </Link>
                        </th>
                      ) : (
                        <td key={column.id} className={column.numeric ? 'admin-num' : undefined}>
                          {column.cell(row, lookups.data ?? {})}
                        </td>
                      ),
                    )}
                    {actions.length > 0 && (
                      <td className="admin-table__action">
                        <div className="admin-row-actions">
                          {list.rowActions!.map(
                            (rowAction, index) =>
                              (!rowAction.visible || rowAction.visible(row, user)) && (
                                <button
                                  key={rowAction.label(row)}
                                  type="button"
                                  className="admin-button admin-button--ghost admin-button--small"
                                  disabled={action.busy !== null}
                                  onClick={() => runAction(row, index)}
                                >
                                  {rowAction.label(row)}
                                  <span className="visually-hidden"> {list.rowName(row)}</span>
                                </button>
                              ),
                          )}
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pagination
            page={query.page}
            size={list.pageSize}
            total={shown.total}
            noun={texts.plural.toLowerCase()}
            onPage={(page) => go({ ...query, page })}
          />
        </>
      )}
    </>
  );
}

interface ListFiltersProps {
  filters: ListFilter[];
  query: ListQuery;
  label: string;
  onApply: (query: ListQuery) => void;
}

/** The list's filter bar: selects apply at once, searches on 'Buscar'. */
function ListFilters({ filters, query, label, onApply }: ListFiltersProps) {
  const id = useId();
  const [values, setValues] = useState(query.filters);
  const apply = (next: Record<string, string>) => onApply({ ...query, filters: next, page: 1 });
  function submit(event: FormEvent) {
    event.preventDefault();
    apply(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])));
  }
  return (
    <form className="admin-filters" onSubmit={submit} aria-label={`Buscar ${label.toLowerCase()}`}>
      {filters.map((filter) => (
        <div
          key={filter.name}
          className={filter.kind === 'search' ? 'admin-field admin-field--grow' : 'admin-field'}
        >
          <label className="admin-label" htmlFor={`${id}-${filter.name}`}>
            {filter.label}
          </label>
          {filter.kind === 'select' ? (
            <select
              id={`${id}-${filter.name}`}
              className="admin-input"
              value={values[filter.name] ?? ''}
              onChange={(event) => apply({ ...values, [filter.name]: event.target.value })}
            >
              <option value="">{filter.placeholder ?? 'Todos'}</option>
              {filter.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${id}-${filter.name}`}
              className="admin-input"
              type="search"
              maxLength={100}
              placeholder={filter.placeholder}
              value={values[filter.name] ?? ''}
              onChange={(event) => setValues({ ...values, [filter.name]: event.target.value })}
            />
          )}
        </div>
      ))}
      <div className="admin-filters__actions">
        <button type="submit" className="admin-button admin-button--primary">
          Buscar
        </button>
      </div>
    </form>
  );
}
