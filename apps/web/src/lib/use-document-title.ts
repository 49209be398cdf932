import { useEffect } from 'react';

const SITE = 'Fundas personalizadas';

/** Sets the tab title for the current screen: "Selecciona un modelo | Fundas personalizadas". */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE}` : `${SITE} para tu móvil con tu foto`;
  }, [title]);
}
