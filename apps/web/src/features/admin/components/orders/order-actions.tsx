import { formatEuros } from '@shop/contracts/money';
import { waitsForPrint } from '@shop/contracts/order-lifecycle';
import type { Order } from '@shop/contracts/orders';
import { CARRIERS } from '@shop/contracts/tracking-rules';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { changeOrderStatus, type Parcel, type StaffStatus } from '../../api/change-order-status';
import { confirmPayment } from '../../api/confirm-payment';
import { generateInvoice } from '../../api/generate-invoice';
import { printOrder } from '../../api/print-order';
import { useAction } from '../../hooks/use-action';
import { useToast } from '../../hooks/use-toast';
import { type OrderAction, orderActions, REASON_ON_INVOICE } from '../../lib/order-actions';
import { Dialog } from '../ui/dialog';

/** Saves a file the server just made: the browser downloads it under `filename`. */
function download(uri: string, filename: string) {
  const link = document.createElement('a');
  link.href = uri;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
}

const STATUS_ACTIONS: Partial<Record<OrderAction, { status: StaffStatus; label: string; done: string }>> = {
  ready: {
    status: 'ready',
    label: 'Listo para recoger',
    done: 'Pedido listo para recoger. Se ha avisado al cliente.',
  },
  shipped: { status: 'shipped', label: 'Enviado', done: 'Pedido marcado como enviado.' },
  delivered: { status: 'delivered', label: 'Entregado', done: 'Pedido marcado como entregado.' },
};

interface OrderActionsProps {
  order: Order;
  /** The order after a change of state, so the page shows it without asking again. */
  onChanged: (order: Order | null) => void;
}

