import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { EmptyState } from './ui/empty-state';
import { PageHeader } from './ui/page-header';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Página no encontrada" />
      <EmptyState title="Esta página no existe en la administración.">
        <Link to={paths.admin.orders}>Ir a los pedidos</Link>
      </EmptyState>
    </>
  );
}
