import { counted } from '@shop/contracts/counted';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { isEmpty, seedDemoCatalogue } from './db/seed/seed.ts';
import { loadConfig } from './env.ts';
import { FileService } from './modules/files/index.ts';
import { openFileStore } from './storage/config.ts';

/** `npm run seed`: loads the demo catalogue into an empty database (never over real data). */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const store = await openFileStore(config.storage, config.dataDir);
  await migrate(db);
  if (!(await isEmpty(db))) {
    console.info('El catálogo ya tiene datos: no se carga la demostración.');
  } else {
    const n = await seedDemoCatalogue(db, new FileService(store));
    console.info(
      `Catálogo de demostración cargado: ${counted(n.stores, 'tienda', 'tiendas')}, ${counted(n.brands, 'marca', 'marcas')}, ${counted(n.models, 'modelo', 'modelos')}.`,
    );
  }
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
