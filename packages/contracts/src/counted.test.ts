import assert from 'node:assert/strict';
import { test } from 'node:test';
import { counted } from './counted.ts';

test('one takes the singular; zero, several and decimals the plural', () => {
  assert.equal(counted(1, 'funda', 'fundas'), '1 funda');
  assert.equal(counted(0, 'funda', 'fundas'), '0 fundas');
  assert.equal(counted(2, 'pedido marcado', 'pedidos marcados'), '2 pedidos marcados');
  assert.equal(counted(1.5, 'hoja', 'hojas'), '1.5 hojas');
});
