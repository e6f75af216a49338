import { describe, expect, it } from 'vitest';
import { EmitTimeoutError, emitWithTimeout } from './live-socket';

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
