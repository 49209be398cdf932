import { type ReactNode, useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LogoMark } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useSession } from '../hooks/use-session';
import { Toaster } from './ui/toaster';

const icon = (d: string) => (
  <svg className="admin-nav__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);

const ICONS = {
  orders: icon('M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6'),
  stores: icon('M4 10v10h16V10M3 10l2-6h14l2 6zM9 20v-5h6v5'),
  brands: icon('M4 4h7l9 9-7 7-9-9zM8 8h.01'),
  models: icon('M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM11 18h2'),
  mail: icon('M3 5h18v14H3zM3.5 6.5 12 13l8.5-6.5'),
  invoices: icon('M6 2h9l4 4v16H6zM14 2v5h5M9 13h7M9 17h7'),
  staff: icon(
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 21a6 6 0 0 0-4-5.6',
  ),
} satisfies Record<string, ReactNode>;

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
}

/** The staff's own frame: top bar, section navigation and the page; nothing of the storefront's. */
export function AdminShell() {
  const { user, signOut } = useSession();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);

  // After a navigation, start at the top of the new page and let screen readers start there too.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  const items: NavItem[] =
    user.role === 'admin'
      ? [
          { to: paths.admin.orders, label: 'Pedidos', icon: ICONS.orders },
          { to: paths.admin.stores, label: 'Tiendas', icon: ICONS.stores },
          { to: paths.admin.brands, label: 'Marcas', icon: ICONS.brands },
          { to: paths.admin.models, label: 'Modelos', icon: ICONS.models },
          { to: paths.admin.mail, label: 'Correo', icon: ICONS.mail },
          { to: paths.admin.invoices, label: 'Facturas', icon: ICONS.invoices },
          { to: paths.admin.staff, label: 'Personal', icon: ICONS.staff },
        ]
      : [
          { to: paths.admin.orders, label: 'Pedidos', icon: ICONS.orders },
          ...(user.storeId
            ? [{ to: paths.admin.store(user.storeId), label: 'Mi tienda', icon: ICONS.stores }]
            : []),
        ];

  return (
    <Toaster>
      <div className="admin">
        <a className="skip-link" href="#admin-main">
          Saltar al contenido
        </a>
        <header className="admin-topbar">
          <Link to={paths.admin.orders} className="admin-topbar__brand">
            <LogoMark className="admin-topbar__logo" />
            <span>Administración</span>
          </Link>
          <div className="admin-topbar__user">
            <span className="admin-topbar__who">
              <span className="admin-topbar__name">{user.name}</span>
              <span className="admin-topbar__role">
                {user.role === 'admin' ? 'Administración' : 'Personal de tienda'}
              </span>
            </span>
            <Link to={paths.landing} className="admin-button admin-button--ghost admin-topbar__shop">
              Ver la tienda
            </Link>
            <button type="button" className="admin-button admin-button--secondary" onClick={signOut}>
              Cerrar sesión
            </button>
          </div>
        </header>
        <div className="admin-body">
          <nav className="admin-nav" aria-label="Secciones">
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className="admin-nav__link">
                    {item.icon}
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <main id="admin-main" ref={main} className="admin-main" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
      </div>
    </Toaster>
  );
}
