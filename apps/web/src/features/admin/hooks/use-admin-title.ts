import { useEffect } from 'react';

/** "Pedidos | Administración" in the tab. */
export function useAdminTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | Administración`;
  }, [title]);
}
