import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NO_DELIVERY_PROVINCES } from './checkout-rules.ts';
import {
  isOutsideIvaTerritory,
  STORE_OUTSIDE_IVA_TERRITORY_MESSAGE,
  storePostalCodeProblem,
} from './tax-territory.ts';

test('Canarias, Ceuta and Melilla are outside the IVA territory; the peninsula and Baleares are inside', () => {
  for (const code of ['35002', '35600', '38001', '38800', '51001', '52001', ' 35002 ']) {
    assert.equal(isOutsideIvaTerritory(code), true, code);
    assert.equal(storePostalCodeProblem(code), STORE_OUTSIDE_IVA_TERRITORY_MESSAGE, code);
  }
  for (const code of ['29005', '28001', '07001', '08001', '50001', '3500', '']) {
    assert.equal(isOutsideIvaTerritory(code), false, code);
    assert.equal(storePostalCodeProblem(code), null, code);
  }
});

test('no home delivery wherever there is no store: the territory is part of the delivery rule', () => {
  for (const province of ['35', '38', '51', '52', '07'])
    assert.ok(NO_DELIVERY_PROVINCES.has(province), province);
  assert.equal(NO_DELIVERY_PROVINCES.size, 5);
});
