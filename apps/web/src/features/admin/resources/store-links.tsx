import type { Origin } from '@shop/contracts/stores';
import { useId } from 'react';
import { paths } from '@/config/paths';
import { getStoreLink } from '../api/get-store-link';
import { LoadState } from '../components/ui/load-state';
import { useResource } from '../hooks/use-resource';
import { useToast } from '../hooks/use-toast';

/** The store's customer link and in-store screen link, ready to copy. */
export function StoreLinks({ storeId }: { storeId: number }) {
  const notify = useToast();
  const id = useId();
  const links = useResource(`store-links:${storeId}`, async (signal) => {
    const code = (origin: Origin) => getStoreLink(storeId, origin, signal).then((r) => r.urlCode);
    const [customer, screen] = await Promise.all([code('false'), code('screen')]);
    const url = (urlCode: string) => `${window.location.origin}${paths.store(urlCode)}`;
    return { customer: url(customer), screen: url(screen) };
  });
  const rows: [string, string | undefined][] = [
    ['Enlace para clientes', links.data?.customer],
    ['Enlace para la pantalla de la tienda', links.data?.screen],
  ];

  async function copy(url: string) {
    await navigator.clipboard.writeText(url);
    notify('Enlace copiado.');
  }

  return (
    <section className="admin-card admin-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card__title">
        Enlaces de la tienda
      </h2>
      <LoadState
        status={links.status}
        error={links.error}
        hasData={links.data !== null}
        onRetry={links.reload}
      />
      {links.data &&
        rows.map(([label, url], index) => (
          <div key={label} className="admin-field">
            <label className="admin-label" htmlFor={`${id}-${index}`}>
              {label}
            </label>
            <div className="admin-copy">
              <input id={`${id}-${index}`} className="admin-input" readOnly value={url} />
              <button
                type="button"
                className="admin-button admin-button--secondary"
                onClick={() => url && copy(url)}
              >
                Copiar
                <span className="visually-hidden"> {label.toLowerCase()}</span>
              </button>
            </div>
          </div>
        ))}
    </section>
  );
}
