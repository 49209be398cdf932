import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OrderStatus } from '@shop/contracts/orders';
import { orderActions } from './order-actions.ts';

const PAID_AT = '2026-03-02T10:00:00.000Z';
const atStore = (status: OrderStatus, paidAt: string | null = null) =>
  orderActions({ status, isHomeDelivery: false, paymentMethod: 'paystore', paidAt });
const payNow = (status: OrderStatus, isHomeDelivery = false) =>
  orderActions({ status, isHomeDelivery, paymentMethod: 'paynow', paidAt: PAID_AT });

test('a pay-at-store order prints as soon as it is placed, and may be cashed or cancelled', () => {
  assert.deepEqual(atStore('to_pay_at_store'), ['confirmPayment', 'print', 'cancel']);
  assert.deepEqual(atStore('to_pay_at_store', PAID_AT), ['print', 'invoice', 'cancel']);
});

test('printed and ready pay-at-store orders are cashed before they are handed over', () => {
  assert.deepEqual(atStore('printed'), ['confirmPayment', 'print', 'ready']);
  assert.deepEqual(atStore('ready'), ['confirmPayment', 'print']);
  assert.deepEqual(atStore('ready', PAID_AT), ['print', 'delivered', 'invoice']);
  assert.deepEqual(atStore('delivered', PAID_AT), ['print', 'invoice']);
});

test('a paid pay-now order is printed and invoiced, and may still be cancelled', () => {
  assert.deepEqual(payNow('paid'), ['print', 'invoice', 'cancel']);
  assert.deepEqual(payNow('printed'), ['print', 'ready', 'invoice']);
  assert.deepEqual(payNow('printed', true), ['print', 'shipped', 'invoice']);
  assert.deepEqual(payNow('shipped', true), ['print', 'delivered', 'invoice']);
});

test('unfinished orders can only be cancelled, cancelled ones nothing', () => {
  for (const status of [
    'created',
    'image_uploaded',
    'design_confirmed',
    'details_confirmed',
    'awaiting_payment',
  ] as const) {
    assert.deepEqual(orderActions({ status, isHomeDelivery: false, paymentMethod: null, paidAt: null }), [
      'cancel',
    ]);
  }
  assert.deepEqual(atStore('cancelled', PAID_AT), []);
});
