import { RealtimeEvents } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { emitWithTimeout, JOIN_TIMEOUT_MS, reconnectAfterServerClose } from '../../../lib/live-socket';

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
    const socket: Socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'] });
    reconnectAfterServerClose(socket);
    const join = () =>
      emitWithTimeout<{ ok?: boolean; code?: string } | undefined>(
        socket,
        RealtimeEvents.join,
        { fuid },
        JOIN_TIMEOUT_MS,
      ).then(
        (answer) => {
          if (answer?.ok === false && answer.code === 'DIAGRAM_NOT_FOUND') onGone?.('no-access');
        },
        // Not answered in time: the connection is probably gone; socket.io reconnects and joins again.
        (error: unknown) => console.warn(error),
      );
    const onVersion = (kind: LiveNotice['kind']) => async (event: VersionEvent) => {
      if (event.fuid !== fuid || (await isOwnChange(event.version))) return;
      const next: LiveNotice = { kind, version: event.version, restoredFrom: event.restoredFrom?.version };
      setNotice((current) => (current && current.version >= next.version ? current : next));
    };
    socket.on('connect', join);
    socket.on(RealtimeEvents.accessChanged, join);
    socket.on(RealtimeEvents.saved, onVersion('saved'));
    socket.on(RealtimeEvents.reverted, onVersion('reverted'));
    socket.on(RealtimeEvents.deleted, (event: { fuid?: string }) => event?.fuid === fuid && onGone?.('deleted'));
    return () => {
      socket.disconnect();
    };
    // isOwnChange and onGone read refs: subscribing once per diagram is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fuid]);
  return [notice, () => setNotice(null)];
}
