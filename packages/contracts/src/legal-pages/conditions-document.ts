/**
 * The conditions a customer receives with the order, on a durable medium (TRLGDCU art. 98.7; a link
 * is not one, CJEU C-49/11): the general conditions (with how to complain, the hojas de
 * reclamaciones and alternative dispute resolution), the guarantee's terms and the return
 * conditions, built from the same pages the site shows. The server prints them as a PDF.
 */
import { generalConditionsPage } from './general-conditions.ts';
import { returnConditionsPage } from './return-conditions.ts';
import type { CompanyInfo, StaticPage } from './types.ts';
import { warrantyConditionsPage } from './warranty-conditions.ts';

export const CONDITIONS_DOCUMENT_TITLE = 'Condiciones de tu pedido';

/** The pages of the document, in order: what is agreed, then the guarantee, then returns. */
export function conditionsDocumentPages(company: CompanyInfo): StaticPage[] {
  return [generalConditionsPage(company), warrantyConditionsPage(company), returnConditionsPage(company)];
}
