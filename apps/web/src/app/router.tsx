import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { AppLayout } from './layout';
import { LandingRoute } from './routes/landing';

/** Code-splits a route module that exports its screen under `name`; only the landing is eager. */
function lazyRoute<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const StoreSelectionRoute = lazyRoute(() => import('./routes/store-selection'), 'StoreSelectionRoute');
const StoreHomeRoute = lazyRoute(() => import('./routes/store-home'), 'StoreHomeRoute');
const ModelsRoute = lazyRoute(() => import('./routes/models'), 'ModelsRoute');
const StaticPageRoute = lazyRoute(() => import('./routes/static-page'), 'StaticPageRoute');
const EditorModelRoute = lazyRoute(() => import('./routes/editor-model'), 'EditorModelRoute');
const EditorEditRoute = lazyRoute(() => import('./routes/editor-edit'), 'EditorEditRoute');
const PayAtStoreRoute = lazyRoute(() => import('./routes/pay-at-store'), 'PayAtStoreRoute');
const PayNowRoute = lazyRoute(() => import('./routes/pay-now'), 'PayNowRoute');
const OrderDataRoute = lazyRoute(() => import('./routes/order-data'), 'OrderDataRoute');
const OrderConfirmationRoute = lazyRoute(
  () => import('./routes/order-confirmation'),
  'OrderConfirmationRoute',
);
const UploadRoute = lazyRoute(() => import('./routes/upload'), 'UploadRoute');
const PaymentSuccessRoute = lazyRoute(() => import('./routes/payment'), 'PaymentSuccessRoute');
const PaymentFailureRoute = lazyRoute(() => import('./routes/payment'), 'PaymentFailureRoute');
const TrackingRoute = lazyRoute(() => import('./routes/tracking'), 'TrackingRoute');
const CreditsRoute = lazyRoute(() => import('./routes/credits'), 'CreditsRoute');
const AdminRoute = lazyRoute(() => import('./routes/admin'), 'AdminRoute');

/** The route table of spec point 2. */
export function AppRoutes() {
  return (
    <Routes>
      {/* The staff back office: its own shell, outside the customer layout. */}
      <Route
        path="admin/*"
        element={
          <Suspense fallback={<Spinner label="Cargando…" />}>
            <AdminRoute />
          </Suspense>
        }
      />
      <Route element={<AppLayout />}>
        <Route index element={<LandingRoute />} />
        <Route path="welcome/:encodedUrl" element={<LandingRoute />} />
        <Route path="store" element={<StoreSelectionRoute />} />
        <Route path="store/:encodedUrl" element={<StoreHomeRoute />} />
        <Route path="models/:brandId" element={<ModelsRoute />} />
        <Route path="editor-modelo" element={<EditorModelRoute />} />
        <Route path="editor-edicion" element={<EditorEditRoute />} />
        <Route path="pedido/pagar-tienda" element={<PayAtStoreRoute />} />
        <Route path="pedido/pagar-ahora" element={<PayNowRoute />} />
        <Route path="pedido/datos" element={<OrderDataRoute />} />
        <Route path="pedido/confirmacion" element={<OrderConfirmationRoute />} />
        <Route path="upload/:encodedUrl" element={<UploadRoute />} />
        <Route path="payment-success" element={<PaymentSuccessRoute />} />
        <Route path="payment-failure" element={<PaymentFailureRoute />} />
        <Route path="seguimiento/:orderId" element={<TrackingRoute />} />
        <Route path="creditos" element={<CreditsRoute />} />
        {/* The static pages (general-conditions, legal, ...); any other slug goes to the landing. */}
        <Route path=":slug" element={<StaticPageRoute />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
