/**
 * Which of the AEAT's environments a VERI*FACTU endpoint belongs to, and whether that fits the run
 * mode. The hosts are those of the AEAT's WSDL (`SistemaFacturacion.wsdl`): production on
 * `www1` / `www10.agenciatributaria.gob.es` (personal or seal certificate), the test environment
 * (pre-production) on `prewww1` / `prewww10.aeat.es`. Read once at start by `env.ts`.
 */

/** The AEAT's production service, its test environment, this machine (a stand-in), or another host. */
export type AeatEnvironment = 'production' | 'test' | 'local' | 'other';

/** The variable that lets the endpoint's environment differ from the run mode's (documented). */
export const ALLOW_MISMATCH = 'VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH';

const PRODUCTION_HOST = /^www\d*\.agenciatributaria\.gob\.es$/;
const TEST_HOST = /^prewww\d*\.aeat\.es$/;
const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/;

export const AEAT_PRODUCTION_ENDPOINT =
  'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';
export const AEAT_TEST_ENDPOINT =
  'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP';

export function aeatEnvironmentOf(endpoint: string): AeatEnvironment {
  const host = new URL(endpoint).hostname.toLowerCase().replace(/\.$/, '');
  if (PRODUCTION_HOST.test(host)) return 'production';
  if (TEST_HOST.test(host)) return 'test';
  return LOOPBACK.test(host) ? 'local' : 'other';
}

/**
 * Why `endpoint` may not be used in this run (the variable named, in Spanish, then in English),
 * or null when it may:
 * - production sends only to the AEAT's production service: never to its test environment, and
 *   to this machine or another host only with ALLOW_MISMATCH (a load test that must send nothing);
 * - any other run mode never sends to the AEAT's production service unless ALLOW_MISMATCH says so:
 *   records of a trial would stay at the AEAT as real invoices.
 */
export function aeatEnvironmentProblem(opts: {
  endpoint: string;
  nodeEnv: string;
  allowMismatch: boolean;
}): string | null {
  const environment = aeatEnvironmentOf(opts.endpoint);
  const host = new URL(opts.endpoint).hostname;
  const mode = `NODE_ENV=${opts.nodeEnv}`;
  if (opts.nodeEnv === 'production') {
    if (environment === 'production') return null;
    if (environment === 'test') {
      return [
        `VERIFACTU_ENDPOINT: ${host} es el entorno de pruebas de la AEAT y este arranque es de producción (${mode}): los registros de las facturas reales deben ir al servicio de producción de la AEAT (${AEAT_PRODUCTION_ENDPOINT}, o www10 con certificado de sello)`,
        `(VERIFACTU_ENDPOINT: ${host} is the AEAT's test environment but ${mode}: real invoices' records must go to the AEAT's production service)`,
      ].join('\n  ');
    }
    if (opts.allowMismatch) return null;
    return [
      `VERIFACTU_ENDPOINT: ${host} no es el servicio de producción de la AEAT y este arranque es de producción (${mode}): los registros no llegarían a la AEAT. Indique ${AEAT_PRODUCTION_ENDPOINT} (o www10 con certificado de sello); solo para una prueba que no debe enviar nada a la AEAT, ${ALLOW_MISMATCH}=1`,
      `(VERIFACTU_ENDPOINT: ${host} is not the AEAT's production service but ${mode}: records would never reach the AEAT; ${ALLOW_MISMATCH}=1 allows it for a test run that must send nothing)`,
    ].join('\n  ');
  }
  if (environment !== 'production' || opts.allowMismatch) return null;
  return [
    `VERIFACTU_ENDPOINT: ${host} es el servicio de producción de la AEAT y este arranque no es de producción (${mode}): los registros de las pruebas quedarían en la AEAT como facturas reales. Use el entorno de pruebas (${AEAT_TEST_ENDPOINT}) o, si de verdad debe enviar a producción, ${ALLOW_MISMATCH}=1`,
    `(VERIFACTU_ENDPOINT: ${host} is the AEAT's production service but ${mode}: trial records would be registered as real invoices; use the test environment, or set ${ALLOW_MISMATCH}=1 if this run must really send to production)`,
  ].join('\n  ');
}
