/**
 * Invoices: issuing one invoice (number, VERI*FACTU record and its XML, PDF with the QR, rows) on
 * the embedded database, p95 of 40 after 5 warm-up issues, target <= 150 ms; and building a
 * request of 1,000 records (RegFactuSistemaFacturacion in its SOAP envelope) and validating it
 * against the AEAT's schemas with xmllint, target <= 2 s.
 *
 *   node --import tsx bench/invoices.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemoCatalogue } from '../apps/server/src/db/seed/seed.ts';
import { loadConfig } from '../apps/server/src/env.ts';
import { FileService } from '../apps/server/src/modules/files/service.ts';
import { softwareIdentity } from '../apps/server/src/modules/invoices/chain.ts';
import { issueInvoiceForPaidOrder } from '../apps/server/src/modules/invoices/order-invoice.ts';
import { type AltaHashFields, altaHash, amountText } from '../apps/server/src/modules/invoices/verifactu.ts';
import {
  registroAltaXml,
  requestBodyXml,
  soapEnvelope,
} from '../apps/server/src/modules/invoices/verifactu-xml.ts';
import { MemoryFileStore } from '../apps/server/src/storage/file-store.ts';

const XSD = path.join(import.meta.dirname, '../apps/server/src/modules/invoices/xsd');

export interface InvoiceBenchResult {
  issue: { runs: number; p50Ms: number; p95Ms: number; targetMs: number };
  batch: { records: number; buildMs: number; validateMs: number; totalMs: number; targetMs: number };
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

export async function runInvoiceBench(): Promise<InvoiceBenchResult> {
  const db = await openDatabase({ dataDir: null });
  await migrate(db);
  const files = new FileService(new MemoryFileStore());
  await seedDemoCatalogue(db, files);
  const config = loadConfig({ NODE_ENV: 'test', VERIFACTU_ENDPOINT: 'http://127.0.0.1:9/' });
  const { rows: models } = await db.query<{ id: number; brand_id: number; price_cents: number }>(
    'SELECT m.id, m.brand_id, m.price_cents FROM models m JOIN store_models sm ON sm.model_id = m.id WHERE sm.store_id = 1 LIMIT 1',
  );
  const m = models[0]!;
  const times: number[] = [];
  for (let i = 0; i < 45; i++) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO orders (id, store_id, brand_id, model_id, price_cents, origin, status, customer_name, case_type_id)
       VALUES (gen_random_uuid(), 1, $1, $2, $3, 'false', 'paid', 'Cliente', (SELECT id FROM case_types WHERE is_default)) RETURNING id`,
      [m.brand_id, m.id, m.price_cents],
    );
    const start = performance.now();
    await db.transaction((tx) => issueInvoiceForPaidOrder(tx, { files, config }, rows[0]!.id, 'bench'));
    if (i >= 5) times.push(performance.now() - start);
  }
  await db.close();

  // 1,000 chained records, built and validated as one request.
  const t0 = performance.now();
  const software = softwareIdentity(config);
  const records: string[] = [];
  let previous: { issuerNif: string; invoiceNumber: string; issueDate: string; hash: string } | null = null;
  for (let i = 1; i <= 1000; i++) {
    const f: Omit<AltaHashFields, 'invoiceType'> & { invoiceType: 'F2' } = {
      issuerNif: 'B00000000',
      invoiceNumber: `T2026-${String(i).padStart(6, '0')}`,
      issueDate: '24-11-2026',
      invoiceType: 'F2',
      cuotaTotal: amountText(432),
      importeTotal: amountText(2490),
      previousHash: previous?.hash ?? '',
      generatedAt: `2026-11-24T10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}+01:00`,
    };
    const hash = altaHash(f);
    records.push(
      registroAltaXml({
        ...f,
        issuerName: 'Fundas Málaga Demo, S.L.',
        description: 'Funda personalizada',
        breakdown: [{ vatRate: '21.00', base: amountText(2058), vat: amountText(432) }],
        previous,
        hash,
        software,
      }),
    );
    previous = { issuerNif: f.issuerNif, invoiceNumber: f.invoiceNumber, issueDate: f.issueDate, hash };
  }
  const body = requestBodyXml(
    { issuerName: 'Fundas Málaga Demo, S.L.', issuerNif: 'B00000000', incidencia: false },
    records,
  );
  soapEnvelope(body);
  const t1 = performance.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-xsd-'));
  try {
    const file = path.join(dir, 'batch.xml');
    writeFileSync(file, `<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
    const r = spawnSync(
      'xmllint',
      ['--noout', '--nonet', '--schema', path.join(XSD, 'SuministroLR.xsd'), file],
      {
        encoding: 'utf8',
        env: { ...process.env, XML_CATALOG_FILES: path.join(XSD, 'catalog.xml') },
      },
    );
    if (r.error || r.status !== 0) throw new Error(`xmllint: ${r.error?.message ?? r.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const t2 = performance.now();
  return {
    issue: { runs: times.length, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), targetMs: 150 },
    batch: { records: 1000, buildMs: t1 - t0, validateMs: t2 - t1, totalMs: t2 - t0, targetMs: 2000 },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runInvoiceBench();
  console.info(JSON.stringify(r, null, 2));
}
