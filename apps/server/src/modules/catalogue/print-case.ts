import type { CaseSize } from '@shop/case-geometry/print-size';
import type { Queryable } from '../../db/client.ts';
import { REFERENCE_CASE_MM } from '../images/index.ts';

/**
 * The case a customer's photo must print sharply on: the largest of the catalogue (each side the
 * largest of any model's outline), so that the original kept is enough for every model.
 * REFERENCE_CASE_MM while no model has its measurements.
 */
export async function printCaseOfCatalogue(q: Queryable): Promise<CaseSize> {
  const { rows } = await q.query<{ width_mm: number | null; height_mm: number | null }>(
    `SELECT max((outline->>'widthMm')::float8) AS width_mm, max((outline->>'heightMm')::float8) AS height_mm
     FROM models
     WHERE jsonb_typeof(outline->'widthMm') = 'number' AND jsonb_typeof(outline->'heightMm') = 'number'`,
  );
  const { width_mm, height_mm } = rows[0] ?? { width_mm: null, height_mm: null };
  if (!(width_mm && width_mm > 0 && height_mm && height_mm > 0)) return REFERENCE_CASE_MM;
  return { widthMm: width_mm, heightMm: height_mm };
}
