import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';

interface LoadStateProps {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  /** Whether anything is shown yet (a reload keeps the old rows on screen). */
  hasData: boolean;
  onRetry: () => void;
  loadingLabel?: string;
}

/** The spinner before the first data, and the red alert with a retry when loading fails. */
export function LoadState({ status, error, hasData, onRetry, loadingLabel = 'Cargando…' }: LoadStateProps) {
  if (status === 'error') {
    return (
      <Alert>
        <p>{error}</p>
        <button type="button" className="admin-link-button" onClick={onRetry}>
          Reintentar
        </button>
      </Alert>
    );
  }
  if (status === 'loading' && !hasData) return <Spinner label={loadingLabel} />;
  return null;
}
