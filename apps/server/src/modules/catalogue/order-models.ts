import { centsToEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import type { Queryable } from '../../db/client.ts';
import { fileUriOrNull } from '../files/index.ts';

/** A brand as its orders show it. */
export type OrderBrand = Order['brand'];
/** A model as its orders show it, without its brand (the order's own brand goes with it). */
export type OrderModel = Omit<Order['model'], 'brand'>;

/**
 * The brands and models of some orders, by id, in one query (one that does not exist is left
 * out), whatever their visibility today: an order keeps showing what was ordered.
 */
export async function catalogueOfOrders(
  q: Queryable,
  brandIds: readonly number[],
  modelIds: readonly number[],
): Promise<{ brands: Map<number, OrderBrand>; models: Map<number, OrderModel> }> {
  if (!brandIds.length && !modelIds.length) return { brands: new Map(), models: new Map() };
  const { rows } = await q.query<{
    brands: { id: number; name: string }[] | null;
    models:
      | {
          id: number;
          name: string;
          template_id: string | null;
          image_id: string | null;
          price_cents: number;
        }[]
      | null;
  }>(
    `SELECT (SELECT json_agg(json_build_object('id', b.id, 'name', b.name))
             FROM brands b WHERE b.id = ANY($1::int[])) AS brands,
            (SELECT json_agg(json_build_object('id', m.id, 'name', m.name, 'template_id', m.template_id,
                                               'image_id', m.image_id, 'price_cents', m.price_cents))
             FROM models m WHERE m.id = ANY($2::int[])) AS models`,
    [[...new Set(brandIds)], [...new Set(modelIds)]],
  );
  const row = rows[0];
  return {
    brands: new Map((row?.brands ?? []).map((b) => [b.id, { id: b.id, name: b.name }])),
    models: new Map(
      (row?.models ?? []).map((m) => [
        m.id,
        {
          id: m.id,
          name: m.name,
          template: fileUriOrNull(m.template_id),
          image: fileUriOrNull(m.image_id),
          price: centsToEuros(m.price_cents),
        },
      ]),
    ),
  };
}

/** A model a customer may order in a store, as the new order needs it; see `modelOnSale`. */
export interface ModelOnSale {
  brandId: number;
  priceCents: number;
  /** The store offers the model (store_models). */
  offered: boolean;
}

/**
 * The model as a new order takes it: public and not taken down, of a public brand not taken
 * down, with whether the store offers it. Null when there is no such model for customers.
 */
export async function modelOnSale(
  q: Queryable,
  storeId: number,
  modelId: number,
): Promise<ModelOnSale | null> {
  const { rows } = await q.query<{ brand_id: number; price_cents: number; offered: boolean }>(
    `SELECT m.brand_id, m.price_cents,
            EXISTS (SELECT 1 FROM store_models sm WHERE sm.store_id = $1 AND sm.model_id = m.id) AS offered
     FROM models m JOIN brands b ON b.id = m.brand_id
     WHERE m.id = $2 AND m.is_public AND NOT m.is_down AND b.is_public AND NOT b.down`,
    [storeId, modelId],
  );
  const row = rows[0];
  return row ? { brandId: row.brand_id, priceCents: row.price_cents, offered: row.offered } : null;
}
