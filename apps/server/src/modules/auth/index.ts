/** Staff sign-in, sessions, devices and accounts; the guards every staff route uses. */
export {
  bootstrapAdmin,
  changeOwnPassword,
  createStaffUser,
  DEVICE_TTL_SECONDS,
  hasStaff,
  purgeLoginFailures,
  requireAdmin,
  requireStaff,
  requireStoreAccess,
  sessionUser,
  signIn,
  signOut,
} from './service.ts';
export {
  type AccountChange,
  account,
  createAccount,
  deleteAccount,
  listAccounts,
  lockAccountForDeletion,
  type NewAccount,
  storeHasStaff,
  updateAccount,
} from './staff-accounts.ts';
