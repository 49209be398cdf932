import { HIDDEN_STORE_ID } from '@shop/contracts/constants';
import { messages } from '@shop/contracts/messages';
import type { Store } from '@shop/contracts/stores';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import storeFallback from '@/assets/store-fallback.svg';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isAbort } from '@/lib/api-client';
import { DisplayError, displayMessage, orFail } from '@/lib/errors';
import { removeSessionValues } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/styles/stores.css';
import { getStore } from '../api/get-store';
import { getStoreUrlCode } from '../api/get-store-url-code';
import { getStores } from '../api/get-stores';
import { isStoreValid } from '../api/validate-store';

const byName = new Intl.Collator('es').compare;

type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; stores: Store[] };
type DetailsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; store: Store };

/** The store link's code, once the chosen store has passed validation. */
async function chooseStore(storeId: number): Promise<string> {
  const valid = await orFail(isStoreValid(storeId), messages.storeValidatingFailed);
  if (!valid) throw new DisplayError(messages.storeInvalidOrDown);
  const { urlCode } = await orFail(getStoreUrlCode(storeId, 'false'), messages.storeQrFailed);
  return urlCode;
}

/** History state that another screen may pass when it sends the visitor to the store selection. */
export interface StoreSelectionState {
  notice?: string;
}

interface StoreSelectionProps {
  /** A message from the screen that sent the visitor here (e.g. no store in the session). */
  notice: string | null;
}

export function StoreSelection({ notice }: StoreSelectionProps) {
  const navigate = useNavigate();
  const selectId = useId();
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [selectedId, setSelectedId] = useState('');
  const [details, setDetails] = useState<DetailsState>({ status: 'idle' });
  const [choosing, setChoosing] = useState(false);
  const [chooseError, setChooseError] = useState<string | null>(null);
  useDocumentTitle('Elige tu tienda');

  useEffect(() => {
    // Choosing a store starts over: forget the store (and its origin) of an earlier visit.
    removeSessionValues('store_id', 'from_url', 'store_url');
    const controller = new AbortController();
    getStores(controller.signal).then(
      (stores) => {
        const visible = stores.filter((store) => !store.down && store.id !== HIDDEN_STORE_ID);
        setList({ status: 'ready', stores: visible.sort((a, b) => byName(a.name, b.name)) });
      },
      (error: unknown) => {
        if (!isAbort(error)) setList({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    setChooseError(null);
    if (!selectedId) {
      setDetails({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setDetails({ status: 'loading' });
    getStore(Number(selectedId), controller.signal).then(
      (store) => setDetails({ status: 'ready', store }),
      (error: unknown) => {
        if (!isAbort(error)) setDetails({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [selectedId]);

  async function choose(store: Store) {
    setChoosing(true);
    setChooseError(null);
    try {
      navigate(paths.store(await chooseStore(store.id)));
    } catch (error) {
      setChooseError(displayMessage(error, messages.storeValidatingFailed));
      setChoosing(false);
    }
  }

  return (
    <div className="container page narrow-page">
      <header className="page-header">
        <h1 className="page-title">¡Tu funda personalizada en unos clics!</h1>
        <p className="lead">
          Elige la tienda donde quieres recoger tu funda o desde la que te la enviaremos.
        </p>
      </header>

      {notice && <Alert>{notice}</Alert>}

      <div className="card store-selection__card">
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            Selecciona una tienda:
          </label>
          <select
            id={selectId}
            className="select"
            value={selectedId}
            disabled={list.status !== 'ready' || choosing}
            onChange={(event) => setSelectedId(event.target.value)}
          >
            <option value="">{list.status === 'loading' ? 'Cargando tiendas…' : 'Elige una tienda'}</option>
            {list.status === 'ready' &&
              list.stores.map((store) => (
                <option key={store.id} value={store.id}>
                  {store.name}
                </option>
              ))}
          </select>
        </div>

        {list.status === 'error' && <Alert>{messages.storesLoadFailed}</Alert>}
        {details.status === 'loading' && <Spinner label="Cargando la tienda…" inline />}
        {details.status === 'error' && <Alert>{messages.storeInfoFailed}</Alert>}
        {details.status === 'ready' && (
          <section className="store-details" aria-labelledby="store-details-title">
            <img
              className="store-details__image"
              src={details.store.image ?? storeFallback}
              alt={`Fachada de ${details.store.name}`}
              width={640}
              height={400}
              decoding="async"
            />
            <div className="store-details__body">
              <h2 id="store-details-title" className="store-details__name">
                {details.store.name}
              </h2>
              <dl className="store-details__list">
                <div>
                  <dt>Dirección</dt>
                  <dd>{details.store.address}</dd>
                </div>
                <div>
                  <dt>Código postal</dt>
                  <dd>{details.store.postalCode}</dd>
                </div>
                <div>
                  <dt>Localidad</dt>
                  <dd>{details.store.town}</dd>
                </div>
                <div>
                  <dt>Provincia</dt>
                  <dd>{details.store.province}</dd>
                </div>
              </dl>
              {chooseError && <Alert>{chooseError}</Alert>}
              <button
                type="button"
                className="button button--primary button--large button--block"
                disabled={choosing}
                onClick={() => choose(details.store)}
              >
                {choosing ? 'Comprobando la tienda…' : 'Elegir esta tienda'}
              </button>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
