import { RealtimeEvents } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';

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

/**
 * Joins the diagram's live room and reports newer versions saved or restored elsewhere, so this
 * tab can offer a reload. `isOwnChange(version)` filters out what this tab did itself.
 */
export function useLiveNotice(fuid: string, isOwnChange: (version: number) => Promise<boolean>): [LiveNotice | null, () => void] {
  const [notice, setNotice] = useState<LiveNotice | null>(null);
  useEffect(() => {
    const socket: Socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'] });
    const join = () => socket.emit(RealtimeEvents.join, { fuid }, () => undefined);
    const onVersion = (kind: LiveNotice['kind']) => async (event: VersionEvent) => {
      if (event.fuid !== fuid || (await isOwnChange(event.version))) return;
      const next: LiveNotice = { kind, version: event.version, restoredFrom: event.restoredFrom?.version };
      setNotice((current) => (current && current.version >= next.version ? current : next));
    };
    socket.on('connect', join);
    socket.on(RealtimeEvents.accessChanged, join);
    socket.on(RealtimeEvents.saved, onVersion('saved'));
    socket.on(RealtimeEvents.reverted, onVersion('reverted'));
    return () => {
      socket.disconnect();
    };
    // isOwnChange reads refs: subscribing once per diagram is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fuid]);
  return [notice, () => setNotice(null)];
}
