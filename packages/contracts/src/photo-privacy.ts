/**
 * The first layer of the privacy information where the customer's photo is collected (RGPD art. 13.1,
 * LOPDGDD art. 11): who is responsible for it, what it is used for and on what basis, how long it is
 * kept, and where the rest is (the privacy policy). The same sentence on the editor's photo step and
 * on the phone's upload page; the periods are the ones the retention job applies (retention.ts).
 * Free of zod.
 */
import type { RetentionPeriods } from './retention.ts';

const days = (n: number) => (n === 1 ? '1 día' : `${n} días`);

/** The notice, for the company (its legal name and e-mail) once the configuration has arrived. */
export function photoPrivacyNotice(
  company: { legalName: string; email: string } | null,
  r: RetentionPeriods,
): string {
  const who = company ? `${company.legalName} (${company.email})` : 'La tienda';
  return `${who} es responsable de tu foto. La usamos solo para diseñar, imprimir y entregarte tu funda, porque es necesaria para el contrato, y no la cedemos a nadie. La guardamos mientras dura la garantía legal (${r.warrantyYears} años desde la entrega) y ${days(r.photoDaysAfterWarranty)} más, por si hay que reimprimirla; si el pedido se cancela o no llega a confirmarse, la borramos a los ${days(Math.max(r.cancelledOrderDays, r.abandonedOrderDays))}. Puedes pedir que la borremos o ejercer tus demás derechos escribiéndonos.`;
}
