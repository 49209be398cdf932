import { type ReactNode, useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LogoMark } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { adminPaths } from '@/features/admin/paths';
import { useSession } from '../hooks/use-session';
import { ADMIN_SECTIONS } from '../resources/registry';
import { Toaster } from './ui/toaster';

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

  const items: NavItem[] = ADMIN_SECTIONS.filter((section) => section.roles.includes(user.role)).flatMap(
    (section) => {
      const to = section.menuTo ? section.menuTo(user) : `${adminPaths.home}/${section.segment}`;
      return to ? [{ to, label: section.label, icon: section.icon }] : [];
    },
  );

  return (
    <Toaster>
      <div className="admin">
        <a className="skip-link" href="#admin-main">
          Saltar al contenido
        </a>
        <header className="admin-topbar">
          <Link to={adminPaths.orders} className="admin-topbar__brand">
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
