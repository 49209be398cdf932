import type { CaseType, CaseTypeInput } from '@shop/contracts/case-types';
import { centsToEuros, eurosToCents } from '@shop/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { deleteOrInUse, fail, fieldError } from '../../lib/errors.ts';

/**
 * The case types staff define (`/api/case-types`): name, description, material, the price
 * difference over the model's price, clear or not, public or not, their colours. There is always
 * exactly one default type, and it is public: an order that names no type is made in it.
 * Whether orders use a type or a colour is the orders module's to say: the workflow that deletes a
 * type or removes a colour asks it first (workflows/case-types.ts); the orders' references to both
 * refuse the delete anyway, for an order made meanwhile.
 */

interface CaseTypeRow {
  id: number;
  name: string;
  description: string;
  material: string;
  price_delta_cents: number;
  clear: boolean;
  is_public: boolean;
  is_default: boolean;
  colours: { id: number; name: string; hex: string }[];
  models: number;
}

const CASE_TYPE_SELECT = `
  SELECT t.id, t.name, t.description, t.material, t.price_delta_cents, t.clear, t.is_public, t.is_default,
         COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'hex', c.hex)
                                   ORDER BY c.position, c.id)
                   FROM case_type_colours c WHERE c.case_type_id = t.id), '[]'::json) AS colours,
         (SELECT count(*)::int FROM model_case_types mt WHERE mt.case_type_id = t.id) AS models
  FROM case_types t`;

const toCaseType = (r: CaseTypeRow): CaseType => ({
  id: r.id,
  name: r.name,
  description: r.description,
  material: r.material,
  priceDifference: centsToEuros(r.price_delta_cents),
  clear: r.clear,
  isPublic: r.is_public,
  isDefault: r.is_default,
  colours: r.colours,
  models: r.models,
});

export const caseTypeNotFound = () => fail(404, 'CASE_TYPE_NOT_FOUND', 'caseTypeNotFound');

/** Every type, the default first, then in the order they were made. */
export async function listCaseTypes(q: Queryable): Promise<CaseType[]> {
  const { rows } = await q.query<CaseTypeRow>(
    `${CASE_TYPE_SELECT} ORDER BY t.is_default DESC, t.position, t.id`,
  );
  return rows.map(toCaseType);
}

export async function getCaseType(q: Queryable, id: number): Promise<CaseType> {
  const { rows } = await q.query<CaseTypeRow>(`${CASE_TYPE_SELECT} WHERE t.id = $1`, [id]);
  if (!rows[0]) throw caseTypeNotFound();
  return toCaseType(rows[0]);
}

/** The type's row locked for a change; 404 when there is none. */
async function lockCaseType(q: Queryable, id: number): Promise<{ isDefault: boolean; colourIds: number[] }> {
  const { rows } = await q.query<{ is_default: boolean; colour_ids: number[] | null }>(
    `SELECT t.is_default,
            ARRAY(SELECT c.id FROM case_type_colours c WHERE c.case_type_id = t.id ORDER BY c.id) AS colour_ids
     FROM case_types t WHERE t.id = $1 FOR UPDATE`,
    [id],
  );
  const row = rows[0];
  if (!row) throw caseTypeNotFound();
  return { isDefault: row.is_default, colourIds: row.colour_ids ?? [] };
}

/**
 * The colours an update would remove (those of the type whose ids the input leaves out), the type
 * locked until the end of the caller's transaction; 404 for no such type.
 */
export async function coloursRemovedBy(q: Queryable, id: number, input: CaseTypeInput): Promise<number[]> {
  const { colourIds } = await lockCaseType(q, id);
  const kept = new Set(input.colours.flatMap((c) => (c.id === undefined ? [] : [c.id])));
  return colourIds.filter((c) => !kept.has(c));
}

/** Refusals that need no query: the default is public, and colour names are unique in a type. */
function checkInput(input: CaseTypeInput): void {
  if (input.isDefault && !input.isPublic) {
    throw fieldError(422, 'CASE_TYPE_DEFAULT', 'caseTypeDefaultPublic', 'isPublic');
  }
  const names = input.colours.map((c) => c.name.toLocaleLowerCase('es'));
  if (new Set(names).size !== names.length) {
    throw fieldError(409, 'DUPLICATE', 'caseColourNameTaken', 'colours');
  }
  const ids = input.colours.flatMap((c) => (c.id === undefined ? [] : [c.id]));
  if (new Set(ids).size !== ids.length) {
    throw fieldError(400, 'CASE_COLOUR_NOT_FOUND', 'caseColourNotFound', 'colours');
  }
}

/**
 * Makes way for `id` (null: a type about to be made) as the one default type: the former default
 * stops being it, and no store may hide the default (the type of the orders that name none), so
 * stores that hid it sell it again. Called before the caller writes to case_types.
 */
async function becomeDefault(q: Queryable, id: number | null): Promise<void> {
  // Two admins marking two types at once take turns: the second then sees the first's default.
  await q.query('LOCK TABLE case_types IN SHARE ROW EXCLUSIVE MODE');
  await q.query(
    'UPDATE case_types SET is_default = false, updated_at = now() WHERE is_default AND id IS DISTINCT FROM $1::int',
    [id],
  );
  if (id !== null) await q.query('DELETE FROM store_hidden_case_types WHERE case_type_id = $1', [id]);
}

const typeValues = (t: CaseTypeInput) => [
  t.name,
  t.description,
  t.material,
  eurosToCents(t.priceDifference),
  t.clear,
  t.isPublic,
];

