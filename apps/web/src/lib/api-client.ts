import { type Query, withQuery } from '@shop/contracts/api-urls';
import { XSRF_HEADER, xsrfTokenFromCookies } from '@shop/contracts/csrf';
import type { ErrorBody } from '@shop/contracts/errors';
import { forgetPageData, peekPageData } from './page-data';

/**
 * A failed API call: `status` 0 means the server could not be reached. `message` is the server's
 * Spanish text when it sent one; screens show their own texts from the message catalogue.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The input field the server's message is about, when it named one: forms show it there. */
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  query?: Query;
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an `Idempotency-Key`, say). */
  headers?: Record<string, string>;
}

/**
 * The anti-forgery header a non-GET, non-HEAD call must carry: the token cookie's value
 * (`__Host-XSRF-TOKEN` in production, `XSRF-TOKEN` while developing), read at call time (a refusal
 * renews the cookie). Also for calls made without `apiRequest`.
 */
export function csrfHeaders(): Record<string, string> {
  const token = xsrfTokenFromCookies(document.cookie);
  return token ? { [XSRF_HEADER]: token } : {};
}

async function send(
  url: string,
  method: Method,
  body: unknown,
  signal: AbortSignal | undefined,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  // A FormData goes as multipart: the browser writes its Content-Type with the boundary.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') Object.assign(headers, csrfHeaders());
  try {
    return await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // An abort is the caller's decision, not a failure: let it through untouched.
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached');
  }
}

/** The `ApiError` of a failed response, with the server's code and Spanish message when it sent them. */
export async function toApiError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as Partial<ErrorBody>;
    if (typeof body.error === 'string' && typeof body.message === 'string') {
      return new ApiError(
        res.status,
        body.error,
        body.message,
        typeof body.field === 'string' ? body.field : undefined,
      );
    }
  } catch {
    // Not a JSON error body (a proxy's HTML page, say): fall through to the generic error.
  }
  return new ApiError(res.status, 'HTTP_ERROR', `HTTP ${res.status}`);
}

/**
 * Calls the shop API and returns the parsed JSON body; throws an `ApiError` for any failure.
 * Non-GET requests echo the token cookie in `X-XSRF-TOKEN`, as the server requires.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, headers } = options;
  const url = withQuery(path, query);
  if (method === 'GET') {
    // The page came with this answer (lib/page-data.ts): used once, instead of asking again.
    const answer = peekPageData<T>(url);
    if (answer !== undefined) {
      forgetPageData(url);
      return answer;
    }
  }
  let res = await send(url, method, body, signal, headers);
  if (res.status === 403 && method !== 'GET') {
    const error = await toApiError(res);
    if (error.code !== 'CSRF_FAILED') throw error;
    // The browser lost its session cookie (a restored tab, say); the refusal carried a fresh
    // token, so one retry with it succeeds.
    res = await send(url, method, body, signal, headers);
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  try {
    return (await res.json()) as T;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(res.status, 'INVALID_RESPONSE', 'The response is not JSON');
  }
}

/** True when an error only means that the caller aborted the request. */
export const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';
