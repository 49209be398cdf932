import { Link, NavLink } from 'react-router';
import { LogoMark, MailIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

interface SiteHeaderProps {
  /** The trade name, once the company configuration has arrived. */
  brandName: string | null;
  /** Where "Crear mi funda" leads: the visitor's store when known, the store selection otherwise. */
  storeHref: string;
  /** Where the logo leads: the landing page, or a kiosk's store homepage. */
  homeHref: string;
}

export function SiteHeader({ brandName, storeHref, homeHref }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={homeHref} className="site-header__brand">
          <LogoMark className="site-header__logo" />
          <span className="site-header__name">
            {brandName ?? <span className="visually-hidden">Inicio</span>}
          </span>
          <span className="site-header__tagline" aria-hidden="true">
            Fundas personalizadas
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
              <NavLink to={paths.contact} className="site-nav__contact">
                <MailIcon className="site-nav__icon" />
                <span className="site-nav__label">Contactar</span>
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
