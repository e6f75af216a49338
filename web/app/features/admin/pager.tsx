import { useSearchParams } from 'react-router';

/** "Page 2 of 5 · 230 messages" with Previous and Next, keeping the other filters in the address. */
export function Pager({
  label,
  noun,
  page,
  pageSize,
  total,
  busy,
}: {
  label: string;
  noun: [string, string];
  page: number;
  pageSize: number;
  total: number;
  busy: boolean;
}) {
  const [params, setParams] = useSearchParams();
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (next: number) => {
    const search = new URLSearchParams(params);
    if (next > 1) search.set('page', String(next));
    else search.delete('page');
    setParams(search);
  };
  return (
    <nav className="acc-pager" aria-label={label}>
      <span>
        Page {page} of {pages} · {total} {total === 1 ? noun[0] : noun[1]}
      </span>
      <span className="acc-row">
        <button
          type="button"
          className="button button--ghost acc-button--small"
          disabled={page <= 1 || busy}
          onClick={() => go(page - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="button button--ghost acc-button--small"
          disabled={page >= pages || busy}
          onClick={() => go(page + 1)}
        >
          Next
        </button>
      </span>
    </nav>
  );
}

export function pageFrom(params: URLSearchParams): number {
  return Math.max(1, Number(params.get('page')) || 1);
}
