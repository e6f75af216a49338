import { RealtimeEvents } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { joinDiagramRoom, subscribeLive } from '../../../lib/live-socket';

/** A newer version reached the server from elsewhere: saved by another editor, or an old version restored. */
export interface LiveNotice {
  kind: 'saved' | 'reverted';
  version: number;
  /** The version a restore brought back. */
  restoredFrom?: number;
}

interface VersionEvent {
  fuid: string;
  version: number;
  restoredFrom?: { id: string; version: number };
}

/** Why the diagram went away while open: deleted, or this person may no longer see it (made private, unshared). */
export type GoneReason = 'deleted' | 'no-access';

/**
 * Joins the diagram's live room and reports newer versions saved or restored elsewhere, so this
 * tab can offer a reload. `isOwnChange(version)` filters out what this tab did itself. `onGone`
 * hears when the diagram is deleted or the room refuses us after its access changed.
 */
export function useLiveNotice(
  fuid: string,
  isOwnChange: (version: number) => Promise<boolean>,
  onGone?: (reason: GoneReason) => void,
): [LiveNotice | null, () => void] {
  const [notice, setNotice] = useState<LiveNotice | null>(null);
  useEffect(() => {
    const leave = joinDiagramRoom(fuid, (answer) => {
      if (answer?.ok === false && answer.code === 'DIAGRAM_NOT_FOUND') onGone?.('no-access');
    });
    const onVersion = (kind: LiveNotice['kind']) => async (payload: unknown) => {
      const event = payload as VersionEvent;
      if (event.fuid !== fuid || (await isOwnChange(event.version))) return;
      const next: LiveNotice = { kind, version: event.version, restoredFrom: event.restoredFrom?.version };
      setNotice((current) => (current && current.version >= next.version ? current : next));
    };
    const stops = [
      subscribeLive(RealtimeEvents.saved, (payload) => void onVersion('saved')(payload)),
      subscribeLive(RealtimeEvents.reverted, (payload) => void onVersion('reverted')(payload)),
      subscribeLive(RealtimeEvents.deleted, (payload) => {
        if ((payload as { fuid?: string } | null)?.fuid === fuid) onGone?.('deleted');
      }),
    ];
    return () => {
      stops.forEach((stop) => stop());
      leave();
    };
    // isOwnChange and onGone read refs: subscribing once per diagram is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fuid]);
  return [notice, () => setNotice(null)];
}
