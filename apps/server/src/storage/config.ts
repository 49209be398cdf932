import path from 'node:path';
import { LocalFileStore } from './file-store.ts';
import { S3FileStore, type S3Settings } from './s3-store.ts';

/** Where the file bytes live: the local directory (DATA_DIR/files, the default) or a bucket. */
export type StorageSettings = { kind: 'local' } | { kind: 's3'; s3: S3Settings };

type Source = Record<string, string | undefined>;

const filled = (value: string | undefined): string | undefined => value?.trim() || undefined;

/**
 * Reads FILE_STORAGE and, for `s3`, its S3_* variables; a problem is returned as the line that
 * names the variable to set (env.ts stops the start with it).
 */
export function readStorageSettings(env: Source): StorageSettings | { problem: string } {
  const kind = filled(env.FILE_STORAGE) ?? 'local';
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') return { problem: `FILE_STORAGE: '${kind}' no es 'local' ni 's3'` };
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!filled(env[name])) return { problem: `${name}: obligatoria con FILE_STORAGE=s3` };
  }
  const endpoint = filled(env.S3_ENDPOINT);
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
    return { problem: 'S3_ENDPOINT: debe ser una URL http:// o https://' };
  }
  const pathStyle = filled(env.S3_FORCE_PATH_STYLE) ?? '0';
  if (pathStyle !== '0' && pathStyle !== '1') return { problem: "S3_FORCE_PATH_STYLE: '0' o '1'" };
  return {
    kind: 's3',
    s3: {
      bucket: filled(env.S3_BUCKET)!,
      endpoint,
      region: filled(env.S3_REGION) ?? 'us-east-1',
      accessKeyId: filled(env.S3_ACCESS_KEY_ID)!,
      secretAccessKey: filled(env.S3_SECRET_ACCESS_KEY)!,
      forcePathStyle: pathStyle === '1',
    },
  };
}

/** The configured file store, ready: the directory made and swept, or the bucket reached. */
export async function openFileStore(
  storage: StorageSettings,
  dataDir: string,
): Promise<LocalFileStore | S3FileStore> {
  const store =
    storage.kind === 's3' ? new S3FileStore(storage.s3) : new LocalFileStore(path.join(dataDir, 'files'));
  await store.init();
  return store;
}
