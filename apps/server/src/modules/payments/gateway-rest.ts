import type { FastifyInstance } from 'fastify';
import type { Config } from '../../env.ts';
import { paramOf, type RedsysParams, type SignedFields, signRequest, verifySignedFields } from './redsys.ts';

/**
 * Server-to-server calls to Redsys's REST interface: `trataPeticionREST` (refunds) and the
 * operation query. Each request is the three signed fields as JSON, signed in the terminal's
 * version; each answer is either the same three fields, signed by the gateway with our key, or
 * `{ "errorCode": "SIS0057" }`. With no URL configured outside production, the calls go to the
 * built-in simulator through the app itself (the same HTTP handling, no port needed).
 */

export type RestAnswer =
  | { kind: 'answer'; params: RedsysParams; fields: SignedFields }
  | { kind: 'error'; code: string }
  /** No answer we can trust (network, timeout, unsigned or foreign answer): the outcome is unknown. */
  | { kind: 'unknown'; detail: string };

export interface RedsysRest {
  /** Null when this installation has no refund endpoint. */
  refund: ((params: RedsysParams) => Promise<RestAnswer>) | null;
  /** Null when this installation has no operation query: pending attempts go to staff. */
  query: ((params: RedsysParams) => Promise<RestAnswer>) | null;
}

/** How long the shop waits for the gateway's REST answer. */
export const REST_TIMEOUT_MS = 30_000;

type Poster = (body: SignedFields) => Promise<{ status: number; json: unknown }>;

function readAnswer(config: Config, order: string, status: number, json: unknown): RestAnswer {
  if (status !== 200 || typeof json !== 'object' || json === null) {
    return { kind: 'unknown', detail: `HTTP ${status}` };
  }
  const body = json as Record<string, unknown>;
  if (typeof body.errorCode === 'string') return { kind: 'error', code: body.errorCode.slice(0, 16) };
  const fields: SignedFields = {
    Ds_SignatureVersion: String(body.Ds_SignatureVersion ?? ''),
    Ds_MerchantParameters: String(body.Ds_MerchantParameters ?? ''),
    Ds_Signature: String(body.Ds_Signature ?? ''),
  };
  const verified = verifySignedFields(config.redsys.secretKey, fields, 'notification', [
    config.redsys.signatureVersion,
  ]);
  if (!verified.ok) return { kind: 'unknown', detail: `answer not verifiable (${verified.reason})` };
  if (verified.order !== order) return { kind: 'unknown', detail: 'answer about another order' };
  return { kind: 'answer', params: verified.params, fields };
}

function caller(config: Config, post: Poster) {
  return async (params: RedsysParams): Promise<RestAnswer> => {
    const order = paramOf(params, 'DS_MERCHANT_ORDER') ?? '';
    const body = signRequest(config.redsys.secretKey, params, config.redsys.signatureVersion);
    try {
      const { status, json } = await post(body);
      return readAnswer(config, order, status, json);
    } catch (err) {
      return { kind: 'unknown', detail: (err as Error).message.slice(0, 200) };
    }
  };
}

const overHttp =
  (url: string): Poster =>
  async (body) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(REST_TIMEOUT_MS),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, json };
  };

const throughSimulator =
  (app: FastifyInstance, path: string): Poster =>
  async (body) => {
    const res = await app.inject({ method: 'POST', url: path, payload: body });
    let json: unknown = null;
    try {
      json = res.json();
    } catch {
      json = null;
    }
    return { status: res.statusCode, json };
  };

/** The simulator runs where no real gateway is configured, outside production (see app.ts). */
export const simulatorRuns = (config: Config): boolean => !config.production && !config.redsys.url;

export function makeRedsysRest(app: FastifyInstance, config: Config): RedsysRest {
  const sim = simulatorRuns(config);
  const refundPost = config.redsys.restUrl
    ? overHttp(config.redsys.restUrl)
    : sim
      ? throughSimulator(app, '/simulator/redsys/rest/trataPeticionREST')
      : null;
  const queryPost = config.redsys.queryUrl
    ? overHttp(config.redsys.queryUrl)
    : sim
      ? throughSimulator(app, '/simulator/redsys/rest/consulta')
      : null;
  return {
    refund: refundPost ? caller(config, refundPost) : null,
    query: queryPost ? caller(config, queryPost) : null,
  };
}
