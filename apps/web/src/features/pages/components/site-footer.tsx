import { Link } from 'react-router';
import { ClockIcon, LogoMark, MailIcon, PhoneIcon, PinIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useLinkOnThisDevice } from '@/lib/kiosk';
import { useCompany } from '../api/get-config';
import { footerLinks } from '../content/footer-links';

export function SiteFooter() {
  const { company } = useCompany();
  const year = new Date().getFullYear();
  const linkOnThisDevice = useLinkOnThisDevice();
  // Links out of the shop (phone, WhatsApp, e-mail) are plain text on an in-store kiosk.
  const tel = company && linkOnThisDevice(`tel:${company.phone.replace(/\s+/g, '')}`);
  const whatsapp = company && linkOnThisDevice(`https://wa.me/${company.whatsapp}`);
  const mail = company && linkOnThisDevice(`mailto:${company.email}`);

  return (
    <footer className="site-footer">
      <div className="container">
        <Link to={linkOnThisDevice(paths.landing) ?? paths.landing} className="site-footer__brand">
          <LogoMark />
          <span>{company?.tradeName ?? <span className="visually-hidden">Inicio</span>}</span>
        </Link>
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
                    Teléfono y WhatsApp: {tel ? <a href={tel}>{company.phone}</a> : company.phone}
                    {whatsapp && (
                      <>
                        {' · '}
                        <a href={whatsapp} rel="noopener noreferrer" target="_blank">
                          Escribir por WhatsApp
                          <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                        </a>
                      </>
                    )}
                  </span>
                </p>
                <p>
                  <MailIcon className="site-footer__icon" />
                  {mail ? <a href={mail}>{company.email}</a> : <span>{company.email}</span>}
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
              <li>
                <Link to="/creditos">Créditos</Link>
              </li>
              <li>
                <Link to="/declaracion-responsable">Declaración responsable (VERI*FACTU)</Link>
              </li>
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
