import { apiRequest } from '@/lib/api-client';

/** Uploads a photo from this device (`POST /api/images`); returns its uri. */
export async function uploadPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { uri } = await apiRequest<{ uri: string }>('/api/images', { method: 'POST', body: form });
  return uri;
}
