import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CaseType } from '@shop/contracts/case-types';
import type { Model, ModelPage } from '@shop/contracts/catalogue';
import { messages } from '@shop/contracts/messages';
import type { Store } from '@shop/contracts/stores';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN, Client, createStaff, createTestApp, STORE1, signedIn, type TestApp } from './helpers.ts';

const expectError = (res: LightMyRequestResponse, status: number, body: Record<string, unknown>) => {
  assert.equal(res.statusCode, status, res.body);
  assert.deepEqual(res.json(), body);
};

/** The form's body of a store as staff read it (the fields `StoreInputSchema` takes). */
const storeInput = (s: Store) => ({
  name: s.name,
  address: s.address,
  postalCode: s.postalCode,
  town: s.town,
  province: s.province,
  image: s.image,
  down: s.down,
  shipping: s.shipping,
  hours: s.hours,
  mapQuery: s.mapQuery,
});

/** The form's body of a model as staff read it. */
const modelInput = (m: Model) => ({
  name: m.name,
  brand: { id: m.brand.id },
  image: m.image,
  template: m.template,
  price: m.price,
  isPublic: m.isPublic,
  isDown: m.isDown,
  outline: m.outline,
  stores: m.stores,
});

describe('case types API', () => {
  let t: TestApp;
  let c: Client;
  let admin: Client;
  let storeStaff: Client;
  let demo: CaseType[];
  const demoId = (name: string) => demo.find((d) => d.name === name)!.id;

  before(async () => {
    t = await createTestApp();
    await createStaff(t.db);
    c = new Client(t.app);
    admin = await signedIn(t.app, ADMIN);
    storeStaff = await signedIn(t.app, STORE1);
    demo = (await admin.get('/api/case-types')).json() as CaseType[];
  });
  after(() => t.close());

  /** An order of the customer's in store 1, made (as a fixture) in the given type and colour. */
  async function orderIn(caseTypeId: number, colourId: number | null): Promise<string> {
    const model = ((await c.get('/api/models?store=1&size=1')).json() as ModelPage).items[0]!;
    const res = await c.post('/api/orders', {
      store: { id: 1 },
      brand: { id: model.brand.id },
      model: { id: model.id },
    });
    assert.equal(res.statusCode, 201, res.body);
    const { id } = res.json() as { id: string };
    await t.db.query('UPDATE orders SET case_type_id = $2, colour_id = $3 WHERE id = $1', [
      id,
      caseTypeId,
      colourId,
    ]);
    return id;
  }

  test('staff list the demo types, the default first; customers may not', async () => {
    assert.deepEqual(
      demo.map((d) => [d.name, d.priceDifference, d.clear, d.isPublic, d.isDefault]),
      [
        ['Rígida', 0, false, true, true],
        ['Silicona', 2, false, true, false],
        ['Transparente', 0, true, true, false],
        ['Antigolpes', 7, false, true, false],
      ],
    );
    const silicona = demo.find((d) => d.name === 'Silicona')!;
    assert.deepEqual(
      silicona.colours.map((col) => [col.name, col.hex]),
      [
        ['Negro', '#1f1f1f'],
        ['Azul marino', '#1f2a44'],
        ['Rosa arena', '#e8b4a8'],
        ['Verde salvia', '#9caf88'],
      ],
    );
    assert.deepEqual(Object.keys(silicona).sort(), [
      'clear',
      'colours',
      'description',
      'id',
      'isDefault',
      'isPublic',
      'material',
      'models',
      'name',
      'priceDifference',
    ]);
    // 57 demo models, all in 'Rígida'; two older ones have no 'Antigolpes'.
    assert.equal(demo.find((d) => d.name === 'Rígida')!.models, 57);
    assert.equal(demo.find((d) => d.name === 'Antigolpes')!.models, 55);
    assert.ok(demo.every((d) => d.description.length > 0));

    assert.equal((await storeStaff.get('/api/case-types')).statusCode, 200);
    assert.deepEqual((await storeStaff.get(`/api/case-types/${silicona.id}`)).json(), silicona);
    expectError(await c.get('/api/case-types'), 401, {
      error: 'UNAUTHENTICATED',
      message: messages.unauthenticated,
    });
    assert.equal((await c.get(`/api/case-types/${silicona.id}`)).statusCode, 401);
    expectError(await admin.get('/api/case-types/99999'), 404, {
      error: 'CASE_TYPE_NOT_FOUND',
      message: messages.caseTypeNotFound,
    });
  });

  test('admins create, change and delete a type; store staff may not write', async () => {
    const body = {
      name: 'Cuero',
      description: 'Piel vegana con la foto grabada.',
      material: 'Poliuretano',
      priceDifference: 12.5,
      colours: [
        { name: 'Marrón', hex: '#6B4226' },
        { name: 'Negro', hex: '#111111' },
      ],
    };
    expectError(await storeStaff.post('/api/case-types', body), 403, {
      error: 'FORBIDDEN',
      message: messages.forbidden,
    });
    const created = await admin.post('/api/case-types', body);
    assert.equal(created.statusCode, 201, created.body);
    const type = created.json() as CaseType;
    assert.deepEqual(
      { ...type, id: 0, colours: type.colours.map(({ name, hex }) => ({ name, hex })) },
      {
        id: 0,
        name: 'Cuero',
        description: 'Piel vegana con la foto grabada.',
        material: 'Poliuretano',
        priceDifference: 12.5,
        clear: false,
        isPublic: true,
        isDefault: false,
        colours: [
          { name: 'Marrón', hex: '#6b4226' },
          { name: 'Negro', hex: '#111111' },
        ],
        models: 0,
      },
    );
    assert.deepEqual(
      ((await admin.get('/api/case-types')).json() as CaseType[]).at(-1),
      type,
      'listed after the others',
    );

    // Brown keeps its id (renamed, moved last), black goes, sand is new.
    const [brown] = type.colours;
    const changed = await admin.put(`/api/case-types/${type.id}`, {
      ...body,
      name: 'Cuero vegano',
      priceDifference: -1.5,
      isPublic: false,
      colours: [
        { name: 'Arena', hex: '#d8c3a5' },
        { id: brown!.id, name: 'Marrón tabaco', hex: '#6b4226' },
      ],
    });
    assert.equal(changed.statusCode, 200, changed.body);
    const updated = changed.json() as CaseType;
    assert.equal(updated.name, 'Cuero vegano');
    assert.equal(updated.priceDifference, -1.5);
    assert.equal(updated.isPublic, false);
    assert.deepEqual(
      updated.colours.map((col) => col.name),
      ['Arena', 'Marrón tabaco'],
    );
    assert.equal(updated.colours[1]!.id, brown!.id);
    assert.ok(!updated.colours.some((col) => col.id === type.colours[1]!.id));

    // Two colours may swap their names.
    const [sand, tobacco] = updated.colours;
    const swapped = await admin.put(`/api/case-types/${type.id}`, {
      ...body,
      colours: [
        { id: sand!.id, name: 'Marrón tabaco', hex: '#d8c3a5' },
        { id: tobacco!.id, name: 'Arena', hex: '#6b4226' },
      ],
    });
    assert.equal(swapped.statusCode, 200, swapped.body);
    assert.deepEqual(
      (swapped.json() as CaseType).colours.map((col) => [col.id, col.name]),
      [
        [sand!.id, 'Marrón tabaco'],
        [tobacco!.id, 'Arena'],
      ],
    );

    expectError(await storeStaff.put(`/api/case-types/${type.id}`, body), 403, {
      error: 'FORBIDDEN',
      message: messages.forbidden,
    });
    expectError(await admin.put('/api/case-types/99999', body), 404, {
      error: 'CASE_TYPE_NOT_FOUND',
      message: messages.caseTypeNotFound,
    });
    assert.equal((await storeStaff.delete(`/api/case-types/${type.id}`)).statusCode, 403);
    assert.equal((await admin.delete(`/api/case-types/${type.id}`)).statusCode, 204);
    assert.equal((await admin.get(`/api/case-types/${type.id}`)).statusCode, 404);
    assert.equal((await admin.delete(`/api/case-types/${type.id}`)).statusCode, 404);
  });

  test('refuses invalid input with its code, and names unique without regard to case', async () => {
    const bad = async (payload: unknown) => {
      const res = await admin.post('/api/case-types', payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(res.json().error, 'VALIDATION_FAILED');
    };
    await bad({});
    await bad({ name: '' });
    await bad({ name: 'x'.repeat(41) });
    await bad({ name: 'Malla', colours: [{ name: 'Rojo', hex: 'red' }] });
    await bad({ name: 'Malla', colours: [{ name: 'Rojo', hex: '#ff00' }] });
    await bad({ name: 'Malla', priceDifference: 0.001 });
    await bad({ name: 'Malla', priceDifference: 1000.01 });
    await bad({ name: 'Malla', price: 3 });
    await bad({ name: 'Malla', colours: [{ name: 'Rojo', hex: '#ff0000', extra: 1 }] });

    expectError(await admin.post('/api/case-types', { name: 'silicona' }), 409, {
      error: 'DUPLICATE',
      message: messages.caseTypeNameTaken,
      field: 'name',
    });
    expectError(
      await admin.put(`/api/case-types/${demoId('Transparente')}`, { name: 'ANTIGOLPES', clear: true }),
      409,
      { error: 'DUPLICATE', message: messages.caseTypeNameTaken, field: 'name' },
    );
    expectError(
      await admin.post('/api/case-types', {
        name: 'Malla',
        colours: [
          { name: 'Rojo', hex: '#ff0000' },
          { name: 'ROJO', hex: '#ee0000' },
        ],
      }),
      409,
      { error: 'DUPLICATE', message: messages.caseColourNameTaken, field: 'colours' },
    );
    // A colour id of another type is no colour of this one.
    const black = demo.find((d) => d.name === 'Silicona')!.colours[0]!;
    expectError(
      await admin.put(`/api/case-types/${demoId('Antigolpes')}`, {
        name: 'Antigolpes',
        priceDifference: 7,
        colours: [{ id: black.id, name: 'Negro', hex: '#1f1f1f' }],
      }),
      400,
      { error: 'CASE_COLOUR_NOT_FOUND', message: messages.caseColourNotFound, field: 'colours' },
    );
    expectError(
      await admin.post('/api/case-types', {
        name: 'Malla',
        colours: [{ id: black.id, name: 'Negro', hex: '#000000' }],
      }),
      400,
      { error: 'CASE_COLOUR_NOT_FOUND', message: messages.caseColourNotFound, field: 'colours' },
    );
    const unchanged = (await admin.get('/api/case-types')).json() as CaseType[];
    assert.deepEqual(unchanged, demo, 'nothing refused was written');
  });

  test('there is always exactly one default type, and it is public', async () => {
    const rigida = demo.find((d) => d.name === 'Rígida')!;
    const asInput = (d: CaseType) => ({
      name: d.name,
      description: d.description,
      material: d.material,
      priceDifference: d.priceDifference,
      clear: d.clear,
      isPublic: d.isPublic,
      isDefault: d.isDefault,
      colours: d.colours,
    });
    expectError(
      await admin.put(`/api/case-types/${rigida.id}`, { ...asInput(rigida), isDefault: false }),
      422,
      {
        error: 'CASE_TYPE_DEFAULT',
        message: messages.caseTypeDefaultRequired,
        field: 'isDefault',
      },
    );
    expectError(
      await admin.put(`/api/case-types/${rigida.id}`, { ...asInput(rigida), isPublic: false }),
      422,
      {
        error: 'CASE_TYPE_DEFAULT',
        message: messages.caseTypeDefaultPublic,
        field: 'isPublic',
      },
    );
    expectError(
      await admin.post('/api/case-types', { name: 'Oculta', isDefault: true, isPublic: false }),
      422,
      {
        error: 'CASE_TYPE_DEFAULT',
        message: messages.caseTypeDefaultPublic,
        field: 'isPublic',
      },
    );
    expectError(await admin.delete(`/api/case-types/${rigida.id}`), 409, {
      error: 'CASE_TYPE_DEFAULT',
      message: messages.caseTypeDefaultDelete,
    });

    // Marking another type the default moves it there; a store that hid it sells it again.
    const transparente = demo.find((d) => d.name === 'Transparente')!;
    const store = (await admin.get('/api/stores/3')).json() as Store;
    const hid = await admin.put('/api/stores/3', {
      ...storeInput(store),
      hiddenCaseTypeIds: [transparente.id],
    });
    assert.equal(hid.statusCode, 200, hid.body);
    const moved = await admin.put(`/api/case-types/${transparente.id}`, {
      ...asInput(transparente),
      isDefault: true,
    });
    assert.equal(moved.statusCode, 200, moved.body);
    const listed = (await admin.get('/api/case-types')).json() as CaseType[];
    assert.deepEqual(
      listed.filter((d) => d.isDefault).map((d) => d.name),
      ['Transparente'],
    );
    assert.equal(listed[0]!.name, 'Transparente', 'the default first');
    assert.deepEqual(((await admin.get('/api/stores/3')).json() as Store).hiddenCaseTypeIds, []);
    // And back: the demo's default again.
    const back = await admin.put(`/api/case-types/${rigida.id}`, { ...asInput(rigida), isDefault: true });
    assert.equal(back.statusCode, 200, back.body);
    assert.deepEqual(
      ((await admin.get('/api/case-types')).json() as CaseType[]).filter((d) => d.isDefault).map((d) => d.id),
      [rigida.id],
    );
    assert.equal(
      ((await admin.get(`/api/case-types/${transparente.id}`)).json() as CaseType).isDefault,
      false,
    );

    // A new type may be made the default at once; deleting it then needs the default elsewhere.
    const made = await admin.post('/api/case-types', { name: 'Estándar', isDefault: true });
    assert.equal(made.statusCode, 201, made.body);
    const standard = made.json() as CaseType;
    assert.equal(standard.isDefault, true);
    assert.equal(((await admin.get(`/api/case-types/${rigida.id}`)).json() as CaseType).isDefault, false);
    assert.equal((await admin.delete(`/api/case-types/${standard.id}`)).statusCode, 409);
    assert.equal(
      (await admin.put(`/api/case-types/${rigida.id}`, { ...asInput(rigida), isDefault: true })).statusCode,
      200,
    );
    assert.equal((await admin.delete(`/api/case-types/${standard.id}`)).statusCode, 204);
    assert.deepEqual(
      ((await admin.get('/api/case-types')).json() as CaseType[]).filter((d) => d.isDefault).map((d) => d.id),
      [rigida.id],
    );
  });

  test('a type or colour an order is made in cannot go (409 IN_USE); an unused one goes with its links', async () => {
    const created = await admin.post('/api/case-types', {
      name: 'Brillante',
      priceDifference: 3,
      colours: [
        { name: 'Oro', hex: '#d4af37' },
        { name: 'Plata', hex: '#c0c0c0' },
      ],
    });
    assert.equal(created.statusCode, 201, created.body);
    const type = created.json() as CaseType;
    const [gold, silver] = type.colours;
    await orderIn(type.id, gold!.id);

    expectError(await admin.delete(`/api/case-types/${type.id}`), 409, {
      error: 'IN_USE',
      message: messages.caseTypeInUse,
    });
    const body = {
      name: 'Brillante',
      priceDifference: 3,
      colours: [{ id: silver!.id, name: 'Plata', hex: '#c0c0c0' }],
    };
    expectError(await admin.put(`/api/case-types/${type.id}`, body), 409, {
      error: 'IN_USE',
      message: messages.caseColourInUse,
      field: 'colours',
    });
    assert.deepEqual((await admin.get(`/api/case-types/${type.id}`)).json(), type, 'nothing changed');
    // The colour no order names may go.
    const kept = await admin.put(`/api/case-types/${type.id}`, {
      ...body,
      colours: [{ id: gold!.id, name: 'Oro viejo', hex: '#cfb53b' }],
    });
    assert.equal(kept.statusCode, 200, kept.body);
    assert.deepEqual((kept.json() as CaseType).colours, [
      { id: gold!.id, name: 'Oro viejo', hex: '#cfb53b' },
    ]);

    // A type no order is made in is deleted with the models' and the stores' links to it.
    const unused = (await admin.post('/api/case-types', { name: 'Efímera' })).json() as CaseType;
    const model = (await admin.get('/api/models/2')).json() as Model;
    const sold = await admin.put('/api/models/2', {
      ...modelInput(model),
      caseTypeIds: [...model.caseTypeIds!, unused.id],
    });
    assert.equal(sold.statusCode, 200, sold.body);
    const store = (await admin.get('/api/stores/4')).json() as Store;
    await admin.put('/api/stores/4', { ...storeInput(store), hiddenCaseTypeIds: [unused.id] });
    assert.equal(((await admin.get(`/api/case-types/${unused.id}`)).json() as CaseType).models, 1);
    assert.equal((await admin.delete(`/api/case-types/${unused.id}`)).statusCode, 204);
    assert.deepEqual(((await admin.get('/api/models/2')).json() as Model).caseTypeIds, model.caseTypeIds);
    assert.deepEqual(((await admin.get('/api/stores/4')).json() as Store).hiddenCaseTypeIds, []);
  });

  test('models show their public types as the store sells them, the default first, priced', async () => {
    // Two types of this test's own: one cheaper than the model, one dearer, and a hidden one.
    const make = async (payload: object) => {
      const res = await admin.post('/api/case-types', payload);
      assert.equal(res.statusCode, 201, res.body);
      return res.json() as CaseType;
    };
    const cheaper = await make({ name: 'Básica', priceDifference: -2.5 });
    const dearer = await make({
      name: 'Premium',
      priceDifference: 4.45,
      colours: [
        { name: 'Noche', hex: '#101020' },
        { name: 'Día', hex: '#f0f0e0' },
      ],
    });
    const hidden = await make({ name: 'Prototipo', isPublic: false });
    const free = await make({ name: 'Regalo', priceDifference: -1000 });

    const model = (await admin.get('/api/models/3')).json() as Model;
    const sold = await admin.put('/api/models/3', {
      ...modelInput(model),
      caseTypeIds: [dearer.id, hidden.id, free.id, cheaper.id, demoId('Rígida')],
    });
    assert.equal(sold.statusCode, 200, sold.body);
    const staffView = sold.json() as Model;
    assert.deepEqual(
      [...staffView.caseTypeIds!].sort((a, b) => a - b),
      [demoId('Rígida'), cheaper.id, dearer.id, hidden.id, free.id].sort((a, b) => a - b),
    );

    const price = model.price;
    const seen = (await c.get('/api/models/3')).json() as Model;
    assert.equal(seen.caseTypeIds, undefined, 'customers are not told the staff list');
    assert.deepEqual(seen.caseTypes, [
      {
        id: demoId('Rígida'),
        name: 'Rígida',
        description: demo.find((d) => d.name === 'Rígida')!.description,
        clear: false,
        price,
        colours: [],
      },
      {
        id: cheaper.id,
        name: 'Básica',
        description: '',
        clear: false,
        price: Math.round((price - 2.5) * 100) / 100,
        colours: [],
      },
      {
        id: dearer.id,
        name: 'Premium',
        description: '',
        clear: false,
        price: Math.round((price + 4.45) * 100) / 100,
        colours: dearer.colours,
      },
      { id: free.id, name: 'Regalo', description: '', clear: false, price: 0, colours: [] },
    ]);

    // The same in the list, for each model of the page; a store that hides a type leaves it out.
    const inList = async (url: string) =>
      ((await c.get(url)).json() as ModelPage).items.find((m) => m.id === 3)?.caseTypes.map((ct) => ct.name);
    assert.deepEqual(await inList('/api/models?store=1&size=100'), ['Rígida', 'Básica', 'Premium', 'Regalo']);
    const store = (await admin.get('/api/stores/2')).json() as Store;
    const hid = await admin.put('/api/stores/2', {
      ...storeInput(store),
      hiddenCaseTypeIds: [dearer.id, free.id],
    });
    assert.equal(hid.statusCode, 200, hid.body);
    assert.deepEqual(
      (hid.json() as Store).hiddenCaseTypeIds,
      [dearer.id, free.id].sort((a, b) => a - b),
    );
    assert.deepEqual(await inList('/api/models?store=2&size=100'), ['Rígida', 'Básica']);
    assert.deepEqual(await inList('/api/models?store=1&size=100'), ['Rígida', 'Básica', 'Premium', 'Regalo']);
    assert.deepEqual(
      ((await c.get('/api/models/3?store=2')).json() as Model).caseTypes.map((ct) => ct.name),
      ['Rígida', 'Básica'],
    );

    // Demo models: all four demo types, except an older model without 'Antigolpes'.
    const demoModels = ((await c.get('/api/models?store=1&size=100')).json() as ModelPage).items;
    const iphone13 = demoModels.find((m) => m.name === 'iPhone 13')!;
    assert.deepEqual(
      iphone13.caseTypes.map((ct) => ct.name),
      ['Rígida', 'Silicona', 'Transparente'],
    );
    const other = demoModels.find((m) => m.name === 'iPhone 15')!;
    assert.deepEqual(
      other.caseTypes.map((ct) => [ct.name, ct.price]),
      [
        ['Rígida', other.price],
        ['Silicona', Math.round((other.price + 2) * 100) / 100],
        ['Transparente', other.price],
        ['Antigolpes', Math.round((other.price + 7) * 100) / 100],
      ],
    );
    assert.deepEqual(other.caseTypes.find((ct) => ct.name === 'Transparente')!.clear, true);
  });

  test('the model form: new models in the default type unless told, edits replace the set when given', async () => {
    const template = ((await admin.get('/api/models/1')).json() as Model).template;
    const base = { name: 'Pixel 10', brand: { id: 1 }, price: 22, template, stores: [1] };
    const plain = await admin.post('/api/models', base);
    assert.equal(plain.statusCode, 201, plain.body);
    const created = plain.json() as Model;
    assert.deepEqual(created.caseTypeIds, [demoId('Rígida')]);
    assert.deepEqual(
      created.caseTypes.map((ct) => ct.name),
      ['Rígida'],
    );

    const chosen = await admin.post('/api/models', {
      ...base,
      name: 'Pixel 10 Pro',
      caseTypeIds: [demoId('Antigolpes'), demoId('Silicona')],
    });
    assert.equal(chosen.statusCode, 201, chosen.body);
    assert.deepEqual(
      (chosen.json() as Model).caseTypes.map((ct) => ct.name),
      ['Silicona', 'Antigolpes'],
      'in the types order',
    );

    const unchanged = await admin.put(`/api/models/${created.id}`, { ...base, price: 23 });
    assert.equal(unchanged.statusCode, 200, unchanged.body);
    assert.deepEqual((unchanged.json() as Model).caseTypeIds, [demoId('Rígida')]);
    assert.equal((unchanged.json() as Model).caseTypes[0]!.price, 23, 'priced from the new price');
    const replaced = await admin.put(`/api/models/${created.id}`, {
      ...base,
      caseTypeIds: [demoId('Transparente'), demoId('Rígida')],
    });
    assert.deepEqual(
      [...(replaced.json() as Model).caseTypeIds!].sort((a, b) => a - b),
      [demoId('Rígida'), demoId('Transparente')].sort((a, b) => a - b),
    );

    expectError(
      await admin.put(`/api/models/${created.id}`, { ...base, caseTypeIds: [demoId('Rígida'), 99999] }),
      400,
      {
        error: 'CASE_TYPE_NOT_FOUND',
        message: messages.caseTypeNotFound,
        field: 'caseTypeIds',
      },
    );
    const empty = await admin.put(`/api/models/${created.id}`, { ...base, caseTypeIds: [] });
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().error, 'VALIDATION_FAILED');
    assert.equal(((await admin.get(`/api/models/${created.id}`)).json() as Model).caseTypeIds!.length, 2);
  });

  test('the store form hides types; staff read them, customers do not', async () => {
    const store = (await admin.get('/api/stores/6')).json() as Store;
    assert.deepEqual(store.hiddenCaseTypeIds, []);
    const input = storeInput(store);
    expectError(await admin.put('/api/stores/6', { ...input, hiddenCaseTypeIds: [demoId('Rígida')] }), 422, {
      error: 'CASE_TYPE_DEFAULT',
      message: messages.caseTypeDefaultHidden,
      field: 'hiddenCaseTypeIds',
    });
    expectError(
      await admin.put('/api/stores/6', { ...input, name: 'Otra', hiddenCaseTypeIds: [99999] }),
      400,
      {
        error: 'CASE_TYPE_NOT_FOUND',
        message: messages.caseTypeNotFound,
        field: 'hiddenCaseTypeIds',
      },
    );
    assert.equal(((await admin.get('/api/stores/6')).json() as Store).name, store.name, 'nothing written');

    const hid = await admin.put('/api/stores/6', { ...input, hiddenCaseTypeIds: [demoId('Antigolpes')] });
    assert.equal(hid.statusCode, 200, hid.body);
    assert.deepEqual((hid.json() as Store).hiddenCaseTypeIds, [demoId('Antigolpes')]);
    // Omitted: unchanged.
    const renamed = await admin.put('/api/stores/6', { ...input, hours: 'Lunes a domingo: 10:00–22:00' });
    assert.deepEqual((renamed.json() as Store).hiddenCaseTypeIds, [demoId('Antigolpes')]);
    assert.deepEqual(((await storeStaff.get('/api/stores/6')).json() as Store).hiddenCaseTypeIds, [
      demoId('Antigolpes'),
    ]);
    const publicStore = (await c.get('/api/stores/6')).json() as Store;
    assert.equal(publicStore.hiddenCaseTypeIds, undefined);
    assert.ok(
      ((await c.get('/api/models?store=6&size=100')).json() as ModelPage).items.every(
        (m) => !m.caseTypes.some((ct) => ct.name === 'Antigolpes'),
      ),
    );

    // A new store hides what its form says.
    const opened = await admin.post('/api/stores', {
      ...input,
      name: 'Fundas Nerja',
      hiddenCaseTypeIds: [demoId('Silicona')],
    });
    assert.equal(opened.statusCode, 201, opened.body);
    const nerja = opened.json() as Store;
    assert.deepEqual(nerja.hiddenCaseTypeIds, [demoId('Silicona')]);
    const offered = ((await c.get(`/api/models?store=${nerja.id}&size=5`)).json() as ModelPage).items;
    assert.ok(offered.length > 0 && offered.every((m) => !m.caseTypes.some((ct) => ct.name === 'Silicona')));
  });

  test('the customer list costs the same queries for any page size, and a type change reaches it', async () => {
    let queries = 0;
    const query = t.db.query.bind(t.db);
    t.db.query = ((text: string, params?: unknown[]) => {
      queries++;
      return query(text, params);
    }) as typeof t.db.query;
    try {
      const count = async (url: string) => {
        const start = queries;
        assert.equal((await c.get(url)).statusCode, 200);
        return queries - start;
      };
      const small = await count('/api/models?store=1&brand=1&size=2');
      const large = await count('/api/models?store=1&brand=2&size=40');
      assert.equal(large, small);
      assert.equal(await count('/api/models?store=1&brand=1&size=2'), 0, 'served from memory');
    } finally {
      t.db.query = query;
    }

    const iphone15 = async () =>
      ((await c.get('/api/models?store=1&brand=1&size=40')).json() as ModelPage).items.find(
        (m) => m.name === 'iPhone 15',
      )!;
    const before = await iphone15();
    assert.equal(
      before.caseTypes.find((ct) => ct.name === 'Antigolpes')?.price,
      Math.round((before.price + 7) * 100) / 100,
    );
    const antigolpes = (await admin.get(`/api/case-types/${demoId('Antigolpes')}`)).json() as CaseType;
    const res = await admin.put(`/api/case-types/${antigolpes.id}`, {
      name: antigolpes.name,
      description: antigolpes.description,
      material: antigolpes.material,
      priceDifference: 8,
      colours: [],
    });
    assert.equal(res.statusCode, 200, res.body);
    const now = await iphone15();
    assert.equal(
      now.caseTypes.find((ct) => ct.name === 'Antigolpes')?.price,
      Math.round((now.price + 8) * 100) / 100,
    );
  });
});
