import type { StaffUser } from '@shop/contracts/auth';
import { type FormEvent, useState } from 'react';
import { Link, type Location, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { LogoMark } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { adminPaths } from '@/features/admin/paths';
import { signIn } from '../api/sign-in';
import { useAdminTitle } from '../hooks/use-admin-title';
import { errorText } from '../lib/errors';
import { TextField } from './ui/text-field';

/** Where the visitor was going when the back office asked them to sign in. */
export interface SignInState {
  from?: Pick<Location, 'pathname' | 'search'>;
}

const destination = (state: unknown): string => {
  const from = (state as SignInState | null)?.from;
  // Only back-office pages: the state could have been written by anything in this tab.
  if (from?.pathname.startsWith(`${adminPaths.home}/`) && from.pathname !== adminPaths.signIn) {
    return `${from.pathname}${from.search}`;
  }
  return adminPaths.dashboard;
};

interface SignInPageProps {
  user: StaffUser | null;
  onSignedIn: (user: StaffUser) => void;
}

export function SignInPage({ user, onSignedIn }: SignInPageProps) {
  useAdminTitle('Acceso del personal');
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (user && !busy) return <Navigate to={destination(location.state)} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const signedIn = await signIn(email.trim(), password);
      onSignedIn(signedIn);
      navigate(destination(location.state), { replace: true });
    } catch (caught) {
      setError(errorText(caught));
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-signin">
      <main className="admin-signin__card">
        <div className="admin-signin__brand">
          <LogoMark className="admin-signin__logo" />
          <span>Administración</span>
        </div>
        <h1 className="admin-page-title">Acceso del personal</h1>
        <p className="admin-page-description">
          Entre con el correo y la contraseña de su cuenta de la tienda.
        </p>
        {error && <Alert>{error}</Alert>}
        <form className="admin-form" onSubmit={submit}>
          <TextField
            label="Correo electrónico"
            type="email"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            required
          />
          <TextField
            label="Contraseña"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            required
          />
          <button
            type="submit"
            className="admin-button admin-button--primary admin-button--block"
            disabled={busy}
          >
            {busy ? 'Entrando…' : 'Entrar'}
          </button>
        </form>
        <Link className="admin-signin__back" to={paths.landing}>
          Volver a la tienda
        </Link>
      </main>
    </div>
  );
}
