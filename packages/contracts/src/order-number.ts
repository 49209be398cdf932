/** An order's number as people see it (mails, tracking, back office, invoices): six digits at least. */
export const formatOrderNumber = (n: number): string => String(n).padStart(6, '0');
