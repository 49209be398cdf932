import { DeclarationText } from '@/components/legal/declaration-text';
import { getVerifactuDeclaration } from '@/lib/get-verifactu-declaration';
import { useResource } from '../../hooks/use-resource';
import { LoadState } from '../ui/load-state';

/**
 * The invoicing system's declaración responsable, on the invoices screen: what the producer states,
 * filled from the configuration every record carries. A missing date is the configuration's to fix.
 */
export function DeclarationCard() {
  const declaration = useResource('verifactu-declaration', (signal) => getVerifactuDeclaration(signal));
  return (
    <section className="admin-card" aria-labelledby="declaration-title">
      <details>
        <summary>
          <h2 id="declaration-title" className="admin-card__title admin-card__title--inline">
            Declaración responsable del sistema de facturación
          </h2>
        </summary>
        <LoadState
          status={declaration.status}
          error={declaration.error}
          hasData={declaration.data !== null}
          onRetry={declaration.reload}
        />
        {declaration.data && !declaration.data.date && (
          <p className="admin-hint">
            Falta la fecha en que el productor la firmó: indíquela en VERIFACTU_DECLARATION_DATE (AAAA-MM-DD).
          </p>
        )}
        {declaration.data && <DeclarationText declaration={declaration.data} />}
        <p className="admin-muted">
          También la puede consultar cualquiera en{' '}
          <a href="/declaracion-responsable">/declaracion-responsable</a>.
        </p>
      </details>
    </section>
  );
}
