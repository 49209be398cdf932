import { counted } from '@shop/contracts/counted';
import type {
  ChainVerificationResult,
  FiscalData,
  InvoiceSummary,
  VerifactuSender,
} from '@shop/contracts/invoices';
import { formatEuros } from '@shop/contracts/money';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { adminPaths } from '@/features/admin/paths';
import { getInvoices } from '../../api/get-invoices';
import {
  annulInvoice,
  exchangeInvoice,
  resendInvoiceRecord,
  resumeVerifactu,
} from '../../api/invoice-actions';
import { verifyInvoiceChain } from '../../api/verify-invoice-chain';
import { useAction } from '../../hooks/use-action';
import { useResource } from '../../hooks/use-resource';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../lib/format';
import { Dialog } from '../ui/dialog';
import { EmptyState } from '../ui/empty-state';
import { LoadState } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { Pagination } from '../ui/pagination';
import { SelectField } from '../ui/select-field';
import { FlagBadge } from '../ui/status-badge';
import { TableWrap } from '../ui/table-wrap';
import { TextAreaField } from '../ui/text-area-field';
import { TextField } from '../ui/text-field';
import { DeclarationCard } from './declaration-card';

const PAGE_SIZE = 25;
const FIRST_YEAR = 2025;

const NO_FISCAL_DATA: FiscalData = { taxId: '', name: '', address: '', postalCode: '', city: '' };
const FISCAL_FIELDS: { name: keyof FiscalData; label: string }[] = [
  { name: 'taxId', label: 'NIF, NIE o CIF (o número de IVA extranjero)' },
  { name: 'name', label: 'Nombre o razón social' },
  { name: 'address', label: 'Dirección fiscal' },
  { name: 'postalCode', label: 'Código postal' },
  { name: 'city', label: 'Localidad' },
];

const KIND_LABELS: Record<InvoiceSummary['kind'], string> = {
  F1: 'Completa',
  F2: 'Simplificada',
  F3: 'Completa (canje)',
  R1: 'Rectificativa',
  R5: 'Rectificativa',
};

/** The state of the invoice's latest record at the AEAT. */
function VerifactuState({ invoice }: { invoice: InvoiceSummary }) {
  const v = invoice.verifactu;
  const what = v.recordType === 'anulacion' ? 'Anulación' : v.subsanacion ? 'Subsanación' : 'Alta';
  const detail = v.code ? `${v.code}: ${v.text ?? ''}` : null;
  return (
    <div className="admin-verifactu">
      {v.state === 'accepted' && <FlagBadge tone="ok">{`${what} enviada`}</FlagBadge>}
      {v.state === 'accepted_with_errors' && <FlagBadge tone="warn">Aceptada con errores</FlagBadge>}
      {v.state === 'rejected' && <FlagBadge tone="warn">Rechazada</FlagBadge>}
      {v.state === 'pending' && <FlagBadge tone="off">{`${what} pendiente`}</FlagBadge>}
      {v.state === 'sending' && <FlagBadge tone="off">Enviando…</FlagBadge>}
      {v.csv && <span className="admin-cell-note">CSV {v.csv}</span>}
      {detail && <span className="admin-cell-note">{detail}</span>}
      {v.late && <span className="admin-cell-note">Con incidencia</span>}
    </div>
  );
}

function ChainResult({ result }: { result: ChainVerificationResult }) {
  if (result.ok) {
    return (
      <FlagBadge tone="ok">{`Cadena VERI*FACTU correcta: ${counted(result.records, 'registro', 'registros')}`}</FlagBadge>
    );
  }
  return (
    <Alert>
      {result.firstBrokenId
        ? `La cadena de registros VERI*FACTU está rota a partir del registro ${result.firstBrokenId}. `
        : ''}
      {result.pdfMismatches?.length ? `PDF alterados o perdidos: ${result.pdfMismatches.join(', ')}. ` : ''}
      Avise al responsable técnico antes de emitir más facturas.
    </Alert>
  );
}

