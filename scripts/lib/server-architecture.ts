/**
 * The server's architecture as data: its parts, which part may import which, and which module
 * owns which tables. `check-module-boundaries.ts` holds the code to it; `docs/architecture.md`
 * draws the same picture in words.
 *
 * Parts, from the top down (a part imports only parts below it):
 *   entry      app.ts, runtime.ts, server.ts, seed.ts, db/seed/: wire everything together (or
 *              write the demo data)
 *   http       routes: parse the request, call one workflow, module or read model, answer
 *   workflows  use cases that need several modules (record a payment, refund, cancel...)
 *   readModels SELECT-only queries across tables, for screens and reports
 *   modules    the domain, one folder each, reached only through its `index.ts`
 *   platform   db, jobs, lib, storage, plugins, env: no domain knowledge
 */

/** A server module: the tables it alone reads and writes, and the modules it may import. */
export interface ModuleSpec {
  readonly tables: readonly string[];
  readonly uses: readonly string[];
}

export const SERVER_ROOT = 'apps/server/src';

/** Every module under `apps/server/src/modules/`, lower modules first. */
export const MODULES: Readonly<Record<string, ModuleSpec>> = {
  auth: { tables: ['staff_users', 'staff_sessions', 'staff_devices', 'login_failures'], uses: [] },
  files: { tables: ['files', 'upload_quota'], uses: [] },
  images: { tables: [], uses: ['files'] },
  stores: { tables: ['stores'], uses: ['files'] },
  catalogue: {
    tables: [
      'brands',
      'models',
      'store_models',
      'catalogue_version',
      'case_types',
      'case_type_colours',
      'model_case_types',
      'store_hidden_case_types',
    ],
    uses: ['files', 'images', 'stores'],
  },
  mail: { tables: ['mail_outbox', 'mail_attachments', 'order_conditions'], uses: ['files'] },
  orders: {
    tables: ['orders', 'order_photos', 'order_design_photos', 'order_events', 'upload_tokens'],
    uses: ['files', 'images', 'stores', 'catalogue'],
  },
  payments: {
    tables: ['payment_attempts', 'payment_notifications', 'payment_refunds'],
    uses: ['auth', 'orders'],
  },
  invoices: {
    tables: [
      'invoices',
      'invoice_counters',
      'invoice_requests',
      'invoice_annulments',
      'invoice_day_totals',
      'verifactu_batches',
      'verifactu_chain',
      'verifactu_records',
      'verifactu_sender',
    ],
    uses: ['auth', 'files', 'orders'],
  },
  print: {
    tables: ['print_batches', 'print_batch_orders'],
    uses: ['files', 'stores', 'catalogue', 'orders'],
  },
  retention: { tables: ['retention_runs'], uses: [] },
};

/** Tables of the platform itself (not of a module). */
export const PLATFORM_TABLES: readonly string[] = ['rate_limits', 'jobs', 'job_schedules', 'domain_events'];

/** Folders (under SERVER_ROOT) of each part that is not a module. */
export const PARTS = {
  platform: ['db/', 'jobs/', 'lib/', 'storage/', 'plugins/', 'env.ts'],
  readModels: ['read-models/'],
  workflows: ['workflows/'],
  http: ['http/'],
  entry: ['app.ts', 'runtime.ts', 'server.ts', 'seed.ts', 'files-to-bucket.ts', 'db/seed/'],
} as const;

/**
 * Files that may touch any table, and why: schema migrations create them, and the demo data is
 * written table by table on purpose (it is what an operator could type by hand).
 */
export const ANY_TABLE: readonly string[] = ['db/migrations/', 'db/seed/', 'seed.ts'];
