import { MailIcon, PhoneIcon } from '@/components/ui/icons';
import { useLinkOnThisDevice } from '@/lib/kiosk';
import { useCompany } from '../api/get-config';

/** One tap to call, write on WhatsApp or send an e-mail: most visitors are on their phone. */
export function ContactActions() {
  const { company } = useCompany();
  const linkOnThisDevice = useLinkOnThisDevice();
  // These open the phone, WhatsApp or mail apps: not on an in-store kiosk (the page lists the numbers).
  if (!company || linkOnThisDevice(`mailto:${company.email}`) === null) return null;

  return (
    <ul className="contact-actions">
      <li>
        <a className="button button--primary" href={`tel:${company.phone.replace(/\s+/g, '')}`}>
          <PhoneIcon className="contact-actions__icon" />
          Llamar al {company.phone}
        </a>
      </li>
      <li>
        <a
          className="button button--secondary"
          href={`https://wa.me/${company.whatsapp}`}
          rel="noopener noreferrer"
          target="_blank"
        >
          <svg className="contact-actions__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.6 4c1.7.7 2.3.8 3.2.7.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2l-.6-.3Z"
            />
          </svg>
          Escribir por WhatsApp<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>
      </li>
      <li>
        <a className="button button--secondary" href={`mailto:${company.email}`}>
          <MailIcon className="contact-actions__icon" />
          {company.email}
        </a>
      </li>
    </ul>
  );
}
