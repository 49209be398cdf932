/**
 * What the shop tells a consumer at the moment of buying and after it (TRLGDCU art. 97-98, 103 c,
 * 120), written once for the checkout screens and the mails. Free of zod: the checkout imports it.
 */

/** A case printed with the customer's photo is made to measure: no right of withdrawal. */
export const WITHDRAWAL_EXEMPTION =
  'Funda personalizada: al hacerse a tu medida no admite desistimiento (art. 103 c TRLGDCU).';

/** Years of the legal guarantee of conformity for goods (TRLGDCU art. 120). */
export const CONFORMITY_GUARANTEE_YEARS = 3;

export const GUARANTEE_REMINDER = `Tu funda tiene la garantía legal de conformidad de ${CONFORMITY_GUARANTEE_YEARS} años (art. 120 TRLGDCU): si no es conforme con lo que compraste, la reparamos, la sustituimos o te devolvemos el dinero.`;

/** The 72-hour defect notice as the checkout says it: a request, never a limit of the legal guarantee (TRLGDCU art. 114 ff.). */
export const DEFECT_NOTICE_REMINDER =
  'Si al recibirla ves un defecto, te pedimos que nos avises en 72 horas para poder reclamar al transportista; no es un plazo de tu garantía legal, que conservas aunque nos avises más tarde.';

/** When a parcel arrives, as the shipping page promises. */
export const DELIVERY_TIME = 'en 2 a 4 días laborables (enviamos de lunes a viernes)';

/** When a pickup order can be collected: a mail says so; never later than the legal 30 days. */
export const PICKUP_TIME =
  'te avisamos por correo en cuanto esté lista para recoger (como máximo, 30 días naturales)';

/** The same for an order without an e-mail address: no mail is promised that cannot be sent. */
export const PICKUP_TIME_WITHOUT_MAIL =
  'estará lista para recoger en 30 días naturales como máximo; sin correo electrónico no podemos avisarte, así que consulta cómo va con el enlace de seguimiento o en la tienda';

/** When a pickup order can be collected, said as the customer will (or will not) be told. */
export const pickupTime = (withMail: boolean): string => (withMail ? PICKUP_TIME : PICKUP_TIME_WITHOUT_MAIL);

/** The static pages the checkout and the mails link to (their slugs in the storefront). */
export const TERMS_PAGES = {
  generalConditions: '/general-conditions',
  privacy: '/privacy',
  warranty: '/return-conditions-2',
} as const;
