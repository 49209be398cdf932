import { useEffect } from 'react';

const SITE = 'Fundas personalizadas';

/**
 * Sets the tab title for the current screen ("Selecciona un modelo | Fundas personalizadas") and,
 * when given, the page's description for search engines and shared links.
 */
export function useDocumentTitle(title: string | null, description?: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE}` : `${SITE} para tu móvil con tu foto`;
  }, [title]);
  useEffect(() => {
    if (!description) return;
    // Back to index.html's description (the landing's) when the page goes.
    // index.html always has one.
    const tag = document.querySelector<HTMLMetaElement>('meta[name="description"]')!;
    const before = tag.content;
    tag.content = description;
    return () => {
      tag.content = before;
    };
  }, [description]);
}
