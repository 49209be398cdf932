import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fiscalProblem, isValidSpanishTaxId, normalizeTaxId, parseTaxId } from './tax-id.ts';

describe('tax ids for full invoices', () => {
  test('DNI and NIE: the check letter is the number modulo 23', () => {
    for (const ok of ['12345678Z', '00000000T', 'X1234567L', 'Y1234567X', 'Z1234567R', 'K1234567L']) {
      assert.equal(isValidSpanishTaxId(ok), true, ok);
    }
    for (const bad of ['12345678A', 'X1234567T', '1234567Z', '123456789']) {
      assert.equal(isValidSpanishTaxId(bad), false, bad);
    }
  });

  test('company NIF (CIF): digit for A/B/E/H, letter for P/Q/R/S/W/N, either for the rest', () => {
    for (const ok of ['B12345674', 'A58818501', 'Q2826000H', 'P2807900B', 'G12345674', 'G1234567D']) {
      assert.equal(isValidSpanishTaxId(ok), true, ok);
    }
    for (const bad of ['B12345670', 'B1234567D', 'Q28260004', 'I12345674']) {
      assert.equal(isValidSpanishTaxId(bad), false, bad);
    }
  });

  test('written as people write them: spaces, dots, dashes, lower case, an ES prefix', () => {
    assert.equal(normalizeTaxId(' 12.345.678-z '), '12345678Z');
    assert.deepEqual(parseTaxId('es 12345678z'), { kind: 'NIF', id: '12345678Z', country: 'ES' });
    assert.deepEqual(parseTaxId('b-12345674'), { kind: 'NIF', id: 'B12345674', country: 'ES' });
  });

  test("another country's VAT number is allowed, with its prefix; Greece's EL is GR", () => {
    assert.deepEqual(parseTaxId('FR12345678901'), { kind: 'VAT', id: 'FR12345678901', country: 'FR' });
    assert.deepEqual(parseTaxId('EL123456789'), { kind: 'VAT', id: 'EL123456789', country: 'GR' });
    assert.equal(parseTaxId('DE1'), 'taxIdForeignInvalid');
    assert.equal(parseTaxId('ES12345678A'), 'taxIdInvalid');
    assert.equal(parseTaxId('hola'), 'taxIdForeignInvalid');
    assert.equal(parseTaxId('123'), 'taxIdInvalid');
  });

  test('every field of a full invoice is required', () => {
    const ok = { taxId: '12345678Z', name: 'Ana', address: 'Calle 1', postalCode: '29001', city: 'Málaga' };
    assert.equal(fiscalProblem(ok), null);
    assert.equal(fiscalProblem({ ...ok, city: ' ' }), 'fiscalFieldsRequired');
    assert.equal(fiscalProblem({ ...ok, taxId: '12345678A' }), 'taxIdInvalid');
  });
});
