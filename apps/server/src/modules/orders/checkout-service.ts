import type { StaffUser } from '@shop/contracts/auth';
import {
  type ContactDetails,
  type ContactProblem,
  contactProblem,
  type DeliveryDetails,
  deliveryProblem,
  normaliseContact,
  singleLine,
} from '@shop/contracts/checkout';
import {
  isCashableAtCounter,
  isCheckoutOpen,
  isDeliveryOpen,
  isDesignOpen,
  mayChoosePaymentMethod,
  type OrderStatus,
} from '@shop/contracts/order-lifecycle';
import type { PaymentMethod } from '@shop/contracts/orders';
import type { Queryable } from '../../db/client.ts';
import { fail, fieldError } from '../../lib/errors.ts';
import { storeShippingCents } from '../stores/index.ts';
import { expectCaseTypeOnSale } from './case-type-service.ts';
import type { CheckoutEffects, CheckoutGuards } from './effects.ts';
import { markOrderPaid } from './paid.ts';
import { byCustomer, byStaff, expectOpen, type LockedOrder, lockOrder, transition } from './state.ts';

export type { CheckoutEffects, CheckoutGuards } from './effects.ts';

/**
 * The checkout steps of docs/product.md §4.6 as a server-enforced state machine. Every step locks the
 * order row, checks the state, changes it and writes the timeline in one transaction, and every
 * step can be repeated (the same call twice leaves the same order).
 *
 *   image_uploaded ─(design + payment method)─▶ design_confirmed ─(contact [+ delivery])─▶
 *   details_confirmed ─┬─ pay at store ─▶ to_pay_at_store ─(printed)─▶ printed ─▶ ready ─▶ delivered
 *                      │                  (paid at the counter any time before delivery: paid_at)
 *                      └─ pay now ─(initiate)─▶ awaiting_payment ─(gateway says paid)─▶ paid
 */

interface CheckoutRow {
  payment_method: PaymentMethod | null;
  is_home_delivery: boolean;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  customer_address: string | null;
  customer_city: string | null;
  customer_postal_code: string | null;
  design_id: string | null;
  store_id: number;
}

async function checkoutRow(tx: Queryable, id: string): Promise<CheckoutRow> {
  const { rows } = await tx.query<CheckoutRow>(
    `SELECT o.payment_method, o.is_home_delivery, o.customer_name, o.customer_email, o.customer_phone,
            o.customer_address, o.customer_city, o.customer_postal_code, o.design_id, o.store_id
     FROM orders o WHERE o.id = $1`,
    [id],
  );
  return rows[0]!;
}

/** 409 PAYMENT_IN_PROGRESS when the order has an attempt the gateway may still authorise. */
async function refuseWhilePaymentInProgress(tx: Queryable, orderId: string, guards: CheckoutGuards) {
  if (await guards.paymentInProgress(tx, orderId))
    throw fail(409, 'PAYMENT_IN_PROGRESS', 'paymentInProgress');
}

/**
 * When every datum the chosen way needs is there, the order moves on: a pay-at-store order is
 * placed (to_pay_at_store); a pay-now order waits for the payment (details_confirmed).
 */
async function settleDetails(tx: Queryable, order: LockedOrder, effects: CheckoutEffects): Promise<void> {
  const row = await checkoutRow(tx, order.id);
  const contact: ContactDetails = {
    name: row.customer_name ?? '',
    email: row.customer_email ?? '',
    phone: row.customer_phone ?? '',
  };
  const complete =
    row.customer_name !== null &&
    contactProblem(contact, row.is_home_delivery, row.payment_method === 'paynow') === null &&
    (!row.is_home_delivery || row.customer_address !== null);
  const target: OrderStatus = !complete
    ? 'design_confirmed'
    : row.payment_method === 'paystore'
      ? 'to_pay_at_store'
      : 'details_confirmed';
  const wasPlaced = order.status === 'to_pay_at_store';
  // The step that closes the design takes the case type as it is sold now (see confirmPaymentMethod).
  if (isDesignOpen(order.status) && !isDesignOpen(target)) await expectCaseTypeOnSale(tx, order.id);
  await transition(tx, order, target, byCustomer);
  if (target === 'to_pay_at_store' && !wasPlaced) await effects.orderPlaced(tx, order.id);
}

/**
 * '¡OK, pedir!' (with paystore) and the switch between paying at the store and paying now. A kiosk
 * order pays at the store. Choosing to pay at the store drops home delivery (cash only at pickup).
 */
export async function confirmPaymentMethod(
  tx: Queryable,
  orderId: string,
  method: PaymentMethod,
  effects: CheckoutEffects,
  guards: CheckoutGuards,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectOpen(order, mayChoosePaymentMethod);
  if (method === 'paynow' && order.origin === 'screen') throw fail(409, 'ORDER_STATE', 'kioskPaysAtStore');
  const row = await checkoutRow(tx, orderId);
  if (!row.design_id) throw fail(409, 'ORDER_STATE', 'designMissing');
  // A case type no longer sold for the model here (hidden, withdrawn) since the order began: the
  // customer, still in the editor, is told to choose another ('Tipo de funda') before going on.
  if (isDesignOpen(order.status)) await expectCaseTypeOnSale(tx, orderId);
  const changesAmount = row.payment_method !== method || (method === 'paystore' && row.is_home_delivery);
  if (changesAmount) await refuseWhilePaymentInProgress(tx, orderId, guards);
  await tx.query(
    `UPDATE orders SET payment_method = $2,
       is_home_delivery = CASE WHEN $2 = 'paystore' THEN false ELSE is_home_delivery END,
       shipping_cents = CASE WHEN $2 = 'paystore' THEN 0 ELSE shipping_cents END,
       updated_at = now()
     WHERE id = $1`,
    [orderId, method],
  );
  if (order.status === 'image_uploaded') await transition(tx, order, 'design_confirmed', byCustomer);
  await settleDetails(tx, order, effects);
}

