import { readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  | 'invoice'
  /** The conditions' PDF an order's confirmation mail carried (ADR 26): shared, no personal data. */
  | 'conditions';

/** Kinds that carry a customer's personal data. */
export const PRIVATE_KINDS: ReadonlySet<FileKind> = new Set([
  'upload',
  'upload-preview',
  'design',
  'print',
  'invoice',
]);

/** A customer photo's sizes, or a catalogue picture's resized copy (`w320-avif`). */
export type FileVariant = 'original' | 'editor' | 'preview' | `w${number}-${'avif' | 'webp'}`;

export interface FileRecord {
  id: string;
  kind: FileKind;
  contentType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  storageKey: string;
  parentId: string | null;
  variant: FileVariant;
  ownerHash: string | null;
}

export interface NewFile {
  kind: FileKind;
  contentType: string;
  bytes: Buffer;
  width?: number | null;
  height?: number | null;
  /** The file this one was derived from (a customer photo's editor and preview sizes). */
  parentId?: string | null;
  variant?: FileVariant;
  /** Hash of the visitor who uploaded it: only they may attach it to an order. */
  ownerHash?: string | null;
}

/** A file `FileService.saveLarge` put in the store, waiting for its row. */
export interface StoredLargeFile {
  id: string;
  kind: FileKind;
  contentType: string;
  storageKey: string;
  sizeBytes: number;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
};

const FILE_COLUMNS =
  'id, kind, content_type, size_bytes, width, height, storage_key, parent_id, variant, owner_hash';

interface FileRow {
  id: string;
  kind: FileKind;
  content_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  storage_key: string;
  parent_id: string | null;
  variant: FileVariant;
  owner_hash: string | null;
}

const toRecord = (r: FileRow): FileRecord => ({
  id: r.id,
  kind: r.kind,
  contentType: r.content_type,
  sizeBytes: r.size_bytes,
  width: r.width,
  height: r.height,
  storageKey: r.storage_key,
  parentId: r.parent_id,
  variant: r.variant,
  ownerHash: r.owner_hash,
});

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
    const storageKey = `${file.kind}/${id}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
    await this.store.put(storageKey, file.bytes);
    const { rows } = await q.query<FileRow>(
      `INSERT INTO files (id, kind, content_type, size_bytes, width, height, storage_key, parent_id, variant, owner_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${FILE_COLUMNS}`,
      [
        id,
        file.kind,
        file.contentType,
        file.bytes.length,
        file.width ?? null,
        file.height ?? null,
        storageKey,
        file.parentId ?? null,
        file.variant ?? 'original',
        file.ownerHash ?? null,
      ],
    );
    return toRecord(rows[0]!);
  }

  /**
   * A file too big to hold in memory (a print batch's PDF): `write` writes it to the path it is
   * given, and the file goes into the store from there (moved, or streamed to a bucket; read back
   * only by a store that can take nothing but bytes). No row yet: `record` adds it, in the
   * caller's transaction (bytes first, as `save` does).
   */
  async saveLarge(
    file: { kind: FileKind; contentType: string },
    write: (path: string) => Promise<void>,
  ): Promise<StoredLargeFile> {
    const id = randomToken();
    const storageKey = `${file.kind}/${id}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
    const tmp = this.store.tempPath?.() ?? path.join(tmpdir(), `shop-file-${randomToken()}`);
    try {
      await write(tmp);
      const { size } = await stat(tmp);
      if (this.store.putFile) await this.store.putFile(storageKey, tmp);
      else await this.store.put(storageKey, await readFile(tmp));
      return { ...file, id, storageKey, sizeBytes: size };
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /** The row of a file stored by `saveLarge`. */
  async record(q: Queryable, file: StoredLargeFile): Promise<FileRecord> {
    const { rows } = await q.query<FileRow>(
      `INSERT INTO files (id, kind, content_type, size_bytes, storage_key) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${FILE_COLUMNS}`,
      [file.id, file.kind, file.contentType, file.sizeBytes, file.storageKey],
    );
    return toRecord(rows[0]!);
  }

  async find(q: Queryable, id: string): Promise<FileRecord | null> {
    const { rows } = await q.query<FileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE id = $1`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** A derivative (editor or preview size) of a file, or null when it has none of that size. */
  async findVariant(q: Queryable, parentId: string, variant: FileVariant): Promise<FileRecord | null> {
    const { rows } = await q.query<FileRow>(
      `SELECT ${FILE_COLUMNS} FROM files WHERE parent_id = $1 AND variant = $2 LIMIT 1`,
      [parentId, variant],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  bytes(file: FileRecord): Promise<Buffer | null> {
    return this.store.get(file.storageKey);
  }

  /**
   * Deletes a file's row and its derivatives' rows; returns a function that then removes the
   * bytes, to be called once the transaction has committed.
   */
  async remove(q: Queryable, id: string): Promise<() => Promise<void>> {
    const { rows } = await q.query<{ storage_key: string }>(
      'DELETE FROM files WHERE id = $1 OR parent_id = $1 RETURNING storage_key',
      [id],
    );
    return async () => {
      for (const r of rows) await this.store.delete(r.storage_key);
    };
  }

  /** Which of these ids name stored files. */
  async stored(q: Queryable, ids: readonly string[]): Promise<string[]> {
    const { rows } = await q.query<{ id: string }>('SELECT id FROM files WHERE id = ANY($1::text[])', [ids]);
    return rows.map((r) => r.id);
  }

  /** The pixel sizes of those of these files that have one (images), by id. */
  async sizes(q: Queryable, ids: readonly string[]): Promise<Map<string, { width: number; height: number }>> {
    const { rows } = await q.query<{ id: string; width: number; height: number }>(
      'SELECT id, width, height FROM files WHERE id = ANY($1::text[]) AND width > 0 AND height > 0',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, { width: r.width, height: r.height }]));
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
      if (uri && !(await this.exists(q, fileIdFromUri(uri), kinds))) {
        throw fail(400, 'VALIDATION_FAILED', 'unknownFile');
      }
    }
  }
}

/** Bytes with no row this long after they were written were left by a crash or a rollback. */
export const ORPHAN_FILE_SECONDS = 60 * 60;

/**
 * Deletes stored files that no `files` row points at, once they are older than any transaction.
 * Bytes are written before their row (so a row never points at nothing): a crash or a rolled back
 * transaction in between leaves bytes without a row, possibly a customer's photo, which must not
 * stay forever. Safe on every instance at once. Returns how many files went.
 */
export async function sweepOrphanFiles(
  q: Queryable,
  store: FileStore,
  olderThanSeconds = ORPHAN_FILE_SECONDS,
): Promise<number> {
  if (!store.keysOlderThan) return 0;
  let removed = 0;
  for await (const keys of store.keysOlderThan(new Date(Date.now() - olderThanSeconds * 1000))) {
    const { rows } = await q.query<{ storage_key: string }>(
      'SELECT storage_key FROM files WHERE storage_key = ANY($1::text[])',
      [keys],
    );
    const known = new Set(rows.map((r) => r.storage_key));
    for (const key of keys) {
      if (known.has(key)) continue;
      await store.delete(key);
      removed++;
    }
  }
  return removed;
}
