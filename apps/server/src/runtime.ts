import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { isEmpty, seedDemoCatalogue } from './db/seed/seed.ts';
import type { Config } from './env.ts';
import { bootstrapAdmin, createStaffUser } from './modules/auth/service.ts';
import { FileService, sweepOrphanFiles } from './modules/files/service.ts';
import { OutboxSubmitter, submitPendingRecords } from './modules/invoices/submission.ts';
import { MailDispatcher } from './modules/mail/dispatcher.ts';
import { createMailTransport } from './modules/mail/transport.ts';
import { sweepUnattachedUploads } from './modules/orders/photo-service.ts';
import { reconcileExpiredAttempts } from './modules/payments/service.ts';
import { LocalFileStore } from './storage/file-store.ts';

/** The demo back-office account, created only in demo mode and never in production. */
export const DEMO_ADMIN = { email: 'admin@demo.local', password: 'demo-admin-2026' };

/** Opens the database and file store, migrates, seeds when asked, and builds the app. */
export async function startRuntime(config: Config): Promise<{ app: FastifyInstance; db: Database }> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const fileStore = new LocalFileStore(path.join(config.dataDir, 'files'));
  await fileStore.init();
  await migrate(db);
  const app = await buildApp({ config, db, fileStore });

  if (config.admin && (await bootstrapAdmin(db, config.admin))) {
    app.log.info({ email: config.admin.email }, 'first admin created');
  }
  if (config.demo && (await isEmpty(db))) {
    const seeded = await seedDemoCatalogue(db, new FileService(fileStore));
    app.log.info(seeded, 'demo catalogue loaded');
    if (!config.production && !config.admin) {
      const { rows } = await db.query('SELECT 1 FROM staff_users LIMIT 1');
      if (!rows[0]) {
        const created = await createStaffUser(db, {
          ...DEMO_ADMIN,
          name: 'Administración (demo)',
          role: 'admin',
          storeId: null,
        }).catch((err: { code?: string }) => {
          // Instances starting together: another one created it first.
          if (err.code === '23505') return null;
          throw err;
        });
        if (created) app.log.info({ email: DEMO_ADMIN.email }, 'demo admin created');
      }
    }
  }
  scheduleHousekeeping(app, db, new FileService(fileStore), fileStore);

  const transport = createMailTransport(config);
  const mailer = new MailDispatcher({ db, transport, from: config.mail.from, log: app.log });
  app.addHook('onClose', () => mailer.stop());
  mailer.start();
  // Invoice records go out in chain order; the outbox keeps them until AEAT submission is set up.
  const verifactu = new OutboxSubmitter(path.join(config.dataDir, 'verifactu-outbox'));
  const submitTimer = setInterval(() => {
    submitPendingRecords(db, verifactu).catch((err) =>
      app.log.warn({ err }, 'VERI*FACTU submission failed; will retry'),
    );
  }, 60_000);
  submitTimer.unref();
  app.addHook('onClose', async () => clearInterval(submitTimer));

  // Never log the SMTP URL: it holds the password.
  app.log.info({ transport: transport.kind }, 'mail transport ready');
  return { app, db };
}

/** Hourly clean-up of photos that never reached an order; every instance may run it safely. */
function scheduleHousekeeping(
  app: FastifyInstance,
  db: Database,
  files: FileService,
  store: LocalFileStore,
): void {
  const every = (minutes: number, name: string, job: () => Promise<number>) => {
    const timer = setInterval(async () => {
      try {
        const done = await job();
        if (done > 0) app.log.info({ job: name, done }, 'housekeeping');
      } catch (err) {
        app.log.warn({ err, job: name }, 'housekeeping failed; will try again');
      }
    }, minutes * 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
  every(60, 'sweep unattached uploads', () => sweepUnattachedUploads(db, files));
  // Bytes a crash or a rollback left without a row, and temp files of writes that died.
  every(
    60,
    'sweep orphan files',
    async () => (await sweepOrphanFiles(db, store)) + (await store.sweepTemp()),
  );
  // Attempts the gateway never reported on are closed after 30 minutes.
  every(5, 'expire payment attempts', () => reconcileExpiredAttempts(db));
}
