import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { acceptCookies, hasCookieConsent } from '@/lib/session';

/** Informative banner (the shop only sets technical cookies), shown until the visitor says OK. */
export function CookieBanner() {
  const [visible, setVisible] = useState(() => !hasCookieConsent());
  if (!visible) return null;

  return (
    <section className="cookie-banner" aria-label="Aviso de cookies">
      <div className="container cookie-banner__inner">
        <p className="cookie-banner__text">
          Solo usamos cookies técnicas, necesarias para que la tienda funcione: no hace falta tu
          consentimiento. <Link to={paths.staticPage('cookies')}>Política de cookies</Link>
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            acceptCookies();
            setVisible(false);
          }}
        >
          OK
        </button>
      </div>
    </section>
  );
}
