import type { StaffAccount, StaffRole } from '@shop/contracts/auth';
import type { Store } from '@shop/contracts/stores';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { createStaff } from '../../api/create-staff';
import { getStaff } from '../../api/get-staff';
import { getStores } from '../../api/get-stores';
import { type StaffChanges, updateStaff } from '../../api/update-staff';
import { useAction } from '../../hooks/use-action';
import { useResource } from '../../hooks/use-resource';
import { useSession } from '../../hooks/use-session';
import { useSorted } from '../../hooks/use-sorted';
import { formatDate } from '../../lib/format';
import { Dialog } from '../ui/dialog';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { SortableHeader } from '../ui/sortable-header';
import { FlagBadge } from '../ui/status-badge';
import { TableWrap } from '../ui/table-wrap';
import { TextField } from '../ui/text-field';

const MIN_PASSWORD = 10;
const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Administración', store: 'Personal de tienda' };

const COLUMNS = {
  name: (a: StaffAccount) => a.name,
  email: (a: StaffAccount) => a.email,
  createdAt: (a: StaffAccount) => a.createdAt,
};

function RoleFields({
  role,
  storeId,
  stores,
  onRole,
  onStore,
}: {
  role: StaffRole;
  storeId: string;
  stores: Store[];
  onRole: (role: StaffRole) => void;
  onStore: (storeId: string) => void;
}) {
  const id = useId();
  return (
    <>
      <div className="admin-field">
        <label className="admin-label" htmlFor={`${id}-role`}>
          Rol
        </label>
        <select
          id={`${id}-role`}
          className="admin-input"
          value={role}
          onChange={(event) => onRole(event.target.value as StaffRole)}
        >
          <option value="store">Personal de tienda</option>
          <option value="admin">Administración</option>
        </select>
        <p className="admin-hint">El personal de tienda solo ve y gestiona los pedidos de su tienda.</p>
      </div>
      {role === 'store' && (
        <div className="admin-field">
          <label className="admin-label" htmlFor={`${id}-store`}>
            Tienda<span aria-hidden="true"> *</span>
          </label>
          <select
            id={`${id}-store`}
            className="admin-input"
            required
            value={storeId}
            onChange={(event) => onStore(event.target.value)}
          >
            <option value="">Elija la tienda</option>
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}

type Editing =
  | { kind: 'create'; name: string; email: string; password: string; role: StaffRole; storeId: string }
  | { kind: 'edit'; account: StaffAccount; name: string; role: StaffRole; storeId: string }
  | { kind: 'password'; account: StaffAccount; password: string }
  | { kind: 'disable'; account: StaffAccount };

function dialogText(editing: Editing): { title: string; confirm: string } {
  switch (editing.kind) {
    case 'create':
      return { title: 'Nueva cuenta', confirm: 'Crear cuenta' };
    case 'edit':
      return { title: `Editar la cuenta de ${editing.account.name}`, confirm: 'Guardar' };
    case 'password':
      return { title: `Nueva contraseña para ${editing.account.name}`, confirm: 'Cambiar contraseña' };
    case 'disable':
      return { title: `¿Desactivar la cuenta de ${editing.account.name}?`, confirm: 'Desactivar' };
  }
}

/** Staff accounts: who may sign in to the back office, and for which store. */
export function StaffPage() {
  const { user } = useSession();
  const accounts = useResource('staff', getStaff);
  const stores = useResource('stores', (signal) => getStores(undefined, signal));
  const action = useAction();
  const [editing, setEditing] = useState<Editing | null>(null);
  const { sorted, sort, toggle } = useSorted(accounts.data ?? [], COLUMNS, {
    key: 'name',
    direction: 'ascending',
  });
  const direction = (key: keyof typeof COLUMNS) => (sort.key === key ? sort.direction : null);
  const storeName = (id: number | null) =>
    stores.data?.find((s) => s.id === id)?.name ?? (id ? `Tienda ${id}` : '—');

  async function apply(account: StaffAccount, changes: StaffChanges, done: string) {
    const result = await action.run('update', () => updateStaff(account.id, changes), done);
    if (!result.ok) return;
    setEditing(null);
    accounts.reload();
  }

  async function create(form: Extract<Editing, { kind: 'create' }>) {
    const name = form.name.trim();
    const result = await action.run(
      'create',
      () =>
        createStaff({
          name,
          email: form.email.trim(),
          password: form.password,
          role: form.role,
          storeId: form.role === 'store' ? Number(form.storeId) : null,
        }),
      `Cuenta de ${name} creada.`,
    );
    if (!result.ok) return;
    setEditing(null);
    accounts.reload();
  }

  function confirm() {
    if (!editing) return;
    if (editing.kind === 'create') {
      create(editing);
      return;
    }
    const { account } = editing;
    if (editing.kind === 'edit') {
      apply(
        account,
        {
          name: editing.name.trim(),
          role: editing.role,
          storeId: editing.role === 'store' ? Number(editing.storeId) : null,
        },
        `Cuenta de ${editing.name.trim()} guardada.`,
      );
    } else if (editing.kind === 'password') {
      apply(account, { password: editing.password }, `Contraseña de ${account.name} cambiada.`);
    } else {
      apply(account, { disabled: true }, `Cuenta de ${account.name} desactivada.`);
    }
  }

  const close = () => {
    setEditing(null);
    action.clearError();
  };

  return (
    <>
      <PageHeader
        title="Personal"
        description="Las cuentas que entran en la administración. El personal de una tienda solo ve los pedidos de su tienda."
        actions={
          <button
            type="button"
            className="admin-button admin-button--primary"
            onClick={() =>
              setEditing({ kind: 'create', name: '', email: '', password: '', role: 'store', storeId: '' })
            }
          >
            Nueva cuenta
          </button>
        }
      />
      <section aria-label="Cuentas">
        {!editing && action.error && <Alert>{action.error}</Alert>}
        <LoadState
          status={accounts.status}
          error={accounts.error}
          hasData={accounts.data !== null}
          onRetry={accounts.reload}
        />
        {sorted.length > 0 && (
          <TableWrap label="Lista de cuentas" busy={accounts.status === 'loading'}>
            <table className="admin-table">
              <thead>
                <tr>
                  <SortableHeader
                    label="Nombre"
                    direction={direction('name')}
                    onSort={() => toggle('name')}
                  />
                  <SortableHeader
                    label="Correo"
                    direction={direction('email')}
                    onSort={() => toggle('email')}
                  />
                  <th scope="col">Rol</th>
                  <th scope="col">Estado</th>
                  <SortableHeader
                    label="Alta"
                    direction={direction('createdAt')}
                    onSort={() => toggle('createdAt')}
                  />
                  <th scope="col">
                    <span className="visually-hidden">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sorted.map((account) => (
                  <tr key={account.id}>
                    <th scope="row">
                      {account.name}
                      {account.id === user.id && <span className="admin-cell-note">Su cuenta</span>}
                    </th>
                    <td>{account.email}</td>
                    <td>
                      {ROLE_LABELS[account.role]}
                      {account.role === 'store' && (
                        <span className="admin-cell-note">{storeName(account.storeId)}</span>
                      )}
                    </td>
                    <td>
                      {account.disabled ? (
                        <FlagBadge tone="warn">Desactivada</FlagBadge>
                      ) : (
                        <FlagBadge tone="ok">Activa</FlagBadge>
                      )}
                    </td>
                    <td className="admin-nowrap">{formatDate(account.createdAt)}</td>
                    <td className="admin-table__action">
                      <div className="admin-row-actions">
                        <button
                          type="button"
                          className="admin-button admin-button--ghost admin-button--small"
                          onClick={() =>
                            setEditing({
                              kind: 'edit',
                              account,
                              name: account.name,
                              role: account.role,
                              storeId: account.storeId ? String(account.storeId) : '',
                            })
                          }
                        >
                          Editar<span className="visually-hidden"> la cuenta de {account.name}</span>
                        </button>
                        <button
                          type="button"
                          className="admin-button admin-button--ghost admin-button--small"
                          onClick={() => setEditing({ kind: 'password', account, password: '' })}
                        >
                          <span className="visually-hidden">Cambiar </span>Contraseña
                          <span className="visually-hidden"> de {account.name}</span>
                        </button>
                        {account.id !== user.id &&
                          (account.disabled ? (
                            <button
                              type="button"
                              className="admin-button admin-button--ghost admin-button--small"
                              disabled={action.busy !== null}
                              onClick={() =>
                                apply(account, { disabled: false }, `Cuenta de ${account.name} activada.`)
                              }
                            >
                              Activar<span className="visually-hidden"> la cuenta de {account.name}</span>
                            </button>
                          ) : (
                            <button
                              type="button"
                              className="admin-button admin-button--danger-ghost admin-button--small"
                              onClick={() => setEditing({ kind: 'disable', account })}
                            >
                              Desactivar
                              <span className="visually-hidden"> la cuenta de {account.name}</span>
                            </button>
                          ))}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </section>
      <Dialog
        open={editing !== null}
        title={editing ? dialogText(editing).title : ''}
        confirmLabel={editing ? dialogText(editing).confirm : ''}
        tone={editing?.kind === 'disable' ? 'danger' : 'primary'}
        busy={action.busy !== null}
        onConfirm={confirm}
        onClose={close}
      >
        {editing?.kind === 'create' && (
          <>
            <TextField
              label="Nombre"
              value={editing.name}
              onChange={(name) => setEditing({ ...editing, name })}
              required
              maxLength={120}
              autoComplete="off"
            />
            <TextField
              label="Correo electrónico"
              type="email"
              value={editing.email}
              onChange={(email) => setEditing({ ...editing, email })}
              required
              maxLength={200}
              autoComplete="off"
            />
            <TextField
              label="Contraseña"
              type="password"
              value={editing.password}
              onChange={(password) => setEditing({ ...editing, password })}
              required
              minLength={MIN_PASSWORD}
              maxLength={200}
              autoComplete="new-password"
              hint={`Al menos ${MIN_PASSWORD} caracteres. Entréguela a la persona en mano.`}
            />
            <RoleFields
              role={editing.role}
              storeId={editing.storeId}
              stores={stores.data ?? []}
              onRole={(role) => setEditing({ ...editing, role })}
              onStore={(storeId) => setEditing({ ...editing, storeId })}
            />
          </>
        )}
        {editing?.kind === 'edit' && (
          <>
            <TextField
              label="Nombre"
              value={editing.name}
              onChange={(name) => setEditing({ ...editing, name })}
              required
              maxLength={120}
            />
            <RoleFields
              role={editing.role}
              storeId={editing.storeId}
              stores={stores.data ?? []}
              onRole={(role) => setEditing({ ...editing, role })}
              onStore={(storeId) => setEditing({ ...editing, storeId })}
            />
            <p className="admin-hint">Si cambia el rol o la tienda, la persona tendrá que volver a entrar.</p>
          </>
        )}
        {editing?.kind === 'password' && (
          <TextField
            label="Nueva contraseña"
            type="password"
            value={editing.password}
            onChange={(password) => setEditing({ ...editing, password })}
            required
            minLength={MIN_PASSWORD}
            maxLength={200}
            autoComplete="new-password"
            hint={`Al menos ${MIN_PASSWORD} caracteres. Se cerrarán las sesiones abiertas de esta cuenta.`}
          />
        )}
        {editing?.kind === 'disable' && (
          <p>
            No podrá entrar en la administración hasta que se vuelva a activar. Sus sesiones abiertas se
            cierran.
          </p>
        )}
        {editing && action.error && <Alert>{action.error}</Alert>}
      </Dialog>
    </>
  );
}