function SenderState({
  sender,
  onResume,
  busy,
}: {
  sender: VerifactuSender;
  onResume: () => void;
  busy: boolean;
}) {
  if (!sender.enabled) {
    return (
      <Alert tone="info">
        El envío a la AEAT no está configurado (VERIFACTU_ENDPOINT): los registros se guardan en cola (
        {sender.pending} pendientes) y las facturas no llevan la leyenda VERI*FACTU ni el código QR.
      </Alert>
    );
  }
  if (sender.halted) {
    return (
      <Alert>
        El envío a la AEAT está detenido desde el {formatDate(sender.halted.at)}: {sender.halted.reason}{' '}
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={onResume}
          disabled={busy}
        >
          Reanudar el envío
        </button>
      </Alert>
    );
  }
  return (
    <p className="admin-muted">
      Envío a la AEAT activo: {sender.pending}{' '}
      {sender.pending === 1 ? 'registro pendiente' : 'registros pendientes'}
      {sender.rejected > 0 ? `, ${sender.rejected} rechazados por revisar` : ''}. Tiempo de espera entre
      envíos: {sender.waitSeconds} s.{sender.lastError ? ` Último error: ${sender.lastError}` : ''}
    </p>
  );
}

/** Issued invoices (simplified invoices and corrections) and the VERI*FACTU chain check. */
export function InvoicesPage() {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState<number | undefined>(thisYear);
  const [page, setPage] = useState(1);
  const invoices = useResource(`invoices:${year}:${page}`, (signal) =>
    getInvoices({ year, page, size: PAGE_SIZE }, signal),
  );
  const verify = useAction();
  const act = useAction();
  const notify = useToast();
  const [chain, setChain] = useState<ChainVerificationResult | null>(null);
  const [annulling, setAnnulling] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [exchanging, setExchanging] = useState<string | null>(null);
  const [fiscal, setFiscal] = useState<FiscalData>(NO_FISCAL_DATA);
  const data = invoices.data;
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => thisYear - i);

  async function check() {
    setChain(null);
    const result = await verify.run('verify', () => verifyInvoiceChain());
    if (result.ok) setChain(result.value);
  }
  // The chain is checked on arrival: its badge heads the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit.
  useEffect(() => {
    void check();
  }, []);

  async function resend(number: string) {
    const r = await act.run(
      `resend:${number}`,
      () => resendInvoiceRecord(number),
      `Registro de ${number} reenviado como subsanación.`,
    );
    if (r.ok) {
      invoices.reload();
      void check();
    }
  }
  async function resume() {
    const r = await act.run('resume', () => resumeVerifactu(), 'Envío a la AEAT reanudado.');
    if (r.ok) invoices.reload();
  }
  async function exchange() {
    if (!exchanging) return;
    const number = exchanging;
    const r = await act.run(`exchange:${number}`, () => exchangeInvoice(number, fiscal));
    if (r.ok) {
      notify(`Factura completa ${r.value.number} emitida en sustitución de ${number}.`);
      setExchanging(null);
      setFiscal(NO_FISCAL_DATA);
      invoices.reload();
      void check();
    }
  }
  async function annul() {
    if (!annulling) return;
    const number = annulling;
    const r = await act.run(
      `annul:${number}`,
      () => annulInvoice(number, reason.trim()),
      `Factura ${number} anulada.`,
    );
    if (r.ok) {
      setAnnulling(null);
      setReason('');
      invoices.reload();
      void check();
    }
  }

  return (
    <>
      <PageHeader
        title="Facturas"
        description="Facturas emitidas al cobrar cada pedido (simplificadas, completas y rectificativas), con su registro VERI*FACTU y su envío a la AEAT."
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
      <div aria-live="polite" className="admin-invoices__status">
        {chain && <ChainResult result={chain} />}
        {verify.error && <Alert>{verify.error}</Alert>}
        {data && <SenderState sender={data.sender} onResume={resume} busy={act.busy !== null} />}
        {act.error && <Alert>{act.error}</Alert>}
      </div>
      <div className="admin-filters">
        <SelectField
          label="Año"
          placeholder="Todos los años"
          value={String(year ?? '')}
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
          onChange={(value) => {
            setYear(Number(value) || undefined);
            setPage(1);
          }}
        />
      </div>
      <LoadState
        status={invoices.status}
        error={invoices.error}
        hasData={data !== null}
        onRetry={invoices.reload}
      />
      {data && data.total === 0 && (
        <EmptyState title={year ? `No hay facturas de ${year}.` : 'Todavía no hay facturas.'}>
          <p>Cada pedido se factura al cobrarlo: en la tienda o con la notificación del banco.</p>
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
                  <th scope="col">Cliente</th>
                  <th scope="col" className="admin-num">
                    Total
                  </th>
                  <th scope="col">Registro VERI*FACTU</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((invoice) => (
                  <tr key={invoice.id}>
                    <th scope="row">
                      <span className="admin-table__key">{invoice.number}</span>
                      <span className="admin-cell-note">
                        {KIND_LABELS[invoice.kind]} ({invoice.kind}), serie {invoice.series}
                      </span>
                      {invoice.refersTo && (
                        <span className="admin-cell-note">
                          {invoice.kind === 'F3' ? 'Sustituye a' : 'Rectifica'} {invoice.refersTo}
                        </span>
                      )}
                      {invoice.annulled && <FlagBadge tone="warn">Anulada</FlagBadge>}
                      {invoice.replacedBy && (
                        <span className="admin-cell-note">Canjeada por {invoice.replacedBy}</span>
                      )}
                    </th>
                    <td className="admin-nowrap">{formatDate(invoice.issuedAt)}</td>
                    <td>
                      <Link to={adminPaths.order(invoice.orderId)} className="admin-nowrap">
                        {invoice.orderNumber}
                        <span className="visually-hidden"> (pedido de la factura {invoice.number})</span>
                      </Link>
                      <span className="admin-cell-note">{invoice.storeName}</span>
                    </td>
                    <td>
                      {invoice.customer ?? <span className="admin-muted">—</span>}
                      {invoice.taxId && <span className="admin-cell-note">NIF {invoice.taxId}</span>}
                    </td>
                    <td className="admin-num">
                      <strong>{formatEuros(invoice.total)}</strong>
                      <span className="admin-cell-note">
                        IVA {formatEuros(invoice.vat)} ({invoice.vatRate} %)
                      </span>
                    </td>
                    <td>
                      <VerifactuState invoice={invoice} />
                    </td>
                    <td>
                      <div className="admin-invoice-actions">
                        <a href={invoice.uri} className="admin-nowrap">
                          PDF<span className="visually-hidden"> de la factura {invoice.number}</span>
                        </a>
                        <a href={invoice.recordUri} target="_blank" rel="noreferrer" className="admin-nowrap">
                          Registro XML<span className="visually-hidden"> de la factura {invoice.number}</span>
                        </a>
                        {invoice.verifactu.state === 'rejected' && (
                          <button
                            type="button"
                            className="admin-button admin-button--secondary"
                            disabled={act.busy !== null}
                            onClick={() => resend(invoice.number)}
                          >
                            Reenviar<span className="visually-hidden"> el registro de {invoice.number}</span>
                          </button>
                        )}
                        {invoice.exchangeable && (
                          <button
                            type="button"
                            className="admin-button admin-button--secondary"
                            disabled={act.busy !== null}
                            onClick={() => setExchanging(invoice.number)}
                          >
                            Canjear por completa
                            <span className="visually-hidden"> la factura {invoice.number}</span>
                          </button>
                        )}
                        {invoice.annullable && (
                          <button
                            type="button"
                            className="admin-button admin-button--secondary"
                            disabled={act.busy !== null}
                            onClick={() => setAnnulling(invoice.number)}
                          >
                            Anular<span className="visually-hidden"> la factura {invoice.number}</span>
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          <Pagination page={data.page} size={data.size} total={data.total} noun="facturas" onPage={setPage} />
        </>
      )}
      <Dialog
        open={exchanging !== null}
        title={`Factura completa en sustitución de ${exchanging ?? ''}`}
        confirmLabel="Emitir la factura completa"
        busy={act.busy !== null}
        onConfirm={exchange}
        onClose={() => setExchanging(null)}
      >
        <p>
          Para el cliente que pide su factura con NIF: se emite una factura completa (F3) que sustituye a la
          simplificada, con su propio registro VERI*FACTU.
        </p>
        {FISCAL_FIELDS.map((f) => (
          <TextField
            key={f.name}
            label={f.label}
            required
            value={fiscal[f.name]}
            onChange={(value) => setFiscal({ ...fiscal, [f.name]: value })}
          />
        ))}
      </Dialog>
      <Dialog
        open={annulling !== null}
        title={`Anular la factura ${annulling ?? ''}`}
        confirmLabel="Anular la factura"
        tone="danger"
        busy={act.busy !== null}
        onConfirm={annul}
        onClose={() => setAnnulling(null)}
      >
        <p>
          Solo para una factura emitida por error: se genera un registro de anulación VERI*FACTU. Para una
          devolución o una cancelación se emite una factura rectificativa.
        </p>
        <TextAreaField label="Motivo" required maxLength={500} value={reason} onChange={setReason} />
      </Dialog>
      <DeclarationCard />
    </>
  );
}
