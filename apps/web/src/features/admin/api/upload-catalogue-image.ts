import type { CatalogueImage, CatalogueImageKind } from '@shop/contracts/admin';
import type { ErrorBody } from '@shop/contracts/errors';
import { ApiError, csrfHeaders } from '@/lib/api-client';

function post(kind: CatalogueImageKind, file: File): Promise<Response> {
  const body = new FormData();
  body.append('file', file);
  return fetch(`/api/admin/images?kind=${kind}`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...csrfHeaders() },
  });
}

async function asError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => ({}))) as Partial<ErrorBody>;
  return typeof body.error === 'string' && typeof body.message === 'string'
    ? new ApiError(res.status, body.error, body.message)
    : new ApiError(res.status, 'HTTP_ERROR', `HTTP ${res.status}`);
}

/**
 * Uploads a brand, model or store picture or a case template (admin, multipart). A template comes
 * back whitened by docs/product.md §9.4, with its crop box.
 */
export async function uploadCatalogueImage(kind: CatalogueImageKind, file: File): Promise<CatalogueImage> {
  let res: Response;
  try {
    res = await post(kind, file);
    if (res.status === 403) {
      const error = await asError(res);
      if (error.code !== 'CSRF_FAILED') throw error;
      // The refusal carried a fresh forgery-protection cookie: one retry with it.
      res = await post(kind, file);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached');
  }
  if (!res.ok) throw await asError(res);
  return (await res.json()) as CatalogueImage;
}
