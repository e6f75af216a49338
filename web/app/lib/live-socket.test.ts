import { describe, expect, it, vi } from 'vitest';
import { EmitTimeoutError, emitWithTimeout, reconnectAfterServerClose } from './live-socket';

/** A socket that answers after `delayMs` (or never), the way socket.io's timeout().emit calls back. */
function fakeSocket(delayMs: number | null) {
  const answer = (ack: (...args: unknown[]) => void, withError: boolean) => {
    if (delayMs !== null) setTimeout(() => (withError ? ack(null, { ok: true }) : ack({ ok: true })), delayMs);
  };
  return {
    emit: (_event: string, _payload: unknown, ack: (...args: unknown[]) => void) => answer(ack, false),
    timeout: (ms: number) => ({
      emit: (_event: string, _payload: unknown, ack: (...args: unknown[]) => void) => {
        const timer = setTimeout(() => ack(new Error('operation has timed out')), ms);
        answer((...args) => {
          clearTimeout(timer);
          ack(...args);
        }, true);
      },
    }),
  } as never;
}

describe('socket emits with a timeout (C35, N15)', () => {
  it('resolves with the answer when it comes in time, with or without a timeout', async () => {
    await expect(emitWithTimeout(fakeSocket(5), 'diagram:join', {}, 200)).resolves.toEqual({ ok: true });
    await expect(emitWithTimeout(fakeSocket(5), 'diagram:join', {})).resolves.toEqual({ ok: true });
  });

  it('rejects with an emitTimeout error naming the event and its timestamp', async () => {
    const before = Date.now();
    const error = await emitWithTimeout(fakeSocket(null), 'diagram:join', { fuid: 'x' }, 20).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmitTimeoutError);
    expect((error as EmitTimeoutError).name).toBe('emitTimeout');
    expect((error as EmitTimeoutError).event).toBe('diagram:join');
    expect((error as EmitTimeoutError).timestamp).toBeGreaterThanOrEqual(before);
    expect((error as EmitTimeoutError).message).toContain('diagram:join');
  });
});

/** A socket whose events the test fires: connected, active (socket.io retries itself) or neither. */
function eventSocket() {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const socket = {
    connected: false,
    active: false,
    connects: 0,
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    },
    fire(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
    connect() {
      socket.connects++;
    },
    disconnect() {
      socket.connected = false;
    },
  };
  return socket;
}

describe('connecting again when socket.io does not', () => {
  it('after the server closed the connection, and after it refused one, until this page closes the socket', () => {
    vi.useFakeTimers();
    try {
      const socket = eventSocket();
      reconnectAfterServerClose(socket as never);
      socket.fire('disconnect', 'io server disconnect');
      vi.advanceTimersByTime(1_000);
      expect(socket.connects).toBe(1);
      // The restarted server refused it (its authentication failed while starting): tried again, later.
      socket.fire('connect_error', new Error('refused'));
      vi.advanceTimersByTime(1_999);
      expect(socket.connects).toBe(1);
      vi.advanceTimersByTime(1);
      expect(socket.connects).toBe(2);
      // A network error: socket.io retries by itself (the socket is active), so do we not.
      socket.active = true;
      socket.fire('connect_error', new Error('xhr poll error'));
      vi.advanceTimersByTime(10_000);
      expect(socket.connects).toBe(2);
      // Closed by the page: never again.
      socket.active = false;
      socket.fire('connect_error', new Error('refused'));
      socket.disconnect();
      vi.advanceTimersByTime(10_000);
      expect(socket.connects).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
