import type { CaseTypeChange } from '@shop/contracts/case-types';
import { isDesignOpen } from '@shop/contracts/order-lifecycle';
import type { Queryable } from '../../db/client.ts';
import { fail, fieldError } from '../../lib/errors.ts';
import { type CaseTypeOnSale, modelOnSale, resolveCaseType } from '../catalogue/index.ts';
import type { CheckoutGuards } from './effects.ts';
import { expectDesignOpen } from './photo-service.ts';
import { lockOrder } from './state.ts';

/** The case type an order is made in: what it costs and what is printed. */

/** The case's price in a type: the model's price plus the type's difference, never under 0. */
export const casePriceCents = (modelPriceCents: number, priceDeltaCents: number): number =>
  Math.max(0, modelPriceCents + priceDeltaCents);

/**
 * The type and colour the customer asks for a new order (the first type the model is sold in
 * there, and its first colour, when none is asked), or 422 CASE_TYPE_NOT_AVAILABLE /
 * CASE_COLOUR_NOT_AVAILABLE on the field at fault.
 */
export async function caseTypeForOrder(
  q: Queryable,
  storeId: number,
  modelId: number,
  caseTypeId: number | null,
  colourId: number | null,
): Promise<CaseTypeOnSale> {
  const found = await resolveCaseType(q, storeId, modelId, caseTypeId, colourId);
  if (found.ok) return found;
  if (found.code === 'CASE_COLOUR_NOT_AVAILABLE') {
    throw fieldError(422, 'CASE_COLOUR_NOT_AVAILABLE', 'caseColourNotAvailable', 'colour');
  }
  throw fieldError(422, 'CASE_TYPE_NOT_AVAILABLE', 'caseTypeNotAvailable', 'caseType');
}

/**
 * 'Tipo de funda' while the design is open: the order takes the type and colour (checked as a new
 * order's) and the case's price in it, from the model's price today. Refused like a design change
 * once the design is closed (409 DESIGN_LOCKED once placed), and with 409 PAYMENT_IN_PROGRESS when
 * the price would change while the gateway may still authorise the old amount.
 */
export async function changeOrderCaseType(
  tx: Queryable,
  orderId: string,
  change: CaseTypeChange,
  guards: CheckoutGuards,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectDesignOpen(order, isDesignOpen);
  const { rows } = await tx.query<{ model_id: number; price_cents: number }>(
    'SELECT model_id, price_cents FROM orders WHERE id = $1',
    [orderId],
  );
  const current = rows[0]!;
  const model = await modelOnSale(tx, order.store_id, current.model_id);
  if (!model?.offered) throw fail(409, 'MODEL_NOT_AVAILABLE', 'modelNotAvailable');
  const type = await caseTypeForOrder(
    tx,
    order.store_id,
    current.model_id,
    change.caseType.id,
    change.colour?.id ?? null,
  );
  const priceCents = casePriceCents(model.priceCents, type.priceDeltaCents);
  if (priceCents !== current.price_cents && (await guards.paymentInProgress(tx, orderId))) {
    throw fail(409, 'PAYMENT_IN_PROGRESS', 'paymentInProgress');
  }
  await tx.query(
    `UPDATE orders SET case_type_id = $2, colour_id = $3, price_cents = $4, updated_at = now()
     WHERE id = $1`,
    [orderId, type.caseTypeId, type.colourId, priceCents],
  );
}

/**
 * 409 when the order's type stopped being sold for its model in its store after the order began
 * (no longer public, no longer sold for the model, hidden by the store), or its colour stopped
 * being one of the type's: the message asks the customer to choose another, which 'Tipo de funda'
 * (`changeCaseType`) lets them do while the design is open. Checked where the design closes.
 */
export async function expectCaseTypeOnSale(tx: Queryable, orderId: string): Promise<void> {
  const { rows } = await tx.query<{
    store_id: number;
    model_id: number;
    case_type_id: number;
    colour_id: number | null;
  }>('SELECT store_id, model_id, case_type_id, colour_id FROM orders WHERE id = $1', [orderId]);
  const o = rows[0]!;
  const found = await resolveCaseType(tx, o.store_id, o.model_id, o.case_type_id, o.colour_id);
  if (found.ok) return;
  if (found.code === 'CASE_COLOUR_NOT_AVAILABLE') {
    throw fail(409, 'CASE_COLOUR_NOT_AVAILABLE', 'caseColourNoLongerAvailable');
  }
  throw fail(409, 'CASE_TYPE_NOT_AVAILABLE', 'caseTypeNoLongerAvailable');
}
