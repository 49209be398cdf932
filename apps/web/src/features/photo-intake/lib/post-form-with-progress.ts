import { ApiError, csrfHeaders, toApiError } from '@/lib/api-client';

export interface UploadOptions {
  /** Share of the request body sent so far, from 0 to 1 (1 while the server works on it). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

// Statuses whose responses have no body: `new Response` refuses one.
const NULL_BODY = new Set([204, 205, 304]);

function send(url: string, form: FormData, { onProgress, signal }: UploadOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(csrfHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      const body = NULL_BODY.has(xhr.status) ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status }));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached'));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    xhr.onloadend = () => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort, { once: true });
    onProgress?.(0);
    xhr.send(form);
  });
}

/**
 * POSTs a multipart form and returns the JSON reply, like `apiRequest` (same anti-forgery header,
 * same one retry when the token was stale, same `ApiError`s), but through XMLHttpRequest: unlike
 * fetch, it reports how much of a large photo has been sent.
 */
export async function postFormWithProgress<T>(
  url: string,
  form: FormData,
  options: UploadOptions,
): Promise<T> {
  let res = await send(url, form, options);
  if (res.status === 403) {
    const error = await toApiError(res);
    if (error.code !== 'CSRF_FAILED') throw error;
    // The refusal carried a fresh token (the browser had lost its session cookie): send again.
    res = await send(url, form, options);
  }
  if (!res.ok) throw await toApiError(res);
  try {
    return (await res.json()) as T;
  } catch {
    throw new ApiError(res.status, 'INVALID_RESPONSE', 'The response is not JSON');
  }
}
