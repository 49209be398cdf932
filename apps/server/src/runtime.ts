import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { isEmpty, seedDemoCatalogue } from './db/seed/seed.ts';
import type { Config } from './env.ts';
import { bootstrapAdmin, createStaffUser } from './modules/auth/service.ts';
import { FileService } from './modules/files/service.ts';
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
        await createStaffUser(db, {
          ...DEMO_ADMIN,
          name: 'Administración (demo)',
          role: 'admin',
          storeId: null,
        });
        app.log.info({ email: DEMO_ADMIN.email }, 'demo admin created');
      }
    }
  }
  return { app, db };
}
