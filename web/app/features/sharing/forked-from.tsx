import type { DiagramSummary } from '@loopwright/contracts';
import { Link } from 'react-router';
import './sharing.css';

/** The forked-from notice of a copy: a link to its source, or that the source is gone. */
export function ForkedFrom({ source }: { source: NonNullable<DiagramSummary['source']> }) {
  return (
    <p className="forked-from" data-testid="forked-from">
      Forked from{' '}
      {source.available ? (
        <>
          <Link to={`/diagrams/${source.fuid}`}>{source.name}</Link>
          {source.owner ? ` by @${source.owner}` : ''}
        </>
      ) : (
        <span>a diagram (source no longer available)</span>
      )}
    </p>
  );
}