/** Pickup at the store: no delivery, no shipping fee. */
export async function confirmInStorePickup(
  tx: Queryable,
  orderId: string,
  effects: CheckoutEffects,
  guards: CheckoutGuards,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectOpen(order, isCheckoutOpen);
  if ((await checkoutRow(tx, orderId)).is_home_delivery)
    await refuseWhilePaymentInProgress(tx, orderId, guards);
  await tx.query(
    `UPDATE orders SET is_home_delivery = false, shipping_cents = 0, customer_address = NULL, customer_city = NULL,
       customer_postal_code = NULL, updated_at = now() WHERE id = $1`,
    [orderId],
  );
  await settleDetails(tx, order, effects);
}

/** Home delivery: the store's fee, set (never added) however often this is called. Pay now only. */
export async function addDelivery(
  tx: Queryable,
  orderId: string,
  effects: CheckoutEffects,
  guards: CheckoutGuards,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectOpen(order, isDeliveryOpen);
  const row = await checkoutRow(tx, orderId);
  if (row.payment_method !== 'paynow') throw fail(409, 'ORDER_STATE', 'deliveryNeedsPayNow');
  if (!row.is_home_delivery) await refuseWhilePaymentInProgress(tx, orderId, guards);
  await tx.query(
    `UPDATE orders SET is_home_delivery = true, shipping_cents = $2, updated_at = now() WHERE id = $1`,
    [orderId, await storeShippingCents(tx, row.store_id)],
  );
  await settleDetails(tx, order, effects);
}

/** The field a contact refusal points at, for the form (none for several). */
const CONTACT_FIELD: Record<ContactProblem, string | undefined> = {
  nameRequired: 'name',
  contactFieldsRequired: undefined,
  emailRequiredToPay: 'email',
  invalidEmail: 'email',
  invalidPhone: 'phone',
};

export async function confirmUserDetails(
  tx: Queryable,
  orderId: string,
  details: ContactDetails,
  effects: CheckoutEffects,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectOpen(order, isCheckoutOpen);
  const row = await checkoutRow(tx, orderId);
  const problem = contactProblem(details, row.is_home_delivery, row.payment_method === 'paynow');
  if (problem) {
    const field = CONTACT_FIELD[problem];
    throw field
      ? fieldError(400, 'VALIDATION_FAILED', problem, field)
      : fail(400, 'VALIDATION_FAILED', problem);
  }
  // Stored as the shop reads it everywhere: the phone in E.164, whatever way it was typed.
  const contact = normaliseContact(details);
  await tx.query(
    `UPDATE orders SET customer_name = $2, customer_email = $3, customer_phone = $4, updated_at = now() WHERE id = $1`,
    [orderId, contact.name, contact.email, contact.phone],
  );
  await settleDetails(tx, order, effects);
}

export async function confirmDelivery(
  tx: Queryable,
  orderId: string,
  details: DeliveryDetails,
  effects: CheckoutEffects,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  expectOpen(order, isDeliveryOpen);
  const row = await checkoutRow(tx, orderId);
  if (!row.is_home_delivery) throw fail(409, 'ORDER_STATE', 'deliveryNotChosen');
  const problem = deliveryProblem(details);
  // Outside the delivery area is not bad input but a place the shop does not reach: its own code,
  // on the postal code, with a message that offers pickup.
  if (problem === 'postalCodeNotDelivered') throw fieldError(400, 'DELIVERY_AREA', problem, 'postalCode');
  if (problem) throw fail(400, 'VALIDATION_FAILED', problem);
  await tx.query(
    `UPDATE orders SET customer_address = $2, customer_city = $3, customer_postal_code = $4, updated_at = now()
     WHERE id = $1`,
    [orderId, singleLine(details.address), singleLine(details.city), details.postalCode.trim()],
  );
  await settleDetails(tx, order, effects);
}

/**
 * 'Marcar como cobrado': the customer of a pay-at-store order paid at the counter, before or after
 * it was printed, and at the latest when collecting it. Repeating it changes nothing.
 */
export async function confirmPaidAtStore(
  tx: Queryable,
  orderId: string,
  staff: StaffUser,
  canActOnStore: (storeId: number) => void,
  effects: CheckoutEffects,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  canActOnStore(order.store_id);
  const { rows } = await tx.query<{ payment_method: PaymentMethod | null; paid: boolean }>(
    'SELECT payment_method, paid_at IS NOT NULL AS paid FROM orders WHERE id = $1',
    [orderId],
  );
  if (rows[0]!.paid) return;
  if (rows[0]!.payment_method !== 'paystore' || !isCashableAtCounter(order.status)) {
    throw fail(409, 'ORDER_STATE', 'markPaidNotAllowed');
  }
  await markOrderPaid(tx, order, { by: byStaff(staff), note: 'Cobrado en la tienda' }, effects);
}
