import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  allowedMoves,
  canTransition,
  isBatchable,
  isBeingOrdered,
  isCancellable,
  isCashableAtCounter,
  isCheckoutOpen,
  isDeliveryOpen,
  isDesignOpen,
  isFinal,
  isPastCheckout,
  isPayableOnline,
  isPendingPrinting,
  isPlaced,
  isPrintable,
  isPrinted,
  mayChoosePaymentMethod,
  ORDER_ACTORS,
  ORDER_STATUSES,
  type OrderActor,
  type OrderStatus,
  statusesWhere,
  takesPhoto,
  unmetCondition,
  waitsForPrint,
} from './order-lifecycle.ts';

/**
 * The moves of docs/product.md §4.8, written out again here on purpose: the table must say exactly
 * this, no move more and no actor more.
 */
const C: OrderActor[] = ['customer'];
const STAFF: OrderActor[] = ['storeStaff', 'admin'];
const CANCEL: OrderActor[] = ['storeStaff', 'admin', 'system'];
const EXPECTED: [OrderStatus, OrderStatus, OrderActor[]][] = [
  ['created', 'image_uploaded', C],
  ['created', 'cancelled', CANCEL],
  ['image_uploaded', 'created', C],
  ['image_uploaded', 'design_confirmed', C],
  ['image_uploaded', 'cancelled', CANCEL],
  ['design_confirmed', 'created', C],
  ['design_confirmed', 'details_confirmed', C],
  ['design_confirmed', 'to_pay_at_store', C],
  ['design_confirmed', 'cancelled', CANCEL],
  ['details_confirmed', 'design_confirmed', C],
  ['details_confirmed', 'to_pay_at_store', C],
  ['details_confirmed', 'awaiting_payment', C],
  ['details_confirmed', 'paid', ['gateway']],
  ['details_confirmed', 'cancelled', CANCEL],
  ['awaiting_payment', 'design_confirmed', C],
  ['awaiting_payment', 'details_confirmed', C],
  ['awaiting_payment', 'to_pay_at_store', C],
  ['awaiting_payment', 'paid', ['gateway']],
  ['awaiting_payment', 'cancelled', CANCEL],
  ['to_pay_at_store', 'design_confirmed', C],
  ['to_pay_at_store', 'details_confirmed', C],
  ['to_pay_at_store', 'printed', STAFF],
  ['to_pay_at_store', 'cancelled', CANCEL],
  ['paid', 'printed', STAFF],
  ['paid', 'cancelled', CANCEL],
  ['printed', 'ready', STAFF],
  ['printed', 'shipped', STAFF],
  ['ready', 'delivered', STAFF],
  ['shipped', 'delivered', STAFF],
];

const expectedActors = (from: OrderStatus, to: OrderStatus): OrderActor[] =>
  EXPECTED.find(([f, t]) => f === from && t === to)?.[2] ?? [];

test('every move of the life cycle is allowed to its actors, and every other move refused', () => {
  let allowed = 0;
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      for (const actor of ORDER_ACTORS) {
        const expected = expectedActors(from, to).includes(actor);
        assert.equal(canTransition(from, to, actor), expected, `${from} → ${to} by ${actor}`);
        if (expected) allowed++;
      }
    }
  }
  assert.equal(
    allowed,
    EXPECTED.reduce((n, [, , actors]) => n + actors.length, 0),
  );
  assert.equal(ORDER_STATUSES.length ** 2 * ORDER_ACTORS.length, 12 * 12 * 5);
});

test('staying in a state is no move, and nothing leaves delivered or cancelled', () => {
  for (const s of ORDER_STATUSES) {
    for (const actor of ORDER_ACTORS) assert.equal(canTransition(s, s, actor), false, `${s} by ${actor}`);
  }
  for (const s of ['delivered', 'cancelled'] as const) {
    for (const actor of ORDER_ACTORS) assert.deepEqual(allowedMoves(s, actor), [], `${s} by ${actor}`);
  }
});

test('allowed moves per actor, in life-cycle order', () => {
  assert.deepEqual(allowedMoves('awaiting_payment', 'customer'), [
    'design_confirmed',
    'details_confirmed',
    'to_pay_at_store',
  ]);
  assert.deepEqual(allowedMoves('awaiting_payment', 'gateway'), ['paid']);
  assert.deepEqual(allowedMoves('awaiting_payment', 'storeStaff'), ['cancelled']);
  assert.deepEqual(allowedMoves('printed', 'admin'), ['ready', 'shipped']);
  assert.deepEqual(allowedMoves('printed', 'customer'), []);
  assert.deepEqual(allowedMoves('paid', 'system'), ['cancelled']);
});

