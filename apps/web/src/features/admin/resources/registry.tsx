import type { StaffRole, StaffUser } from '@shop/contracts/auth';
import type { ReactNode } from 'react';
import { adminPaths } from '@/features/admin/paths';
import { AccountPage } from '../components/account/account-page';
import { DashboardPage } from '../components/dashboard/dashboard-page';
import { InvoicesPage } from '../components/invoices/invoices-page';
import { OutboxPage } from '../components/mail/outbox-page';
import { OrderDetailPage } from '../components/orders/order-detail-page';
import { OrdersPage } from '../components/orders/orders-page';
import { PaymentsPage } from '../components/payments/payments-page';
import { PrintQueuePage } from '../components/print/print-queue-page';
import { ErasurePage } from '../components/privacy/erasure-page';
import { SalesReportPage } from '../components/reports/sales-report-page';
import type { AnyResource } from '../kit/resource';
import { brandsResource } from './brands';
import { caseTypesResource } from './case-types';
import { modelsResource } from './models';
import { staffResource } from './staff';
import { storesResource } from './stores';

const icon = (d: string) => (
  <svg className="admin-nav__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);

const ICONS = {
  home: icon('M3 11l9-8 9 8M5 9v12h14V9M10 21v-6h4v6'),
  print: icon('M6 9V3h12v6M6 18H3v-7h18v7h-3M6 14h12v7H6z'),
  reports: icon('M4 20V10M10 20V4M16 20v-7M22 20H2'),
  orders: icon('M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6'),
  stores: icon('M4 10v10h16V10M3 10l2-6h14l2 6zM9 20v-5h6v5'),
  brands: icon('M4 4h7l9 9-7 7-9-9zM8 8h.01'),
  caseTypes: icon('M7 2h10a3 3 0 0 1 3 3v14a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V5a3 3 0 0 1 3-3zM8 6h3v3H8z'),
  models: icon('M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM11 18h2'),
  mail: icon('M3 5h18v14H3zM3.5 6.5 12 13l8.5-6.5'),
  invoices: icon('M6 2h9l4 4v16H6zM14 2v5h5M9 13h7M9 17h7'),
  payments: icon('M2 6h20v12H2zM2 10h20M6 15h4'),
  account: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM5 21a7 7 0 0 1 14 0'),
  privacy: icon('M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5zM9 12l2 2 4-4'),
  staff: icon(
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 21a6 6 0 0 0-4-5.6',
  ),
} satisfies Record<string, ReactNode>;

/**
 * A section of the back office: a menu entry and its routes under /admin. A resource gets its list,
 * new and edit routes from the kit; a page is a screen of its own (with its own sub-routes).
 */
export interface AdminSection {
  /** The path under /admin ("pedidos"). */
  segment: string;
  label: string;
  icon: ReactNode;
  /** Who sees it in the menu and may open it. */
  roles: readonly StaffRole[];
  resource?: AnyResource;
  page?: ReactNode;
  /** More routes of a page section: path under /admin and screen. */
  subpages?: { path: string; element: ReactNode }[];
  /** The menu's link when it is not the section itself (a clerk's own store); null: no entry. */
  menuTo?: (user: StaffUser) => string | null;
}

const ALL: readonly StaffRole[] = ['admin', 'store'];
const ADMIN: readonly StaffRole[] = ['admin'];

/** The sections in menu order: the one list that drives the menu and the routes. */
export const ADMIN_SECTIONS: AdminSection[] = [
  { segment: 'inicio', label: 'Inicio', icon: ICONS.home, roles: ALL, page: <DashboardPage /> },
  {
    segment: 'pedidos',
    label: 'Pedidos',
    icon: ICONS.orders,
    roles: ALL,
    page: <OrdersPage />,
    subpages: [{ path: 'pedidos/:orderId', element: <OrderDetailPage /> }],
  },
  { segment: 'impresion', label: 'Impresión', icon: ICONS.print, roles: ALL, page: <PrintQueuePage /> },
  { segment: 'informes', label: 'Informes', icon: ICONS.reports, roles: ALL, page: <SalesReportPage /> },
  { segment: 'tiendas', label: 'Tiendas', icon: ICONS.stores, roles: ADMIN, resource: storesResource },
  {
    segment: 'tiendas',
    label: 'Mi tienda',
    icon: ICONS.stores,
    roles: ['store'],
    menuTo: (user) => (user.storeId ? adminPaths.store(user.storeId) : null),
  },
  { segment: 'marcas', label: 'Marcas', icon: ICONS.brands, roles: ADMIN, resource: brandsResource },
  { segment: 'modelos', label: 'Modelos', icon: ICONS.models, roles: ADMIN, resource: modelsResource },
  {
    segment: 'tipos-de-funda',
    label: 'Tipos de funda',
    icon: ICONS.caseTypes,
    roles: ADMIN,
    resource: caseTypesResource,
  },
  { segment: 'correo', label: 'Correo', icon: ICONS.mail, roles: ADMIN, page: <OutboxPage /> },
  { segment: 'facturas', label: 'Facturas', icon: ICONS.invoices, roles: ADMIN, page: <InvoicesPage /> },
  { segment: 'pagos', label: 'Pagos', icon: ICONS.payments, roles: ADMIN, page: <PaymentsPage /> },
  { segment: 'personal', label: 'Personal', icon: ICONS.staff, roles: ADMIN, resource: staffResource },
  {
    segment: 'datos-personales',
    label: 'Privacidad',
    icon: ICONS.privacy,
    roles: ADMIN,
    page: <ErasurePage />,
  },
  { segment: 'cuenta', label: 'Mi cuenta', icon: ICONS.account, roles: ALL, page: <AccountPage /> },
];
