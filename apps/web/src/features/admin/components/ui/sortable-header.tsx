import type { ThHTMLAttributes } from 'react';

type Direction = 'ascending' | 'descending';

interface SortableHeaderProps extends Omit<ThHTMLAttributes<HTMLTableCellElement>, 'onClick'> {
  label: string;
  /** This column's direction when the table is sorted by it, null otherwise. */
  direction: Direction | null;
  onSort: () => void;
}

/** A column header that sorts the table: its state is in aria-sort, its action a real button. */
export function SortableHeader({ label, direction, onSort, className, ...props }: SortableHeaderProps) {
  const next = direction === 'ascending' ? 'descendente' : 'ascendente';
  return (
    <th scope="col" aria-sort={direction ?? 'none'} className={className} {...props}>
      <button type="button" className="admin-sort" onClick={onSort}>
        {label}
        <span className="visually-hidden">, ordenar en orden {next}</span>
        <svg className="admin-sort__icon" viewBox="0 0 12 16" aria-hidden="true" focusable="false">
          <path d="M6 1 10 6H2z" className={direction === 'ascending' ? 'is-active' : undefined} />
          <path d="M6 15 2 10h8z" className={direction === 'descending' ? 'is-active' : undefined} />
        </svg>
      </button>
    </th>
  );
}
