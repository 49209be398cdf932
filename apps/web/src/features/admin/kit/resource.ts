import type { CatalogueImageKind } from '@shop/contracts/admin';
import type { StaffUser } from '@shop/contracts/auth';
import type { ReactNode } from 'react';
import type { CrudClient } from '../api/crud';
import type { Option } from '../components/ui/select-field';

/**
 * The back office's resources as data: what a list shows and filters, what a form edits, how a
 * record becomes a form and the form an API body, and what to offer when a delete is refused. The
 * kit (list page, form page, field kit and their controllers) does the rest the same way for all.
 */

export interface Entity {
  id: number;
}

export type FormMode = 'create' | 'edit';

/** What a field's rules may look at. */
export interface FormContext<V, L> {
  values: V;
  mode: FormMode;
  /** The other lists the form chooses from (brands, stores...). */
  lookups: L;
  user: StaffUser;
  /** The form is a read-only view (a clerk's own store). */
  readOnly: boolean;
}

type Dynamic<V, L, R> = R | ((context: FormContext<V, L>) => R);

export type FieldKind =
  | 'text'
  | 'lines'
  | 'email'
  | 'password'
  | 'digits'
  | 'price'
  | 'switch'
  | 'image'
  | 'select'
  | 'checklist'
  | 'custom';

/** Props of a field the kit does not know: it gets its value, its error and a setter. */
export interface CustomFieldProps<V, L> {
  context: FormContext<V, L>;
  value: unknown;
  error: string | null;
  onChange: (value: unknown) => void;
}

export interface FieldSpec<V, L = unknown> {
  /** The form value it edits; also the `field` the server names in its errors. */
  name: keyof V & string;
  label: Dynamic<V, L, string>;
  kind: FieldKind;
  required?: Dynamic<V, L, boolean>;
  hint?: Dynamic<V, L, string | undefined>;
  /** Shown only when this says so (the store of store staff). */
  visible?: (context: FormContext<V, L>) => boolean;
  /** Shown but not editable (an account's e-mail once created). */
  readOnly?: (context: FormContext<V, L>) => boolean;
  /** A client-side check beyond required: the Spanish message, or null when fine. */
  validate?: (value: unknown, context: FormContext<V, L>) => string | null;
  /** Which card of the form it sits in (the first section when omitted). */
  section?: string;
  /** Text inputs. */
  maxLength?: number;
  minLength?: number;
  autoComplete?: string;
  /** Selects and checklists. */
  options?: (context: FormContext<V, L>) => (Option & { note?: string })[];
  placeholder?: string;
  /** Checklists: what the count counts ("tiendas"). */
  noun?: string;
  /** Images. */
  image?: { kind: CatalogueImageKind; alt: (values: V) => string; preview?: (values: V) => ReactNode };
  /** Custom fields. */
  render?: (props: CustomFieldProps<V, L>) => ReactNode;
  /** Several fields side by side in a row of the form. */
  row?: string;
}

export interface FormSpec<T extends Entity, I, V, L> {
  /** Cards of the form, by title, in order; one untitled card when omitted. */
  sections?: string[];
  fields: FieldSpec<V, L>[];
  /** The values of a new record. */
  defaults: (lookups: L, search: URLSearchParams) => V;
  /** A stored record as form values; by default each field's name read from the record. */
  fromRecord?: (record: T) => V;
  /** The API body from the values; by default the values with their text trimmed. */
  toInput?: (values: V, mode: FormMode) => I;
  /** Other lists the form needs, loaded with the record. */
  lookups?: (signal: AbortSignal) => Promise<L>;
  /** Beside the form when editing (the store's links). */
  aside?: (record: T) => ReactNode;
}

export interface Column<T, L = unknown> {
  /** Its name in the address bar's sort ("name", "-name"). */
  id: string;
  label: string;
  /** The cell; the first column's is the row's header cell and links to the form. */
  cell: (row: T, lookups: L) => ReactNode;
  /** Sortable by this value (lists loaded whole only). */
  sort?: (row: T) => string | number;
  numeric?: boolean;
}

export interface ListFilter {
  /** The query parameter, in the address bar and to the API. */
  name: string;
  label: string;
  kind: 'search' | 'select';
  placeholder?: string;
  /** Selects: the choices, from the lookups. */
  options?: Option[];
  /** Searches on lists loaded whole: the row's text it looks in. */
  matches?: string;
  /** 'client': filtered on the loaded list; 'server': sent to the API. */
  where: 'client' | 'server';
}

export interface RowAction<T> {
  /** The button text; the row's name is added for screen readers. */
  label: (row: T) => string;
  run: (row: T) => Promise<T>;
  done: (row: T) => string;
  visible?: (row: T, user: StaffUser) => boolean;
}

export interface ListSpec<T, L> {
  description: string;
  columns: Column<T, L>[];
  /** The row's name, for links and for screen readers. */
  rowName: (row: T) => string;
  filters?: (lookups: L) => ListFilter[];
  /** Client-side search text of a row (filters of kind 'search', where 'client'). */
  searchText?: (row: T) => string;
  rowActions?: RowAction<T>[];
  /** 'server': the API pages (models); 'client': the whole list is loaded and paged here. */
  paging: 'server' | 'client';
  pageSize: number;
  defaultSort?: string;
  /** What an empty list says, with and without filters. */
  empty: string;
  emptyFiltered: string;
}

/** 'Dar de baja' instead of a delete that is refused because the record is in use. */
export interface TakeDown<T> {
  label: string;
  done: string;
  isDown: (record: T) => boolean;
  run: (record: T) => Promise<T>;
}

export interface ResourceTexts {
  /** "Tiendas": the list's title and the menu entry. */
  plural: string;
  /** "Tienda": the form's title before the record's name is known. */
  singular: string;
  /** "Nueva tienda". */
  create: string;
  /** "Crear tienda". */
  createButton: string;
  /** "Volver a las tiendas". */
  back: string;
  /** "Eliminar tienda". */
  delete: string;
  /** "¿Eliminar la tienda X?" */
  deleteQuestion: (name: string) => string;
  /** Why a delete may be refused and what to do then. */
  deleteWarning: string;
  created: string;
  saved: string;
  deleted: string;
}

export interface ResourceConfig<T extends Entity, I, V, L> {
  /** The path under /admin ("tiendas") and the segment of a new record ("nueva"). */
  segment: string;
  newSegment: string;
  texts: ResourceTexts;
  api: CrudClient<T, I>;
  /** The record's name in titles and dialogs. */
  name: (record: T) => string;
  list: ListSpec<T, L>;
  form: FormSpec<T, I, V, L>;
  takeDown?: TakeDown<T>;
  /** Who may see the form read-only instead of editing it (store staff and their store). */
  readOnlyFor?: (user: StaffUser, id: number) => boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds resources of different types.
export type AnyResource = ResourceConfig<any, any, any, any>;
