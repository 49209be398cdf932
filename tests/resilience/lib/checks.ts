// What must hold after a crash: through the API (what customers and staff see) and in the
// database and the file directory themselves.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ChainVerificationResult, InvoicePage } from '@shop/contracts/invoices';
import type { Order } from '@shop/contracts/orders';
import type { Queryable } from '../../../apps/server/src/db/client.ts';
import { verifyStoredChain } from '../../../apps/server/src/modules/invoices/queries.ts';
import type { Visitor } from './http-client.ts';
import { fileIdOf, type Ledger, STATUS_RANK } from './workload.ts';

/** Runs `fn` over `items`, `n` at a time. */
export async function pool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** Whether a stored file is whole: the end marker of its format is where it must be. */
export function isComplete(bytes: Buffer, contentType: string): boolean {
  if (bytes.length === 0) return false;
  switch (contentType) {
    case 'image/jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;
    case 'image/png':
      return bytes.subarray(-8).equals(Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]));
    case 'application/pdf':
      return bytes.subarray(0, 5).toString() === '%PDF-' && bytes.subarray(-1024).includes('%%EOF');
    case 'image/svg+xml':
      return bytes.toString('utf8').trimEnd().endsWith('</svg>');
    case 'image/webp':
      return bytes.subarray(0, 4).toString() === 'RIFF' && bytes.readUInt32LE(4) + 8 === bytes.length;
    default:
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Through the API, with the server up
// ---------------------------------------------------------------------------------------------

export interface ApiFindings {
  ordersChecked: number;
  filesChecked: number;
  invoices: number;
  chain: ChainVerificationResult | null;
  tmpLeftovers: string[];
  problems: string[];
}

async function allInvoices(staff: Visitor): Promise<InvoicePage['items']> {
  const items: InvoicePage['items'] = [];
  for (let page = 1; ; page++) {
    const r = (await staff.get(`/api/invoices?size=200&page=${page}`)).json<InvoicePage>();
    items.push(...r.items);
    if (items.length >= r.total || r.items.length === 0) return items;
  }
}

/** Invoice numbers "T2026-000001": per series and year, 1..N without a gap. */
export function numberingProblems(numbers: readonly string[]): string[] {
  const bySeries = new Map<string, number[]>();
  for (const full of numbers) {
    const m = /^([A-Z]+\d{4})-(\d+)$/.exec(full);
    if (!m) return [`invoice number of unknown form: ${full}`];
    bySeries.set(m[1]!, [...(bySeries.get(m[1]!) ?? []), Number(m[2])]);
  }
  const problems: string[] = [];
  for (const [series, list] of bySeries) {
    list.sort((a, b) => a - b);
    list.forEach((n, i) => {
      if (n !== i + 1) problems.push(`invoice series ${series}: position ${i + 1} holds number ${n}`);
    });
  }
  return [...new Set(problems)].slice(0, 20);
}

/**
 * Every acknowledged order at its acknowledged state or later, with its photo and design; every
 * acknowledged file served whole; invoice numbers without gaps and the VERI*FACTU chain intact;
 * no temp file left over (`filesRoot`: DATA_DIR/files, checked only when the load is paused).
 */
