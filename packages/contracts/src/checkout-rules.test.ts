import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  contactProblem,
  DELIVERY_PROVINCES,
  deliveryProblem,
  formatPhoneForPeople,
  isEmail,
  NO_DELIVERY_PROVINCES,
  normaliseContact,
  normaliseSpanishPhone,
  postalCodeProvince,
  SPANISH_PROVINCES,
  singleLine,
} from './checkout-rules.ts';

/** The ways people (and browsers' autofill) write one Spanish number, and what is stored. */
export const PHONE_FORMATS: [typed: string, stored: string | null][] = [
  ['612345678', '+34612345678'],
  ['612 345 678', '+34612345678'],
  ['+34 612 345 678', '+34612345678'],
  ['+34612345678', '+34612345678'],
  ['612-345-678', '+34612345678'],
  ['0034612345678', '+34612345678'],
  ['0034 612 34 56 78', '+34612345678'],
  ['34612345678', '+34612345678'],
  ['(+34) 612.345.678', '+34612345678'],
  ['  612 345 678  ', '+34612345678'],
  ['952 123 456', '+34952123456'],
  ['712 345 678', '+34712345678'],
  // Not Spanish numbers, or not numbers
  ['12345', null],
  ['612 345 67', null],
  ['612 345 6789', null],
  ['412 345 678', null],
  ['+44 7911 123456', null],
  ['600abc', null],
  ['teléfono', null],
];

describe('Spanish phone numbers', () => {
  for (const [typed, stored] of PHONE_FORMATS) {
    it(`${JSON.stringify(typed)} -> ${stored ?? 'refused'}`, () => {
      assert.equal(normaliseSpanishPhone(typed), stored);
      assert.equal(
        contactProblem({ name: 'Ana', email: 'ana@example.es', phone: typed }, true),
        stored ? null : 'invalidPhone',
      );
    });
  }

  it('are stored in E.164 and shown to people as +34 600 000 000', () => {
    assert.deepEqual(normaliseContact({ name: ' Ana ', email: ' ', phone: '612-345-678' }), {
      name: 'Ana',
      email: null,
      phone: '+34612345678',
    });
    assert.equal(formatPhoneForPeople('+34612345678'), '+34 612 345 678');
    assert.equal(formatPhoneForPeople('34600000000'), '+34 600 000 000');
    assert.equal(formatPhoneForPeople('+34 600 000 000'), '+34 600 000 000');
    assert.equal(formatPhoneForPeople('952123456'), '+34 952 123 456');
    assert.equal(formatPhoneForPeople('+44 7911 123456'), '+44 7911 123456');
    assert.equal(formatPhoneForPeople('no es un número'), 'no es un número');
  });
});

describe('e-mail addresses', () => {
  const cases: [string, boolean][] = [
    ['antonio@example.es', true],
    ['Antonio.Perez+fundas@correo.example.com', true],
    ['maria_jose@dominio-largo.es', true],
    ['josé@ejemplo.es', true],
    ['ana@xn--espaa-rta.es', true],
    ['antonio@', false],
    ['antonio', false],
    ['@example.es', false],
    ['antonio@example', false],
    ['antonio@@example.es', false],
    ['antonio @example.es', false],
    ['.antonio@example.es', false],
    ['antonio.@example.es', false],
    ['an..tonio@example.es', false],
    ['antonio@-example.es', false],
    ['antonio@example.e', false],
    ['antonio@example..es', false],
  ];
  for (const [email, ok] of cases) {
    it(`${email}: ${ok ? 'accepted' : 'refused'}`, () => {
      assert.equal(isEmail(email), ok);
      assert.equal(contactProblem({ name: 'Ana', email, phone: '' }, false), ok ? null : 'invalidEmail');
    });
  }
});

describe('postal codes', () => {
  const cases: [string, string | null][] = [
    ['29005', '29'],
    ['01001', '01'],
    ['52001', '52'],
    [' 28013 ', '28'],
    ['00000', null],
    ['99999', null],
    ['53001', null],
    ['2900', null],
    ['290051', null],
    ['2900A', null],
  ];
  for (const [code, province] of cases) {
    it(`${JSON.stringify(code)}: ${province ?? 'refused'}`, () => {
      assert.equal(postalCodeProvince(code), province);
      assert.equal(
        deliveryProblem({ address: 'Calle Larios, 5', city: 'Málaga', postalCode: code }),
        province === null
          ? 'invalidPostalCode'
          : NO_DELIVERY_PROVINCES.has(province)
            ? 'postalCodeNotDelivered'
            : null,
      );
    });
  }

  it('home delivery reaches the peninsula only: the islands, Ceuta and Melilla are refused by name', () => {
    const address = (postalCode: string) => ({ address: 'Calle Triana, 1', city: 'X', postalCode });
    for (const code of ['07001', '07800', '35002', '38001', '51001', '52001']) {
      assert.equal(deliveryProblem(address(code)), 'postalCodeNotDelivered', code);
    }
    for (const code of ['01001', '06001', '08001', '28013', '29005', '36001', '37001', '39001', '50001']) {
      assert.equal(deliveryProblem(address(code)), null, code);
    }
    assert.equal(DELIVERY_PROVINCES.size, 47);
    assert.equal(SPANISH_PROVINCES.size, 52);
    // A typing mistake is still a typing mistake, wherever it would be.
    assert.equal(deliveryProblem(address('3500')), 'invalidPostalCode');
  });

  it('all of Spain is one argument away', () => {
    const canarias = { address: 'Calle Triana, 1', city: 'Las Palmas', postalCode: '35002' };
    assert.equal(deliveryProblem(canarias, SPANISH_PROVINCES), null);
  });
});

describe('singleLine', () => {
  it('puts a name on one line: breaks, separators, tabs and controls become one space', () => {
    assert.equal(singleLine('  Lucía\r\nPérez  '), 'Lucía Pérez');
    assert.equal(
      singleLine('Lucía\u2028Pérez\u2029Gil\u0085de\tla\vRosa\u0000'),
      'Lucía Pérez Gil de la Rosa',
    );
    assert.equal(singleLine('Ana\r\n\r\nBcc: x@example.com'), 'Ana Bcc: x@example.com');
    assert.equal(singleLine('\u202eanA\u202c'), 'anA', 'bidirectional controls go');
    assert.equal(singleLine('Jose\u0301'), 'José', 'composed');
    assert.equal(singleLine('\r\n\u2028 '), '');
  });

  it('an empty name after it is a missing name', () => {
    assert.equal(contactProblem({ name: '\r\n\u2028', email: '', phone: '' }, false), 'nameRequired');
    assert.equal(normaliseContact({ name: 'Lucía\nPérez', email: '', phone: '' }).name, 'Lucía Pérez');
  });
});
