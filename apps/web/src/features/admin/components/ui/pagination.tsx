interface PaginationProps {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  /** What the list counts: "pedidos", "modelos"... */
  noun: string;
}

export function Pagination({ page, size, total, onPage, noun }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / size));
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  return (
    <nav className="admin-pagination" aria-label={`Páginas de ${noun}`}>
      <p className="admin-pagination__summary">
        {total === 0 ? `0 ${noun}` : `${first}–${last} de ${total} ${noun}`}
      </p>
      {pages > 1 && (
        <div className="admin-pagination__buttons">
          <button
            type="button"
            className="admin-button admin-button--ghost"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Anterior
          </button>
          <span className="admin-pagination__page">
            Página {page} de {pages}
          </span>
          <button
            type="button"
            className="admin-button admin-button--ghost"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Siguiente
          </button>
        </div>
      )}
    </nav>
  );
}
