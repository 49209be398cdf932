import { apiRequest } from '@/lib/api-client';

export const signOut = (): Promise<void> => apiRequest<void>('/api/auth/logout', { method: 'POST' });
