import type { StaffUser } from '@shop/contracts/auth';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { adminPaths } from '@/features/admin/paths';
import { isAbort } from '@/lib/api-client';
import '@/styles/admin.css';
import { getMe } from '../api/get-me';
import { signOut as callSignOut } from '../api/sign-out';
import { type AdminSession, SessionContext } from '../hooks/use-session';
import { ResourceFormPage } from '../kit/resource-form-page';
import { ResourceListPage } from '../kit/resource-list-page';
import { errorText, isUnauthenticated } from '../lib/errors';
import { ADMIN_SECTIONS, type AdminSection } from '../resources/registry';
import { AdminShell } from './admin-shell';
import { NotFoundPage } from './not-found-page';
import { SignInPage, type SignInState } from './sign-in-page';

type SessionState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'error'; message: string }
  | { status: 'signed-in'; user: StaffUser };

/** Sends anonymous visitors to the sign-in form, remembering where they were going. */
function RequireStaff({ state, children }: { state: SessionState; children: ReactNode }) {
  const location = useLocation();
  if (state.status === 'signed-in') return children;
  if (state.status === 'anonymous') {
    return <Navigate to={adminPaths.signIn} replace state={{ from: location } satisfies SignInState} />;
  }
  if (state.status === 'error') {
    return (
      <div className="admin-center">
        <Alert>{state.message}</Alert>
      </div>
    );
  }
  return <Spinner label="Cargando…" />;
}

/** Pages for some roles only; anybody else is sent to the orders. */
function RoleOnly({ user, section }: { user: StaffUser | null; section: AdminSection }) {
  return user && section.roles.includes(user.role) ? <Outlet /> : <Navigate to={adminPaths.orders} replace />;
}

/**
 * A section's routes: a resource's list, new and edit forms (the edit form decides for itself, as a
 * clerk may see their own store read-only), or a page and its sub-pages.
 */
function sectionRoutes(section: AdminSection, user: StaffUser | null) {
  const { resource, segment } = section;
  if (resource) {
    return [
      <Route key={`${segment}:guarded`} element={<RoleOnly user={user} section={section} />}>
        <Route path={segment} element={<ResourceListPage resource={resource} />} />
        <Route
          path={`${segment}/${resource.newSegment}`}
          element={<ResourceFormPage key="new" resource={resource} />}
        />
      </Route>,
      <Route
        key={`${segment}:edit`}
        path={`${segment}/:id`}
        element={<ResourceFormPage resource={resource} />}
      />,
    ];
  }
  if (!section.page) return [];
  return [
    <Route key={segment} element={<RoleOnly user={user} section={section} />}>
      <Route path={segment} element={section.page} />
      {section.subpages?.map((sub) => (
        <Route key={sub.path} path={sub.path} element={sub.element} />
      ))}
    </Route>,
  ];
}

/** The staff back office: its own session, shell and routes under /admin. */
export function AdminApp() {
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getMe(controller.signal).then(
      (user) => setState({ status: 'signed-in', user }),
      (error: unknown) => {
        if (isAbort(error)) return;
        setState(
          isUnauthenticated(error) ? { status: 'anonymous' } : { status: 'error', message: errorText(error) },
        );
      },
    );
    return () => controller.abort();
  }, []);

  const expire = useCallback(() => setState({ status: 'anonymous' }), []);
  const signOut = useCallback(async () => {
    try {
      await callSignOut();
    } finally {
      setState({ status: 'anonymous' });
    }
  }, []);
  const user = state.status === 'signed-in' ? state.user : null;
  const session = useMemo<AdminSession | null>(
    () => (user ? { user, expire, signOut } : null),
    [user, expire, signOut],
  );

  const onSignedIn = useCallback(
    (signedIn: StaffUser) => setState({ status: 'signed-in', user: signedIn }),
    [],
  );

  return (
    <SessionContext.Provider value={session}>
      <Routes>
        <Route path="entrar" element={<SignInPage user={user} onSignedIn={onSignedIn} />} />
        <Route
          element={
            <RequireStaff state={state}>
              <AdminShell />
            </RequireStaff>
          }
        >
          <Route index element={<Navigate to={adminPaths.dashboard} replace />} />
          {ADMIN_SECTIONS.flatMap((section) => sectionRoutes(section, user))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </SessionContext.Provider>
  );
}
