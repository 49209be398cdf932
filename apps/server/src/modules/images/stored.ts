import type { Queryable } from '../../db/client.ts';
import { chargeQuota, type FileRecord, type FileService, type UploadClient } from '../files/index.ts';
import type { IngestedImage } from './pipeline.ts';

/** What a processed photo takes in storage: the original and its editor and preview sizes. */
export const ingestedBytes = (image: IngestedImage): number =>
  image.original.bytes.length + image.editor.bytes.length + image.preview.bytes.length;

/**
 * Stores a processed photo: the original and its editor and preview sizes, counted against the
 * uploading client's quota first (a refusal stores nothing).
 */
export async function saveIngested(
  q: Queryable,
  files: FileService,
  image: IngestedImage,
  ownerHash: string | null,
  client: UploadClient,
): Promise<FileRecord> {
  await chargeQuota(q, client, ingestedBytes(image));
  const original = await files.save(q, { kind: 'upload', variant: 'original', ownerHash, ...image.original });
  for (const variant of ['editor', 'preview'] as const) {
    await files.save(q, {
      kind: 'upload-preview',
      variant,
      parentId: original.id,
      ownerHash,
      ...image[variant],
    });
  }
  return original;
}
