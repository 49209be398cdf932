import type { CaseType, CaseTypeInput } from '@shop/contracts/case-types';
import type { Database } from '../db/client.ts';
import { conflict, fieldError } from '../lib/errors.ts';
import {
  assertCaseTypeDeletable,
  coloursRemovedBy,
  deleteCaseType,
  updateCaseType,
} from '../modules/catalogue/index.ts';
import { caseTypeInUse, coloursInUse } from '../modules/orders/index.ts';

/**
 * Changes to case types that orders may hold on to: an order keeps the type and colour it was
 * made in, so neither goes while an order names it (409 IN_USE), as for a model. The catalogue
 * owns the types, the orders module knows which orders use them; each runs in one transaction
 * with the type locked, and the orders' references refuse an order made meanwhile.
 */

/** Saves a type; a colour left out of the input is removed, unless an order is made in it. */
export function changeCaseType(db: Database, id: number, input: CaseTypeInput): Promise<CaseType> {
  return db.transaction(async (tx) => {
    const removed = await coloursRemovedBy(tx, id, input);
    if ((await coloursInUse(tx, removed)).length)
      throw fieldError(409, 'IN_USE', 'caseColourInUse', 'colours');
    return updateCaseType(tx, id, input);
  });
}

/** Deletes a type no order is made in, with its colours and its links to models and stores. */
export function removeCaseType(db: Database, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    await assertCaseTypeDeletable(tx, id);
    if (await caseTypeInUse(tx, id)) throw conflict('caseTypeInUse', 'IN_USE');
    await deleteCaseType(tx, id);
  });
}
