import { Link } from 'react-router';
import { adminPaths } from '@/features/admin/paths';
import { EmptyState } from './ui/empty-state';
import { PageHeader } from './ui/page-header';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Página no encontrada" />
      <EmptyState title="Esta página no existe en la administración.">
        <Link to={adminPaths.orders}>Ir a los pedidos</Link>
      </EmptyState>
    </>
  );
}
