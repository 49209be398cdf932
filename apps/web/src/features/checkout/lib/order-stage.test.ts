import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ORDER_STATUSES } from '@shop/contracts/order-lifecycle';
import { type OrderStage, orderStage } from './order-stage.ts';

test('each state sends the checkout pages where they always went', () => {
  const stages = Object.fromEntries(ORDER_STATUSES.map((s) => [s, orderStage(s)]));
  assert.deepEqual(stages, {
    created: 'design',
    image_uploaded: 'design',
    design_confirmed: 'open',
    details_confirmed: 'open',
    awaiting_payment: 'open',
    to_pay_at_store: 'placed',
    paid: 'placed',
    printed: 'placed',
    ready: 'placed',
    shipped: 'placed',
    delivered: 'placed',
    cancelled: 'cancelled',
  } satisfies Record<string, OrderStage>);
});
