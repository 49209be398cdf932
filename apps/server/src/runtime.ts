import type { FastifyInstance } from 'fastify';
import { buildApp, uploadTmpDir } from './app.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { isEmpty, seedDemoCatalogue } from './db/seed/seed.ts';
import { type Config, ConfigError } from './env.ts';
import { sweepSpooledUploads } from './http/upload-queue.ts';
import { EventBus } from './jobs/events.ts';
import { purgeFinishedJobs } from './jobs/queue.ts';
import { JobRunner } from './jobs/runner.ts';
import { bootstrapAdmin, createStaffUser, hasStaff, purgeLoginFailures } from './modules/auth/index.ts';
import { FileService, purgeUploadQuota, sweepOrphanFiles } from './modules/files/index.ts';
import { HttpSoapTransport, loadClientCertificate, VerifactuSender } from './modules/invoices/index.ts';
import { createMailTransport, enqueueMail, MailDispatcher } from './modules/mail/index.ts';
import { sweepUnattachedUploads } from './modules/orders/index.ts';
import { purgeRateLimits } from './plugins/rate-limit.ts';
import { openFileStore } from './storage/config.ts';
import { LocalFileStore } from './storage/file-store.ts';
import type { S3FileStore } from './storage/s3-store.ts';
import { reconcilePendingAttempts, reconcilePendingRefunds } from './workflows/reconcile-payments.ts';
import { runRetention } from './workflows/retention.ts';

/** The demo back-office account, created only in demo mode and never in production. */
export const DEMO_ADMIN = { email: 'admin@demo.local', password: 'demo-admin-2026' };

/** Opens the database and file store, migrates, seeds when asked, and builds the app. */
export async function startRuntime(config: Config): Promise<{ app: FastifyInstance; db: Database }> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const fileStore = await openFileStore(config.storage, config.dataDir);
  await migrate(db);
  const app = await buildApp({ config, db, fileStore });
  // A bucket's client keeps connections open: they go with the app.
  if ('close' in fileStore) app.addHook('onClose', async () => fileStore.close());

  if (config.admin && (await bootstrapAdmin(db, config.admin))) {
    app.log.info({ email: config.admin.email }, 'first admin created');
  }
  if (config.demo && (await isEmpty(db))) {
    const seeded = await seedDemoCatalogue(db, new FileService(fileStore));
    app.log.info(seeded, 'demo catalogue loaded');
    if (!config.production && !config.admin) {
      if (!(await hasStaff(db))) {
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
  // One job runner per instance: the queue's jobs, the events' subscribers and the schedules.
  const jobs = new JobRunner({ db, log: app.log });
  new EventBus(jobs);
  scheduleHousekeeping(app, db, jobs, new FileService(fileStore), fileStore);
  await jobs.start();
  app.addHook('onClose', () => jobs.stop());

  const transport = createMailTransport(config);
  const mailer = new MailDispatcher({
    db,
    transport,
    from: config.mail.from,
    log: app.log,
    files: new FileService(fileStore),
  });
  app.addHook('onClose', () => mailer.stop());
  mailer.start();
  await startVerifactuSender(app, db, config);

  // Never log the SMTP URL: it holds the password.
  app.log.info({ transport: transport.kind }, 'mail transport ready');
  return { app, db };
}

/**
 * VERI*FACTU records go to the AEAT when an endpoint is configured; without one they are kept and
 * queued (and invoices carry no VERI*FACTU legend), to go out once it is.
 */
async function startVerifactuSender(app: FastifyInstance, db: Database, config: Config): Promise<void> {
  const endpoint = config.verifactu.endpoint;
  if (!endpoint) {
    app.log.warn('VERIFACTU_ENDPOINT unset: VERI*FACTU records are kept and queued, not sent to the AEAT');
    return;
  }
  let cert: ReturnType<typeof loadClientCertificate> | undefined;
  try {
    cert = config.verifactu.cert ? loadClientCertificate(config.verifactu.cert) : undefined;
  } catch (err) {
    throw new ConfigError(`Configuración no válida:\n  ${(err as Error).message}`);
  }
  const transport = new HttpSoapTransport(endpoint, { ...(cert ? { cert } : {}), timeoutMs: 60_000 });
  const sender = new VerifactuSender({
    db,
    config,
    transport,
    log: app.log,
    alert: async (tx, subject, text) => {
      await enqueueMail(tx, { toList: [config.mail.shopEmail], subject, text }, config);
    },
  });
  await sender.start();
  app.addHook('onClose', async () => {
    await sender.stop();
    transport.close();
  });
  app.log.info({ endpoint }, 'VERI*FACTU sender started');
}

/**
 * The housekeeping, as schedules of the job queue (ADR 31): each runs once per period between all
 * instances; a run that fails is retried and, failing three times, is a dead job operators see.
 */
function scheduleHousekeeping(
  app: FastifyInstance,
  db: Database,
  jobs: JobRunner,
  files: FileService,
  store: LocalFileStore | S3FileStore,
): void {
  const every = (minutes: number, name: string, job: () => Promise<number>) => {
    const queue = `housekeeping:${name.replaceAll(' ', '-')}`;
    jobs.schedule(name, queue, minutes * 60).handle(
      queue,
      async () => {
        const done = await job();
        if (done > 0) app.log.info({ job: name, done }, 'housekeeping');
      },
      { backoffSeconds: 60, maxBackoffSeconds: 600 },
    );
  };
  every(60, 'purge finished jobs', () => purgeFinishedJobs(db));
  every(60, 'sweep unattached uploads', () => sweepUnattachedUploads(db, files));
  // Bytes a crash or a rollback left without a row, and temp files of writes that died.
  every(
    60,
    'sweep orphan files',
    async () =>
      (await sweepOrphanFiles(db, store)) + (store instanceof LocalFileStore ? await store.sweepTemp() : 0),
  );
  // Attempts the gateway never reported on: asked of its operation query after 30 minutes, or
  // left for staff; never expired while money may have been taken. Refunds left pending by a
  // process that died are completed.
  every(5, 'reconcile payment attempts', async () => {
    const { config, invoices, redsysRest, checkoutEffects } = app.deps;
    const deps = { config, invoices, rest: redsysRest, log: app.log, effects: () => checkoutEffects };
    const summary = await reconcilePendingAttempts(db, deps);
    // Refunds (a cancellation's among them) whose process died between asking and recording.
    const refunds = await reconcilePendingRefunds(db, deps);
    return summary.applied + summary.expired + refunds;
  });
  // Rate-limit counters, upload quotas and sign-in failures whose windows are over; upload bodies a
  // crash left in the spool directory.
  every(
    10,
    'purge rate limits',
    async () => (await purgeRateLimits(db)) + (await purgeUploadQuota(db)) + (await purgeLoginFailures(db)),
  );
  // The spool directory is this instance's own disk: each instance sweeps its own, on a timer.
  const spool = setInterval(() => {
    sweepSpooledUploads(uploadTmpDir(app.deps.config)).catch((err) =>
      app.log.warn({ err, job: 'sweep spooled uploads' }, 'housekeeping failed; will try again'),
    );
  }, 10 * 60_000);
  spool.unref();
  app.addHook('onClose', async () => clearInterval(spool));
  // The privacy policy's retention periods and the purge of unverified payment notifications,
  // once a day between all instances (checked hourly).
  every(60, 'retention', async () => {
    const run = await runRetention(db, files, app.deps.config.company.retention, { log: app.log });
    return (
      run.abandonedOrders +
      run.abandonedAnonymised +
      run.photoOrders +
      run.personalDataOrders +
      run.unverifiedNotifications
    );
  });
}
