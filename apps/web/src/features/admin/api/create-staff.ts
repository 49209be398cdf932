import type { StaffAccount, StaffRole } from '@shop/contracts/auth';
import { apiRequest } from '@/lib/api-client';

export interface NewStaffAccount {
  email: string;
  name: string;
  password: string;
  role: StaffRole;
  /** Required for store staff, ignored for admins. */
  storeId: number | null;
}

export const createStaff = (account: NewStaffAccount): Promise<StaffAccount> =>
  apiRequest<StaffAccount>('/api/staff', { method: 'POST', body: account });
