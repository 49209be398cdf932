import { centsToEuros } from '@shop/contracts/money';
import type { Order } from '@shop/contracts/orders';
import { OUTSIDE_IVA_PROVINCES } from '@shop/contracts/tax-territory';
import type { Queryable } from '../../db/client.ts';

/** A store as its orders show it: where to pick the case up, when, and what delivery costs. */
export type OrderStore = Order['store'];

/** The stores of some orders, by id, in one query (a store that does not exist is left out). */
export async function storesOfOrders(q: Queryable, ids: readonly number[]): Promise<Map<number, OrderStore>> {
  if (!ids.length) return new Map();
  const { rows } = await q.query<{
    id: number;
    name: string;
    address: string;
    town: string;
    province: string;
    postal_code: string;
    shipping_cents: number;
    hours: string;
  }>(
    `SELECT id, name, address, town, province, postal_code, shipping_cents, hours
     FROM stores WHERE id = ANY($1::int[])`,
    [[...new Set(ids)]],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        address: r.address,
        town: r.town,
        province: r.province,
        postalCode: r.postal_code,
        shipping: centsToEuros(r.shipping_cents),
        hours: r.hours,
      },
    ]),
  );
}

/**
 * Whether a store may take a new order: taken down, or left in Canarias, Ceuta or Melilla from
 * before the rule (ADR 26, by its postal code's province). Null when there is no such store.
 */
export async function storeSaleState(
  q: Queryable,
  id: number,
): Promise<{ down: boolean; outsideIvaTerritory: boolean } | null> {
  const { rows } = await q.query<{ down: boolean; outside: boolean }>(
    'SELECT down, left(postal_code, 2) = ANY($2::text[]) AS outside FROM stores WHERE id = $1',
    [id, [...OUTSIDE_IVA_PROVINCES]],
  );
  const row = rows[0];
  return row ? { down: row.down, outsideIvaTerritory: row.outside } : null;
}
