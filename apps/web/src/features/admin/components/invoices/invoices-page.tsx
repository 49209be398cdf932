import type { ChainVerificationResult, InvoiceSummary } from '@shop/contracts/invoices';
import { formatEuros } from '@shop/contracts/money';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { getInvoices } from '../../api/get-invoices';
import { verifyInvoiceChain } from '../../api/verify-invoice-chain';
import { useAction } from '../../hooks/use-action';
import { useResource } from '../../hooks/use-resource';
import { formatDate } from '../../lib/format';
import { EmptyState } from '../ui/empty-state';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { Pagination } from '../ui/pagination';
import { FlagBadge } from '../ui/status-badge';
import { TableWrap } from '../ui/table-wrap';

const PAGE_SIZE = 25;
const FIRST_YEAR = 2025;

function VerifactuState({ invoice }: { invoice: InvoiceSummary }) {
  const { status, via } = invoice.verifactu;
  if (status === 'sent')
    return <FlagBadge tone="ok">{via === 'aeat' ? 'Enviado a la AEAT' : 'Registrado'}</FlagBadge>;
  if (status === 'error') return <FlagBadge tone="warn">Error de envío</FlagBadge>;
  return <FlagBadge tone="off">Pendiente</FlagBadge>;
}

function ChainResult({ result }: { result: ChainVerificationResult }) {
  return result.ok ? (
    <Alert tone="success">
      La cadena de registros VERI*FACTU es correcta: {result.records}{' '}
      {result.records === 1 ? 'registro comprobado' : 'registros comprobados'}.
    </Alert>
  ) : (
    <Alert>
      La cadena de registros VERI*FACTU está rota
      {result.firstBrokenId ? ` a partir del registro ${result.firstBrokenId}` : ''}. Avise al responsable
      técnico antes de emitir más facturas.
    </Alert>
  );
}

/** Issued invoices (simplified invoices and corrections) and the VERI*FACTU chain check. */
export function InvoicesPage() {
  const id = useId();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState<number | undefined>(thisYear);
  const [page, setPage] = useState(1);
  const invoices = useResource(`invoices:${year}:${page}`, (signal) =>
    getInvoices({ year, page, size: PAGE_SIZE }, signal),
  );
  const verify = useAction();
  const [chain, setChain] = useState<ChainVerificationResult | null>(null);
  const data = invoices.data;
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => thisYear - i);

  async function check() {
    setChain(null);
    const result = await verify.run('verify', () => verifyInvoiceChain());
    if (result.ok) setChain(result.value);
  }

  return (
    <>
      <PageHeader
        title="Facturas"
        description="Facturas simplificadas emitidas, con su registro VERI*FACTU encadenado."
        actions={
          <button
            type="button"
            className="admin-button admin-button--secondary"
            onClick={check}
            disabled={verify.busy !== null}
          >
            {verify.busy ? 'Comprobando…' : 'Comprobar la cadena VERI*FACTU'}
          </button>
        }
      />
      <div aria-live="polite">
        {chain && <ChainResult result={chain} />}
        {verify.error && <Alert>{verify.error}</Alert>}
      </div>
      <div className="admin-filters">
        <div className="admin-field">
          <label className="admin-label" htmlFor={`${id}-year`}>
            Año
          </label>
          <select
            id={`${id}-year`}
            className="admin-input"
            value={year ?? ''}
            onChange={(event) => {
              setYear(Number(event.target.value) || undefined);
              setPage(1);
            }}
          >
            <option value="">Todos los años</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      <LoadState
        status={invoices.status}
        error={invoices.error}
        hasData={data !== null}
        onRetry={invoices.reload}
      />
      {data && data.total === 0 && (
        <EmptyState title={year ? `No hay facturas de ${year}.` : 'Todavía no hay facturas.'}>
          <p>Las facturas se emiten desde el detalle de cada pedido pagado.</p>
        </EmptyState>
      )}
      {data && data.total > 0 && (
        <>
          <TableWrap label="Lista de facturas" busy={invoices.status === 'loading'}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Número</th>
                  <th scope="col">Fecha</th>
                  <th scope="col">Pedido</th>
                  <th scope="col">Tienda</th>
                  <th scope="col">Cliente</th>
                  <th scope="col" className="admin-num">
                    Base
                  </th>
                  <th scope="col" className="admin-num">
                    IVA
                  </th>
                  <th scope="col" className="admin-num">
                    Total
                  </th>
                  <th scope="col">VERI*FACTU</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((invoice) => (
                  <tr key={invoice.id}>
                    <th scope="row">
                      <a href={invoice.uri} target="_blank" rel="noreferrer" className="admin-table__key">
                        {invoice.number}
                        <span className="visually-hidden"> (PDF)</span>
                      </a>
                      {invoice.kind === 'R5' && <span className="admin-cell-note">Rectificativa</span>}
                    </th>
                    <td className="admin-nowrap">{formatDate(invoice.issuedAt)}</td>
                    <td>
                      <Link to={paths.admin.order(invoice.orderId)} className="admin-nowrap">
                        Ver pedido<span className="visually-hidden"> de la factura {invoice.number}</span>
                      </Link>
                    </td>
                    <td>{invoice.storeName}</td>
                    <td>{invoice.buyerName ?? <span className="admin-muted">—</span>}</td>
                    <td className="admin-num">{formatEuros(invoice.base)}</td>
                    <td className="admin-num">
                      {formatEuros(invoice.vat)} <span className="admin-muted">({invoice.vatRate} %)</span>
                    </td>
                    <td className="admin-num">
                      <strong>{formatEuros(invoice.total)}</strong>
                    </td>
                    <td>
                      <VerifactuState invoice={invoice} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pagination page={data.page} size={data.size} total={data.total} noun="facturas" onPage={setPage} />
        </>
      )}
    </>
  );
}
