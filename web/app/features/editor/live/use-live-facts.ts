import type { TourStep } from '@loopwright/contracts';
import { useEffect, useRef } from 'react';
import type { TourState } from '../tours/tour-state';
import { CollabClose } from '@loopwright/collab';
import type { GoneReason } from './use-diagram-live';
import type { LiveSession } from './live-session';

/**
 * The diagram's name and tour, saved by anyone while this tab has it open, as the live document
 * brings them: the name goes to `onName`, the tour to the tour's state (kept as this tab edits it
 * when it has unsaved changes of its own).
 */
export function useLiveFacts(live: LiveSession | null, tour: TourState, onName: (name: string) => void): void {
  const nameListener = useRef(onName);
  nameListener.current = onName;
  useEffect(() => {
    if (!live) return;
    let shown = live.facts.get();
    return live.facts.subscribe(() => {
      const facts = live.facts.get();
      // Only what changed: a new tour must not bring back a name this tab has renamed since.
      if (facts.name !== undefined && facts.name !== shown.name) nameListener.current(facts.name);
      if (facts.tour && facts.tour !== shown.tour) tour.showSaved(facts.tour as TourStep[]);
      shown = facts;
    });
  }, [live, tour]);
}

/** The tab's live session: destroyed when replaced or left; a close for access (removed, deleted) tells `onGone`. */
export function useLiveSessionLifetime(live: LiveSession | null, onGone: (reason: GoneReason) => void): void {
  useEffect(() => () => live?.destroy(), [live]);
  useEffect(() => {
    if (!live) return;
    return live.status.subscribe(() => {
      const closed = live.status.get().closed;
      if (closed) onGone(closed === CollabClose.deleted.reason ? 'deleted' : 'no-access');
    });
    // onGone is a state setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live]);
}
