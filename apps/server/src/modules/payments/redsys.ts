import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Redsys signed-fields protocol (redirect, notifications and REST), with node:crypto only, in
 * both signature versions a terminal can be set to.
 *
 * Merchant parameters travel as base64 of a JSON object. Each order has its own key, and the
 * signature is an HMAC, under that per-order key, of the base64 text exactly as sent:
 * - HMAC_SHA256_V1: the key is the order number encrypted with 3DES-CBC (zero IV, zero padding)
 *   under the base64-decoded merchant key; HMAC-SHA256; standard base64 (Redsys writes its
 *   notifications' signatures in URL-safe base64).
 * - HMAC_SHA512_V2: the key is the base64 text of the order number encrypted with AES-128-CBC
 *   (zero IV, PKCS#7) under the first 16 characters of the merchant key as text; HMAC-SHA512;
 *   base64url without padding.
 */

export const SIGNATURE_VERSIONS = ['HMAC_SHA256_V1', 'HMAC_SHA512_V2'] as const;
export type SignatureVersion = (typeof SIGNATURE_VERSIONS)[number];

/** The version Redsys terminals use unless set otherwise. */
export const SIGNATURE_VERSION: SignatureVersion = 'HMAC_SHA256_V1';

export const isSignatureVersion = (v: string | undefined): v is SignatureVersion =>
  (SIGNATURE_VERSIONS as readonly string[]).includes(v ?? '');

/** Signature length in bytes, per version: SHA-256 and SHA-512 digests. */
const MAC_BYTES: Record<SignatureVersion, number> = { HMAC_SHA256_V1: 32, HMAC_SHA512_V2: 64 };

/** The three fields the browser posts to the gateway and the gateway posts back to us. */
export interface SignedFields {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

/** Decoded merchant parameters: names as Redsys writes them, every value a string. */
export type RedsysParams = Record<string, string>;

export class RedsysKeyError extends Error {}

/** Redsys keys are base64 of 24 bytes, the key size of 3DES. */
export function parseMerchantKey(secretKey: string): Buffer {
  const key = /^[A-Za-z0-9+/]{32}$/.test(secretKey) ? Buffer.from(secretKey, 'base64') : Buffer.alloc(0);
  if (key.length !== 24) throw new RedsysKeyError('the Redsys secret key must be base64 of 24 bytes');
  return key;
}

/**
 * The signature covers any order text (old integrations used numbers like "1"), so checking one
 * only needs it present and short; whether it is one of ours is the caller's question.
 */
const MAX_ORDER_LENGTH = 64;

/**
 * Redsys order numbers: 4 to 12 characters, the first 4 digits, the rest letters or digits. The
 * gateway refuses others, so anything else in a notification cannot be one of ours.
 */
export const GATEWAY_ORDER = /^[0-9]{4}[0-9A-Za-z]{0,8}$/;
export const isGatewayOrder = (order: string): boolean => GATEWAY_ORDER.test(order);

/** The per-order key: 3DES-CBC of the order number, zero IV, zero-padded to whole 8-byte blocks. */
export function deriveOrderKey(secretKey: string | Buffer, order: string): Buffer {
  const key = typeof secretKey === 'string' ? parseMerchantKey(secretKey) : secretKey;
  const plain = Buffer.from(order, 'utf8');
  const padded = Buffer.alloc(Math.ceil(plain.length / 8) * 8 || 8);
  plain.copy(padded);
  const cipher = createCipheriv('des-ede3-cbc', key, Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/**
 * The HMAC_SHA512_V2 per-order key: base64 text of AES-128-CBC (zero IV, PKCS#7) of the order
 * number, under the first 16 characters of the merchant key as text (right-padded with "0" when
 * shorter, as Redsys's own library does). The HMAC key is that text's ASCII bytes.
 */
export function deriveOrderKeyV2(secretKey: string, order: string): string {
  const aesKey = Buffer.from(secretKey.slice(0, 16).padEnd(16, '0'), 'utf8').subarray(0, 16);
  const cipher = createCipheriv('aes-128-cbc', aesKey, Buffer.alloc(16));
  return Buffer.concat([cipher.update(order, 'utf8'), cipher.final()]).toString('base64');
}

/** Raw HMAC bytes over the merchant parameters exactly as they travel. */
function mac(
  secretKey: string | Buffer,
  order: string,
  encodedParams: string,
  version: SignatureVersion = SIGNATURE_VERSION,
): Buffer {
  if (version === 'HMAC_SHA512_V2') {
    if (typeof secretKey !== 'string') throw new RedsysKeyError('HMAC_SHA512_V2 takes the key as text');
    return createHmac('sha512', deriveOrderKeyV2(secretKey, order)).update(encodedParams, 'utf8').digest();
  }
  return createHmac('sha256', deriveOrderKey(secretKey, order)).update(encodedParams, 'utf8').digest();
}

/**
 * A request signature as the gateway expects it: standard base64 (V1), base64url without
 * padding (V2).
 */
export function signParameters(
  secretKey: string | Buffer,
  order: string,
  encodedParams: string,
  version: SignatureVersion = SIGNATURE_VERSION,
): string {
  const bytes = mac(secretKey, order, encodedParams, version);
  return version === 'HMAC_SHA512_V2' ? bytes.toString('base64url') : bytes.toString('base64');
}

/** Standard base64 for V1; base64url without padding for V2, as Redsys's own V2 library sends. */
export function encodeMerchantParameters(
  params: RedsysParams,
  version: SignatureVersion = SIGNATURE_VERSION,
): string {
  return Buffer.from(JSON.stringify(params), 'utf8').toString(
    version === 'HMAC_SHA512_V2' ? 'base64url' : 'base64',
  );
}

/** Standard base64 from either alphabet, padded; null when it is not base64 at all. */
function normaliseBase64(text: string): string | null {
  const std = text.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(std) || std.length % 4 === 1) return null;
  return std.padEnd(Math.ceil(std.length / 4) * 4, '=');
}

/** Parameter names we accept: letters, digits and underscores, so no `__proto__` tricks. */
const PARAM_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Decodes merchant parameters sent in base64 or base64url. Only a JSON object counts; its string
 * and number values are kept as strings and anything else is dropped. Null when undecodable.
 */
export function decodeMerchantParameters(encoded: string): RedsysParams | null {
  const std = normaliseBase64(encoded);
  if (std === null || std.length === 0) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(std, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const out: RedsysParams = Object.create(null);
  for (const [name, value] of Object.entries(parsed)) {
    if (!PARAM_NAME.test(name)) continue;
    if (typeof value === 'string') out[name] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) out[name] = String(value);
  }
  return out;
}

/**
 * A parameter by name, whatever its capitals: Redsys writes `Ds_Order` in notifications and
 * `DS_MERCHANT_ORDER` in requests, and some integrations send upper-case notification names.
 */
export function paramOf(params: RedsysParams, name: string): string | undefined {
  if (Object.hasOwn(params, name)) return params[name];
  const wanted = name.toLowerCase();
  for (const key of Object.keys(params)) if (key.toLowerCase() === wanted) return params[key];
  return undefined;
}

/** Bytes of a signature written in either base64 alphabet; null unless it is `length` bytes long. */
function signatureBytes(signature: string, length: number): Buffer | null {
  const std = normaliseBase64(signature);
  if (std === null) return null;
  const bytes = Buffer.from(std, 'base64');
  return bytes.length === length ? bytes : null;
}

/**
 * Builds the three fields of a request (payment form or REST call); the order number comes from
 * the parameters.
 */
export function signRequest(
  secretKey: string | Buffer,
  params: RedsysParams,
  version: SignatureVersion = SIGNATURE_VERSION,
): SignedFields {
  const order = paramOf(params, 'DS_MERCHANT_ORDER');
  if (!order) throw new Error('DS_MERCHANT_ORDER is missing');
  const encoded = encodeMerchantParameters(params, version);
  return {
    Ds_SignatureVersion: version,
    Ds_MerchantParameters: encoded,
    Ds_Signature: signParameters(secretKey, order, encoded, version),
  };
}

/**
 * Builds the three fields of a notification or REST answer as the gateway does (the simulator and
 * tests use it): parameters in standard base64; the signature in URL-safe base64, with its padding
 * in V1 and without it in V2.
 */
export function signNotification(
  secretKey: string | Buffer,
  params: RedsysParams,
  version: SignatureVersion = SIGNATURE_VERSION,
): SignedFields {
  const order = paramOf(params, 'Ds_Order');
  if (!order) throw new Error('Ds_Order is missing');
  const encoded = Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
  const bytes = mac(secretKey, order, encoded, version);
  return {
    Ds_SignatureVersion: version,
    Ds_MerchantParameters: encoded,
    Ds_Signature:
      version === 'HMAC_SHA512_V2'
        ? bytes.toString('base64url')
        : bytes.toString('base64url').padEnd(44, '='),
  };
}

export type VerifyFailure = 'version' | 'parameters' | 'order' | 'signature';
export type VerifyResult =
  | { ok: true; params: RedsysParams; version: SignatureVersion; order: string }
  | { ok: false; reason: VerifyFailure; params: RedsysParams | null };

/**
 * Checks signed fields with the merchant key, in the version they name, and only if that version
 * is one of `accepted` (the terminal's). `kind` says which parameter names the order:
 * `DS_MERCHANT_ORDER` in a request (the simulator), `Ds_Order` in a notification or REST answer
 * (us). The signature is compared as bytes in constant time, whichever base64 alphabet it came in.
 */
export function verifySignedFields(
  secretKey: string | Buffer,
  fields: Partial<SignedFields>,
  kind: 'request' | 'notification',
  accepted: readonly SignatureVersion[] = [SIGNATURE_VERSION],
): VerifyResult {
  const encoded = fields.Ds_MerchantParameters ?? '';
  const params = encoded ? decodeMerchantParameters(encoded) : null;
  const version = fields.Ds_SignatureVersion;
  if (!isSignatureVersion(version) || !accepted.includes(version)) {
    return { ok: false, reason: 'version', params };
  }
  if (!params) return { ok: false, reason: 'parameters', params };
  const order = paramOf(params, kind === 'request' ? 'DS_MERCHANT_ORDER' : 'Ds_Order');
  if (!order || order.length > MAX_ORDER_LENGTH) return { ok: false, reason: 'order', params };
  const given = signatureBytes(fields.Ds_Signature ?? '', MAC_BYTES[version]);
  const expected = mac(secretKey, order, encoded, version);
  if (!given || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature', params };
  return { ok: true, params, version, order };
}

/** Ds_Response 0000 to 0099 means the payment was authorised; any other code means it was not. */
export function isAuthorised(dsResponse: string | undefined): boolean {
  return dsResponse !== undefined && /^\d{1,4}$/.test(dsResponse) && Number(dsResponse) <= 99;
}

/** Redsys pads numeric fields ("001" for terminal 1); compare them as numbers written as text. */
export const sameNumber = (a: string | undefined, b: string): boolean =>
  a !== undefined && /^\d{1,12}$/.test(a) && /^\d{1,12}$/.test(b) && BigInt(a) === BigInt(b);

/**
 * Redsys URL-encodes some values inside the JSON (Ds_Date "22%2F10%2F2021"); this reads them back
 * and keeps the text as it came when it is not valid percent-encoding.
 */
export function decodeParamValue(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
