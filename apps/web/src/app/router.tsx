import { type ComponentType, lazy, Suspense, useState } from 'react';
import { createRoutesFromElements, matchRoutes, Navigate, Route, Routes } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { AppLayout } from './layout';
import { LandingRoute } from './routes/landing';

interface LazyRoute {
  (): React.JSX.Element;
  /** Loads the route's module; once loaded, the route renders at once, without suspending. */
  preload(): Promise<unknown>;
}

/**
 * Code-splits a route module that exports its screen under `name`; only the landing is eager. A
 * route whose module is already loaded renders in the same pass as the rest of the page: a deep
 * link's first paint is its content (see `preloadRoute`), not a spinner followed by it.
 */
function lazyRoute<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyRoute {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module[name];
      return { default: loaded };
    });
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module level, as React.lazy makes its own.
  function Route() {
    // One kind of component for the life of the element, so it never remounts when the module comes in.
    const [Screen] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Screen />;
  }
  Route.preload = preload;
  return Route;
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
const VerifactuDeclarationRoute = lazyRoute(
  () => import('./routes/verifactu-declaration'),
  'VerifactuDeclarationRoute',
);
const AdminRoute = lazyRoute(() => import('./routes/admin'), 'AdminRoute');

/** The route table of docs/product.md §2.1. */
const routes = (
  <>
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
      <Route path="seguimiento/:token" element={<TrackingRoute />} />
      <Route path="creditos" element={<CreditsRoute />} />
      <Route path="declaracion-responsable" element={<VerifactuDeclarationRoute />} />
      {/* The static pages (general-conditions, legal, ...); any other slug goes to the landing. */}
      <Route path=":slug" element={<StaticPageRoute />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Route>
  </>
);

export function AppRoutes() {
  return <Routes>{routes}</Routes>;
}

/**
 * Loads the module of the lazy route `pathname` shows (already on its way: the server preloads it
 * with the page), so that the first render can show the page itself. Resolves at once for the
 * landing and for paths with no lazy route.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(createRoutesFromElements(routes), pathname) ?? [];
  const screen = matches.at(-1)?.route.element;
  const type = screen && typeof screen === 'object' && 'type' in screen ? screen.type : null;
  const route = typeof type === 'function' && 'preload' in type ? (type as LazyRoute) : null;
  return route ? route.preload() : Promise.resolve();
}
