/**
 * What `payments/refunds.ts` still imports under this name; everything else reaches invoicing
 * through `index.ts`. Delete this file once refunds.ts imports from `../invoices/index.ts`.
 */
export { issueCorrectiveInvoice } from './corrections.ts';
export type { InvoiceDeps, IssuedInvoice } from './types.ts';
