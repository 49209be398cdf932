import { AdminApp } from '@/features/admin/components/admin-app';

/** `/admin/*`: the staff back office, a chunk of its own that customers never download. */
export function AdminRoute() {
  return <AdminApp />;
}
