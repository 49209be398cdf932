import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CustomerData, formProblem } from './form-problem.ts';

const complete: CustomerData = {
  name: 'Lucía Martín',
  email: 'lucia@example.com',
  phone: '600123456',
  address: 'Calle Larios, 5',
  city: 'Málaga',
  postalCode: '29005',
};
const empty: CustomerData = { name: '', email: '', phone: '', address: '', city: '', postalCode: '' };

describe('formProblem (docs/product.md §5.3, with the fields to mark)', () => {
  test('pickup needs the name only', () => {
    assert.equal(formProblem({ ...empty, name: 'Lucía' }, false), null);
    assert.deepEqual(formProblem(empty, false), {
      key: 'nameRequired',
      section: 'contact',
      fields: ['name'],
    });
  });

  test('paying online needs the e-mail, even for a pickup', () => {
    assert.equal(formProblem({ ...empty, name: 'Lucía' }, false, true)?.key, 'emailRequiredToPay');
    assert.deepEqual(formProblem({ ...empty, name: 'Lucía' }, false, true)?.fields, ['email']);
    assert.equal(formProblem({ ...empty, name: 'Lucía', email: 'lucia@example.com' }, false, true), null);
  });

  test('pickup still checks an e-mail or phone that was given', () => {
    assert.equal(formProblem({ ...empty, name: 'Lucía', email: 'lucia' }, false)?.key, 'invalidEmail');
    assert.equal(formProblem({ ...empty, name: 'Lucía', phone: '600 12' }, false)?.key, 'invalidPhone');
  });

  test('pickup ignores the delivery fields', () => {
    assert.equal(formProblem({ ...complete, postalCode: '123' }, false), null);
  });

  test('delivery needs e-mail and phone, marking each missing one', () => {
    assert.deepEqual(formProblem({ ...complete, email: ' ', phone: '' }, true), {
      key: 'contactFieldsRequired',
      section: 'contact',
      fields: ['email', 'phone'],
    });
    // The name first: its message names only the name; every required field left empty is marked.
    assert.deepEqual(formProblem({ ...empty }, true), {
      key: 'nameRequired',
      section: 'contact',
      fields: ['name', 'email', 'phone'],
    });
    assert.deepEqual(formProblem({ ...empty }, false, true)?.fields, ['name', 'email']);
  });

  test('e-mail without @ and phone with letters point at their field', () => {
    assert.deepEqual(formProblem({ ...complete, email: 'lucia.example.com' }, true)?.fields, ['email']);
    assert.deepEqual(formProblem({ ...complete, phone: '600abc' }, true), {
      key: 'invalidPhone',
      section: 'contact',
      fields: ['phone'],
    });
  });

  test('delivery fields: the missing ones, then the postal code format', () => {
    assert.deepEqual(formProblem({ ...complete, address: '', city: '' }, true), {
      key: 'deliveryFieldsRequired',
      section: 'delivery',
      fields: ['address', 'city'],
    });
    assert.deepEqual(formProblem({ ...complete, postalCode: '2900' }, true), {
      key: 'invalidPostalCode',
      section: 'delivery',
      fields: ['postalCode'],
    });
    assert.equal(formProblem(complete, true), null);
  });

  test('contact problems come before delivery problems', () => {
    assert.equal(formProblem({ ...empty, email: 'a@b', phone: '1' }, true)?.section, 'contact');
  });
});
