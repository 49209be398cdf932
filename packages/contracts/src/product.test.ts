import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { phoneName, productName } from './product.ts';

describe('productName', () => {
  const cases: [brand: string, model: string, name: string][] = [
    ['Apple', 'iPhone 15', 'Funda personalizada para Apple iPhone 15'],
    ['Xiaomi', 'Xiaomi 14T Pro', 'Funda personalizada para Xiaomi 14T Pro'],
    ['Xiaomi', 'xiaomi 14T', 'Funda personalizada para xiaomi 14T'],
    ['Samsung', 'Galaxy S24', 'Funda personalizada para Samsung Galaxy S24'],
    ['OPPO', 'OPPO Find X8', 'Funda personalizada para OPPO Find X8'],
    // Starting with the same letters is not starting with the brand.
    ['Honor', 'Honorable X', 'Funda personalizada para Honor Honorable X'],
    ['Xiaomi', '  Xiaomi\n14T  ', 'Funda personalizada para Xiaomi 14T'],
  ];
  for (const [brand, model, name] of cases) {
    it(`${brand} + ${model}`, () => {
      assert.equal(productName({ name: brand }, { name: model }), name);
      assert.equal(
        phoneName({ name: brand }, { name: model }),
        name.replace('Funda personalizada para ', ''),
      );
    });
  }
});
