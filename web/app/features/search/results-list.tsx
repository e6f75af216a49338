import type { SearchResult } from '@loopwright/contracts';
import { countOf } from '@loopwright/contracts';
import { Link } from 'react-router';

export function ResultsList({ term, results, total }: { term: string; results: SearchResult[]; total: number }) {
  if (!term) return <p className="muted">Type at least 3 characters to search.</p>;
  if (!results.length) return <p className="empty-state">No results found for “{term}”.</p>;
  return (
    <>
      <p className="muted" role="status">
        {countOf(total, 'result')} for “{term}”
      </p>
      <ul className="results">
        {results.map((r) => (
          <li key={`${r.kind}-${r.id}`}>
            <Link to={r.url}>
              <span className="results__kind">{r.kindName}</span>
              <strong>{r.title}</strong>
              <span>{r.excerpt}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
