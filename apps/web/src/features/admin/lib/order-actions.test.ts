import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orderActions } from './order-actions.ts';

const pickup = (status: Parameters<typeof orderActions>[0]['status']) =>
  orderActions({ status, isHomeDelivery: false });

test('an order waiting for payment at the store can be marked paid or cancelled', () => {
  assert.deepEqual(pickup('to_pay_at_store'), ['confirmPayment', 'cancel']);
});

test('a paid order is printed and invoiced, and may still be cancelled', () => {
  assert.deepEqual(pickup('paid'), ['print', 'invoice', 'cancel']);
});

test('a printed order becomes ready for pickup, or shipped when it goes home', () => {
  assert.deepEqual(pickup('printed'), ['print', 'ready', 'invoice']);
  assert.deepEqual(orderActions({ status: 'printed', isHomeDelivery: true }), [
    'print',
    'shipped',
    'invoice',
  ]);
});

test('ready and shipped orders are delivered next; nothing is cancelled after printing', () => {
  assert.deepEqual(pickup('ready'), ['print', 'delivered', 'invoice']);
  assert.deepEqual(orderActions({ status: 'shipped', isHomeDelivery: true }), [
    'print',
    'delivered',
    'invoice',
  ]);
  assert.deepEqual(pickup('delivered'), ['print', 'invoice']);
});

test('unfinished orders can only be cancelled, cancelled ones nothing', () => {
  for (const status of [
    'created',
    'image_uploaded',
    'design_confirmed',
    'details_confirmed',
    'awaiting_payment',
  ] as const) {
    assert.deepEqual(pickup(status), ['cancel'], status);
  }
  assert.deepEqual(pickup('cancelled'), []);
});
