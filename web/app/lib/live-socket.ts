import { io, type Socket } from 'socket.io-client';

let shared: Socket | null = null;
let users = 0;

/**
 * The tab's one Socket.IO connection for the logged-in user's own room (notifications, batch
 * progress). Opened on the first subscription, closed when the last one leaves.
 */
export function subscribeLive(event: string, listener: (payload: unknown) => void, onReconnect?: () => void): () => void {
  if (!shared) shared = io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'] });
  const socket = shared;
  users += 1;
  socket.on(event, listener);
  // After a dropped connection, pushes may have been missed: the caller catches up.
  const reconnected = () => onReconnect?.();
  socket.io.on('reconnect', reconnected);
  return () => {
    socket.off(event, listener);
    socket.io.off('reconnect', reconnected);
    users -= 1;
    if (users === 0) {
      socket.disconnect();
      shared = null;
    }
  };
}