/** The buttons that make sense for the order's state, and the files they produce. */
export function OrderActions({ order, onChanged }: OrderActionsProps) {
  const action = useAction();
  const notify = useToast();
  const noteId = useId();
  const [printFile, setPrintFile] = useState<string | null>(null);
  /** A clear case's white-ink mask (PNG), for printers that take the white channel apart. */
  const [whiteMask, setWhiteMask] = useState<string | null>(null);
  const [invoice, setInvoice] = useState<{ uri: string; number: string } | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cashing, setCashing] = useState(false);
  const [note, setNote] = useState('');
  const [shipping, setShipping] = useState(false);
  const [parcel, setParcel] = useState<Parcel>({ carrier: CARRIERS[0].name, trackingNumber: '' });
  const carrierId = useId();
  const numberId = useId();
  const linkId = useId();
  const actions = orderActions(order);
  const busy = action.busy !== null;
  const printName = `pedido-${order.orderNumber}.pdf`;
  const firstPrint = waitsForPrint(order.status);

  async function markPaid() {
    const result = await action.run(
      'confirmPayment',
      () => confirmPayment(order.id),
      'Pedido marcado como cobrado.',
    );
    if (!result.ok) return;
    setCashing(false);
    onChanged(result.value);
  }

  async function print() {
    const result = await action.run(
      'print',
      () => printOrder(order.id),
      firstPrint
        ? 'Archivo de impresión generado. El pedido está impreso.'
        : 'Archivo de impresión descargado.',
    );
    if (!result.ok) return;
    setPrintFile(result.value.uri);
    setWhiteMask(result.value.white);
    download(result.value.uri, printName);
    if (firstPrint) onChanged(null);
  }

  async function changeStatus(status: StaffStatus, done: string, reason?: string, sent?: Parcel) {
    const result = await action.run(status, () => changeOrderStatus(order.id, status, reason, sent), done);
    if (result.ok) onChanged(result.value);
    return result.ok;
  }

  async function makeInvoice() {
    const result = await action.run('invoice', () => generateInvoice(order.id));
    if (!result.ok) return;
    setInvoice(result.value);
    notify(`Factura ${result.value.number} disponible.`);
  }

  async function cancel() {
    if (await changeStatus('cancelled', 'Pedido cancelado.', note.trim() || undefined)) {
      setCancelling(false);
      setNote('');
    }
  }

  async function ship() {
    const sent = { ...parcel, trackingUrl: parcel.trackingUrl?.trim() || undefined };
    if (
      await changeStatus('shipped', 'Pedido marcado como enviado. Se ha avisado al cliente.', undefined, sent)
    ) {
      setShipping(false);
    }
  }

  const label = (name: OrderAction, text: string, pending: string) => (action.busy === name ? pending : text);

  return (
    <section className="admin-card admin-actions" aria-labelledby="order-actions-title">
      <h2 id="order-actions-title" className="admin-card__title">
        Acciones
      </h2>
      {actions.length === 0 ? (
        <p className="admin-muted">Este pedido está cancelado: no admite más cambios.</p>
      ) : (
        <div className="admin-actions__buttons">
          {actions.includes('confirmPayment') && (
            <button
              type="button"
              className="admin-button admin-button--primary"
              disabled={busy}
              onClick={() => setCashing(true)}
            >
              Marcar como cobrado
            </button>
          )}
          {actions.includes('print') && (
            <button
              type="button"
              className={`admin-button admin-button--${firstPrint ? 'primary' : 'secondary'}`}
              disabled={busy}
              onClick={print}
            >
              {label(
                'print',
                firstPrint ? 'Imprimir' : 'Descargar archivo de impresión',
                'Generando archivo…',
              )}
            </button>
          )}
          {actions.map((name) => {
            const change = STATUS_ACTIONS[name];
            if (!change) return null;
            return (
              <button
                key={name}
                type="button"
                className="admin-button admin-button--primary"
                disabled={busy}
                onClick={() =>
                  change.status === 'shipped' ? setShipping(true) : changeStatus(change.status, change.done)
                }
              >
                {label(name, change.label, 'Guardando…')}
              </button>
            );
          })}
          {actions.includes('invoice') && (
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={busy}
              onClick={makeInvoice}
            >
              {label('invoice', 'Factura', 'Emitiendo factura…')}
            </button>
          )}
          {actions.includes('cancel') && (
            <button
              type="button"
              className="admin-button admin-button--danger-ghost"
              disabled={busy}
              onClick={() => setCancelling(true)}
            >
              Cancelar pedido
            </button>
          )}
        </div>
      )}
      {order.status === 'ready' && order.paidAt === null && (
        <p className="admin-hint">El cliente paga al recoger: márquelo como cobrado antes de entregarlo.</p>
      )}
      {action.error && !cancelling && !cashing && !shipping && <Alert>{action.error}</Alert>}
      {order.parcel && (
        <p className="admin-hint">
          Enviado con {order.parcel.carrier}, número de seguimiento {order.parcel.trackingNumber}
          {order.parcel.url && (
            <>
              {' '}
              (
              <a href={order.parcel.url} target="_blank" rel="noreferrer">
                seguimiento del envío
              </a>
              )
            </>
          )}
          .
        </p>
      )}
      {(printFile || invoice) && (
        <ul className="admin-documents" aria-label="Documentos del pedido">
          {printFile && (
            <li>
              <a href={printFile} download={printName}>
                Descargar el archivo de impresión (PDF)
              </a>
            </li>
          )}
          {printFile && whiteMask && (
            <li>
              <a href={whiteMask} download={`pedido-${order.orderNumber}-tinta-blanca.png`}>
                Descargar la máscara de tinta blanca (PNG)
              </a>
            </li>
          )}
          {invoice && (
            <li>
              <a href={invoice.uri} target="_blank" rel="noreferrer">
                Ver la factura {invoice.number} (PDF)
              </a>
            </li>
          )}
        </ul>
      )}
      <Dialog
        open={cashing}
        title={`¿Marcar el pedido ${order.orderNumber} como cobrado?`}
        confirmLabel={action.busy === 'confirmPayment' ? 'Guardando…' : 'Marcar como cobrado'}
        busy={busy}
        onConfirm={markPaid}
        onClose={() => {
          setCashing(false);
          action.clearError();
        }}
      >
        <p>
          Confirme que el cliente ha pagado {formatEuros(order.total + order.shipping)} en la tienda. Quedará
          anotado quién lo cobró y cuándo, y el cliente recibirá el justificante «Pago recibido» por correo.
        </p>
        {action.error && cashing && <Alert>{action.error}</Alert>}
      </Dialog>
      <Dialog
        open={shipping}
        title={`Enviar el pedido ${order.orderNumber}`}
        confirmLabel={action.busy === 'shipped' ? 'Guardando…' : 'Marcar como enviado'}
        busy={busy}
        onConfirm={ship}
        onClose={() => {
          setShipping(false);
          action.clearError();
        }}
      >
        <p>El cliente recibirá el correo «Tu funda va de camino» con el número y el enlace de seguimiento.</p>
        <div className="admin-field">
          <label htmlFor={carrierId} className="admin-label">
            Transportista
          </label>
          <input
            id={carrierId}
            className="admin-input"
            list={`${carrierId}-list`}
            maxLength={60}
            required
            value={parcel.carrier}
            onChange={(event) => setParcel({ ...parcel, carrier: event.target.value })}
          />
          <datalist id={`${carrierId}-list`}>
            {CARRIERS.map((c) => (
              <option key={c.name} value={c.name} />
            ))}
          </datalist>
        </div>
        <div className="admin-field">
          <label htmlFor={numberId} className="admin-label">
            Número de seguimiento
          </label>
          <input
            id={numberId}
            className="admin-input"
            maxLength={60}
            required
            value={parcel.trackingNumber}
            onChange={(event) => setParcel({ ...parcel, trackingNumber: event.target.value })}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={linkId} className="admin-label">
            Enlace de seguimiento (opcional si el transportista está en la lista)
          </label>
          <input
            id={linkId}
            className="admin-input"
            type="url"
            maxLength={500}
            value={parcel.trackingUrl ?? ''}
            onChange={(event) => setParcel({ ...parcel, trackingUrl: event.target.value })}
          />
        </div>
        {action.error && shipping && <Alert>{action.error}</Alert>}
      </Dialog>
      <Dialog
        open={cancelling}
        title={`¿Cancelar el pedido ${order.orderNumber}?`}
        confirmLabel={action.busy === 'cancelled' ? 'Cancelando…' : 'Cancelar pedido'}
        tone="danger"
        busy={busy}
        onConfirm={cancel}
        onClose={() => {
          setCancelling(false);
          action.clearError();
        }}
      >
        <p>
          El pedido no se podrá imprimir ni entregar. Si el cliente ya ha pagado, la devolución se hace en la
          tienda o por el banco.
        </p>
        <div className="admin-field">
          <label htmlFor={noteId} className="admin-label">
            Motivo (opcional)
          </label>
          <textarea
            id={noteId}
            className="admin-input admin-textarea"
            rows={3}
            maxLength={500}
            aria-describedby={`${noteId}-hint`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <p id={`${noteId}-hint`} className="admin-hint">
            {REASON_ON_INVOICE}
          </p>
        </div>
        {action.error && cancelling && <Alert>{action.error}</Alert>}
      </Dialog>
    </section>
  );
}
