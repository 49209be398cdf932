// Another instance starting on a shared files directory, again and again: a separate process, as
// in a rolling restart. `node --import tsx store-starter.ts <root>` prints a dot per start, until
// it is killed.
import { LocalFileStore } from '../../../apps/server/src/storage/file-store.ts';

const root = process.argv[2]!;
for (;;) {
  await new LocalFileStore(root).init();
  process.stdout.write('.');
  await new Promise((r) => setTimeout(r, 5));
}
