import type { PasswordChange } from '@shop/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** The signed-in staff member's own new password; their other sessions end (this one goes on). */
export const changePassword = (change: PasswordChange): Promise<void> =>
  apiRequest<void>('/api/auth/password', { method: 'PUT', body: change });
