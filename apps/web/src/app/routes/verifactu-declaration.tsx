import { messages } from '@shop/contracts/messages';
import type { VerifactuDeclaration } from '@shop/contracts/verifactu-declaration';
import { useEffect, useState } from 'react';
import { DeclarationText } from '@/components/legal/declaration-text';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { isAbort } from '@/lib/api-client';
import { getVerifactuDeclaration } from '@/lib/get-verifactu-declaration';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/styles/static-page.css';

const TITLE = 'Declaración responsable del sistema de facturación';

/**
 * `/declaracion-responsable`: the producer's statement that the shop's invoicing system meets the
 * rules for invoicing systems (VERI*FACTU), public like the legal pages.
 */
export function VerifactuDeclarationRoute() {
  useDocumentTitle(TITLE);
  const [declaration, setDeclaration] = useState<VerifactuDeclaration | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    getVerifactuDeclaration(controller.signal).then(setDeclaration, (error: unknown) => {
      if (!isAbort(error)) setFailed(true);
    });
    return () => controller.abort();
  }, []);
  return (
    <article className="container page static-page">
      <header className="page-header">
        <h1 className="page-title">{TITLE}</h1>
        <p className="lead">
          Las facturas de esta tienda se expiden con un sistema informático que remite cada registro de
          facturación a la Agencia Tributaria (VERI*FACTU). Su productor declara lo siguiente.
        </p>
      </header>
      <div className="static-page__body card">
        {declaration && <DeclarationText declaration={declaration} />}
        {!declaration && !failed && <Spinner label="Cargando…" />}
        {failed && <Alert>{messages.pageLoadFailed}</Alert>}
      </div>
    </article>
  );
}
