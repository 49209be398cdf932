// The order's life, declared once: its states, the moves between them and who may make each move
// (docs/product.md §4.8, ADR 23). The server refuses every move that is not here; the back office
// and the storefront read the same table to decide what to offer. No zod in here: the pages import
// it without bundling the schema library.

/** The order's states, in the order of its life. */
export const ORDER_STATUSES = [
  'created',
  'image_uploaded',
  'design_confirmed',
  'details_confirmed',
  'awaiting_payment',
  'to_pay_at_store',
  'paid',
  'printed',
  'ready',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Who moves an order:
 * - `customer`: the session that made the order, its phone through an upload link, or staff doing
 *   a customer's step for them (the step is the customer's whoever presses it);
 * - `storeStaff`: staff of the order's own store (staff of another store are no actor of it);
 * - `admin`: an administrator, for any store;
 * - `gateway`: the payment gateway's verified answer (notification, signed return or query);
 * - `system`: the shop itself finishing a move someone asked for (a cancellation completed once
 *   the gateway has given the money back, possibly by the reconciliation round).
 */
export const ORDER_ACTORS = ['customer', 'storeStaff', 'admin', 'gateway', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** What a move needs of the order besides its state and the actor. */
export type MoveCondition =
  /** The case is collected at the store ('Listo para recoger'). */
  | 'pickup'
  /** The case travels to the customer's address ('Enviado'). */
  | 'homeDelivery'
  /** The order's payment is recorded (`paid_at`): a case never leaves unpaid. */
  | 'paid';

/** The facts of an order the conditions read. */
export interface OrderFacts {
  isHomeDelivery: boolean;
  paid: boolean;
}

export interface OrderMove {
  /** Who may make the move. */
  readonly by: readonly OrderActor[];
  /** What the order must be besides, when anything. */
  readonly needs?: MoveCondition;
}

const CUSTOMER = { by: ['customer'] } as const satisfies OrderMove;
const STAFF = { by: ['storeStaff', 'admin'] } as const satisfies OrderMove;
const GATEWAY = { by: ['gateway'] } as const satisfies OrderMove;
/** Before printing only; a paid order's money goes back first, and the system may finish that. */
const CANCEL = { by: ['storeStaff', 'admin', 'system'] } as const satisfies OrderMove;

/**
 * Every allowed move: `ORDER_LIFECYCLE[from][to]`. Anything not here is refused. Staying in the
 * same state is no move: it changes nothing, so it is never refused (a repeated step is the same
 * step).
 */
export const ORDER_LIFECYCLE: {
  readonly [F in OrderStatus]: { readonly [T in OrderStatus]?: OrderMove };
} = {
  // A photo, from this browser or from a phone.
  created: { image_uploaded: CUSTOMER, cancelled: CANCEL },
  image_uploaded: {
    // 'Cambiar foto' takes the photo off.
    created: CUSTOMER,
    // '¡OK, pedir!': the design saved and the way to pay chosen.
    design_confirmed: CUSTOMER,
    cancelled: CANCEL,
  },
  design_confirmed: {
    created: CUSTOMER,
    // The data the chosen way needs is in: pay now waits for the payment, pay at the store is placed.
    details_confirmed: CUSTOMER,
    to_pay_at_store: CUSTOMER,
    cancelled: CANCEL,
  },
  details_confirmed: {
    // Back when a change leaves data missing (home delivery chosen, no address yet).
    design_confirmed: CUSTOMER,
    to_pay_at_store: CUSTOMER,
    // The customer goes to the gateway.
    awaiting_payment: CUSTOMER,
    // An earlier trip to the gateway paid after the customer sent the data again.
    paid: GATEWAY,
    cancelled: CANCEL,
  },
  awaiting_payment: {
    // After a failed payment the customer may change the delivery or the way to pay.
    design_confirmed: CUSTOMER,
    details_confirmed: CUSTOMER,
    to_pay_at_store: CUSTOMER,
    paid: GATEWAY,
    cancelled: CANCEL,
  },
  to_pay_at_store: {
    // Placed but unpaid: the customer may still switch to paying now.
    design_confirmed: CUSTOMER,
    details_confirmed: CUSTOMER,
    // The print file made, or a print batch marked printed; paid at the counter before or after.
    printed: STAFF,
    cancelled: CANCEL,
  },
  paid: { printed: STAFF, cancelled: CANCEL },
  printed: {
    ready: { ...STAFF, needs: 'pickup' },
    shipped: { ...STAFF, needs: 'homeDelivery' },
  },
  ready: { delivered: { ...STAFF, needs: 'paid' } },
  shipped: { delivered: { ...STAFF, needs: 'paid' } },
  delivered: {},
  cancelled: {},
};

/** The move from one state to another, or null when there is none (for anyone). */
export function orderMove(from: OrderStatus, to: OrderStatus): OrderMove | null {
  return ORDER_LIFECYCLE[from][to] ?? null;
}

/**
 * Whether the table lets `actor` move an order from `from` to `to`. The move's condition, if it
 * has one, is a fact of the order, not of the table: see `unmetCondition`.
 */
export function canTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return orderMove(from, to)?.by.includes(actor) ?? false;
}

