import { Link } from 'react-router';
import { HomeIcon } from './icons';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

interface BreadcrumbProps {
  /** The house icon's target: the store homepage. */
  homeTo: string;
  items: Crumb[];
}

export function Breadcrumb({ homeTo, items }: BreadcrumbProps) {
  return (
    <nav className="breadcrumb" aria-label="Ruta de navegación">
      <ol>
        <li>
          <Link to={homeTo}>
            <HomeIcon className="breadcrumb__home" />
            <span className="visually-hidden">Inicio de la tienda</span>
          </Link>
        </li>
        {items.map((item) => (
          <li key={item.label}>
            {item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
