import type { Dashboard } from '@shop/contracts/dashboard';
import { PICKUP_WAIT_ALERT_DAYS } from '@shop/contracts/tracking-rules';
import { Link } from 'react-router';
import { adminPaths } from '@/features/admin/paths';
import { getDashboard } from '../../api/reports';
import { useResource } from '../../hooks/use-resource';
import { useSession } from '../../hooks/use-session';
import { formatDateTime } from '../../lib/format';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';

function OrderList({ items, empty }: { items: Dashboard['readyTooLong']; empty: string }) {
  if (items.length === 0) return <p className="admin-muted">{empty}</p>;
  return (
    <ul className="admin-dashboard__list">
      {items.map((item) => (
        <li key={item.id}>
          <Link to={adminPaths.order(item.id)}>Pedido {item.orderNumber}</Link> · {item.storeName} · desde el{' '}
          {formatDateTime(item.since)}
        </li>
      ))}
    </ul>
  );
}

/** The back office's first page: what needs doing today. */
export function DashboardPage() {
  const { user } = useSession();
  const data = useResource('dashboard', (signal) => getDashboard(signal));
  const d = data.data;
  return (
    <>
      <PageHeader
        title="Inicio"
        description={
          user.role === 'admin'
            ? 'Lo que requiere atención hoy en todas las tiendas.'
            : 'Lo que requiere atención hoy en su tienda.'
        }
      />
      <LoadState status={data.status} error={data.error} hasData={d !== null} onRetry={data.reload} />
      {d && (
        <div className="admin-dashboard">
          <section className="admin-card" aria-labelledby="dash-today">
            <h2 id="dash-today" className="admin-card__title">
              Pedidos de hoy
            </h2>
            <p className="admin-dashboard__figure">{d.todayOrders}</p>
            <Link to={adminPaths.orders}>Ver los pedidos</Link>
          </section>
          <section className="admin-card" aria-labelledby="dash-print">
            <h2 id="dash-print" className="admin-card__title">
              Esperando impresión
            </h2>
            <p className="admin-dashboard__figure">{d.waitingForPrint}</p>
            <Link to={adminPaths.print}>Ir a la cola de impresión</Link>
          </section>
          <section className="admin-card" aria-labelledby="dash-ready">
            <h2 id="dash-ready" className="admin-card__title">
              Listos para recoger hace más de {PICKUP_WAIT_ALERT_DAYS} días
            </h2>
            <OrderList
              items={d.readyTooLong}
              empty="Ninguno: todos los pedidos listos se recogen a tiempo."
            />
          </section>
          <section className="admin-card" aria-labelledby="dash-payments">
            <h2 id="dash-payments" className="admin-card__title">
              Pagos que requieren atención
            </h2>
            <OrderList items={d.paymentsNeedingAttention} empty="Ningún pago fallido ni atascado." />
            {user.role === 'admin' && d.refusedNotifications > 0 && (
              <p className="admin-hint">
                {d.refusedNotifications} notificaciones de la pasarela rechazadas en los últimos 7 días.
              </p>
            )}
          </section>
          {user.role === 'admin' && (
            <section className="admin-card" aria-labelledby="dash-aeat">
              <h2 id="dash-aeat" className="admin-card__title">
                Registros no aceptados por la AEAT
              </h2>
              <p className="admin-dashboard__figure">{d.aeatNotAccepted}</p>
              <Link to={adminPaths.invoices}>Ir a las facturas</Link>
            </section>
          )}
        </div>
      )}
    </>
  );
}
