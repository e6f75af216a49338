import { DiagramTexts, type DiagramSummary } from '@loopwright/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, ApiError, errorMessage } from '../../lib/api-client';
import { ShareDialog } from './share-dialog';
import './sharing.css';

/**
 * A diagram card's "⋯" menu in the list: Share… (owner), Duplicate (own) or Make a copy
 * (shared with me), Open. `onChanged` lets the list show a new name or privacy, or a new copy.
 */
export function DiagramRowMenu({
  diagram,
  onChanged,
  onError,
}: {
  diagram: DiagramSummary;
  onChanged: () => void;
  onError: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  const own = diagram.access === 'owner';
  const copy = async () => {
    setOpen(false);
    setBusy(true);
    try {
      const made = await api.diagram.copy({ params: { fuid: diagram.fuid }, body: {} }).then((r) => r.diagram);
      // A copy of one's own diagram joins the list; a copy of someone else's opens.
      if (own) onChanged();
      else void navigate(`/diagrams/${made.fuid}`);
    } catch (e) {
      onError(e instanceof ApiError && e.status === 404 ? DiagramTexts.copyUnavailable : errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const item = (label: string, action: () => void) => (
    <li role="none">
      <button type="button" role="menuitem" onClick={action}>
        {label}
      </button>
    </li>
  );
  return (
    <div className="row-menu" ref={box}>
      <button
        type="button"
        className="row-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Actions for ${diagram.name}`}
        disabled={busy}
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open ? (
        <ul
          className="row-menu__list"
          role="menu"
          aria-label={`Actions for ${diagram.name}`}
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          {item('Open', () => void navigate(`/diagrams/${diagram.fuid}`))}
          {own
            ? item('Share…', () => {
                setOpen(false);
                setSharing(true);
              })
            : null}
          {item(own ? 'Duplicate' : 'Make a copy', () => void copy())}
        </ul>
      ) : null}
      {sharing ? (
        <ShareDialog
          diagram={diagram}
          onClose={() => {
            setSharing(false);
            onChanged();
          }}
        />
      ) : null}
    </div>
  );
}
