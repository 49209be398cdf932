import { messages } from '@shop/contracts/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/styles/catalogue.css';
import { type BrandWithModels, useStoreBrands } from '../hooks/use-store-brands';

const modelCountLabel = (count: number) => `${count} ${count === 1 ? 'modelo' : 'modelos'}`;

function BrandCard({ brand, eager }: { brand: BrandWithModels; eager: boolean }) {
  return (
    <li className="card brand-card">
      <div className="brand-card__media">
        {brand.imageURI ? (
          <img
            src={brand.imageURI}
            alt={brand.name}
            width={320}
            height={120}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="brand-card__wordmark" aria-hidden="true">
            {brand.name}
          </span>
        )}
      </div>
      <h2 className="brand-card__name">Fundas {brand.name}</h2>
      <span className="badge">{modelCountLabel(brand.modelCount)}</span>
      <Link to={paths.models(brand.id)} className="button button--primary button--block brand-card__link">
        ¡Empezar!<span className="visually-hidden"> con {brand.name}</span>
      </Link>
    </li>
  );
}

/** The brand grid of a store (spec point 2), once the store is known to be valid. */
export function BrandGrid({ storeId }: { storeId: number }) {
  const state = useStoreBrands(storeId);

  if (state.status === 'loading') return <Spinner label="Cargando marcas…" />;
  if (state.status === 'error') return <Alert>{state.message}</Alert>;
  if (state.brands.length === 0) return <Alert tone="info">{messages.noBrands}</Alert>;
  return (
    <ul className="card-grid brand-grid">
      {state.brands.map((brand, index) => (
        <BrandCard key={brand.id} brand={brand} eager={index < 4} />
      ))}
    </ul>
  );
}

interface BrandsScreenProps {
  /** Known once the store has been entered. */
  storeName: string | null;
  /** The store homepage (this screen) for the breadcrumb's house icon. */
  homeHref: string;
  children: ReactNode;
}

/** Store homepage frame: breadcrumb, store name and heading around the brand grid or its state. */
export function BrandsScreen({ storeName, homeHref, children }: BrandsScreenProps) {
  useDocumentTitle(storeName ? `Elige la marca de tu móvil · ${storeName}` : 'Elige la marca de tu móvil');

  return (
    <div className="container page">
      <Breadcrumb homeTo={homeHref} items={[{ label: 'Marcas' }]} />
      <header className="page-header">
        <span className="eyebrow">{storeName}</span>
        <h1 className="page-title">Elige la marca de tu móvil</h1>
      </header>
      {children}
    </div>
  );
}
