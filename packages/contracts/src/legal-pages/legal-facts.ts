import type { CompanyInfo } from './types.ts';

/** Postal address in Spanish order: street, postal code, town (province). */
export const postalAddress = (c: CompanyInfo): string =>
  `${c.address}, ${c.postalCode} ${c.town} (${c.province})`;

/** Fixed home-delivery fee (docs/product.md §9.2), written as Intl es-ES would show it. */
export const SHIPPING_FEE = '5,00 €';

/** Dispatch cut-off time on working days. */
export const DISPATCH_CUTOFF = '19:25';

/**
 * What every mention of the 72-hour defect notice carries (TRLGDCU art. 114 ff.): the notice is a
 * request that helps with the carrier, never a deadline of the legal guarantee, which asks a
 * consumer for no notice within any time.
 */
export const DEFECT_NOTICE_CAVEAT =
  'Este aviso en 72 horas es solo una petición para poder reclamar al transportista y resolverlo antes: no es un plazo de la garantía legal. Si usted es consumidor, no tiene ningún plazo para comunicarnos la falta de conformidad y conserva todos los derechos de la garantía legal de conformidad (artículos 114 y siguientes del TRLGDCU) aunque nos avise más tarde.';

/** Full citation of the Spanish consumer law. */
export const CONSUMER_LAW =
  'Real Decreto Legislativo 1/2007, de 16 de noviembre, por el que se aprueba el texto refundido de la Ley General para la Defensa de los Consumidores y Usuarios y otras leyes complementarias';

export const GDPR =
  'Reglamento (UE) 2016/679 del Parlamento Europeo y del Consejo, de 27 de abril de 2016 (RGPD)';

export const LSSI =
  'Ley 34/2002, de 11 de julio, de servicios de la sociedad de la información y de comercio electrónico (LSSI-CE)';

export const LOPDGDD =
  'Ley Orgánica 3/2018, de 5 de diciembre, de Protección de Datos Personales y garantía de los derechos digitales (LOPDGDD)';

export const OLD_LOPD =
  'Ley Orgánica 15/1999, de 13 de diciembre, de Protección de Datos de Carácter Personal';
