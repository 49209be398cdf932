import { Link } from 'react-router';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useCompany } from '../api/get-config';
import { footerLinks } from '../content/footer-links';

export function SiteFooter() {
  const { company } = useCompany();
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__grid">
          <section aria-labelledby="footer-company">
            <h2 className="site-footer__title" id="footer-company">
              {company?.tradeName ?? 'Atención al cliente'}
            </h2>
            {company && (
              <address className="site-footer__company">
                <p>
                  <PinIcon className="site-footer__icon" />
                  <span>
                    {company.legalName}
                    <br />
                    {company.address}, {company.postalCode} {company.town} ({company.province})
                  </span>
                </p>
                <p>
                  <PhoneIcon className="site-footer__icon" />
                  <span>
                    Teléfono y WhatsApp:{' '}
                    <a href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</a>
                    {' · '}
                    <a href={`https://wa.me/${company.whatsapp}`} rel="noopener noreferrer" target="_blank">
                      Escribir por WhatsApp
                      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                    </a>
                  </span>
                </p>
                <p>
                  <MailIcon className="site-footer__icon" />
                  <a href={`mailto:${company.email}`}>{company.email}</a>
                </p>
                <p>
                  <ClockIcon className="site-footer__icon" />
                  <span>Horario: {company.hours}</span>
                </p>
              </address>
            )}
          </section>
          <nav className="site-footer__links" aria-labelledby="footer-info">
            <h2 className="site-footer__title" id="footer-info">
              Información
            </h2>
            <ul>
              {footerLinks.map((link) => (
                <li key={link.slug}>
                  <Link to={paths.staticPage(link.slug)}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {company && (
          <p className="site-footer__bottom">
            © {year} {company.legalName}
          </p>
        )}
      </div>
    </footer>
  );
}
