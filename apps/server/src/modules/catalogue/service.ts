import type {
  Brand,
  BrandInput,
  Model,
  ModelInput,
  ModelPage,
  ModelQuery,
  Outline,
} from '@shop/contracts/catalogue';
import { modelSaleProblem } from '@shop/contracts/catalogue-rules';
import { centsToEuros, eurosToCents } from '@shop/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { conflict, deleteOrInUse, fail, fieldError, notFound } from '../../lib/errors.ts';
import { escapeLike, searchKey } from '../../lib/ids.ts';
import { fileIdFromUri, fileUriOrNull } from '../files/index.ts';
import { storeIds } from '../stores/index.ts';
import {
  assertCaseTypesExist,
  caseTypesOfModels,
  caseTypesPriced,
  setModelCaseTypes,
} from './case-type-offer.ts';

/** Anonymous callers see the customer catalogue only; staff see everything (docs/product.md §5.2). */
export type Audience = 'public' | 'staff';

interface BrandRow {
  id: number;
  name: string;
  image_id: string | null;
  down: boolean;
  is_public: boolean;
}

const toBrand = (r: BrandRow): Brand => ({
  id: r.id,
  name: r.name,
  imageURI: fileUriOrNull(r.image_id),
  down: r.down,
  isPublic: r.is_public,
});

const brandNotFound = () => notFound('BRAND_NOT_FOUND', 'brandNotFound');
const modelNotFound = () => notFound('MODEL_NOT_FOUND', 'modelNotFound');

export async function listBrands(
  q: Queryable,
  audience: Audience,
  name?: string,
  store?: number,
): Promise<Brand[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (audience === 'public') where.push('is_public AND NOT down');
  if (name) {
    params.push(`%${escapeLike(name)}%`);
    where.push(`name ILIKE $${params.length}`);
  }
  const { rows } = await q.query<BrandRow>(
    `SELECT id, name, image_id, down, is_public FROM brands ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id`,
    params,
  );
  const brands = rows.map(toBrand);
  if (store === undefined) return brands;
  // Counted as the store's models page counts (listModels), every brand in one query.
  const counts = await q.query<{ brand_id: number; n: number }>(
    `SELECT m.brand_id, count(*)::int AS n FROM models m JOIN brands b ON b.id = m.brand_id
     WHERE ${VISIBLE} AND EXISTS (SELECT 1 FROM store_models sm WHERE sm.model_id = m.id AND sm.store_id = $1)
     GROUP BY m.brand_id`,
    [store],
  );
  const byBrand = new Map(counts.rows.map((r) => [r.brand_id, r.n]));
  return brands.map((b) => ({ ...b, modelCount: byBrand.get(b.id) ?? 0 }));
}

