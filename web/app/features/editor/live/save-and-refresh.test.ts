import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVE_WAIT_MS, saveThenReload } from './save-and-refresh';

describe('Save and refresh (new release banner)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reloads after at most 30 s when the save never answers', async () => {
    const reload = vi.fn();
    let saves = 0;
    // A server that holds the request: the save's promise never settles.
    const done = saveThenReload(() => {
      saves++;
      return new Promise(() => undefined);
    }, reload);
    expect(saves).toBe(1);
    await vi.advanceTimersByTimeAsync(SAVE_WAIT_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    await done;
    expect(SAVE_WAIT_MS).toBe(30_000);
  });

  it('reloads as soon as the save answers, or fails, without waiting out the 30 s', async () => {
    const reload = vi.fn();
    await saveThenReload(() => Promise.resolve({ version: 2 }), reload);
    expect(reload).toHaveBeenCalledTimes(1);
    await saveThenReload(() => Promise.reject(new Error('offline')), reload);
    expect(reload).toHaveBeenCalledTimes(2);
    // No timer left behind to reload a second time later.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reloads at once when there is nothing to save', async () => {
    const reload = vi.fn();
    await saveThenReload(null, reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
