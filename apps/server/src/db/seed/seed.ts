import { searchKey } from '../../lib/ids.ts';
import type { FileKind, FileService } from '../../modules/files/index.ts';
import type { Database, Queryable } from '../client.ts';
import { buildDemoCatalogue, type DemoCatalogue, type DemoFile } from './demo-catalogue.ts';

/** True when the catalogue has nothing in it: the first start of a new shop. */
export async function isEmpty(q: Queryable): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM brands UNION ALL SELECT 1 FROM stores LIMIT 1');
  return rows.length === 0;
}

/**
 * Loads the demo catalogue (stores, brands, case types, models with their images) in one transaction, so a
 * crash leaves an empty catalogue that the next start fills again, never half of one.
 */
export async function seedDemoCatalogue(
  db: Database,
  files: FileService,
  /** The catalogue, already drawn (the tests draw it once per run); drawn now if not given. */
  drawn?: DemoCatalogue,
): Promise<{ stores: number; brands: number; models: number }> {
  const demo = drawn ?? (await buildDemoCatalogue());
  return db.transaction(async (tx) => {
    // Another instance may have seeded while the images were being drawn.
    await tx.query('LOCK TABLE brands IN EXCLUSIVE MODE');
    if (!(await isEmpty(tx))) return { stores: 0, brands: 0, models: 0 };

    const save = async (kind: FileKind, file: DemoFile | null) =>
      file ? (await files.save(tx, { kind, ...file })).id : null;

    for (const s of demo.stores) {
      await tx.query(
        `INSERT INTO stores (id, name, address, postal_code, town, province, image_id, down, shipping_cents, hours, map_query)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          s.id,
          s.name,
          s.address,
          s.postalCode,
          s.town,
          s.province,
          await save('store-image', s.image),
          s.down,
          s.shippingCents,
          s.hours,
          s.mapQuery,
        ],
      );
    }
    await tx.query(`SELECT setval(pg_get_serial_sequence('stores', 'id'), (SELECT max(id) FROM stores))`);

    const brandIds = new Map<string, number>();
    for (const b of demo.brands) {
      const { rows } = await tx.query<{ id: number }>(
        'INSERT INTO brands (name, image_id, down, is_public) VALUES ($1, $2, $3, $4) RETURNING id',
        [b.name, await save('brand-image', b.image), b.down, b.isPublic],
      );
      brandIds.set(b.name, rows[0]!.id);
    }

    // The default type comes with the migration: it gets its demo text; the others are added.
    const caseTypeIds = new Map<string, number>();
    for (const [position, t] of demo.caseTypes.entries()) {
      const values = [t.name, t.description, t.material, t.priceDeltaCents, t.clear, position];
      const { rows } = t.isDefault
        ? await tx.query<{ id: number }>(
            `UPDATE case_types SET name = $1, description = $2, material = $3, price_delta_cents = $4, clear = $5,
               position = $6, is_public = true
             WHERE is_default RETURNING id`,
            values,
          )
        : await tx.query<{ id: number }>(
            `INSERT INTO case_types (name, description, material, price_delta_cents, clear, position)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            values,
          );
      const id = rows[0]!.id;
      caseTypeIds.set(t.name, id);
      for (const [i, c] of t.colours.entries()) {
        await tx.query(
          'INSERT INTO case_type_colours (case_type_id, name, hex, position) VALUES ($1, $2, $3, $4)',
          [id, c.name, c.hex, i],
        );
      }
    }

    for (const m of demo.models) {
      const brandId = brandIds.get(m.brand);
      if (brandId === undefined) throw new Error(`demo model ${m.name} names an unknown brand ${m.brand}`);
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO models (brand_id, name, search_name, image_id, image_is_mockup, template_id, price_cents, is_public, is_down, outline)
         VALUES ($1, $2, $3, $4, true, $5, $6, $7, $8, $9) RETURNING id`,
        [
          brandId,
          m.name,
          searchKey(m.name),
          await save('model-image', m.image),
          await save('template', m.template),
          m.priceCents,
          m.isPublic,
          m.isDown,
          JSON.stringify(m.outline),
        ],
      );
      await tx.query('INSERT INTO store_models (store_id, model_id) SELECT unnest($1::int[]), $2', [
        m.offeredByStoreIds,
        rows[0]!.id,
      ]);
      const types = m.caseTypes.map((name) => {
        const id = caseTypeIds.get(name);
        if (id === undefined) throw new Error(`demo model ${m.name} names an unknown case type ${name}`);
        return id;
      });
      await tx.query('INSERT INTO model_case_types (model_id, case_type_id) SELECT $1, unnest($2::int[])', [
        rows[0]!.id,
        types,
      ]);
    }
    return { stores: demo.stores.length, brands: demo.brands.length, models: demo.models.length };
  });
}
