/**
 * Invoices: numbering and the record chain (numbering.ts, chain.ts), issuing (issue.ts, and the
 * paid order's invoice in order-invoice.ts), rectificativas (corrections.ts), annulment
 * (annulment.ts), subsanación (subsanacion.ts), full-invoice requests and exchanges
 * (fiscal-requests.ts), the PDF (pdf.ts), the VERI*FACTU records (verifactu.ts, verifactu-xml.ts,
 * stored-alta.ts) and their sender (sender.ts, soap-transport.ts). Other code imports only this file.
 */
export { issueCorrectiveInvoice, rectifyForCancellation } from './corrections.ts';
export { getInvoiceRequest } from './fiscal-requests.ts';
export { invoicesNameStaff } from './issuers.ts';
export { issueInvoiceForPaidOrder } from './order-invoice.ts';
export { invoicesOfOrders } from './order-invoices.ts';
export { orderInvoicePdf, verifyStoredChain } from './queries.ts';
export { invoiceNumber, orderHasInvoice } from './refund-lookups.ts';
export { dropInvoiceRequests, filesOfInvoices } from './retention.ts';
export { invoiceRoutes } from './routes.ts';
export { VerifactuSender } from './sender.ts';
export { HttpSoapTransport, loadClientCertificate } from './soap-transport.ts';
export type { InvoiceDeps, IssuedInvoice } from './types.ts';
