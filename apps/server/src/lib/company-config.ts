import { isValidSpanishTaxId, normalizeTaxId } from '@shop/contracts/tax-id';
import { ConfigError } from './config-error.ts';

/** The company's variables of the environment (env.ts), as checked here. */
type CompanyEnv = {
  COMPANY_NIF: string;
  COMPANY_LEGAL_NAME: string;
  COMPANY_ADDRESS: string;
  VERIFACTU_PRODUCER_NIF?: string | undefined;
} & Record<string, unknown>;

// --- The company's own data: printed on every invoice and mail -----------------------------------

/** The demo company of the defaults and `.env.example`: fine to try the shop, never to sell. */
export const DEMO_COMPANY = {
  nif: 'B00000000',
  legalName: 'Fundas Málaga Demo, S.L.',
  address: 'Calle Ejemplo, 1',
  marker: '(datos de ejemplo)',
} as const;

/**
 * The company's NIF goes into every invoice record and its hash chain: a wrong check digit is
 * refused everywhere, and production refuses the demo company's data (its NIF, its name, its
 * address, anything marked '(datos de ejemplo)'), naming each variable to set.
 */
export function checkCompany(e: CompanyEnv, production: boolean): void {
  if (!isValidSpanishTaxId(e.COMPANY_NIF)) {
    throw new ConfigError(
      `Configuración no válida:\n  COMPANY_NIF: '${e.COMPANY_NIF}' no es un NIF válido (revise la letra o el dígito de control)`,
    );
  }
  if (e.VERIFACTU_PRODUCER_NIF && !isValidSpanishTaxId(e.VERIFACTU_PRODUCER_NIF)) {
    throw new ConfigError(
      `Configuración no válida:\n  VERIFACTU_PRODUCER_NIF: '${e.VERIFACTU_PRODUCER_NIF}' no es un NIF válido (revise la letra o el dígito de control)`,
    );
  }
  if (!production) return;
  const demo: [string, boolean][] = [
    ['COMPANY_NIF', normalizeTaxId(e.COMPANY_NIF) === DEMO_COMPANY.nif],
    ['COMPANY_LEGAL_NAME', e.COMPANY_LEGAL_NAME.trim() === DEMO_COMPANY.legalName],
    ['COMPANY_ADDRESS', e.COMPANY_ADDRESS.trim() === DEMO_COMPANY.address],
  ];
  for (const [name, value] of Object.entries(e)) {
    if (name.startsWith('COMPANY_') && typeof value === 'string' && value.includes(DEMO_COMPANY.marker)) {
      demo.push([name, true]);
    }
  }
  const wrong = [...new Set(demo.filter(([, isDemo]) => isDemo).map(([name]) => name))];
  if (wrong.length > 0) {
    throw new ConfigError(
      `Configuración no válida:\n${wrong.map((name) => `  ${name}: son los datos de la empresa de ejemplo; indique los de su empresa (van en cada factura y cada correo)`).join('\n')}`,
    );
  }
}
