import type { ReactNode } from 'react';

/** What an empty table says instead, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-empty">
      <svg viewBox="0 0 24 24" className="admin-empty__icon" aria-hidden="true" focusable="false">
        <path d="M4 7h16v12H4zM4 7l2-3h12l2 3M9 12h6" />
      </svg>
      <p className="admin-empty__title">{title}</p>
      {children && <div className="admin-empty__text">{children}</div>}
    </div>
  );
}