test("a move's condition: ready for pickup, shipped for home delivery, delivered once paid", () => {
  const pickup = { isHomeDelivery: false, paid: false };
  const parcel = { isHomeDelivery: true, paid: true };
  assert.equal(unmetCondition('printed', 'ready', pickup), null);
  assert.equal(unmetCondition('printed', 'ready', parcel), 'pickup');
  assert.equal(unmetCondition('printed', 'shipped', parcel), null);
  assert.equal(unmetCondition('printed', 'shipped', pickup), 'homeDelivery');
  assert.equal(unmetCondition('ready', 'delivered', pickup), 'paid');
  assert.equal(unmetCondition('ready', 'delivered', { ...pickup, paid: true }), null);
  assert.equal(unmetCondition('shipped', 'delivered', parcel), null);
  // Every other move has no condition, whatever the order.
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      if (from === 'printed' || to === 'delivered') continue;
      for (const facts of [pickup, parcel])
        assert.equal(unmetCondition(from, to, facts), null, `${from} → ${to}`);
    }
  }
  assert.deepEqual(allowedMoves('printed', 'storeStaff', pickup), ['ready']);
  assert.deepEqual(allowedMoves('printed', 'storeStaff', parcel), ['shipped']);
  assert.deepEqual(allowedMoves('ready', 'storeStaff', pickup), []);
});

/** Every state before the print: the cancellable ones, the ones with a print ahead of them. */
const BEFORE_PRINT: OrderStatus[] = [
  ...(['created', 'image_uploaded', 'design_confirmed', 'details_confirmed', 'awaiting_payment'] as const),
  ...(['to_pay_at_store', 'paid'] as const),
];

/** Each rule of the shop, read off the table, holds for exactly these states. */
const RULES: [string, (s: OrderStatus) => boolean, OrderStatus[]][] = [
  ['final', isFinal, ['delivered', 'cancelled']],
  ['printed', isPrinted, ['printed', 'ready', 'shipped', 'delivered']],
  ['waits for print', waitsForPrint, ['to_pay_at_store', 'paid']],
  ['placed', isPlaced, ['to_pay_at_store', 'paid', 'printed', 'ready', 'shipped', 'delivered']],
  ['printable', isPrintable, ['to_pay_at_store', 'paid', 'printed', 'ready', 'shipped', 'delivered']],
  ['batchable', isBatchable, ['to_pay_at_store', 'paid', 'printed']],
  ['pending printing', isPendingPrinting, BEFORE_PRINT],
  [
    'being ordered',
    isBeingOrdered,
    ['created', 'image_uploaded', 'design_confirmed', 'details_confirmed', 'awaiting_payment'],
  ],
  ['design open', isDesignOpen, ['created', 'image_uploaded', 'design_confirmed']],
  ['takes a photo', takesPhoto, ['created', 'image_uploaded']],
  [
    'may choose how to pay',
    mayChoosePaymentMethod,
    ['image_uploaded', 'design_confirmed', 'details_confirmed', 'awaiting_payment', 'to_pay_at_store'],
  ],
  [
    'checkout open',
    isCheckoutOpen,
    ['design_confirmed', 'details_confirmed', 'awaiting_payment', 'to_pay_at_store'],
  ],
  ['delivery open', isDeliveryOpen, ['design_confirmed', 'details_confirmed', 'awaiting_payment']],
  ['payable online', isPayableOnline, ['details_confirmed', 'awaiting_payment']],
  ['past the checkout', isPastCheckout, ['paid', 'printed', 'ready', 'shipped', 'delivered']],
  // For a pay-at-store order (never 'paid' nor 'shipped') this is to_pay_at_store, printed, ready.
  [
    'cashable at the counter',
    isCashableAtCounter,
    ['to_pay_at_store', 'paid', 'printed', 'ready', 'shipped'],
  ],
  ['cancellable by staff', (s) => isCancellable(s, 'storeStaff'), BEFORE_PRINT],
];

test('the rules read off the table hold for exactly their states', () => {
  for (const [name, rule, states] of RULES) {
    assert.deepEqual(statusesWhere(rule), states, name);
  }
});

test('nobody but staff and the system cancels, and the customer never cancels', () => {
  for (const s of ORDER_STATUSES) {
    assert.equal(isCancellable(s, 'customer'), false, s);
    assert.equal(isCancellable(s, 'gateway'), false, s);
    assert.equal(isCancellable(s, 'admin'), isCancellable(s, 'storeStaff'), s);
    assert.equal(isCancellable(s, 'system'), isCancellable(s, 'storeStaff'), s);
  }
});
