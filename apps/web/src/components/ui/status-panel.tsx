import type { ReactNode } from 'react';

const icons = {
  success: <path d="m7 12.5 3.5 3.5L17 9" />,
  error: <path d="m8.5 8.5 7 7m0-7-7 7" />,
  info: <path d="M12 7v5l3 2" />,
};

interface StatusPanelProps {
  tone: keyof typeof icons;
  eyebrow?: string;
  title: string;
  children: ReactNode;
}

/** A centred card for a page that only reports where the visitor stands (payment result, ...). */
export function StatusPanel({ tone, eyebrow, title, children }: StatusPanelProps) {
  return (
    <div className="container page">
      <section className={`card status-panel status-panel--${tone}`} aria-labelledby="status-title">
        <svg
          className="status-panel__icon"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.25}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="12" cy="12" r="10" />
          {icons[tone]}
        </svg>
        {eyebrow && <span className="eyebrow">{eyebrow}</span>}
        <h1 id="status-title" className="page-title">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
