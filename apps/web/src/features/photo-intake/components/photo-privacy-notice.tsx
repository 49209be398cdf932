import type { Company } from '@shop/contracts/config';
import { TERMS_PAGES } from '@shop/contracts/consumer-terms';
import { photoPrivacyNotice } from '@shop/contracts/photo-privacy';
import { DEFAULT_RETENTION } from '@shop/contracts/retention';
import { Link } from 'react-router';

/**
 * The first layer of privacy information where the photo is collected (RGPD art. 13.1): who, why,
 * how long, and a link to the policy, opened in a new tab so that an upload under way is not lost.
 */
export function PhotoPrivacyNotice({ company }: { company: Company | null }) {
  return (
    <section className="photo-privacy" aria-label="Protección de datos de tu foto">
      <p className="photo-privacy__text">
        <strong className="photo-privacy__title">Protección de datos.</strong>{' '}
        {photoPrivacyNotice(company, company?.retention ?? DEFAULT_RETENTION)} Más información en la{' '}
        <Link to={TERMS_PAGES.privacy} target="_blank">
          política de privacidad
        </Link>
        .
      </p>
    </section>
  );
}
