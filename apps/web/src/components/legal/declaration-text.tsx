import { declarationSections, type VerifactuDeclaration } from '@shop/contracts/verifactu-declaration';
import '@/styles/declaration.css';

/**
 * The invoicing system's declaración responsable, as the producer states it: the storefront's page
 * and the back office's invoices screen show the same text, filled from the same configuration the
 * records sent to the AEAT carry.
 */
export function DeclarationText({ declaration }: { declaration: VerifactuDeclaration }) {
  return (
    <dl className="declaration">
      {declarationSections(declaration).map((s) => (
        <div key={s.letter} className="declaration__row">
          <dt>
            {s.letter}) {s.title}
          </dt>
          <dd>{s.text}</dd>
        </div>
      ))}
    </dl>
  );
}
