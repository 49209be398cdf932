import type { Queryable } from '../../db/client.ts';

/** Whether orders were made in a case type or its colours: the catalogue may not delete those. */

/** True when any order, in whatever state, is made in the case type. */
export async function caseTypeInUse(q: Queryable, caseTypeId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM orders WHERE case_type_id = $1 LIMIT 1', [caseTypeId]);
  return rows.length > 0;
}

/** Which of the colours some order is made in. */
export async function coloursInUse(q: Queryable, colourIds: readonly number[]): Promise<number[]> {
  if (!colourIds.length) return [];
  const { rows } = await q.query<{ colour_id: number }>(
    'SELECT DISTINCT colour_id FROM orders WHERE colour_id = ANY($1::int[]) ORDER BY colour_id',
    [[...colourIds]],
  );
  return rows.map((r) => r.colour_id);
}
