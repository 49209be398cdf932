import type { StaffAccount, StaffRole } from '@shop/contracts/auth';
import type { Store } from '@shop/contracts/stores';
import { crudClient } from '../api/crud';
import { FlagBadge } from '../components/ui/status-badge';
import type { ResourceConfig } from '../kit/resource';
import { formatDate } from '../lib/format';
import { storesApi } from './stores';

const MIN_PASSWORD = 10;
const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Administración', store: 'Personal de tienda' };

/** A new account, or the changes to one (a new password, role, store or lock end its sessions). */
export interface StaffInput {
  email?: string;
  name?: string;
  password?: string;
  role?: StaffRole;
  storeId?: number | null;
  disabled?: boolean;
}

export const staffApi = crudClient<StaffAccount, StaffInput>('/api/staff');

interface StaffValues {
  name: string;
  email: string;
  password: string;
  role: StaffRole;
  storeId: string;
  disabled: boolean;
}

interface StaffLookups {
  stores: Store[];
}

/** Who may sign in to the back office, and for which store. */
export const staffResource: ResourceConfig<StaffAccount, StaffInput, StaffValues, StaffLookups> = {
  segment: 'personal',
  newSegment: 'nueva',
  texts: {
    plural: 'Personal',
    singular: 'Cuenta',
    create: 'Nueva cuenta',
    createButton: 'Crear cuenta',
    back: 'Volver al personal',
    delete: 'Eliminar cuenta',
    deleteQuestion: (name) => `¿Eliminar la cuenta de ${name}?`,
    deleteWarning:
      'Solo se puede eliminar una cuenta que no ha atendido pedidos ni emitido facturas. Si no, desactívela.',
    created: 'Cuenta creada.',
    saved: 'Cuenta guardada.',
    deleted: 'Cuenta eliminada.',
  },
  api: staffApi,
  name: (account) => account.name,
  takeDown: {
    label: 'Desactivar la cuenta en su lugar',
    done: 'Cuenta desactivada.',
    isDown: (account) => account.disabled,
    run: (account) => staffApi.update(account.id, { disabled: true }),
  },
  list: {
    description:
      'Las cuentas que entran en la administración. El personal de una tienda solo ve los pedidos de su tienda.',
    rowName: (account) => account.name,
    columns: [
      { id: 'name', label: 'Nombre', cell: (a) => a.name, sort: (a) => a.name },
      { id: 'email', label: 'Correo', cell: (a) => a.email, sort: (a) => a.email },
      {
        id: 'role',
        label: 'Rol',
        cell: (a, lookups) => <RoleCell account={a} stores={lookups.stores ?? []} />,
      },
      {
        id: 'state',
        label: 'Estado',
        cell: (a) =>
          a.disabled ? (
            <FlagBadge tone="warn">Desactivada</FlagBadge>
          ) : (
            <FlagBadge tone="ok">Activa</FlagBadge>
          ),
      },
      {
        id: 'createdAt',
        label: 'Alta',
        cell: (a) => <span className="admin-nowrap">{formatDate(a.createdAt)}</span>,
        sort: (a) => a.createdAt,
      },
    ],
    filters: () => [{ name: 'buscar', label: 'Nombre o correo', kind: 'search', where: 'client' }],
    searchText: (a) => `${a.name} ${a.email}`,
    paging: 'client',
    pageSize: 25,
    defaultSort: 'name',
    empty: 'Todavía no hay cuentas.',
    emptyFiltered: 'Ninguna cuenta coincide con la búsqueda.',
  },
  form: {
    lookups: async (signal) => ({ stores: (await storesApi.list({}, signal)).items }),
    defaults: () => ({ name: '', email: '', password: '', role: 'store', storeId: '', disabled: false }),
    fromRecord: (account) => ({
      name: account.name,
      email: account.email,
      password: '',
      role: account.role,
      storeId: account.storeId ? String(account.storeId) : '',
      disabled: account.disabled,
    }),
    toInput: (values, mode) => {
      const storeId = values.role === 'store' ? Number(values.storeId) : null;
      if (mode === 'create') {
        return {
          email: values.email.trim(),
          name: values.name.trim(),
          password: values.password,
          role: values.role,
          storeId,
        };
      }
      return {
        name: values.name.trim(),
        role: values.role,
        storeId,
        disabled: values.disabled,
        ...(values.password ? { password: values.password } : {}),
      };
    },
    fields: [
      { name: 'name', label: 'Nombre', kind: 'text', required: true, maxLength: 120, autoComplete: 'off' },
      {
        name: 'email',
        label: 'Correo electrónico',
        kind: 'email',
        required: true,
        maxLength: 200,
        autoComplete: 'off',
        readOnly: ({ mode }) => mode === 'edit',
        hint: ({ mode }) =>
          mode === 'edit' ? 'Con él entra en la administración; no se puede cambiar.' : undefined,
      },
      {
        name: 'password',
        label: ({ mode }) => (mode === 'create' ? 'Contraseña' : 'Nueva contraseña'),
        kind: 'password',
        required: ({ mode }) => mode === 'create',
        minLength: MIN_PASSWORD,
        maxLength: 200,
        hint: ({ mode }) =>
          mode === 'create'
            ? `Al menos ${MIN_PASSWORD} caracteres. Entréguela a la persona en mano.`
            : `Déjela vacía para no cambiarla. Al cambiarla se cierran las sesiones abiertas de esta cuenta.`,
      },
      {
        name: 'role',
        label: 'Rol',
        kind: 'select',
        required: true,
        options: () => [
          { value: 'store', label: ROLE_LABELS.store },
          { value: 'admin', label: ROLE_LABELS.admin },
        ],
        readOnly: ({ values, user }) => values.email === user.email,
        hint: 'El personal de tienda solo ve y gestiona los pedidos de su tienda.',
      },
      {
        name: 'storeId',
        label: 'Tienda',
        kind: 'select',
        required: true,
        placeholder: 'Elija la tienda',
        visible: ({ values }) => values.role === 'store',
        options: ({ lookups }) => lookups.stores.map((s) => ({ value: String(s.id), label: s.name })),
      },
      {
        name: 'disabled',
        label: 'Cuenta desactivada',
        kind: 'switch',
        visible: ({ mode, values, user }) => mode === 'edit' && values.email !== user.email,
        hint: 'Activado, la persona no puede entrar en la administración y sus sesiones abiertas se cierran.',
      },
    ],
  },
};

function RoleCell({ account, stores }: { account: StaffAccount; stores: Store[] }) {
  const store = stores.find((s) => s.id === account.storeId);
  return (
    <>
      {ROLE_LABELS[account.role]}
      {account.role === 'store' && (
        <span className="admin-cell-note">{store?.name ?? `Tienda ${account.storeId}`}</span>
      )}
    </>
  );
}