export async function apiCheck(
  staff: Visitor,
  ledger: Ledger,
  filesRoot: string | null,
): Promise<ApiFindings> {
  const problems: string[] = [];
  const orders = [...ledger.orders.values()];
  await pool(orders, 4, async (acked) => {
    const r = await staff.request('GET', `/api/orders/${acked.id}`);
    if (r.status !== 200) {
      problems.push(`acknowledged order ${acked.id} (${acked.status}): GET answered ${r.status}`);
      return;
    }
    const order = r.json<Order>();
    if (STATUS_RANK[order.status] < STATUS_RANK[acked.status]) {
      problems.push(`order ${acked.id}: acknowledged ${acked.status}, now ${order.status}`);
    }
    if (acked.image && (order.image ? fileIdOf(order.image) : null) !== acked.image) {
      problems.push(`order ${acked.id}: photo ${acked.image} acknowledged, order shows ${order.image}`);
    }
    if (acked.design && (order.design ? fileIdOf(order.design) : null) !== acked.design) {
      problems.push(`order ${acked.id}: design ${acked.design} acknowledged, order shows ${order.design}`);
    }
  });
  const files = [...ledger.files.values()];
  await pool(files, 4, async (f) => {
    const variant = f.role === 'invoice' ? '' : '?variant=original';
    const r = await staff.request('GET', `/api/images/${f.id}${variant}`);
    if (r.status !== 200) {
      problems.push(`acknowledged ${f.role} ${f.id}: GET answered ${r.status}`);
      return;
    }
    const type = (r.headers.get('content-type') ?? '').split(';')[0]!;
    if (!isComplete(r.body, type))
      problems.push(`acknowledged ${f.role} ${f.id}: served incomplete (${type})`);
  });

  const invoices = await allInvoices(staff);
  problems.push(...numberingProblems(invoices.map((i) => i.number)));
  const byNumber = new Map(invoices.map((i) => [i.number, i]));
  for (const o of orders) {
    if (!o.invoiceNumber) continue;
    const inv = byNumber.get(o.invoiceNumber);
    if (!inv) problems.push(`acknowledged invoice ${o.invoiceNumber} of order ${o.id} is missing`);
    else if (inv.orderId !== o.id) problems.push(`invoice ${o.invoiceNumber} now belongs to ${inv.orderId}`);
  }
  const chain = (await staff.get('/api/invoices/verify')).json<ChainVerificationResult>();
  if (!chain.ok) problems.push(`VERI*FACTU chain broken at record ${chain.firstBrokenId}`);
  if (chain.records !== invoices.length) {
    problems.push(`VERI*FACTU: ${chain.records} records for ${invoices.length} invoices`);
  }

  let tmpLeftovers: string[] = [];
  if (filesRoot) {
    tmpLeftovers = await readdir(path.join(filesRoot, '.tmp')).catch(() => []);
    if (tmpLeftovers.length) problems.push(`${tmpLeftovers.length} temp file(s) survived the restart`);
  }
  return {
    ordersChecked: orders.length,
    filesChecked: files.length,
    invoices: invoices.length,
    chain,
    tmpLeftovers,
    problems,
  };
}

// ---------------------------------------------------------------------------------------------
// In the database and on disk, with the server stopped (or through PostgreSQL)
// ---------------------------------------------------------------------------------------------

export interface DeepFindings {
  fileRows: number;
  filesOnDisk: number;
  /** Files on disk that no row points at, by kind (left by a crash between the bytes and the row). */
  orphanFiles: Record<string, number>;
  orphanKeys: string[];
  /** Temp files of interrupted writes (removed by the next start). */
  tmpFiles: number;
  invoices: number;
  chain: ChainVerificationResult;
  problems: string[];
}

interface FileRow {
  id: string;
  kind: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  parent_id: string | null;
  variant: string;
}

