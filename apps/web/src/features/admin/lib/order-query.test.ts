import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextSort, readOrderQuery, sortDirection, writeOrderQuery } from './order-query.ts';

test('an empty address means the first page of every order, newest first', () => {
  assert.deepEqual(readOrderQuery(new URLSearchParams()), {
    storeId: undefined,
    orderId: undefined,
    startDate: undefined,
    endDate: undefined,
    status: undefined,
    finishedOnly: false,
    paid: undefined,
    abandoned: false,
    page: 1,
    size: 20,
    sort: '-createdAt',
  });
});

test('filters survive the round trip through the address bar', () => {
  const query = readOrderQuery(
    new URLSearchParams(
      'storeId=3&orderId=000123&startDate=2026-03-01&endDate=2026-03-31&status=paid&finishedOnly=true&paid=false&abandoned=true&page=2&sort=total',
    ),
  );
  assert.equal(
    writeOrderQuery(query).toString(),
    'storeId=3&orderId=000123&startDate=2026-03-01&endDate=2026-03-31&status=paid&finishedOnly=true&paid=false&abandoned=true&page=2&sort=total',
  );
});

test('nonsense in the address is ignored', () => {
  const query = readOrderQuery(new URLSearchParams('storeId=-1&startDate=ayer&status=lost&page=0&sort=name'));
  assert.equal(query.storeId, undefined);
  assert.equal(query.startDate, undefined);
  assert.equal(query.status, undefined);
  assert.equal(query.page, 1);
  assert.equal(query.sort, '-createdAt');
});

test('a column sorts descending first, then flips', () => {
  assert.equal(nextSort('-createdAt', 'total'), '-total');
  assert.equal(nextSort('-total', 'total'), 'total');
  assert.equal(nextSort('total', 'total'), '-total');
  assert.equal(sortDirection('-createdAt', 'createdAt'), 'descending');
  assert.equal(sortDirection('total', 'total'), 'ascending');
  assert.equal(sortDirection('total', 'createdAt'), null);
});
