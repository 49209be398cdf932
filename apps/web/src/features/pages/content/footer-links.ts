/**
 * The static pages' slugs and the footer's links, apart from the texts themselves so that the
 * footer on every page does not carry every legal text in its bundle.
 */
import { type StaticSlug, staticSlugs } from '@shop/contracts/storefront';

export { type StaticSlug, staticSlugs };

export const isStaticSlug = (value: string): value is StaticSlug =>
  (staticSlugs as readonly string[]).includes(value);

/** Footer links in the order of docs/product.md §2.2 (contact is reached from the navigation bar). */
export const footerLinks: { slug: StaticSlug; label: string }[] = [
  { slug: 'general-conditions', label: 'Condiciones generales' },
  { slug: 'return-conditions-2', label: 'Condiciones de garantía' },
  { slug: 'return-conditions', label: 'Condiciones de devolución' },
  { slug: 'shipping', label: 'Transporte' },
  { slug: 'company', label: 'Empresa' },
  { slug: 'payments', label: 'Formas de pago' },
  { slug: 'legal', label: 'Aviso legal' },
  { slug: 'privacy', label: 'Privacidad' },
  { slug: 'cookies', label: 'Cookies' },
];
