import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type FileStore, KEY } from './file-store.ts';

/** Where the bucket is and how to reach it (FILE_STORAGE=s3; env.ts reads and checks it). */
export interface S3Settings {
  bucket: string;
  /** Unset for AWS itself; the service's URL for R2, MinIO, Ceph RGW or a test server. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path instead of the host name (MinIO, Ceph and test servers need it). */
  forcePathStyle: boolean;
}

/** How many keys one listing asks for (S3's own maximum). */
const PAGE = 1000;

/**
 * Files in a bucket of any S3-compatible service. An object is written whole or not at all (a PUT
 * either creates it or leaves nothing), so no temp file is needed; several instances share the
 * bucket as they share the database. Keys are the shop's own (`KEY`), used as object names as
 * they are. Customers never reach the bucket: every byte goes through the shop's routes and
 * their access rules, as with the local directory.
 */
export class S3FileStore implements FileStore {
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(settings: S3Settings) {
    this.#bucket = settings.bucket;
    this.#client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: compatible services differ in the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  #checked(key: string): string {
    if (!KEY.test(key)) throw new Error(`clave de fichero no válida: ${key}`);
    return key;
  }

  /** The bucket answers with these credentials; otherwise a message that names what to fix. */
  async init(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
    } catch (err) {
      const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
      const why =
        status === 404
          ? 'el bucket no existe'
          : status === 403 || status === 401
            ? 'las credenciales no dan acceso a él (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)'
            : `no responde (${(err as Error).name}: ${(err as Error).message})`;
      throw new Error(`S3_BUCKET '${this.#bucket}': ${why}`);
    }
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#checked(key),
        Body: bytes,
        ContentLength: bytes.length,
      }),
    );
  }

  async putFile(key: string, source: string): Promise<void> {
    const { size } = await stat(source);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#checked(key),
        Body: createReadStream(source),
        ContentLength: size,
      }),
    );
    await rm(source, { force: true });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const res = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: this.#checked(key) }),
      );
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  /** The stored object's size in bytes, or null when there is none. */
  async sizeOf(key: string): Promise<number | null> {
    try {
      const head = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#checked(key) }),
      );
      return head.ContentLength ?? null;
    } catch (err) {
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // Deleting a missing object is no error in S3, as a missing file is none for the local store.
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#checked(key) }));
  }

  /** Keys of objects last written before `before`, a listing page at a time (the orphan sweep's). */
  async *keysOlderThan(before: Date): AsyncGenerator<string[]> {
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({ Bucket: this.#bucket, MaxKeys: PAGE, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? [])
        .filter((o) => o.Key && KEY.test(o.Key) && o.LastModified && o.LastModified < before)
        .map((o) => o.Key!);
      if (keys.length > 0) yield keys;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.#client.destroy();
  }
}
