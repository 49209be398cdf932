import path from 'node:path';
import { DEFAULT_RETENTION, type RetentionPeriods } from '@shop/contracts/retention';
import { z } from 'zod';
import {
  type AeatEnvironment,
  ALLOW_MISMATCH,
  aeatEnvironmentOf,
  aeatEnvironmentProblem,
} from './lib/aeat-environment.ts';
import { checkCompany } from './lib/company-config.ts';
import { ConfigError } from './lib/config-error.ts';
import { estimate, MIN_SECRET_GUESSES_LOG10 } from './lib/password-strength.ts';
import { releaseVersion } from './lib/release-version.ts';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.ts';
import { readStorageSettings, type StorageSettings } from './storage/config.ts';

const optionalUrl = (protocols: RegExp) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.test(v), { message: 'debe ser una URL válida' });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//),
  /** Public origin of the shop, used in links that leave the browser (QR codes, mails, gateway). */
  PUBLIC_URL: optionalUrl(/^https?:\/\//),
  /** Key for signing the forgery-protection tokens and upload links. */
  APP_SECRET: z.string().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(10, 'al menos 10 caracteres').optional(),
  /** Load the demo catalogue into an empty database (default on outside production). */
  DEMO: z.enum(['0', '1']).optional(),
  /** Redsys merchant settings; defaults are Redsys's public test merchant (refused in production). */
  REDSYS_MERCHANT_CODE: z
    .string()
    .regex(/^\d{1,9}$/)
    .default('999008881'),
  REDSYS_TERMINAL: z
    .string()
    .regex(/^\d{1,3}$/)
    .default('1'),
  REDSYS_SECRET_KEY: z.string().min(16).default('sq7HjrUOBfKmC576ILgskD5srU870gJ7'),
  /** The gateway's form URL; unset means the built-in simulator (development and tests only). */
  REDSYS_URL: optionalUrl(/^https?:\/\//),
  /** The signature version the terminal is set to in the Redsys back office. */
  REDSYS_SIGNATURE_VERSION: z.enum(['HMAC_SHA256_V1', 'HMAC_SHA512_V2']).default('HMAC_SHA256_V1'),
  /** Redsys's REST endpoint (trataPeticionREST) for refunds; unset means the built-in simulator. */
  REDSYS_REST_URL: optionalUrl(/^https?:\/\//),
  /** Redsys's operation query endpoint; unset means the simulator's in development, none in production. */
  REDSYS_QUERY_URL: optionalUrl(/^https?:\/\//),
  /** What to do with money taken for an order that can no longer take it: refund it, or leave it to staff. */
  REFUND_MISMATCHED: z.enum(['auto', 'manual']).default('auto'),
  /** smtp:// or smtps:// URL of the mail server; unset means .eml files in DATA_DIR/outbox. */
  SMTP_URL: optionalUrl(/^smtps?:\/\//),
  MAIL_FROM: z.string().default('Fundamía <pedidos@fundamia.example>'),
  /** Where the shop's own copies go (new orders, delivery details). */
  SHOP_EMAIL: z.string().email().default('pedidos@fundamia.example'),
  /** The built storefront to serve; defaults to apps/web/dist beside the server. */
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Turns `GET /metrics` on, for `Authorization: Bearer <token>` only (http/operations.ts). */
  METRICS_TOKEN: z.string().trim().min(24, 'at least 24 characters (a long random string)').optional(),
  /** `0`, a hop count or the proxies' addresses/CIDRs (lib/trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  /** VERI*FACTU: the AEAT's web service and the company's certificate (PKCS#12) to call it. */
  VERIFACTU_ENDPOINT: optionalUrl(/^https?:\/\//),
  VERIFACTU_CERT: z.string().trim().optional(),
  VERIFACTU_CERT_PASSWORD: z.string().optional(),
  /** '1': the endpoint may be of another AEAT environment than the run mode's (lib/aeat-environment.ts). */
  VERIFACTU_ALLOW_ENVIRONMENT_MISMATCH: z.enum(['0', '1']).optional(),
  /** NumeroInstalacion of SistemaInformatico: tells this installation apart from others of the software. */
  VERIFACTU_INSTALLATION: z.string().trim().min(1).max(100).default('0001'),
  /** The invoicing system's producer, name and NIF (SistemaInformatico); by default the company. */
  VERIFACTU_PRODUCER_NAME: z.string().trim().min(1).max(120).optional(),
  VERIFACTU_PRODUCER_NIF: z.string().trim().min(1).optional(),
  /** The system's version (SistemaInformatico Version); by default the release's, from the root package.json. */
  VERIFACTU_SYSTEM_VERSION: z.string().trim().min(1).max(50).optional(),
  /** The producer's address, for the declaración responsable; by default the company's. */
  VERIFACTU_PRODUCER_ADDRESS: z.string().trim().min(1).max(300).optional(),
  /** Where and when (YYYY-MM-DD) the producer signed the declaración responsable; the place defaults to the company's town. */
  VERIFACTU_DECLARATION_PLACE: z.string().trim().min(1).max(100).optional(),
  VERIFACTU_DECLARATION_DATE: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'una fecha AAAA-MM-DD')
    .optional(),
  /** Days after the legal guarantee of a delivered order ends until its photo and design are deleted. */
  RETENTION_PHOTO_DAYS_AFTER_WARRANTY: z.coerce
    .number()
    .int()
    .min(0)
    .max(3650)
    .default(DEFAULT_RETENTION.photoDaysAfterWarranty),
  COMPANY_LEGAL_NAME: z.string().default('Fundas Málaga Demo, S.L.'),
  COMPANY_TRADE_NAME: z.string().default('Fundamía'),
  COMPANY_NIF: z.string().default('B00000000'),
  COMPANY_ADDRESS: z.string().default('Calle Ejemplo, 1'),
  COMPANY_POSTAL_CODE: z.string().default('29001'),
  COMPANY_TOWN: z.string().default('Málaga'),
  COMPANY_PROVINCE: z.string().default('Málaga'),
  COMPANY_PHONE: z.string().default('+34 600 000 000'),
  COMPANY_WHATSAPP: z.string().default('34600000000'),
  COMPANY_EMAIL: z.string().email().default('hola@fundamia.example'),
  COMPANY_REGISTRY: z
    .string()
    .default(
      'Inscrita en el Registro Mercantil de Málaga, tomo 0000, folio 00, hoja MA-00000 (datos de ejemplo)',
    ),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  secret: string;
  admin: { email: string; password: string } | undefined;
  demo: boolean;
  logLevel: Env['LOG_LEVEL'];
  webDist: string | undefined;
  redsys: {
    merchantCode: string;
    terminal: string;
    secretKey: string;
    url: string | undefined;
    isPublicTestKey: boolean;
    signatureVersion: 'HMAC_SHA256_V1' | 'HMAC_SHA512_V2';
    /** Unset: the built-in simulator's REST call (development and tests only). */
    restUrl: string | undefined;
    /** Unset: the simulator's query where the simulator runs; otherwise no query (staff list). */
    queryUrl: string | undefined;
    refundMismatched: 'auto' | 'manual';
  };
  mail: { smtpUrl: string | undefined; from: string; shopEmail: string };
  trustProxy: TrustProxy;
  /** `/metrics` answers only with this bearer token; off (404) when unset. */
  metricsToken: string | undefined;
  /** Where file bytes live (FILE_STORAGE and S3_*; storage/config.ts). */
  storage: StorageSettings;
  /** Session cookie names: `__Host-` prefixed in production (Secure, whole site, this host only). */
  cookies: { visitor: string; staff: string; device: string };
  verifactu: {
    /** Unset: records are kept and queued, nothing is sent, no invoice claims VERI*FACTU. */
    endpoint: string | undefined;
    /** The AEAT environment the endpoint belongs to: the invoices' QR points at its cotejo service. */
    environment: AeatEnvironment | undefined;
    cert: { path: string; password: string } | undefined;
    installation: string;
    producer: { name: string; nif: string; address: string };
    systemVersion: string;
    /** Where and when the declaración responsable was signed (date null: not yet configured). */
    declaration: { place: string; date: string | null };
  };
  company: {
    legalName: string;
    tradeName: string;
    nif: string;
    address: string;
    postalCode: string;
    town: string;
    province: string;
    phone: string;
    whatsapp: string;
    email: string;
    hours: string;
    registry: string;
    retention: RetentionPeriods;
  };
}

/** A fixed key for development and tests only; production refuses to start without its own. */
const DEVELOPMENT_SECRET = 'development-only-secret-do-not-use-in-production';

export { ConfigError };

/** Redsys's published test key: fine for the simulator and the test gateway, never for real money. */
export const PUBLIC_REDSYS_TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';

// --- Production secrets: known values and guessable ones are refused ---------------------------

/**
 * Values anyone can read: the development secret above, the placeholders of `.env.example`, and
 * the usual stand-ins. A secret that contains one is as public as the value itself.
 */
export const KNOWN_SECRETS = [
  DEVELOPMENT_SECRET,
  'at-least-10-characters',
  'change-me-to-32-random-characters',
  'change-me-to-the-key-of-the-bank',
  'change-me',
  'changeme',
  'replace-me',
  'your-secret',
  'secret',
] as const;

function checkProductionSecrets(e: Env): void {
  const secrets: [string, string | undefined][] = [
    ['APP_SECRET', e.APP_SECRET],
    ['REDSYS_SECRET_KEY', e.REDSYS_SECRET_KEY === PUBLIC_REDSYS_TEST_KEY ? undefined : e.REDSYS_SECRET_KEY],
  ];
  for (const [name, value] of secrets) {
    if (!value) continue;
    const lower = value.toLowerCase();
    if (KNOWN_SECRETS.some((known) => lower === known || (known.length >= 8 && lower.includes(known)))) {
      throw new ConfigError(
        `Configuración no válida:\n  ${name}: es un valor público (el de desarrollo o un ejemplo); genere uno aleatorio`,
      );
    }
    if (estimate(value, [...KNOWN_SECRETS]).guessesLog10 < MIN_SECRET_GUESSES_LOG10) {
      throw new ConfigError(
        `Configuración no válida:\n  ${name}: demasiado fácil de adivinar (palabras, repeticiones o secuencias); genere uno aleatorio, p. ej. openssl rand -base64 32`,
      );
    }
  }
}

/** Reads and checks the environment once at boot; any problem names the variable and stops the start. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuración no válida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && (!e.APP_SECRET || e.APP_SECRET.length < 32)) {
    throw new ConfigError(
      'Configuración no válida:\n  APP_SECRET: obligatorio en producción, al menos 32 caracteres',
    );
  }
  if (production) checkProductionSecrets(e);
  if (production && e.REDSYS_SECRET_KEY === PUBLIC_REDSYS_TEST_KEY) {
    throw new ConfigError(
      'Configuración no válida:\n  REDSYS_SECRET_KEY: la clave pública de pruebas de Redsys no se admite en producción',
    );
  }
  if (production && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Configuración no válida:\n  PUBLIC_URL: obligatoria en producción (los enlaces de subida y de pago no se construyen con la cabecera Host)',
    );
  }
  if (production && !e.REDSYS_URL) {
    throw new ConfigError(
      'Configuración no válida:\n  REDSYS_URL: obligatoria en producción (el simulador no se usa)',
    );
  }
  if (production && !e.REDSYS_REST_URL) {
    throw new ConfigError(
      'Configuración no válida:\n  REDSYS_REST_URL: obligatoria en producción (las devoluciones se piden a Redsys por REST)',
    );
  }
  for (const name of ['VERIFACTU_ENDPOINT', 'VERIFACTU_CERT', 'VERIFACTU_CERT_PASSWORD'] as const) {
    if (production && !e[name]) {
      throw new ConfigError(
        `Configuración no válida:\n  ${name}: obligatoria en producción (envío de los registros VERI*FACTU a la AEAT)`,
      );
    }
  }
  if (production && e.VERIFACTU_ENDPOINT?.startsWith('http://')) {
    throw new ConfigError(
      'Configuración no válida:\n  VERIFACTU_ENDPOINT: en producción solo https:// (la AEAT exige TLS con certificado)',
    );
  }
  const aeat = e.VERIFACTU_ENDPOINT
    ? aeatEnvironmentProblem({
        endpoint: e.VERIFACTU_ENDPOINT,
        nodeEnv: e.NODE_ENV,
        allowMismatch: e[ALLOW_MISMATCH] === '1',
      })
    : null;
  if (aeat) throw new ConfigError(`Configuración no válida:\n  ${aeat}`);
  if (e.VERIFACTU_ENDPOINT?.startsWith('https://') && !e.VERIFACTU_CERT) {
    throw new ConfigError(
      'Configuración no válida:\n  VERIFACTU_CERT: el envío por https:// a la AEAT necesita el certificado de la empresa (PKCS#12)',
    );
  }
  checkCompany(e, production);
  const storage = readStorageSettings(source);
  if ('problem' in storage) throw new ConfigError(`Configuración no válida:\n  ${storage.problem}`);
  if (!e.VERIFACTU_SYSTEM_VERSION && !releaseVersion()) {
    throw new ConfigError(
      'Configuración no válida:\n  VERIFACTU_SYSTEM_VERSION: sin versión del sistema (el package.json raíz no la indica); defínala',
    );
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Configuración no válida:\n  ADMIN_EMAIL y ADMIN_PASSWORD: se indican los dos o ninguno',
    );
  }
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    secret: e.APP_SECRET ?? DEVELOPMENT_SECRET,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    demo: e.DEMO ? e.DEMO === '1' : !production,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    redsys: {
      merchantCode: e.REDSYS_MERCHANT_CODE,
      terminal: e.REDSYS_TERMINAL,
      secretKey: e.REDSYS_SECRET_KEY,
      url: e.REDSYS_URL,
      isPublicTestKey: e.REDSYS_SECRET_KEY === PUBLIC_REDSYS_TEST_KEY,
      signatureVersion: e.REDSYS_SIGNATURE_VERSION,
      restUrl: e.REDSYS_REST_URL,
      queryUrl: e.REDSYS_QUERY_URL,
      refundMismatched: e.REFUND_MISMATCHED,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, shopEmail: e.SHOP_EMAIL },
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    storage,
    cookies: production
      ? { visitor: '__Host-sid', staff: '__Host-staff_session', device: '__Host-staff_device' }
      : { visitor: 'sid', staff: 'staff_session', device: 'staff_device' },
    verifactu: {
      endpoint: e.VERIFACTU_ENDPOINT,
      environment: e.VERIFACTU_ENDPOINT ? aeatEnvironmentOf(e.VERIFACTU_ENDPOINT) : undefined,
      cert: e.VERIFACTU_CERT
        ? { path: path.resolve(e.VERIFACTU_CERT), password: e.VERIFACTU_CERT_PASSWORD ?? '' }
        : undefined,
      installation: e.VERIFACTU_INSTALLATION,
      producer: {
        name: e.VERIFACTU_PRODUCER_NAME ?? e.COMPANY_LEGAL_NAME,
        nif: (e.VERIFACTU_PRODUCER_NIF ?? e.COMPANY_NIF).trim().toUpperCase(),
        address:
          e.VERIFACTU_PRODUCER_ADDRESS ?? `${e.COMPANY_ADDRESS}, ${e.COMPANY_POSTAL_CODE} ${e.COMPANY_TOWN}`,
      },
      systemVersion: e.VERIFACTU_SYSTEM_VERSION ?? releaseVersion() ?? '',
      declaration: {
        place: e.VERIFACTU_DECLARATION_PLACE ?? e.COMPANY_TOWN,
        date: e.VERIFACTU_DECLARATION_DATE ?? null,
      },
    },
    company: {
      legalName: e.COMPANY_LEGAL_NAME,
      tradeName: e.COMPANY_TRADE_NAME,
      nif: e.COMPANY_NIF,
      address: e.COMPANY_ADDRESS,
      postalCode: e.COMPANY_POSTAL_CODE,
      town: e.COMPANY_TOWN,
      province: e.COMPANY_PROVINCE,
      phone: e.COMPANY_PHONE,
      whatsapp: e.COMPANY_WHATSAPP,
      email: e.COMPANY_EMAIL,
      hours: 'de lunes a viernes, de 10:00 a 22:00',
      registry: e.COMPANY_REGISTRY,
      retention: { ...DEFAULT_RETENTION, photoDaysAfterWarranty: e.RETENTION_PHOTO_DAYS_AFTER_WARRANTY },
    },
  };
}
