import type { ReactNode } from 'react';
import { useAdminTitle } from '../../hooks/use-admin-title';

interface PageHeaderProps {
  title: string;
  /** A short line above the title (the section, an order's date...). */
  eyebrow?: ReactNode;
  description?: ReactNode;
  /** Buttons and links on the right (below on narrow screens). */
  actions?: ReactNode;
  /** The tab title, when it differs from the heading. */
  documentTitle?: string;
}

/** The page's one h1, and the tab title. */
export function PageHeader({ title, eyebrow, description, actions, documentTitle }: PageHeaderProps) {
  useAdminTitle(documentTitle ?? title);
  return (
    <header className="admin-page-header">
      <div className="admin-page-header__text">
        {eyebrow && <p className="admin-eyebrow">{eyebrow}</p>}
        <h1 className="admin-page-title">{title}</h1>
        {description && <p className="admin-page-description">{description}</p>}
      </div>
      {actions && <div className="admin-page-header__actions">{actions}</div>}
    </header>
  );
}
