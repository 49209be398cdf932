import type { StaffUser } from '@shop/contracts/auth';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isAbort } from '@/lib/api-client';
import '@/styles/admin.css';
import { getMe } from '../api/get-me';
import { signOut as callSignOut } from '../api/sign-out';
import { type AdminSession, SessionContext } from '../hooks/use-session';
import { errorText, isUnauthenticated } from '../lib/errors';
import { AdminShell } from './admin-shell';
import { BrandFormPage } from './catalogue/brand-form-page';
import { BrandsPage } from './catalogue/brands-page';
import { ModelFormPage } from './catalogue/model-form-page';
import { ModelsPage } from './catalogue/models-page';
import { InvoicesPage } from './invoices/invoices-page';
import { OutboxPage } from './mail/outbox-page';
import { NotFoundPage } from './not-found-page';
import { OrderDetailPage } from './orders/order-detail-page';
import { OrdersPage } from './orders/orders-page';
import { SignInPage, type SignInState } from './sign-in-page';
import { StaffPage } from './staff/staff-page';
import { StoreFormPage } from './stores/store-form-page';
import { StoresPage } from './stores/stores-page';

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
    return <Navigate to={paths.admin.signIn} replace state={{ from: location } satisfies SignInState} />;
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

/** Pages for administrators only; store staff are sent to their orders. */
function AdminOnly({ user }: { user: StaffUser | null }) {
  return user?.role === 'admin' ? <Outlet /> : <Navigate to={paths.admin.orders} replace />;
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
          <Route index element={<Navigate to={paths.admin.orders} replace />} />
          <Route path="pedidos" element={<OrdersPage />} />
          <Route path="pedidos/:orderId" element={<OrderDetailPage />} />
          <Route path="tiendas/:storeId" element={<StoreFormPage />} />
          <Route element={<AdminOnly user={user} />}>
            <Route path="tiendas" element={<StoresPage />} />
            <Route path="tiendas/nueva" element={<StoreFormPage />} />
            <Route path="marcas" element={<BrandsPage />} />
            <Route path="marcas/nueva" element={<BrandFormPage />} />
            <Route path="marcas/:brandId" element={<BrandFormPage />} />
            <Route path="modelos" element={<ModelsPage />} />
            <Route path="modelos/nuevo" element={<ModelFormPage />} />
            <Route path="modelos/:modelId" element={<ModelFormPage />} />
            <Route path="correo" element={<OutboxPage />} />
            <Route path="facturas" element={<InvoicesPage />} />
            <Route path="personal" element={<StaffPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </SessionContext.Provider>
  );
}
