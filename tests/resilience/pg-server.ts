// A throwaway PostgreSQL cluster for running the resilience tests of the PostgreSQL run by hand:
//   node --import tsx tests/resilience/pg-server.ts        (prints TEST_DATABASE_URL=...; Ctrl-C removes it)
import { createCluster } from './lib/pg-cluster.ts';

const cluster = await createCluster();
await cluster.createDatabase('shop_test');
console.info(`TEST_DATABASE_URL=${cluster.url('shop_test')}`);
const stop = async () => {
  await cluster.destroy();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
setInterval(() => {}, 1 << 30);
