import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Order } from '@shop/contracts/orders';
import { loadConfig } from '../src/env.ts';
import { requestBodyXml } from '../src/modules/invoices/verifactu-xml.ts';
import { ADMIN, Client, createStaff, createTestApp, signedIn, type TestApp } from './helpers.ts';
import { orderAtCounter, readRecord, validateXml } from './verifactu-support.ts';

/** The producer of the invoicing system and its version are configuration, not the shop's company. */
describe("VERI*FACTU: the system's producer and version come from configuration", () => {
  let t: TestApp;
  let admin: Client;

  before(async () => {
    t = await createTestApp({
      env: {
        VERIFACTU_PRODUCER_NAME: 'Programas de Facturación Ejemplo, S.L.',
        VERIFACTU_PRODUCER_NIF: '89890001K',
        VERIFACTU_SYSTEM_VERSION: '7.3.1',
        VERIFACTU_PRODUCER_ADDRESS: 'Calle Alcalá 20, 28014 Madrid',
        VERIFACTU_DECLARATION_PLACE: 'Madrid',
        VERIFACTU_DECLARATION_DATE: '2026-11-02',
      },
    });
    await createStaff(t.db);
    admin = await signedIn(t.app, ADMIN);
  });
  after(() => t.close());

  test('the record carries the configured producer and version, and validates against the XSDs', async () => {
    const id = await orderAtCounter(t, 1, new Client(t.app));
    const paid = await admin.post(`/api/orders/${id}/confirmPayment`);
    assert.equal(paid.statusCode, 200, paid.body);
    const number = (paid.json() as Order).invoice!.number;
    const res = await admin.get(`/api/invoices/${number}/record`);
    assert.equal(res.statusCode, 200, res.body);
    const { fields } = readRecord(res.body);
    assert.equal(fields.SistemaInformatico.NombreRazon, 'Programas de Facturación Ejemplo, S.L.');
    assert.equal(fields.SistemaInformatico.NIF, '89890001K');
    assert.equal(fields.SistemaInformatico.Version, '7.3.1');
    validateXml(res.body, 'SuministroInformacion.xsd');
    validateXml(
      requestBodyXml({ issuerName: 'Fundas Málaga Demo, S.L.', issuerNif: 'B00000000', incidencia: false }, [
        res.body,
      ]),
      'SuministroLR.xsd',
    );
  });

  test("unset: the company is the producer and the version is the release's (root package.json)", () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' });
    const c = config.company;
    assert.deepEqual(config.verifactu.producer, {
      name: c.legalName,
      nif: c.nif,
      address: `${c.address}, ${c.postalCode} ${c.town}`,
    });
    assert.equal(config.verifactu.systemVersion, '2.0.0');
    assert.deepEqual(config.verifactu.declaration, { place: c.town, date: null });
  });

  test('the declaración responsable is shown to anyone, filled from the same configuration', async () => {
    const res = await new Client(t.app).get('/api/verifactu/declaration');
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['cache-control']), /^public/);
    assert.deepEqual(res.json(), {
      systemName: 'Fundamia Tienda Web',
      systemId: 'FW',
      version: '7.3.1',
      producer: {
        name: 'Programas de Facturación Ejemplo, S.L.',
        nif: '89890001K',
        address: 'Calle Alcalá 20, 28014 Madrid',
      },
      place: 'Madrid',
      date: '2026-11-02',
    });
  });

  test('a declaration date that is not a date stops the start', () => {
    assert.throws(
      () =>
        loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', VERIFACTU_DECLARATION_DATE: '2/11/2026' }),
      /VERIFACTU_DECLARATION_DATE/,
    );
  });

  test('a producer NIF with a wrong check digit stops the start, naming the variable in Spanish', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', VERIFACTU_PRODUCER_NIF: '89890001X' }),
      /VERIFACTU_PRODUCER_NIF: '89890001X' no es un NIF válido/,
    );
  });
});
