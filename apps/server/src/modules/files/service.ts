import type { Queryable } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import { randomToken } from '../../lib/ids.ts';
import type { FileStore } from '../../storage/file-store.ts';

/** What a file is for; it decides who may read it and how long browsers may keep it. */
export type FileKind =
  | 'brand-image'
  | 'model-image'
  | 'template'
  | 'store-image'
  | 'upload'
  | 'upload-preview'
  | 'design'
  | 'print'
  | 'invoice';

/** Kinds that carry a customer's personal data. */
export const PRIVATE_KINDS: ReadonlySet<FileKind> = new Set([
  'upload',
  'upload-preview',
  'design',
  'print',
  'invoice',
]);

export interface FileRecord {
  id: string;
  kind: FileKind;
  contentType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  storageKey: string;
}

export interface NewFile {
  kind: FileKind;
  contentType: string;
  bytes: Buffer;
  width?: number | null;
  height?: number | null;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
};

export const fileUri = (id: string): string => `/api/images/${id}`;
export const fileUriOrNull = (id: string | null): string | null => (id ? fileUri(id) : null);

/** The id inside a `/api/images/<id>` URI (the contracts' FileUri has already checked the shape). */
export const fileIdFromUri = (uri: string): string => uri.slice('/api/images/'.length);

export class FileService {
  constructor(readonly store: FileStore) {}

  /**
   * Bytes first, row second: a crash in between leaves an unreferenced file (swept later), never a
   * row that points at nothing.
   */
  async save(q: Queryable, file: NewFile): Promise<FileRecord> {
    const id = randomToken();
    const ext = EXTENSIONS[file.contentType] ?? 'bin';
    const storageKey = `${file.kind}/${id}.${ext}`;
    await this.store.put(storageKey, file.bytes);
    await q.query(
      `INSERT INTO files (id, kind, content_type, size_bytes, width, height, storage_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        file.kind,
        file.contentType,
        file.bytes.length,
        file.width ?? null,
        file.height ?? null,
        storageKey,
      ],
    );
    return {
      id,
      kind: file.kind,
      contentType: file.contentType,
      sizeBytes: file.bytes.length,
      width: file.width ?? null,
      height: file.height ?? null,
      storageKey,
    };
  }

  async find(q: Queryable, id: string): Promise<FileRecord | null> {
    const { rows } = await q.query<{
      id: string;
      kind: FileKind;
      content_type: string;
      size_bytes: number;
      width: number | null;
      height: number | null;
      storage_key: string;
    }>('SELECT id, kind, content_type, size_bytes, width, height, storage_key FROM files WHERE id = $1', [
      id,
    ]);
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      kind: r.kind,
      contentType: r.content_type,
      sizeBytes: r.size_bytes,
      width: r.width,
      height: r.height,
      storageKey: r.storage_key,
    };
  }

  bytes(file: FileRecord): Promise<Buffer | null> {
    return this.store.get(file.storageKey);
  }

  /** Checks that an id taken from a request names a stored file of one of the given kinds. */
  async exists(q: Queryable, id: string, kinds: readonly FileKind[]): Promise<boolean> {
    const { rows } = await q.query('SELECT 1 FROM files WHERE id = $1 AND kind = ANY($2::text[])', [
      id,
      kinds,
    ]);
    return rows.length > 0;
  }

  /** Refuses (400) a request that names a file that is not stored, or is of another kind. */
  async assertUris(
    q: Queryable,
    uris: readonly (string | null | undefined)[],
    kinds: readonly FileKind[],
  ): Promise<void> {
    for (const uri of uris) {
      if (uri && !(await this.exists(q, fileIdFromUri(uri), kinds)))
        throw fail(400, 'VALIDATION_FAILED', 'unknownFile');
    }
  }
}
