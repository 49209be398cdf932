import type { MailStatus, OutboxEntry } from '@shop/contracts/mail';
import { useState } from 'react';
import { getOutbox } from '../../api/get-outbox';
import { useResource } from '../../hooks/use-resource';
import { useToast } from '../../hooks/use-toast';
import { formatCompactDateTime } from '../../lib/format';
import { EmptyState } from '../ui/empty-state';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { Pagination } from '../ui/pagination';
import { FlagBadge } from '../ui/status-badge';
import { TableWrap } from '../ui/table-wrap';
import { ComposeMail } from './compose-mail';

const PAGE_SIZE = 25;

const STATUS: Record<MailStatus, { label: string; tone: 'ok' | 'off' | 'warn' }> = {
  pending: { label: 'En cola', tone: 'off' },
  sending: { label: 'Enviando', tone: 'off' },
  sent: { label: 'Enviado', tone: 'ok' },
  failed: { label: 'Fallido', tone: 'warn' },
};

const KIND: Record<string, string> = {
  manual: 'Escrito a mano',
  'order-received': 'Pedido recibido',
  'order-paid': 'Pedido pagado',
  'delivery-details': 'Datos de envío',
  'ready-for-pickup': 'Listo para recoger',
};

const kindLabel = (entry: OutboxEntry) => KIND[entry.kind] ?? entry.kind;

/** The mail the shop sends (order mails and hand-written ones), and a form to write one. */
export function OutboxPage() {
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const notify = useToast();
  const outbox = useResource(`outbox:${page}`, (signal) => getOutbox(page, PAGE_SIZE, signal));
  const data = outbox.data;

  return (
    <>
      <PageHeader
        title="Correo"
        description="Los correos que envía la tienda: los automáticos de cada pedido y los que se escriben aquí."
        actions={
          <button
            type="button"
            className={`admin-button admin-button--${composing ? 'secondary' : 'primary'}`}
            aria-expanded={composing}
            aria-controls="compose-mail"
            onClick={() => setComposing((open) => !open)}
          >
            {composing ? 'Cerrar el formulario' : 'Escribir un correo'}
          </button>
        }
      />
      <div className="admin-stack">
        {composing && (
          <ComposeMail
            id="compose-mail"
            onSent={() => {
              setComposing(false);
              notify('Correo puesto en la cola de envío.');
              if (page === 1) outbox.reload();
              else setPage(1);
            }}
          />
        )}
        <div>
          <h2 className="admin-section-title">Bandeja de salida</h2>
          <LoadState
            status={outbox.status}
            error={outbox.error}
            hasData={data !== null}
            onRetry={outbox.reload}
          />
          {data && data.total === 0 && <EmptyState title="Todavía no se ha enviado ningún correo." />}
          {data && data.total > 0 && (
            <>
              <TableWrap label="Correos de la bandeja de salida" busy={outbox.status === 'loading'}>
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Fecha</th>
                      <th scope="col">Para</th>
                      <th scope="col">Asunto</th>
                      <th scope="col">Tipo</th>
                      <th scope="col">Estado</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((entry) => (
                      <tr key={entry.id}>
                        <td className="admin-nowrap">{formatCompactDateTime(entry.createdAt)}</td>
                        <td>{entry.to}</td>
                        <td>{entry.subject}</td>
                        <td>{kindLabel(entry)}</td>
                        <td>
                          <FlagBadge tone={STATUS[entry.status].tone}>{STATUS[entry.status].label}</FlagBadge>
                          {entry.status !== 'sent' && entry.attempts > 0 && (
                            <span className="admin-cell-note">
                              {entry.attempts} {entry.attempts === 1 ? 'intento' : 'intentos'}
                              {entry.lastError ? `: ${entry.lastError}` : ''}
                            </span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
              <Pagination
                page={data.page}
                size={data.size}
                total={data.total}
                noun="correos"
                onPage={setPage}
              />
            </>
          )}
        </div>
      </div>
    </>
  );
}
