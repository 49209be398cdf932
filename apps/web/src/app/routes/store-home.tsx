import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { BrandGrid, BrandsScreen } from '@/features/catalogue/components/store-brands';
import { ResumeDesign } from '@/features/editor/components/resume-design';
import { useStoreEntry } from '@/features/stores/hooks/use-store-entry';

/** `/store/:encodedUrl`: enter the store of the link, then show its brands. */
export function StoreHomeRoute() {
  const encodedUrl = useParams().encodedUrl ?? '';
  const entry = useStoreEntry(encodedUrl);
  const ready = entry.status === 'ready';

  return (
    <BrandsScreen
      store={ready ? entry.store : null}
      loading={entry.status === 'loading'}
      homeHref={paths.store(encodedUrl)}
    >
      {entry.status === 'error' && (
        <>
          <Alert>{entry.message}</Alert>
          <p className="page-actions">
            <Link to={paths.store()} className="button button--secondary">
              Elegir otra tienda
            </Link>
          </p>
        </>
      )}
      {entry.status === 'ready' && (
        <>
          <ResumeDesign storeId={entry.store.id} />
          <BrandGrid storeId={entry.store.id} />
        </>
      )}
    </BrandsScreen>
  );
}
