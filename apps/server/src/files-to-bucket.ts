import path from 'node:path';
import { ConfigError, loadConfig } from './env.ts';
import { LocalFileStore } from './storage/file-store.ts';
import { S3FileStore } from './storage/s3-store.ts';

/**
 * `npm run files:to-bucket`: copies the local file store (DATA_DIR/files, or the folder given as
 * the first argument) into the bucket FILE_STORAGE=s3 and the S3_* variables name. Run it with the
 * shop stopped (or before switching it to the bucket), then start the shop with FILE_STORAGE=s3.
 * A file already in the bucket with the same size is skipped, so the command can be run again after
 * an interruption; every copied object is checked by its size. It prints its progress and ends
 * with the counts; a non-zero exit when something could not be copied.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  if (config.storage.kind !== 's3') {
    console.error('Indique el bucket de destino: FILE_STORAGE=s3 y las variables S3_* (docs/operations.md).');
    return 2;
  }
  const root = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'files'));
  const local = new LocalFileStore(root);
  const bucket = new S3FileStore(config.storage.s3);
  await bucket.init();
  const result = await copyToBucket(local, bucket, (line) => console.info(line));
  bucket.close();
  console.info(
    `Hecho: ${result.copied} copiados, ${result.skipped} ya estaban, ${result.failed.length} con error (${root} → ${config.storage.s3.bucket}).`,
  );
  for (const key of result.failed) console.error(`  sin copiar: ${key}`);
  return result.failed.length > 0 ? 1 : 0;
}

export interface CopyResult {
  copied: number;
  skipped: number;
  failed: string[];
}

/** Copies every file of `local` that `bucket` lacks (or holds at another size). */
export async function copyToBucket(
  local: LocalFileStore,
  bucket: S3FileStore,
  progress: (line: string) => void = () => {},
): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, failed: [] };
  let seen = 0;
  // Everything written up to now: the store lists by age, so "older than a second from now".
  for await (const keys of local.keysOlderThan(new Date(Date.now() + 1000))) {
    for (const key of keys) {
      seen++;
      try {
        const bytes = await local.get(key);
        if (!bytes) continue;
        if ((await bucket.sizeOf(key)) === bytes.length) {
          result.skipped++;
        } else {
          await bucket.put(key, bytes);
          if ((await bucket.sizeOf(key)) !== bytes.length) throw new Error('size differs after copy');
          result.copied++;
        }
      } catch (err) {
        result.failed.push(`${key} (${(err as Error).message})`);
      }
      if (seen % 100 === 0)
        progress(`${seen} ficheros revisados: ${result.copied} copiados, ${result.skipped} ya estaban…`);
    }
  }
  return result;
}

if (process.argv[1] && /files-to-bucket\.(ts|js)$/.test(process.argv[1])) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    },
  );
}
