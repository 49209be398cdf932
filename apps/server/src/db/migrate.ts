import type { Database } from './client.ts';
import init from './migrations/0001-init.ts';
import uploads from './migrations/0002-uploads.ts';
import payments from './migrations/0003-payments.ts';
import mail from './migrations/0004-mail.ts';
import invoices from './migrations/0005-invoices.ts';
import print from './migrations/0006-print.ts';
import catalogueVersion from './migrations/0007-catalogue-version.ts';
import designPhotos from './migrations/0008-design-photos.ts';
import paidAtAndSellableModels from './migrations/0009-paid-at-and-sellable-models.ts';
import security from './migrations/0010-security.ts';
import verifactuSending from './migrations/0011-verifactu-sending.ts';
import storefront from './migrations/0012-storefront.ts';
import retention from './migrations/0013-retention.ts';
import refunds from './migrations/0014-refunds.ts';
import afterSales from './migrations/0015-after-sales.ts';
import scenes from './migrations/0016-scenes.ts';
import orderOwnership from './migrations/0017-order-ownership.ts';
import uploadQuota from './migrations/0018-upload-quota.ts';
import staffDevices from './migrations/0019-staff-devices.ts';
import onePhotoDesignsAsScenes from './migrations/0020-one-photo-designs-as-scenes.ts';
import conditionsCopies from './migrations/0021-conditions-copies.ts';
import jobs from './migrations/0022-jobs.ts';
import retentionPersonalData from './migrations/0023-retention-personal-data.ts';
import trayUploadLinks from './migrations/0024-tray-upload-links.ts';
import jobRequestIds from './migrations/0025-job-request-ids.ts';
import caseTypes from './migrations/0026-case-types.ts';
import orderListIndexes from './migrations/0027-order-list-indexes.ts';
import invoiceOrderIndex from './migrations/0028-invoice-order-index.ts';
import invoiceDayTotals from './migrations/0029-invoice-day-totals.ts';

/** Versioned migrations, applied in order, each once. Append only: never edit a released one. */
export const migrations: { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'init', sql: init },
  { version: 2, name: 'uploads', sql: uploads },
  { version: 3, name: 'payments', sql: payments },
  { version: 4, name: 'mail', sql: mail },
  { version: 5, name: 'invoices', sql: invoices },
  { version: 6, name: 'print', sql: print },
  { version: 7, name: 'catalogue-version', sql: catalogueVersion },
  { version: 8, name: 'design-photos', sql: designPhotos },
  { version: 9, name: 'paid-at-and-sellable-models', sql: paidAtAndSellableModels },
  { version: 10, name: 'security', sql: security },
  { version: 11, name: 'verifactu-sending', sql: verifactuSending },
  { version: 12, name: 'storefront', sql: storefront },
  { version: 13, name: 'retention', sql: retention },
  { version: 14, name: 'refunds', sql: refunds },
  { version: 15, name: 'after-sales', sql: afterSales },
  { version: 16, name: 'scenes', sql: scenes },
  { version: 17, name: 'order-ownership', sql: orderOwnership },
  { version: 18, name: 'upload-quota', sql: uploadQuota },
  { version: 19, name: 'staff-devices', sql: staffDevices },
  { version: 20, name: 'one-photo-designs-as-scenes', sql: onePhotoDesignsAsScenes },
  { version: 21, name: 'conditions-copies', sql: conditionsCopies },
  { version: 22, name: 'jobs', sql: jobs },
  { version: 23, name: 'retention-personal-data', sql: retentionPersonalData },
  { version: 24, name: 'tray-upload-links', sql: trayUploadLinks },
  { version: 25, name: 'job-request-ids', sql: jobRequestIds },
  { version: 26, name: 'case-types', sql: caseTypes },
  { version: 27, name: 'order-list-indexes', sql: orderListIndexes },
  { version: 28, name: 'invoice-order-index', sql: invoiceOrderIndex },
  { version: 29, name: 'invoice-day-totals', sql: invoiceDayTotals },
];

/** Any number that is ours alone: instances starting together take turns through this lock. */
const MIGRATION_LOCK = 7_263_001;

/**
 * Applies the migrations not applied yet, in order, and returns their versions. `through` stops
 * after that version (a test builds the database an older release left, to migrate it onwards).
 */
export async function migrate(db: Database, options: { through?: number } = {}): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      if (options.through !== undefined && m.version > options.through) break;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
