import type { StaffAccount } from '@shop/contracts/auth';
import { apiRequest } from '@/lib/api-client';

export const getStaff = (signal?: AbortSignal): Promise<StaffAccount[]> =>
  apiRequest<StaffAccount[]>('/api/staff', { signal });
