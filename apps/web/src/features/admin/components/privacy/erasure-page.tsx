import { counted } from '@shop/contracts/counted';
import type { ErasureResult } from '@shop/contracts/erasure';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { requestErasure } from '../../api/erasure';
import { useAction } from '../../hooks/use-action';
import { STATUS_LABELS } from '../../lib/order-status';
import { Dialog } from '../ui/dialog';
import { PageHeader } from '../ui/page-header';
import { TextField } from '../ui/text-field';

/** What an erasure removes or would remove, said plainly (orders by number only). */
function Summary({ result }: { result: ErasureResult }) {
  const { erased, pending } = result;
  return (
    <section className="admin-card" aria-labelledby="erasure-summary">
      <h2 id="erasure-summary" className="admin-card__title">
        {result.done ? 'Datos suprimidos' : 'Qué se suprimiría'}
      </h2>
      {erased.length === 0 && pending.length === 0 && result.mails === 0 ? (
        <p>No hay pedidos ni correos con esa dirección.</p>
      ) : (
        <>
          <p>
            {counted(erased.length, 'pedido', 'pedidos')}, {counted(result.mails, 'correo', 'correos')} y{' '}
            {counted(result.files, 'archivo', 'archivos')} (fotos, diseños e impresiones).
          </p>
          {erased.length > 0 && (
            <ul>
              {erased.map((o) => (
                <li key={o.orderNumber}>
                  Pedido {o.orderNumber} ({STATUS_LABELS[o.status as keyof typeof STATUS_LABELS] ?? o.status})
                  {o.invoiced ? ': su factura se conserva, bloqueada, durante el plazo legal' : ''}
                </li>
              ))}
            </ul>
          )}
          {pending.length > 0 && (
            <Alert>
              {`Quedan sin suprimir los pedidos en curso (${pending.map((o) => o.orderNumber).join(', ')}): hacen falta para entregarlos. Vuelva a pedirlo cuando estén entregados o cancelados.`}
            </Alert>
          )}
        </>
      )}
    </section>
  );
}

/**
 * A customer's erasure request (RGPD art. 17), by the e-mail address of their orders: first what
 * it would remove, then, confirmed, done. Invoices and their records stay, blocked, for the legal
 * period; orders in progress are left until they are delivered.
 */
export function ErasurePage() {
  const action = useAction();
  const [email, setEmail] = useState('');
  const [looked, setLooked] = useState<ErasureResult | null>(null);
  const [asking, setAsking] = useState(false);

  async function look(event: FormEvent) {
    event.preventDefault();
    setLooked(null);
    const result = await action.run('look', () => requestErasure({ email, confirm: false }));
    if (result.ok) setLooked(result.value);
  }

  async function erase() {
    const result = await action.run('erase', () => requestErasure({ email, confirm: true }));
    setAsking(false);
    if (result.ok) setLooked(result.value);
  }

  const canErase = looked !== null && !looked.done && (looked.erased.length > 0 || looked.mails > 0);
  return (
    <>
      <PageHeader
        title="Datos personales"
        description="Solicitudes de supresión (RGPD art. 17): se buscan los pedidos por el correo electrónico del cliente. Las facturas se conservan bloqueadas el plazo legal; los pedidos en curso, hasta que se entregan."
      />
      <form className="admin-card admin-form" onSubmit={look} aria-label="Solicitud de supresión">
        {action.error && <Alert>{action.error}</Alert>}
        <TextField
          label="Correo electrónico del cliente"
          type="email"
          required
          maxLength={254}
          value={email}
          onChange={(value) => {
            setEmail(value);
            setLooked(null);
          }}
        />
        <div className="admin-form__actions">
          <button
            type="submit"
            className="admin-button admin-button--secondary"
            disabled={action.busy !== null}
          >
            {action.busy === 'look' ? 'Buscando…' : 'Ver qué se suprimiría'}
          </button>
          {canErase && (
            <button
              type="button"
              className="admin-button admin-button--danger"
              disabled={action.busy !== null}
              onClick={() => setAsking(true)}
            >
              Suprimir los datos
            </button>
          )}
        </div>
      </form>
      {looked && <Summary result={looked} />}
      <Dialog
        open={asking}
        title="¿Suprimir los datos de este cliente?"
        confirmLabel="Suprimir los datos"
        tone="danger"
        busy={action.busy !== null}
        onConfirm={erase}
        onClose={() => setAsking(false)}
      >
        <p>
          No se puede deshacer: el nombre, el correo, el teléfono, la dirección, las fotos y los diseños se
          borran.
        </p>
      </Dialog>
    </>
  );
}
