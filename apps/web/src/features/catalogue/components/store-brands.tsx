import { messages } from '@shop/contracts/messages';
import { hoursLines, storeMapUrl } from '@shop/contracts/storefront';
import type { Store } from '@shop/contracts/stores';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import storeFallback from '@/assets/store-fallback.svg';
import { Alert } from '@/components/ui/alert';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { catalogueSources } from '@/components/ui/catalogue-sources';
import { ClockIcon, PinIcon } from '@/components/ui/icons';
import { Picture } from '@/components/ui/picture';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useLinkOnThisDevice } from '@/lib/kiosk';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/styles/catalogue.css';
import { counted } from '@shop/contracts/counted';
import { type BrandWithModels, useStoreBrands } from '../hooks/use-store-brands';

const modelCountLabel = (count: number) => counted(count, 'modelo', 'modelos');

function BrandCard({ brand, eager }: { brand: BrandWithModels; eager: boolean }) {
  return (
    <li className="card brand-card">
      <div className="brand-card__media">
        {brand.imageURI ? (
          <img
            src={brand.imageURI}
            alt={brand.name}
            width={120}
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

/** The brand grid of a store (docs/product.md §2.5), once the store is known to be valid. */
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

/** The store's photo, address, opening hours and a link to it on a map. */
export function StoreCard({ store }: { store: Store }) {
  // A kiosk stands inside the store: no map, and no link that leaves the shop.
  const mapHref = useLinkOnThisDevice()(storeMapUrl(store));
  const hours = hoursLines(store.hours);
  return (
    <section className="card store-card" aria-labelledby="store-card-title">
      {store.image ? (
        <Picture
          className="store-card__photo"
          sources={catalogueSources(store.image, [320, 480, 640, 960])}
          sizes="(min-width: 48rem) 20rem, 40vw"
          alt={`Fachada de ${store.name}`}
          width={640}
          height={400}
          priority
        />
      ) : (
        <img className="store-card__photo" src={storeFallback} alt="" width={640} height={400} />
      )}
      <div className="store-card__body">
        <h2 id="store-card-title" className="store-card__name">
          {store.name}
        </h2>
        <p className="store-card__line">
          <PinIcon className="store-card__icon" />
          <span>
            {store.address}
            <br />
            {store.postalCode} {store.town}
            {store.province !== store.town && ` (${store.province})`}
          </span>
        </p>
        {hours.length > 0 && (
          <div className="store-card__line">
            <ClockIcon className="store-card__icon" />
            <ul className="store-card__hours" aria-label="Horario">
              {hours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        {mapHref && (
          <a className="store-card__map" href={mapHref} target="_blank" rel="noopener noreferrer">
            Cómo llegar
            <span className="visually-hidden"> a {store.name} (abre el mapa en una pestaña nueva)</span>
          </a>
        )}
      </div>
    </section>
  );
}

interface BrandsScreenProps {
  /** Known once the store has been entered. */
  store: Store | null;
  /**
   * The store is being entered: its card shows the wait in its place, and the brands come below it
   * once it is there, so nothing on screen moves.
   */
  loading: boolean;
  /** The store homepage (this screen) for the breadcrumb's house icon. */
  homeHref: string;
  children: ReactNode;
}

/** Store homepage frame: breadcrumb, store name and heading around the brand grid or its state. */
export function BrandsScreen({ store, loading, homeHref, children }: BrandsScreenProps) {
  const storeName = store?.name ?? null;
  useDocumentTitle(
    storeName ? `Elige la marca de tu móvil · ${storeName}` : 'Elige la marca de tu móvil',
    store &&
      `Fundas de móvil personalizadas con tu foto en ${store.name}, ${store.address}, ${store.town}. Elige tu marca y modelo, diseña tu funda y recógela en la tienda.`,
  );

  return (
    <div className="container page">
      <Breadcrumb homeTo={homeHref} items={[{ label: 'Marcas' }]} />
      <header className="page-header">
        <span className="eyebrow">{storeName}</span>
        <h1 className="page-title">Elige la marca de tu móvil</h1>
      </header>
      <div className={store || loading ? 'store-layout' : undefined}>
        {store && <StoreCard store={store} />}
        {!store && loading && (
          <div className="card store-card store-card--placeholder">
            <div className="store-card__photo" />
            <div className="store-card__body">
              <Spinner label="Cargando tienda…" />
            </div>
          </div>
        )}
        <div>{children}</div>
      </div>
    </div>
  );
}
