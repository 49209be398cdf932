import type { StaffUser } from '@shop/contracts/auth';
import type { InvoiceKind } from '@shop/contracts/invoices';
import type { Config } from '../../env.ts';
import type { FileService } from '../files/index.ts';

/** What every part of invoicing is handed: its settings, who acts, and what issuing returns. */

export type InvoiceConfig = Pick<Config, 'company' | 'verifactu'>;

/** What issuing needs besides the database: where PDFs go, and the company and VERI*FACTU settings. */
export interface InvoiceDeps {
  files: FileService;
  config: InvoiceConfig;
}

/** Who issues: a staff member, or the system on the gateway's word ('gateway'). */
export type InvoiceActor = StaffUser | string;

export interface IssuedInvoice {
  id: number;
  kind: InvoiceKind;
  fullNumber: string;
  pdfFileId: string;
  orderId: string;
  /** False when the invoice already existed and that one was returned. */
  created: boolean;
}
