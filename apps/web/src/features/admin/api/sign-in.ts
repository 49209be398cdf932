import type { StaffUser } from '@shop/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** Opens a staff session (httpOnly cookie); 401 INVALID_CREDENTIALS, 429 RATE_LIMITED. */
export const signIn = (email: string, password: string): Promise<StaffUser> =>
  apiRequest<StaffUser>('/api/auth/login', { method: 'POST', body: { email, password } });
