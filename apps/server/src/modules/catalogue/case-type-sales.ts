import type { CaseColour, OrderCaseType } from '@shop/contracts/case-types';
import type { Queryable } from '../../db/client.ts';

/** Why a case type or colour cannot be sold for a model in a store. */
export type CaseTypeRefusal = 'CASE_TYPE_NOT_AVAILABLE' | 'CASE_COLOUR_NOT_AVAILABLE';

/** The type and colour a case is made in, with the type's price difference over the model's price. */
export interface CaseTypeOnSale {
  caseTypeId: number;
  /** Null for a type without colours. */
  colourId: number | null;
  /** Cents, VAT included; may be 0 or negative. */
  priceDeltaCents: number;
}

export type CaseTypeResolution = ({ ok: true } & CaseTypeOnSale) | { ok: false; code: CaseTypeRefusal };

/**
 * The type and colour a customer asks for a model in a store, as an order takes them. Without a
 * type, the first the model is sold in there (the default type first, as the model's `caseTypes`
 * lists them); without a colour, the type's first colour when it has colours. Refused with
 * CASE_TYPE_NOT_AVAILABLE when the type is not public, not sold for the model or hidden by the
 * store, and with CASE_COLOUR_NOT_AVAILABLE when the colour is not one of the type's. One query.
 */
export async function resolveCaseType(
  q: Queryable,
  storeId: number,
  modelId: number,
  caseTypeId: number | null,
  colourId: number | null,
): Promise<CaseTypeResolution> {
  const { rows } = await q.query<{ id: number; price_delta_cents: number; colour_ids: number[] | null }>(
    `SELECT t.id, t.price_delta_cents,
            (SELECT array_agg(c.id ORDER BY c.position, c.id) FROM case_type_colours c
             WHERE c.case_type_id = t.id) AS colour_ids
     FROM case_types t
     WHERE t.is_public AND ($3::int IS NULL OR t.id = $3)
       AND EXISTS (SELECT 1 FROM model_case_types mt WHERE mt.model_id = $2 AND mt.case_type_id = t.id)
       AND NOT EXISTS (SELECT 1 FROM store_hidden_case_types h WHERE h.store_id = $1 AND h.case_type_id = t.id)
     ORDER BY t.is_default DESC, t.position, t.id
     LIMIT 1`,
    [storeId, modelId, caseTypeId],
  );
  const type = rows[0];
  if (!type) return { ok: false, code: 'CASE_TYPE_NOT_AVAILABLE' };
  const colours = type.colour_ids ?? [];
  let colour: number | null = colours[0] ?? null;
  if (colourId !== null) {
    if (!colours.includes(colourId)) return { ok: false, code: 'CASE_COLOUR_NOT_AVAILABLE' };
    colour = colourId;
  }
  return { ok: true, caseTypeId: type.id, colourId: colour, priceDeltaCents: type.price_delta_cents };
}

/** The case types and colours of some orders, by id, for their views. */
export interface CaseTypesOfOrders {
  types: Map<number, OrderCaseType>;
  colours: Map<number, CaseColour>;
}

/**
 * The types and colours of some orders, by their (type, colour) pairs, in one query, whatever their
 * visibility today: an order keeps showing what was ordered. A colour is named only with its type.
 */
export async function caseTypesOfOrders(
  q: Queryable,
  pairs: readonly { caseTypeId: number; colourId: number | null }[],
): Promise<CaseTypesOfOrders> {
  const typeIds = [...new Set(pairs.map((p) => p.caseTypeId))];
  const colourIds = [...new Set(pairs.flatMap((p) => (p.colourId === null ? [] : [p.colourId])))];
  if (!typeIds.length) return { types: new Map(), colours: new Map() };
  const { rows } = await q.query<{
    types: { id: number; name: string; clear: boolean }[] | null;
    colours: { id: number; case_type_id: number; name: string; hex: string }[] | null;
  }>(
    `SELECT (SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'clear', t.clear))
             FROM case_types t WHERE t.id = ANY($1::int[])) AS types,
            (SELECT json_agg(json_build_object('id', c.id, 'case_type_id', c.case_type_id, 'name', c.name,
                                               'hex', c.hex))
             FROM case_type_colours c WHERE c.id = ANY($2::int[])) AS colours`,
    [typeIds, colourIds],
  );
  const row = rows[0];
  const wanted = new Set(pairs.map((p) => `${p.caseTypeId}:${p.colourId}`));
  return {
    types: new Map((row?.types ?? []).map((t) => [t.id, { id: t.id, name: t.name, clear: t.clear }])),
    colours: new Map(
      (row?.colours ?? [])
        .filter((c) => wanted.has(`${c.case_type_id}:${c.id}`))
        .map((c) => [c.id, { id: c.id, name: c.name, hex: c.hex }]),
    ),
  };
}
