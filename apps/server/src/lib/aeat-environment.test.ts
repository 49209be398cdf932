import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  AEAT_PRODUCTION_ENDPOINT,
  AEAT_TEST_ENDPOINT,
  aeatEnvironmentOf,
  aeatEnvironmentProblem,
} from './aeat-environment.ts';

const SEAL_PRODUCTION =
  'https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';
const SEAL_TEST = 'https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';

const problem = (endpoint: string, nodeEnv: string, allowMismatch = false) =>
  aeatEnvironmentProblem({ endpoint, nodeEnv, allowMismatch });

describe('the AEAT environment of a VERI*FACTU endpoint', () => {
  test("the WSDL's hosts, this machine and any other host", () => {
    assert.equal(aeatEnvironmentOf(AEAT_PRODUCTION_ENDPOINT), 'production');
    assert.equal(aeatEnvironmentOf(SEAL_PRODUCTION), 'production');
    assert.equal(aeatEnvironmentOf('https://WWW1.AgenciaTributaria.gob.es./x'), 'production');
    assert.equal(aeatEnvironmentOf(AEAT_TEST_ENDPOINT), 'test');
    assert.equal(aeatEnvironmentOf(SEAL_TEST), 'test');
    for (const local of [
      'http://127.0.0.1:9/aeat',
      'https://localhost:8443/',
      'http://[::1]/',
      'http://aeat.localhost/',
    ]) {
      assert.equal(aeatEnvironmentOf(local), 'local', local);
    }
    for (const other of [
      'https://aeat.example/soap',
      'https://www1.agenciatributaria.gob.es.example.com/',
      'https://prewww1.aeat.es.example.com/',
    ]) {
      assert.equal(aeatEnvironmentOf(other), 'other', other);
    }
  });

  test('production sends to the AEAT production service only', () => {
    assert.equal(problem(AEAT_PRODUCTION_ENDPOINT, 'production'), null);
    assert.equal(problem(SEAL_PRODUCTION, 'production'), null);
    for (const allowMismatch of [false, true]) {
      const test = problem(AEAT_TEST_ENDPOINT, 'production', allowMismatch);
      assert.match(test!, /^VERIFACTU_ENDPOINT: prewww1\.aeat\.es es el entorno de pruebas de la AEAT/);
      assert.match(test!, /NODE_ENV=production/);
      assert.match(test!, /\n {2}\(VERIFACTU_ENDPOINT: prewww1\.aeat\.es is the AEAT's test environment/);
    }
    for (const endpoint of ['https://127.0.0.1:9/verifactu', 'https://aeat.example/soap']) {
      assert.match(
        problem(endpoint, 'production')!,
        /^VERIFACTU_ENDPOINT: .* no es el servicio de producción de la AEAT.*VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH=1/,
      );
      assert.equal(problem(endpoint, 'production', true), null, 'a test run that sends nothing');
    }
  });

  test('outside production the AEAT production service only when explicitly allowed', () => {
    for (const nodeEnv of ['development', 'test']) {
      for (const endpoint of [
        AEAT_TEST_ENDPOINT,
        SEAL_TEST,
        'http://127.0.0.1:9/aeat',
        'https://aeat.example/',
      ]) {
        assert.equal(problem(endpoint, nodeEnv), null, endpoint);
      }
      const refused = problem(SEAL_PRODUCTION, nodeEnv);
      assert.match(
        refused!,
        new RegExp(
          `^VERIFACTU_ENDPOINT: www10\\.agenciatributaria\\.gob\\.es es el servicio de producción de la AEAT y este arranque no es de producción \\(NODE_ENV=${nodeEnv}\\)`,
        ),
      );
      assert.match(refused!, /VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH=1/);
      assert.match(refused!, /\n {2}\(VERIFACTU_ENDPOINT: .* is the AEAT's production service/);
      assert.equal(problem(SEAL_PRODUCTION, nodeEnv, true), null);
    }
  });
});
