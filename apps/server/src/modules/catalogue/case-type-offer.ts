import type { ModelCaseType } from '@shop/contracts/case-types';
import { centsToEuros } from '@shop/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { fieldError } from '../../lib/errors.ts';

/**
 * Which case types each model is sold in (model_case_types) and which types a store does not sell
 * (store_hidden_case_types), and the types of some models as a store's customers see them.
 */

/** A type as a model's customers see it, before the model's price is added. */
export type OfferedCaseType = Omit<ModelCaseType, 'price'> & { priceDeltaCents: number };

/** The types of some models: what customers see in a store, and (for staff) every type sold. */
export interface ModelCaseTypes {
  /** Public types sold for the model and not hidden by the store, the default first. */
  shown: OfferedCaseType[];
  /** Every type the model is sold in, public or not. */
  all: number[];
}

interface OfferRow {
  model_id: number;
  id: number;
  name: string;
  description: string;
  clear: boolean;
  price_delta_cents: number;
  shown: boolean;
  colours: { id: number; name: string; hex: string }[];
}

/**
 * The case types of the given models in one query, whatever their number (a page of models costs
 * one query more, not one per model). `storeId` null: no store's hiding applies.
 */
export async function caseTypesOfModels(
  q: Queryable,
  modelIds: readonly number[],
  storeId: number | null,
): Promise<Map<number, ModelCaseTypes>> {
  const byModel = new Map<number, ModelCaseTypes>(modelIds.map((id) => [id, { shown: [], all: [] }]));
  if (!modelIds.length) return byModel;
  const { rows } = await q.query<OfferRow>(
    `SELECT mt.model_id, t.id, t.name, t.description, t.clear, t.price_delta_cents,
            t.is_public AND NOT EXISTS (SELECT 1 FROM store_hidden_case_types h
                                        WHERE h.case_type_id = t.id AND h.store_id = $2::int) AS shown,
            COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'hex', c.hex)
                                      ORDER BY c.position, c.id)
                      FROM case_type_colours c WHERE c.case_type_id = t.id), '[]'::json) AS colours
     FROM model_case_types mt JOIN case_types t ON t.id = mt.case_type_id
     WHERE mt.model_id = ANY($1::int[])
     ORDER BY mt.model_id, t.is_default DESC, t.position, t.id`,
    [[...new Set(modelIds)], storeId],
  );
  for (const r of rows) {
    const entry = byModel.get(r.model_id)!;
    entry.all.push(r.id);
    if (r.shown) {
      entry.shown.push({
        id: r.id,
        name: r.name,
        description: r.description,
        clear: r.clear,
        priceDeltaCents: r.price_delta_cents,
        colours: r.colours,
      });
    }
  }
  return byModel;
}

/** A type's price on a model: the model's price plus the difference, never under 0. */
export function caseTypesPriced(types: readonly OfferedCaseType[], modelPriceCents: number): ModelCaseType[] {
  return types.map(({ priceDeltaCents, ...t }) => ({
    ...t,
    price: centsToEuros(Math.max(0, modelPriceCents + priceDeltaCents)),
  }));
}

/** 400 on `field` unless every id is a case type. */
export async function assertCaseTypesExist(
  q: Queryable,
  ids: readonly number[],
  field: string,
): Promise<void> {
  const unique = [...new Set(ids)];
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM case_types WHERE id = ANY($1::int[])',
    [unique],
  );
  if ((rows[0]?.n ?? 0) !== unique.length)
    throw fieldError(400, 'CASE_TYPE_NOT_FOUND', 'caseTypeNotFound', field);
}

/**
 * The types a model is sold in: the ones given (checked by `assertCaseTypesExist` before), or for a
 * new model without them the default type; an edit without them leaves them as they are.
 */
export async function setModelCaseTypes(
  q: Queryable,
  modelId: number,
  ids: readonly number[] | undefined,
  isNew: boolean,
): Promise<void> {
  if (ids === undefined) {
    if (isNew) {
      await q.query(
        'INSERT INTO model_case_types (model_id, case_type_id) SELECT $1, id FROM case_types WHERE is_default',
        [modelId],
      );
    }
    return;
  }
  await q.query('DELETE FROM model_case_types WHERE model_id = $1', [modelId]);
  await q.query(
    'INSERT INTO model_case_types (model_id, case_type_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
    [modelId, [...new Set(ids)]],
  );
}

/** The types a store does not sell, by id. */
export async function hiddenCaseTypesOf(q: Queryable, storeId: number): Promise<number[]> {
  const { rows } = await q.query<{ case_type_id: number }>(
    'SELECT case_type_id FROM store_hidden_case_types WHERE store_id = $1 ORDER BY case_type_id',
    [storeId],
  );
  return rows.map((r) => r.case_type_id);
}

/**
 * The types a store does not sell, replaced by `ids`: each must be a type (400), and not the
 * default (422), which is the type of the orders that name none.
 */
export async function setHiddenCaseTypes(
  q: Queryable,
  storeId: number,
  ids: readonly number[],
): Promise<void> {
  const field = 'hiddenCaseTypeIds';
  await assertCaseTypesExist(q, ids, field);
  const { rows } = await q.query('SELECT 1 FROM case_types WHERE is_default AND id = ANY($1::int[])', [
    [...ids],
  ]);
  if (rows.length) throw fieldError(422, 'CASE_TYPE_DEFAULT', 'caseTypeDefaultHidden', field);
  await q.query('DELETE FROM store_hidden_case_types WHERE store_id = $1', [storeId]);
  await q.query(
    'INSERT INTO store_hidden_case_types (store_id, case_type_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
    [storeId, [...new Set(ids)]],
  );
}
