import type { Model } from '@shop/contracts/catalogue';
import { formatEuros } from '@shop/contracts/money';
import {
  MODEL_PICTURE_SIZES,
  MODEL_PICTURE_WIDTHS,
  PRIORITY_MODEL_PICTURES,
} from '@shop/contracts/storefront';
import { useEffect, useId, useRef, useState } from 'react';
import caseFallback from '@/assets/phone-case-fallback.svg';
import { Alert } from '@/components/ui/alert';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { catalogueSources } from '@/components/ui/catalogue-sources';
import { SearchIcon } from '@/components/ui/icons';
import { Picture } from '@/components/ui/picture';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePaintedOnce } from '@/lib/use-painted-once';
import '@/styles/catalogue.css';
import { counted } from '@shop/contracts/counted';
import { useBrand } from '../api/get-brand';
import { type ModelList, useModelList } from '../hooks/use-model-list';
import { ProductListData } from './product-data';

interface ModelCardProps {
  model: Model;
  /** The first row: the page's largest pictures, fetched before anything else. */
  priority: boolean;
  /** Its picture's place is kept, empty, until the page has been painted once. */
  pictureWaits: boolean;
  busy: boolean;
  creating: boolean;
  onPick: (model: Model) => void;
}

function ModelCard({ model, priority, pictureWaits, busy, creating, onPick }: ModelCardProps) {
  return (
    <li className="card model-card">
      {pictureWaits ? (
        <span className="model-card__image model-card__image--waiting" />
      ) : model.image ? (
        <Picture
          className="model-card__image"
          sources={catalogueSources(model.image, MODEL_PICTURE_WIDTHS)}
          sizes={MODEL_PICTURE_SIZES}
          alt={`Funda para ${model.name}`}
          width={200}
          height={400}
          priority={priority}
        />
      ) : (
        <img
          className="model-card__image"
          src={caseFallback}
          alt={`Funda para ${model.name}`}
          width={200}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
        />
      )}
      <h2 className="model-card__name">{model.name}</h2>
      <p className="model-card__price">{formatEuros(model.price)}</p>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={busy}
        onClick={() => onPick(model)}
      >
        {creating ? 'Creando pedido…' : 'Personalizar'}
        <span className="visually-hidden"> {model.name}</span>
      </button>
    </li>
  );
}

/** The line that tells (and announces) how many models the list holds. */
function resultsText(list: ModelList): string {
  if (list.status === 'loading') return 'Buscando modelos…';
  if (list.status === 'error') return '';
  const count = counted(list.total, 'modelo', 'modelos');
  return list.filter ? `${count} para «${list.filter}»` : count;
}

interface ModelsBrowserProps {
  /** Null when the route's brand id is missing or not a valid id. */
  brandId: number | null;
  storeId: number;
  /** The store homepage, for the breadcrumb. */
  storeHref: string;
  onPick: (model: Model) => void;
  /** The model whose order is being created, if any: every button waits meanwhile. */
  creatingId: number | null;
  pickError: string | null;
}

export function ModelsBrowser({
  brandId,
  storeId,
  storeHref,
  onPick,
  creatingId,
  pickError,
}: ModelsBrowserProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const brand = useBrand(brandId);
  // The models are asked for together with the brand, not after it: on a slow phone network one
  // round trip less before the cards' pictures (the page's largest element) can load. Shown only
  // once the brand is known.
  const { list, loadMore } = useModelList(storeId, brand.status === 'error' ? null : brandId, search);
  const pickErrorRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLUListElement>(null);
  /** After 'Cargar más': the index of the first model it brings, which takes the focus. */
  const focusFrom = useRef<number | null>(null);
  const painted = usePaintedOnce();
  useDocumentTitle(
    brand.status === 'ready' ? `Selecciona un modelo ${brand.brand.name}` : 'Selecciona un modelo',
    brand.status === 'ready'
      ? `Fundas personalizadas para móviles ${brand.brand.name}: elige tu modelo, sube tu foto y diseña tu funda.`
      : null,
  );

  useEffect(() => {
    if (pickError) pickErrorRef.current?.scrollIntoView({ block: 'center' });
  }, [pickError]);

  // The button is disabled while it loads (and gone once every model is shown), which would drop
  // the keyboard's focus to the page: it goes to the first new model instead, and Tab goes on
  // through the new ones.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || list.status === 'loading-more') return;
    focusFrom.current = null;
    gridRef.current?.children[from]?.querySelector<HTMLElement>('button')?.focus();
  }, [list.status]);

  const brandName = brand.status === 'ready' ? brand.brand.name : null;

  return (
    <div className="container page">
      <Breadcrumb
        homeTo={storeHref}
        items={[{ label: 'Marcas', to: storeHref }, ...(brandName ? [{ label: brandName }] : [])]}
      />
      <header className="page-header">
        <span className="eyebrow">{brandName}</span>
        <h1 className="page-title">Selecciona un modelo</h1>
      </header>

      {brand.status === 'error' && <Alert>{brand.message}</Alert>}
      {brand.status === 'loading' && <Spinner label="Cargando modelos…" />}
      {brand.status === 'ready' && (
        <>
          <div className="model-search">
            <label className="visually-hidden" htmlFor={searchId}>
              Buscar modelos por nombre
            </label>
            <SearchIcon className="model-search__icon" />
            <input
              id={searchId}
              className="input model-search__input"
              type="search"
              placeholder="Buscar modelos por nombre"
              autoComplete="off"
              enterKeyHint="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>

          <div className="model-results" aria-busy={list.status === 'loading'}>
            <p className="model-results__count" role="status">
              {resultsText(list)}
            </p>
            {list.error && <Alert>{list.error}</Alert>}
            <div ref={pickErrorRef}>{pickError && <Alert>{pickError}</Alert>}</div>
            {list.status === 'loading' && list.items.length === 0 && <Spinner label="Cargando modelos…" />}
            {list.status !== 'error' && list.items.length > 0 && (
              <ul
                ref={gridRef}
                className={
                  list.status === 'loading' ? 'card-grid model-grid is-stale' : 'card-grid model-grid'
                }
              >
                {list.items.map((model, index) => (
                  <ModelCard
                    key={model.id}
                    model={model}
                    priority={index < PRIORITY_MODEL_PICTURES}
                    pictureWaits={!painted && index >= PRIORITY_MODEL_PICTURES}
                    busy={creatingId !== null}
                    creating={creatingId === model.id}
                    onPick={onPick}
                  />
                ))}
              </ul>
            )}
            {list.items.length > 0 && <ProductListData models={list.items} />}
            {list.status === 'ready' && list.total === 0 && (
              <p className="model-results__empty">
                {list.filter
                  ? 'No hay modelos que coincidan con tu búsqueda. Prueba con otro nombre.'
                  : 'Tu tienda no tiene modelos de esta marca en este momento.'}
              </p>
            )}
            {(list.status === 'ready' || list.status === 'loading-more') &&
              list.items.length < list.total && (
                <div className="model-results__more">
                  <button
                    type="button"
                    className="button button--secondary button--large"
                    disabled={list.status === 'loading-more'}
                    onClick={() => {
                      focusFrom.current = list.items.length;
                      loadMore();
                    }}
                  >
                    {list.status === 'loading-more' ? 'Cargando…' : 'Cargar más'}
                  </button>
                </div>
              )}
          </div>
        </>
      )}
    </div>
  );
}
