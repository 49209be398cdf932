import { messages } from '@shop/contracts/messages';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { changePassword } from '../../api/change-password';
import { useSession } from '../../hooks/use-session';
import { useToast } from '../../hooks/use-toast';
import { errorText, isUnauthenticated } from '../../lib/errors';
import { PageHeader } from '../ui/page-header';
import { TextField } from '../ui/text-field';

const EMPTY = { currentPassword: '', newPassword: '', repeated: '' };

/**
 * 'Mi cuenta': who is signed in, and a form to change one's own password. The current password is
 * asked for; the server checks the new one's strength and says why it refuses one, and ends the
 * account's other sessions.
 */
export function AccountPage() {
  const { user, expire } = useSession();
  const notify = useToast();
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...change }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (form.newPassword !== form.repeated) {
      setError('Las dos contraseñas nuevas no coinciden.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword });
      setForm(EMPTY);
      notify(messages.passwordChanged);
    } catch (err) {
      if (isUnauthenticated(err)) expire();
      else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Mi cuenta"
        description={`${user.name} · ${user.email} · ${user.role === 'admin' ? 'Administración' : 'Personal de tienda'}`}
      />
      <form className="admin-card admin-form" onSubmit={save} aria-labelledby="account-password-title">
        <h2 id="account-password-title" className="admin-card__title">
          Cambiar la contraseña
        </h2>
        {error && (
          <Alert>
            <p>{error}</p>
          </Alert>
        )}
        <TextField
          label="Contraseña actual"
          type="password"
          value={form.currentPassword}
          onChange={(currentPassword) => set({ currentPassword })}
          required
          autoComplete="current-password"
          maxLength={200}
        />
        <TextField
          label="Contraseña nueva"
          type="password"
          value={form.newPassword}
          onChange={(newPassword) => set({ newPassword })}
          required
          minLength={10}
          maxLength={200}
          autoComplete="new-password"
          hint="Al menos 10 caracteres. Mejor una frase de varias palabras poco habituales que una palabra con números."
        />
        <TextField
          label="Repita la contraseña nueva"
          type="password"
          value={form.repeated}
          onChange={(repeated) => set({ repeated })}
          required
          minLength={10}
          maxLength={200}
          autoComplete="new-password"
        />
        <p className="admin-hint">Al cambiarla se cierran las demás sesiones abiertas con su cuenta.</p>
        <div className="admin-form__actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
            {busy ? 'Guardando…' : 'Cambiar la contraseña'}
          </button>
        </div>
      </form>
    </>
  );
}
