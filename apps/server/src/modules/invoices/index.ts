/** Invoices: numbering, records, corrections, PDFs and VERI*FACTU sending. */
export { invoicesNameStaff } from './issuers.ts';
export { dropInvoiceRequests, filesOfInvoices } from './retention.ts';
