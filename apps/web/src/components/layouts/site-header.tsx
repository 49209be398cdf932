import { Link, NavLink } from 'react-router';
import { LogoMark } from '@/components/ui/icons';
import { paths } from '@/config/paths';

interface SiteHeaderProps {
  /** The trade name, once the company configuration has arrived. */
  brandName: string | null;
  /** Where "Crear mi funda" leads: the visitor's store when known, the store selection otherwise. */
  storeHref: string;
}

export function SiteHeader({ brandName, storeHref }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.landing} className="site-header__brand">
          <LogoMark className="site-header__logo" />
          <span className="site-header__name">
            {brandName ?? <span className="visually-hidden">Inicio</span>}
          </span>
        </Link>
        <nav className="site-nav" aria-label="Principal">
          <ul>
            <li>
              <NavLink to={storeHref} className="site-nav__cta" end>
                Crear mi funda
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.contact}>Contactar</NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