export async function getBrand(q: Queryable, id: number, audience: Audience): Promise<Brand> {
  const { rows } = await q.query<BrandRow>(
    'SELECT id, name, image_id, down, is_public FROM brands WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (!row || (audience === 'public' && (!row.is_public || row.down))) throw brandNotFound();
  return toBrand(row);
}

const uniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

async function saveBrand(run: () => Promise<{ rows: BrandRow[] }>): Promise<Brand> {
  try {
    const { rows } = await run();
    if (!rows[0]) throw brandNotFound();
    return toBrand(rows[0]);
  } catch (err) {
    if (uniqueViolation(err)) throw fieldError(409, 'DUPLICATE', 'brandNameTaken', 'name');
    throw err;
  }
}

const brandValues = (b: BrandInput) => [
  b.name,
  b.imageURI ? fileIdFromUri(b.imageURI) : null,
  b.down,
  b.isPublic,
];

export const createBrand = (q: Queryable, input: BrandInput) =>
  saveBrand(() =>
    q.query<BrandRow>(
      `INSERT INTO brands (name, image_id, down, is_public) VALUES ($1, $2, $3, $4)
       RETURNING id, name, image_id, down, is_public`,
      brandValues(input),
    ),
  );

export const updateBrand = (q: Queryable, id: number, input: BrandInput) =>
  saveBrand(() =>
    q.query<BrandRow>(
      `UPDATE brands SET name = $2, image_id = $3, down = $4, is_public = $5, updated_at = now() WHERE id = $1
       RETURNING id, name, image_id, down, is_public`,
      [id, ...brandValues(input)],
    ),
  );

export async function deleteBrand(q: Queryable, id: number): Promise<void> {
  const used = await q.query('SELECT 1 FROM models WHERE brand_id = $1 LIMIT 1', [id]);
  if (used.rows.length > 0) throw conflict('brandHasModels', 'IN_USE');
  const { rowCount } = await deleteOrInUse(q, 'DELETE FROM brands WHERE id = $1', [id], 'brandHasModels');
  if (rowCount === 0) throw brandNotFound();
}

interface ModelRow {
  id: number;
  name: string;
  image_id: string | null;
  template_id: string | null;
  price_cents: number;
  is_public: boolean;
  is_down: boolean;
  outline: Outline | null;
  brand_id: number;
  brand_name: string;
  brand_down: boolean;
  brand_public: boolean;
  stores: number[] | null;
}

const MODEL_SELECT = `
  SELECT m.id, m.name, m.image_id, m.template_id, m.price_cents, m.is_public, m.is_down, m.outline,
         b.id AS brand_id, b.name AS brand_name, b.down AS brand_down, b.is_public AS brand_public,
         ARRAY(SELECT sm.store_id FROM store_models sm WHERE sm.model_id = m.id ORDER BY sm.store_id) AS stores
  FROM models m JOIN brands b ON b.id = m.brand_id`;

/** docs/product.md §5.2: a model is shown when it and its brand are public and not down. */
const VISIBLE = 'm.is_public AND NOT m.is_down AND b.is_public AND NOT b.down';

/** The models of some rows with their case types, as `audience` sees them in `store` (one query). */
async function toModels(
  q: Queryable,
  rows: ModelRow[],
  audience: Audience,
  store: number | null,
): Promise<Model[]> {
  const types = await caseTypesOfModels(
    q,
    rows.map((r) => r.id),
    store,
  );
  return rows.map((r) => {
    const offer = types.get(r.id)!;
    const model = toModel(r);
    model.caseTypes = caseTypesPriced(offer.shown, r.price_cents);
    if (audience === 'staff') model.caseTypeIds = offer.all;
    return model;
  });
}

const toModel = (r: ModelRow): Model => ({
  id: r.id,
  name: r.name,
  image: fileUriOrNull(r.image_id),
  template: fileUriOrNull(r.template_id),
  price: centsToEuros(r.price_cents),
  isPublic: r.is_public,
  isDown: r.is_down,
  brand: { id: r.brand_id, name: r.brand_name, down: r.brand_down, isPublic: r.brand_public },
  outline: r.outline,
  stores: r.stores ?? [],
  caseTypes: [],
});

export async function listModels(q: Queryable, query: ModelQuery, audience: Audience): Promise<ModelPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (audience === 'public') where.push(VISIBLE);
  if (query.brand !== undefined) where.push(`m.brand_id = ${add(query.brand)}`);
  if (query.store !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM store_models sm WHERE sm.model_id = m.id AND sm.store_id = ${add(query.store)})`,
    );
  }
  const term = query.filtro ? searchKey(query.filtro) : '';
  if (term) where.push(`m.search_name LIKE ${add(`%${escapeLike(term)}%`)}`);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';

  const count = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM models m JOIN brands b ON b.id = m.brand_id ${whereSql}`,
    params,
  );
  const limit = add(query.size);
  const offset = add((query.page - 1) * query.size);
  const { rows } = await q.query<ModelRow>(
    `${MODEL_SELECT} ${whereSql} ORDER BY b.id, m.id LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const items = await toModels(q, rows, audience, query.store ?? null);
  return { items, total: count.rows[0]?.total ?? 0, page: query.page, size: query.size };
}

/** A model; its case types as `store` sells them (no store: every public type it is sold in). */
export async function getModel(
  q: Queryable,
  id: number,
  audience: Audience,
  store: number | null = null,
): Promise<Model> {
  const { rows } = await q.query<ModelRow>(
    `${MODEL_SELECT} WHERE m.id = $1 ${audience === 'public' ? `AND ${VISIBLE}` : ''}`,
    [id],
  );
  if (!rows[0]) throw modelNotFound();
  return (await toModels(q, rows, audience, store))[0]!;
}

/** Which stores offer a model: the ones given, or every store. */
async function setModelStores(q: Queryable, modelId: number, stores: number[] | undefined): Promise<void> {
  const ids = await storeIds(q, stores);
  if (stores !== undefined && ids.length !== new Set(stores).size) {
    throw fail(400, 'STORE_NOT_FOUND', 'storeNotFound');
  }
  await q.query('DELETE FROM store_models WHERE model_id = $1', [modelId]);
  await q.query('INSERT INTO store_models (store_id, model_id) SELECT unnest($2::int[]), $1', [modelId, ids]);
}

/** A new partner store offers the whole catalogue until staff narrow it down. */
export async function offerWholeCatalogue(q: Queryable, storeId: number): Promise<void> {
  await q.query('INSERT INTO store_models (store_id, model_id) SELECT $1, id FROM models', [storeId]);
}

/** The picture a model is saved with: staff's photo, or the mock-up drawn from its outline. */
export interface ModelPicture {
  imageId: string | null;
  isMockup: boolean;
}

/** What the picture was before an update, to tell a kept mock-up from a photo. */
export async function currentPicture(
  q: Queryable,
  id: number,
): Promise<(ModelPicture & { outline: Outline | null }) | null> {
  const { rows } = await q.query<{
    image_id: string | null;
    image_is_mockup: boolean;
    outline: Outline | null;
  }>('SELECT image_id, image_is_mockup, outline FROM models WHERE id = $1', [id]);
  const row = rows[0];
  return row ? { imageId: row.image_id, isMockup: row.image_is_mockup, outline: row.outline } : null;
}

const modelValues = (m: ModelInput, picture: ModelPicture) => [
  m.name,
  searchKey(m.name),
  m.brand.id,
  picture.imageId,
  m.template ? fileIdFromUri(m.template) : null,
  eurosToCents(m.price),
  m.isPublic,
  m.isDown,
  m.outline === null ? null : JSON.stringify(m.outline),
  picture.isMockup,
];

/** 422 on the field at fault when a public model could not be sold (no template, or free). */
function assertSellable(model: { isPublic: boolean; template: string | null; price: number }): void {
  const problem = modelSaleProblem(model);
  if (problem) throw fieldError(422, 'MODEL_NOT_SELLABLE', problem.message, problem.field);
}

/** The input's references first (400), then whether it could be sold (422): nothing is written before. */
async function checkModelInput(q: Queryable, input: ModelInput): Promise<void> {
  const { rows } = await q.query('SELECT 1 FROM brands WHERE id = $1', [input.brand.id]);
  if (!rows[0]) throw fail(400, 'BRAND_NOT_FOUND', 'brandNotFound');
  if (input.stores?.length) {
    const found = await storeIds(q, input.stores);
    if (found.length !== new Set(input.stores).size) throw fail(400, 'STORE_NOT_FOUND', 'storeNotFound');
  }
  if (input.caseTypeIds) await assertCaseTypesExist(q, input.caseTypeIds, 'caseTypeIds');
  assertSellable(input);
}

export async function createModel(q: Queryable, input: ModelInput, picture: ModelPicture): Promise<Model> {
  await checkModelInput(q, input);
  try {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO models (name, search_name, brand_id, image_id, template_id, price_cents, is_public, is_down, outline, image_is_mockup)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      modelValues(input, picture),
    );
    const id = rows[0]!.id;
    await setModelStores(q, id, input.stores);
    await setModelCaseTypes(q, id, input.caseTypeIds, true);
    return getModel(q, id, 'staff');
  } catch (err) {
    if (uniqueViolation(err)) throw fieldError(409, 'DUPLICATE', 'modelNameTaken', 'name');
    throw err;
  }
}

export async function updateModel(
  q: Queryable,
  id: number,
  input: ModelInput,
  picture: ModelPicture,
): Promise<Model> {
  await checkModelInput(q, input);
  try {
    const { rowCount } = await q.query(
      `UPDATE models SET name = $2, search_name = $3, brand_id = $4, image_id = $5, template_id = $6,
         price_cents = $7, is_public = $8, is_down = $9, outline = $10, image_is_mockup = $11, updated_at = now()
       WHERE id = $1`,
      [id, ...modelValues(input, picture)],
    );
    if (rowCount === 0) throw modelNotFound();
    await setModelStores(q, id, input.stores);
    await setModelCaseTypes(q, id, input.caseTypeIds, false);
    return getModel(q, id, 'staff');
  } catch (err) {
    if (uniqueViolation(err)) throw fieldError(409, 'DUPLICATE', 'modelNameTaken', 'name');
    throw err;
  }
}

export async function toggleModelVisibility(q: Queryable, id: number): Promise<Model> {
  const current = await getModel(q, id, 'staff');
  assertSellable({ ...current, isPublic: !current.isPublic });
  // Flips only what was checked: if someone else flipped it meanwhile, theirs stands and the caller
  // sees the model as it now is.
  await q.query(
    'UPDATE models SET is_public = NOT is_public, updated_at = now() WHERE id = $1 AND is_public = $2',
    [id, current.isPublic],
  );
  return getModel(q, id, 'staff');
}

/** Deletes a model no order names (the orders' reference to it refuses the delete: 409 IN_USE). */
export async function deleteModel(q: Queryable, id: number): Promise<void> {
  const { rowCount } = await deleteOrInUse(q, 'DELETE FROM models WHERE id = $1', [id], 'modelInUse');
  if (rowCount === 0) throw modelNotFound();
}
