import type { Order } from '@shop/contracts/orders';
import { useEffect, useState } from 'react';
import { getOrder } from '../api/get-order';

/** The paid order's invoice, to download from the confirmation page (it also goes by mail). */
export function InvoiceDownload({ orderId }: { orderId: string }) {
  const [invoice, setInvoice] = useState<Order['invoice']>(null);
  useEffect(() => {
    const controller = new AbortController();
    getOrder(orderId, controller.signal)
      .then((order) => setInvoice(order.invoice))
      .catch(() => {});
    return () => controller.abort();
  }, [orderId]);
  if (!invoice) return null;
  return (
    <a
      className="button button--secondary button--large"
      href={invoice.uri}
      download={`factura-${invoice.number}.pdf`}
    >
      Descargar la factura {invoice.number} (PDF)
    </a>
  );
}
