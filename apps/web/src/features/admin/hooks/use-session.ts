import type { StaffUser } from '@shop/contracts/auth';
import { createContext, useContext } from 'react';

export interface AdminSession {
  user: StaffUser;
  /** The server says the session is gone (expired, signed out elsewhere): back to the sign-in form. */
  expire: () => void;
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<AdminSession | null>(null);

/** The signed-in staff user; only used under the back office's signed-in shell. */
export function useSession(): AdminSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in back office');
  return session;
}
