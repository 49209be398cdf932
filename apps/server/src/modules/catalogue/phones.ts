import type { Queryable } from '../../db/client.ts';

/** A phone as a printed case needs it: brand and model names for its label, and its corners. */
export interface PhoneOfCase {
  brandName: string;
  modelName: string;
  /** The case's corner radius from the model's stored outline, when the outline gives one. */
  cornerRadiusMm: number | null;
}

/**
 * The phones of the given brand and model pairs, in the same order, in one query; a pair whose
 * brand or model does not exist gives null.
 */
export async function phonesOf(
  q: Queryable,
  pairs: readonly { brandId: number; modelId: number }[],
): Promise<(PhoneOfCase | null)[]> {
  const { rows } = await q.query<{
    i: number;
    brand_name: string;
    model_name: string;
    outline: { cornerRadiusMm?: unknown } | null;
  }>(
    `SELECT p.i::int AS i, b.name AS brand_name, m.name AS model_name, m.outline
     FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS p(brand_id, model_id, i)
     JOIN brands b ON b.id = p.brand_id JOIN models m ON m.id = p.model_id`,
    [pairs.map((p) => p.brandId), pairs.map((p) => p.modelId)],
  );
  const out: (PhoneOfCase | null)[] = pairs.map(() => null);
  for (const r of rows) {
    const radius = r.outline?.cornerRadiusMm;
    out[r.i - 1] = {
      brandName: r.brand_name,
      modelName: r.model_name,
      cornerRadiusMm: typeof radius === 'number' ? radius : null,
    };
  }
  return out;
}