/** The move's condition that the order does not meet, or null when it meets them all. */
export function unmetCondition(from: OrderStatus, to: OrderStatus, facts: OrderFacts): MoveCondition | null {
  const needs = orderMove(from, to)?.needs;
  if (needs === 'pickup') return facts.isHomeDelivery ? needs : null;
  if (needs === 'homeDelivery') return facts.isHomeDelivery ? null : needs;
  if (needs === 'paid') return facts.paid ? null : needs;
  return null;
}

/**
 * The states `actor` may move an order to from `from`, in life-cycle order; with `facts`, only the
 * moves whose condition the order meets.
 */
export function allowedMoves(from: OrderStatus, actor: OrderActor, facts?: OrderFacts): OrderStatus[] {
  return ORDER_STATUSES.filter(
    (to) => canTransition(from, to, actor) && (!facts || unmetCondition(from, to, facts) === null),
  );
}

/** The state itself, or one move away for `actor`: where a step that ends in `to` may be taken. */
const reaches = (from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean =>
  from === to || canTransition(from, to, actor);

/** The states reachable from `start` by any moves of anyone, `start` included. */
function closure(start: OrderStatus): ReadonlySet<OrderStatus> {
  const seen = new Set<OrderStatus>([start]);
  for (const from of seen) {
    for (const to of ORDER_STATUSES) if (orderMove(from, to)) seen.add(to);
  }
  return seen;
}

const AFTER_PRINT = closure('printed');

// The rules the rest of the shop asks about, each read off the table above.

/** Nothing moves on from here, for anyone: delivered, cancelled. */
export const isFinal = (s: OrderStatus): boolean => ORDER_STATUSES.every((to) => !orderMove(s, to));

/** Printed, or moved on from there (ready, shipped, delivered). */
export const isPrinted = (s: OrderStatus): boolean => AFTER_PRINT.has(s);

/** Waiting for its first print: staff may move it to printed (to pay at the store, paid online). */
export const waitsForPrint = (s: OrderStatus): boolean =>
  canTransition(s, 'printed', 'storeStaff') || canTransition(s, 'printed', 'admin');

/** The customer has finished ordering: waiting for print, or printed and on (the list's "finished only"). */
export const isPlaced = (s: OrderStatus): boolean => waitsForPrint(s) || isPrinted(s);

/** A print file can be made: once placed, and again after printing (a reprint). */
export const isPrintable = isPlaced;

/** A print batch may hold it: waiting for print, or printed already (a reprint). */
export const isBatchable = (s: OrderStatus): boolean => waitsForPrint(s) || s === 'printed';

/** Not printed and not over: the order still has a print ahead of it. */
export const isPendingPrinting = (s: OrderStatus): boolean => !isPrinted(s) && !isFinal(s);

/** Still being ordered: not placed and not over (abandoned when left long enough). */
export const isBeingOrdered = (s: OrderStatus): boolean => !isPlaced(s) && !isFinal(s);

/** The design may still change: 'Cambiar foto' can take the order back to waiting for a photo. */
export const isDesignOpen = (s: OrderStatus): boolean => reaches(s, 'created', 'customer');

/** A photo may be added or replaced (this browser or a phone): the order may become image_uploaded. */
export const takesPhoto = (s: OrderStatus): boolean => reaches(s, 'image_uploaded', 'customer');

/** The way to pay may be chosen or changed: the order may (still) become design_confirmed. */
export const mayChoosePaymentMethod = (s: OrderStatus): boolean => reaches(s, 'design_confirmed', 'customer');

/** The checkout is open: the customer may still complete it either way (pickup, contact data). */
export const isCheckoutOpen = (s: OrderStatus): boolean =>
  reaches(s, 'details_confirmed', 'customer') || reaches(s, 'to_pay_at_store', 'customer');

/** Home delivery and its address may change: the checkout is open and the order not placed yet. */
export const isDeliveryOpen = (s: OrderStatus): boolean => isCheckoutOpen(s) && !isPlaced(s);

/** The customer may go (again) to the gateway. */
export const isPayableOnline = (s: OrderStatus): boolean => reaches(s, 'awaiting_payment', 'customer');

/** Placed and out of the customer's hands: paid online, printed or further. */
export const isPastCheckout = (s: OrderStatus): boolean => isPlaced(s) && !isCheckoutOpen(s);

/** The counter may cash a pay-at-store order: placed and not yet handed over. */
export const isCashableAtCounter = (s: OrderStatus): boolean => isPlaced(s) && !isFinal(s);

/** Whether `actor` may cancel the order in this state (before printing). */
export const isCancellable = (s: OrderStatus, actor: OrderActor): boolean =>
  canTransition(s, 'cancelled', actor);

/** The states a rule holds for, in life-cycle order (for a query's `status = ANY($n)`). */
export const statusesWhere = (rule: (s: OrderStatus) => boolean): OrderStatus[] =>
  ORDER_STATUSES.filter(rule);
