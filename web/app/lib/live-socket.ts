import { RealtimeEvents } from '@loopwright/contracts';
import { io, type Socket } from 'socket.io-client';

/**
 * website.md §8: a socket emit that waited too long fails with an emitTimeout error that names the
 * event and when it was sent.
 */
export class EmitTimeoutError extends Error {
  override readonly name = 'emitTimeout';
  constructor(
    readonly event: string,
    readonly timestamp: number,
  ) {
    super(`emitTimeout: ${event} sent at ${new Date(timestamp).toISOString()} was not answered in time`);
  }
}

/** The socket emit with an optional timeout (ms): resolves with the server's answer, or rejects with EmitTimeoutError. */
export function emitWithTimeout<T = unknown>(
  socket: Pick<Socket, 'emit' | 'timeout'>,
  event: string,
  payload: unknown,
  timeoutMs?: number,
): Promise<T> {
  const timestamp = Date.now();
  return new Promise<T>((resolve, reject) => {
    if (timeoutMs === undefined) {
      socket.emit(event, payload, (answer: T) => resolve(answer));
      return;
    }
    socket.timeout(timeoutMs).emit(event, payload, (error: Error | null, answer: T) => {
      if (error) reject(new EmitTimeoutError(event, timestamp));
      else resolve(answer);
    });
  });
}

/** How long the diagram room's join may take before it counts as lost (then the next connect joins again). */
export const JOIN_TIMEOUT_MS = 10_000;

let shared: Socket | null = null;
let users = 0;

/** Between our own tries to connect again: 1 s, doubling, at most 5 s. */
const RETRY_MS = [1_000, 2_000, 4_000, 5_000];

/**
 * socket.io reconnects by itself after a lost connection, but not when the server closed it (a
 * server shutting down for a deployment does), nor when the server refused the connection (its
 * authentication middleware failed, e.g. while a restarted server is still starting on a busy
 * machine): then we connect again ourselves, until connected or closed by this page.
 */
export function reconnectAfterServerClose(socket: Socket): void {
  let closed = false;
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const disconnect = socket.disconnect.bind(socket);
  socket.disconnect = () => {
    closed = true;
    clearTimeout(timer);
    return disconnect();
  };
  const again = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        if (!closed && !socket.connected && !socket.active) socket.connect();
      },
      RETRY_MS[Math.min(tries++, RETRY_MS.length - 1)],
    );
  };
  socket.on('connect', () => (tries = 0));
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') again();
  });
  // Refused by the server (not a network error, which socket.io retries itself: then it is active).
  socket.on('connect_error', () => {
    if (!socket.active) again();
  });
}

function acquire(): Socket {
  if (!shared) {
    shared = io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'] });
    reconnectAfterServerClose(shared);
  }
  users += 1;
  return shared;
}

function release(socket: Socket): void {
  users -= 1;
  if (users === 0) {
    socket.removeAllListeners();
    socket.disconnect();
    if (shared === socket) shared = null;
  }
}

/**
 * The tab's one Socket.IO connection for the logged-in user's own room (notifications, batch
 * progress). Opened on the first subscription, closed when the last one leaves.
 */
export function subscribeLive(
  event: string,
  listener: (payload: unknown) => void,
  onReconnect?: () => void,
): () => void {
  const socket = acquire();
  socket.on(event, listener);
  // After a dropped connection, pushes may have been missed: the caller catches up.
  const reconnected = () => onReconnect?.();
  socket.io.on('reconnect', reconnected);
  return () => {
    socket.off(event, listener);
    socket.io.off('reconnect', reconnected);
    release(socket);
  };
}

/**
 * Whether the server answers: the shared socket's connect and disconnect (a server that stops or
 * cannot be reached drops it at once; socket.io keeps retrying and connects again when it is back).
 * `listener(true)` also follows every reconnection.
 */
export function watchConnection(listener: (connected: boolean) => void): () => void {
  const socket = acquire();
  const up = () => listener(true);
  const down = () => listener(false);
  socket.on('connect', up);
  socket.on('disconnect', down);
  socket.on('connect_error', down);
  if (socket.connected) listener(true);
  return () => {
    socket.off('connect', up);
    socket.off('disconnect', down);
    socket.off('connect_error', down);
    release(socket);
  };
}

/** The server's answer to joining a diagram's room. */
export interface JoinAnswer {
  ok?: boolean;
  code?: string;
}

/** Per diagram, how many parts of this tab are in its room (it is left when the last one leaves). */
const rooms = new Map<string, number>();

/**
 * Joins a diagram's room on the tab's one connection: at once when connected, again after every
 * reconnection and every change of the diagram's access. `onJoined` hears each answer (a join not
 * answered in time is logged: the connection is probably gone, and the next connect joins again).
 * The editor's parts (comments, the live notice) each join; the room is left when the last leaves.
 */
export function joinDiagramRoom(fuid: string, onJoined: (answer: JoinAnswer | undefined) => void): () => void {
  const socket = acquire();
  rooms.set(fuid, (rooms.get(fuid) ?? 0) + 1);
  const join = () =>
    emitWithTimeout<JoinAnswer | undefined>(socket, RealtimeEvents.join, { fuid }, JOIN_TIMEOUT_MS).then(
      onJoined,
      (error: unknown) => console.warn(error),
    );
  socket.on('connect', join);
  socket.on(RealtimeEvents.accessChanged, join);
  if (socket.connected) void join();
  return () => {
    socket.off('connect', join);
    socket.off(RealtimeEvents.accessChanged, join);
    const left = (rooms.get(fuid) ?? 1) - 1;
    if (left > 0) rooms.set(fuid, left);
    else {
      rooms.delete(fuid);
      if (socket.connected) socket.emit(RealtimeEvents.leave, { fuid });
    }
    release(socket);
  };
}
