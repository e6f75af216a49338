import { RealtimeEvents } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';

export interface RevertNotice {
  version: number;
  restoredFrom: number;
}

interface RevertedEvent {
  fuid: string;
  version: number;
  restoredFrom: { id: string; version: number };
}

/**
 * Joins the diagram's live room and reports when another editor restores a version, so this
 * tab can offer a reload. `isOwnChange(version)` filters out what this tab did itself.
 */
export function useRevertNotice(fuid: string, isOwnChange: (version: number) => boolean): [RevertNotice | null, () => void] {
  const [notice, setNotice] = useState<RevertNotice | null>(null);
  useEffect(() => {
    const socket: Socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'] });
    const join = () => socket.emit(RealtimeEvents.join, { fuid }, () => undefined);
    socket.on('connect', join);
    socket.on(RealtimeEvents.accessChanged, join);
    socket.on(RealtimeEvents.reverted, (event: RevertedEvent) => {
      if (event.fuid !== fuid || isOwnChange(event.version)) return;
      setNotice({ version: event.version, restoredFrom: event.restoredFrom.version });
    });
    return () => {
      socket.disconnect();
    };
    // isOwnChange reads refs: subscribing once per diagram is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fuid]);
  return [notice, () => setNotice(null)];
}
