import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StaffUser } from '@shop/contracts/auth';
import { fieldValue, readFields, validateFields } from './form-values.ts';
import type { FormContext, FormSpec } from './resource.ts';

interface Values {
  name: string;
  price: number | null;
  role: string;
  storeId: string;
}

const user: StaffUser = { id: 1, email: 'a@b.es', name: 'A', role: 'admin', storeId: null };
const form: FormSpec<{ id: number } & Values, Values, Values, null> = {
  fields: [
    { name: 'name', label: 'Nombre', kind: 'text', required: true },
    {
      name: 'price',
      label: 'Precio',
      kind: 'price',
      required: true,
      validate: (v) => (typeof v === 'number' && v <= 0 ? 'Más de 0 €.' : null),
    },
    { name: 'role', label: 'Rol', kind: 'select', required: true },
    {
      name: 'storeId',
      label: 'Tienda',
      kind: 'select',
      required: true,
      visible: (c) => c.values.role === 'store',
    },
  ],
  defaults: () => ({ name: '', price: null, role: 'admin', storeId: '' }),
};

const context = (values: Values): FormContext<Values, null> => ({
  values,
  mode: 'create',
  lookups: null,
  user,
  readOnly: false,
});

test('required fields say what is missing in Spanish, by kind; hidden fields are not checked', () => {
  assert.deepEqual(validateFields(form, context({ name: ' ', price: null, role: 'admin', storeId: '' })), {
    name: 'Rellene nombre.',
    price: 'Indique un importe en euros, por ejemplo 19,90.',
  });
  assert.deepEqual(validateFields(form, context({ name: 'X', price: 5, role: 'store', storeId: '' })), {
    storeId: 'Elija tienda.',
  });
});

test("a field's own rule runs once it has a value", () => {
  assert.deepEqual(validateFields(form, context({ name: 'X', price: 0, role: 'admin', storeId: '' })), {
    price: 'Más de 0 €.',
  });
  assert.deepEqual(validateFields(form, context({ name: 'X', price: 19.9, role: 'admin', storeId: '' })), {});
});

test('a record becomes form values field by field, and text is trimmed for the API', () => {
  const record = { id: 3, name: 'Centro', price: 5, role: 'admin', storeId: '', extra: true };
  assert.deepEqual(readFields(form, record), { name: 'Centro', price: 5, role: 'admin', storeId: '' });
  assert.deepEqual(fieldValue.trimmed({ name: '  Centro ', price: 5 }), { name: 'Centro', price: 5 });
});
