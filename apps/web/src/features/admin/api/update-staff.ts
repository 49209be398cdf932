import type { StaffAccount, StaffRole } from '@shop/contracts/auth';
import { apiRequest } from '@/lib/api-client';

export interface StaffChanges {
  name?: string;
  /** A new password: the admin's reset. */
  password?: string;
  disabled?: boolean;
  role?: StaffRole;
  storeId?: number | null;
}

/** A new password, a lock or a change of rights also ends that account's open sessions. */
export const updateStaff = (id: number, changes: StaffChanges): Promise<StaffAccount> =>
  apiRequest<StaffAccount>(`/api/staff/${id}`, { method: 'PUT', body: changes });