export async function deepCheck(db: Queryable, filesRoot: string, ledger: Ledger): Promise<DeepFindings> {
  const problems: string[] = [];
  const { rows: fileRows } = await db.query<FileRow>(
    'SELECT id, kind, content_type, size_bytes, storage_key, parent_id, variant FROM files',
  );
  const byId = new Map(fileRows.map((f) => [f.id, f]));
  const keys = new Set(fileRows.map((f) => f.storage_key));

  // Every row's bytes: there, of the recorded size, and whole.
  await pool(fileRows, 8, async (f) => {
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(filesRoot, f.storage_key));
    } catch {
      problems.push(`files row ${f.id} (${f.kind}) points at missing ${f.storage_key}`);
      return;
    }
    if (bytes.length !== f.size_bytes) {
      problems.push(`file ${f.storage_key}: ${bytes.length} bytes on disk, row says ${f.size_bytes}`);
    } else if (!isComplete(bytes, f.content_type)) {
      problems.push(`file ${f.storage_key} (${f.content_type}) is not whole`);
    }
  });
  // Every customer photo keeps its editor and preview sizes.
  const variants = new Map<string, Set<string>>();
  for (const f of fileRows) {
    if (f.parent_id) variants.set(f.parent_id, (variants.get(f.parent_id) ?? new Set()).add(f.variant));
  }
  for (const f of fileRows) {
    if (f.kind === 'upload' && f.variant === 'original' && variants.get(f.id)?.size !== 2) {
      problems.push(`upload ${f.id} lacks its editor/preview sizes`);
    }
  }

  // Files on disk without a row, and temp files.
  let filesOnDisk = 0;
  const orphanFiles: Record<string, number> = {};
  const orphanKeys: string[] = [];
  for (const kind of await readdir(filesRoot).catch(() => [] as string[])) {
    if (kind.startsWith('.')) continue;
    if (!(await stat(path.join(filesRoot, kind))).isDirectory()) continue;
    for (const name of await readdir(path.join(filesRoot, kind))) {
      filesOnDisk++;
      const key = `${kind}/${name}`;
      if (!keys.has(key)) {
        orphanFiles[kind] = (orphanFiles[kind] ?? 0) + 1;
        orphanKeys.push(key);
      }
    }
  }
  const tmpFiles = (await readdir(path.join(filesRoot, '.tmp')).catch(() => [] as string[])).length;

  // Acknowledged orders, photos, designs and invoices.
  const { rows: orders } = await db.query<{
    id: string;
    status: keyof typeof STATUS_RANK;
    image_id: string | null;
    design_id: string | null;
  }>('SELECT id, status, image_id, design_id FROM orders');
  const orderById = new Map(orders.map((o) => [o.id, o]));
  for (const acked of ledger.orders.values()) {
    const o = orderById.get(acked.id);
    if (!o) {
      problems.push(`acknowledged order ${acked.id} (${acked.status}) is missing`);
      continue;
    }
    if (STATUS_RANK[o.status] < STATUS_RANK[acked.status]) {
      problems.push(`order ${acked.id}: acknowledged ${acked.status}, stored ${o.status}`);
    }
    if (acked.image && o.image_id !== acked.image) problems.push(`order ${acked.id}: photo lost`);
    if (acked.design && o.design_id !== acked.design) problems.push(`order ${acked.id}: design lost`);
  }
  for (const f of ledger.files.values()) {
    if (!byId.has(f.id)) problems.push(`acknowledged ${f.role} ${f.id} has no files row`);
  }

  // Invoices: gap-free numbers, counters that agree, every acknowledged one there, chain intact.
  const { rows: invoices } = await db.query<{ full_number: string; order_id: string }>(
    'SELECT full_number, order_id FROM invoices',
  );
  problems.push(...numberingProblems(invoices.map((i) => i.full_number)));
  const { rows: counters } = await db.query<{ series: string; year: number; last_number: number; n: number }>(
    `SELECT c.series, c.year, c.last_number,
            (SELECT count(*)::int FROM invoices i WHERE i.series = c.series AND i.year = c.year) AS n
     FROM invoice_counters c`,
  );
  for (const c of counters) {
    if (c.last_number !== c.n) {
      problems.push(`invoice counter ${c.series}${c.year} at ${c.last_number} for ${c.n} invoices`);
    }
  }
  const invoiceOf = new Map(invoices.map((i) => [i.full_number, i.order_id]));
  for (const o of ledger.orders.values()) {
    if (o.invoiceNumber && invoiceOf.get(o.invoiceNumber) !== o.id) {
      problems.push(`acknowledged invoice ${o.invoiceNumber} of order ${o.id} is missing`);
    }
  }
  const chain = await verifyStoredChain(db);
  if (!chain.ok) problems.push(`VERI*FACTU chain broken at record ${chain.firstBrokenId}`);
  if (chain.records !== invoices.length) {
    problems.push(`VERI*FACTU: ${chain.records} records for ${invoices.length} invoices`);
  }

  // Paid once: one 'paid' step in the timeline, one receipt mail.
  const { rows: twice } = await db.query<{ order_id: string; n: number }>(
    `SELECT order_id, count(*)::int AS n FROM order_events WHERE to_status = 'paid' GROUP BY order_id HAVING count(*) > 1`,
  );
  for (const t of twice) problems.push(`order ${t.order_id} was paid ${t.n} times`);
  const { rows: paidNoMail } = await db.query<{ id: string }>(
    `SELECT o.id FROM orders o
     WHERE o.status IN ('paid', 'printed', 'ready', 'shipped', 'delivered')
       AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.dedupe_key = 'order:' || o.id || ':paid:customer')`,
  );
  for (const p of paidNoMail) problems.push(`paid order ${p.id} has no receipt mail queued`);

  return {
    fileRows: fileRows.length,
    filesOnDisk,
    orphanFiles,
    orphanKeys,
    tmpFiles,
    invoices: invoices.length,
    chain,
    problems,
  };
}