/** A unique index broken by the write: the type's name, or (made meanwhile) a colour's. */
async function uniqueNames<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const e = err as { code?: string; constraint?: string; message?: string };
    const index = `${e.constraint ?? ''} ${e.message ?? ''}`;
    if (e.code === '23505' && index.includes('case_type_colours_name_key')) {
      throw fieldError(409, 'DUPLICATE', 'caseColourNameTaken', 'colours');
    }
    if (e.code === '23505' && index.includes('case_types_name_key')) {
      throw fieldError(409, 'DUPLICATE', 'caseTypeNameTaken', 'name');
    }
    throw err;
  }
}

/** Writes the colours as the input lists them: kept ones renamed and reordered, new ones added. */
async function saveColours(q: Queryable, typeId: number, input: CaseTypeInput): Promise<void> {
  const kept = input.colours.flatMap((c, position) =>
    c.id === undefined ? [] : [{ ...c, id: c.id, position }],
  );
  if (kept.length) {
    // Names are unique in a type as each row is written: two colours that swap names would
    // collide half-way, so the kept ones step aside (under a name no person types) first.
    await q.query(
      `UPDATE case_type_colours SET name = chr(1) || id::text WHERE case_type_id = $1 AND id = ANY($2::int[])`,
      [typeId, kept.map((c) => c.id)],
    );
    await q.query(
      `UPDATE case_type_colours c SET name = v.name, hex = v.hex, position = v.position
       FROM unnest($2::int[], $3::text[], $4::text[], $5::int[]) AS v(id, name, hex, position)
       WHERE c.id = v.id AND c.case_type_id = $1`,
      [
        typeId,
        kept.map((c) => c.id),
        kept.map((c) => c.name),
        kept.map((c) => c.hex),
        kept.map((c) => c.position),
      ],
    );
  }
  const added = input.colours.flatMap((c, position) => (c.id === undefined ? [{ ...c, position }] : []));
  if (added.length) {
    await q.query(
      `INSERT INTO case_type_colours (case_type_id, name, hex, position)
       SELECT $1, v.name, v.hex, v.position FROM unnest($2::text[], $3::text[], $4::int[]) AS v(name, hex, position)`,
      [typeId, added.map((c) => c.name), added.map((c) => c.hex), added.map((c) => c.position)],
    );
  }
}

/** A new type, after the others; colours sent with an id are refused (they belong to no type yet). */
export async function createCaseType(q: Queryable, input: CaseTypeInput): Promise<CaseType> {
  checkInput(input);
  if (input.colours.some((c) => c.id !== undefined)) {
    throw fieldError(400, 'CASE_COLOUR_NOT_FOUND', 'caseColourNotFound', 'colours');
  }
  if (input.isDefault) await becomeDefault(q, null);
  const id = await uniqueNames(async () => {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO case_types (name, description, material, price_delta_cents, clear, is_public, is_default, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT COALESCE(max(position), -1) + 1 FROM case_types))
       RETURNING id`,
      [...typeValues(input), input.isDefault],
    );
    const created = rows[0]!.id;
    await saveColours(q, created, input);
    return created;
  });
  return getCaseType(q, id);
}

/**
 * Changes a type. The default stays one: un-marking the default is refused (another type becomes
 * the default by being marked so). Colours: see `CaseTypeInputSchema`; the caller has made sure no
 * order is made in a removed one (`coloursRemovedBy`), and an order's reference refuses it anyway.
 */
export async function updateCaseType(q: Queryable, id: number, input: CaseTypeInput): Promise<CaseType> {
  checkInput(input);
  const current = await lockCaseType(q, id);
  if (current.isDefault && !input.isDefault) {
    throw fieldError(422, 'CASE_TYPE_DEFAULT', 'caseTypeDefaultRequired', 'isDefault');
  }
  const known = new Set(current.colourIds);
  if (input.colours.some((c) => c.id !== undefined && !known.has(c.id))) {
    throw fieldError(400, 'CASE_COLOUR_NOT_FOUND', 'caseColourNotFound', 'colours');
  }
  const kept = new Set(input.colours.map((c) => c.id));
  const removed = current.colourIds.filter((c) => !kept.has(c));
  if (removed.length) {
    try {
      await q.query('DELETE FROM case_type_colours WHERE id = ANY($1::int[])', [removed]);
    } catch (err) {
      if ((err as { code?: string }).code === '23503') {
        throw fieldError(409, 'IN_USE', 'caseColourInUse', 'colours');
      }
      throw err;
    }
  }
  if (input.isDefault && !current.isDefault) await becomeDefault(q, id);
  await uniqueNames(async () => {
    await q.query(
      `UPDATE case_types SET name = $2, description = $3, material = $4, price_delta_cents = $5, clear = $6,
         is_public = $7, is_default = $8, updated_at = now()
       WHERE id = $1`,
      [id, ...typeValues(input), input.isDefault],
    );
    await saveColours(q, id, input);
  });
  return getCaseType(q, id);
}

/** The type locked for its deletion: 404 for none, 409 for the default (another must be it first). */
export async function assertCaseTypeDeletable(q: Queryable, id: number): Promise<void> {
  const { isDefault } = await lockCaseType(q, id);
  if (isDefault) throw fail(409, 'CASE_TYPE_DEFAULT', 'caseTypeDefaultDelete');
}

/** Deletes a type with the models' and stores' links to it; an order made in it refuses (409 IN_USE). */
export async function deleteCaseType(q: Queryable, id: number): Promise<void> {
  await assertCaseTypeDeletable(q, id);
  await deleteOrInUse(q, 'DELETE FROM case_types WHERE id = $1', [id], 'caseTypeInUse');
}
