import type { Model, ModelInput } from '@shop/contracts/catalogue';
import type { Database, Queryable } from '../../db/client.ts';
import type { FileService } from '../files/index.ts';
import { designIndexFor, planModelPicture, renderModelMockup } from './mockup.ts';
import { createModel, currentPicture, type ModelPicture, updateModel } from './service.ts';

/** Saving a model with its picture: the files it names are checked, a missing picture is drawn. */

async function checkFiles(db: Database, files: FileService, input: ModelInput): Promise<void> {
  await files.assertUris(db, [input.image], ['model-image']);
  await files.assertUris(db, [input.template], ['template']);
}

/**
 * The model's picture: staff's photo, or a mock-up drawn now (outside the transaction) and saved
 * with the model's row, so a failed save leaves no stray picture row.
 */
async function pictureFor(
  files: FileService,
  input: ModelInput,
  current: Awaited<ReturnType<typeof currentPicture>>,
): Promise<(tx: Queryable) => Promise<ModelPicture>> {
  const plan = planModelPicture(input, current);
  if ('keep' in plan) return async () => plan.keep;
  const drawn = await renderModelMockup(plan.draw, designIndexFor(input.name));
  return async (tx) => ({
    imageId: (await files.save(tx, { kind: 'model-image', ...drawn })).id,
    isMockup: true,
  });
}

export async function addModel(db: Database, files: FileService, input: ModelInput): Promise<Model> {
  await checkFiles(db, files, input);
  const picture = await pictureFor(files, input, null);
  return db.transaction(async (tx) => createModel(tx, input, await picture(tx)));
}

export async function changeModel(
  db: Database,
  files: FileService,
  id: number,
  input: ModelInput,
): Promise<Model> {
  await checkFiles(db, files, input);
  const picture = await pictureFor(files, input, await currentPicture(db, id));
  return db.transaction(async (tx) => updateModel(tx, id, input, await picture(tx)));
}
