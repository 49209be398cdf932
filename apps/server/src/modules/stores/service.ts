import { HIDDEN_STORE_ID } from '@shop/contracts/constants';
import { centsToEuros, eurosToCents } from '@shop/contracts/money';
import type { Store, StoreInput } from '@shop/contracts/stores';
import { isOutsideIvaTerritory } from '@shop/contracts/tax-territory';
import type { Queryable } from '../../db/client.ts';
import { deleteOrInUse, fail, fieldError, notFound } from '../../lib/errors.ts';
import { fileIdFromUri, fileUriOrNull } from '../files/index.ts';

interface StoreRow {
  id: number;
  name: string;
  address: string;
  postal_code: string;
  town: string;
  province: string;
  image_id: string | null;
  down: boolean;
  shipping_cents: number;
  hours: string;
  map_query: string | null;
}

const COLUMNS =
  'id, name, address, postal_code, town, province, image_id, down, shipping_cents, hours, map_query';

export const toStore = (r: StoreRow): Store => ({
  id: r.id,
  name: r.name,
  address: r.address,
  postalCode: r.postal_code,
  town: r.town,
  province: r.province,
  image: fileUriOrNull(r.image_id),
  down: r.down,
  shipping: centsToEuros(r.shipping_cents),
  hours: r.hours,
  mapQuery: r.map_query,
});

const storeNotFound = () => notFound('STORE_NOT_FOUND', 'storeNotFound');

export async function listStores(q: Queryable, name?: string): Promise<Store[]> {
  const { rows } = name
    ? await q.query<StoreRow>(`SELECT ${COLUMNS} FROM stores WHERE name ILIKE '%' || $1 || '%' ORDER BY id`, [
        name.replace(/[\\%_]/g, (c) => `\\${c}`),
      ])
    : await q.query<StoreRow>(`SELECT ${COLUMNS} FROM stores ORDER BY id`);
  return rows.map(toStore);
}

export async function findStore(q: Queryable, id: number): Promise<Store | null> {
  const { rows } = await q.query<StoreRow>(`SELECT ${COLUMNS} FROM stores WHERE id = $1`, [id]);
  return rows[0] ? toStore(rows[0]) : null;
}

export async function getStore(q: Queryable, id: number): Promise<Store> {
  const store = await findStore(q, id);
  if (!store) throw storeNotFound();
  return store;
}

/** The store's home-delivery fee in cents (0 when the store does not exist). */
export async function storeShippingCents(q: Queryable, id: number): Promise<number> {
  const { rows } = await q.query<{ shipping_cents: number }>(
    'SELECT shipping_cents FROM stores WHERE id = $1',
    [id],
  );
  return rows[0]?.shipping_cents ?? 0;
}

/** Which of the given store ids exist (every store's id without `only`), in order. */
export async function storeIds(q: Queryable, only?: readonly number[]): Promise<number[]> {
  const { rows } = only
    ? await q.query<{ id: number }>('SELECT id FROM stores WHERE id = ANY($1::int[]) ORDER BY id', [only])
    : await q.query<{ id: number }>('SELECT id FROM stores ORDER BY id');
  return rows.map((r) => r.id);
}

/** The stores a search engine may list: open ones, not the hidden store, with when each last changed. */
export async function storesForSitemap(q: Queryable): Promise<{ id: number; updated_at: Date }[]> {
  const { rows } = await q.query<{ id: number; updated_at: Date }>(
    'SELECT id, updated_at FROM stores WHERE NOT down AND id <> $1 ORDER BY id',
    [HIDDEN_STORE_ID],
  );
  return rows;
}

/** docs/product.md §5.1: a store is valid when it exists and is not down. */
export async function validateStore(q: Queryable, id: number): Promise<void> {
  const store = await getStore(q, id);
  if (store.down) throw fail(409, 'STORE_DOWN', 'storeIsDown');
  if (isOutsideIvaTerritory(store.postalCode)) {
    throw fail(409, 'STORE_OUTSIDE_IVA_TERRITORY', 'storeSalesOutsideIvaTerritory');
  }
}

/** docs/product.md §5.1: a store's postal code lies inside the IVA territory (ADR 26). */
function assertInIvaTerritory(input: StoreInput): void {
  if (isOutsideIvaTerritory(input.postalCode)) {
    throw fieldError(422, 'STORE_OUTSIDE_IVA_TERRITORY', 'storeOutsideIvaTerritory', 'postalCode');
  }
}

const values = (input: StoreInput) => [
  input.name,
  input.address,
  input.postalCode,
  input.town,
  input.province,
  input.image ? fileIdFromUri(input.image) : null,
  input.down,
  eurosToCents(input.shipping),
  input.hours,
  input.mapQuery,
];

export async function createStore(q: Queryable, input: StoreInput): Promise<Store> {
  assertInIvaTerritory(input);
  const { rows } = await q.query<StoreRow>(
    `INSERT INTO stores (name, address, postal_code, town, province, image_id, down, shipping_cents, hours, map_query)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
    values(input),
  );
  return toStore(rows[0]!);
}

export async function updateStore(q: Queryable, id: number, input: StoreInput): Promise<Store> {
  assertInIvaTerritory(input);
  const { rows } = await q.query<StoreRow>(
    `UPDATE stores SET name = $2, address = $3, postal_code = $4, town = $5, province = $6, image_id = $7,
       down = $8, shipping_cents = $9, hours = $10, map_query = $11, updated_at = now()
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, ...values(input)],
  );
  if (!rows[0]) throw storeNotFound();
  return toStore(rows[0]);
}

/** Deletes a store (the caller checked that no order or staff account names it). */
export async function deleteStore(q: Queryable, id: number): Promise<void> {
  const { rowCount } = await deleteOrInUse(q, 'DELETE FROM stores WHERE id = $1', [id], 'storeInUse');
  if (rowCount === 0) throw storeNotFound();
}
