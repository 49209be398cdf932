import type { ReactNode } from 'react';

/**
 * A table's horizontal scroller for narrow screens. It is a labelled region that takes focus, so
 * keyboard users can scroll it too.
 */
export function TableWrap({
  label,
  busy = false,
  children,
}: {
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={busy ? 'admin-table-wrap is-stale' : 'admin-table-wrap'}
      aria-label={label}
      aria-busy={busy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
    >
      {children}
    </section>
  );
}
