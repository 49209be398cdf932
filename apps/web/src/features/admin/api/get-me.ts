import type { StaffUser } from '@shop/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** The signed-in staff user; 401 when nobody is signed in. */
export const getMe = (signal?: AbortSignal): Promise<StaffUser> =>
  apiRequest<StaffUser>('/api/auth/me', { signal });
