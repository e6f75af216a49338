import type { TourStep } from '@loopwright/contracts';
import { useEffect, useRef } from 'react';
import type { TourState } from '../tours/tour-state';
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
    return live.facts.subscribe(() => {
      const { name, tour: steps } = live.facts.get();
      if (name !== undefined) nameListener.current(name);
      if (steps) tour.showSaved(steps as TourStep[]);
    });
  }, [live, tour]);
}
