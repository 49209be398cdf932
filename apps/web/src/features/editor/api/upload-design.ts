import { apiRequest } from '@/lib/api-client';

/** Uploads the rendered design as the file `design.png`; returns the uri the order will point at. */
export async function uploadDesign(png: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', png, 'design.png');
  const { uri } = await apiRequest<{ uri: string }>('/api/images', { method: 'POST', body: form });
  return uri;
}
