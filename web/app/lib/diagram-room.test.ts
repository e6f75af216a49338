import { RealtimeEvents } from '@loopwright/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Every socket the page opened (io() calls), each recording what it emitted. */
const opened = vi.hoisted(() => [] as FakeSocket[]);

class FakeSocket {
  connected = false;
  active = true;
  emitted: { event: string; payload: unknown }[] = [];
  disconnected = false;
  private handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  io = { on: () => undefined, off: () => undefined };
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, (this.handlers.get(event) ?? new Set()).add(handler));
    return this;
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
    this.emitted.push({ event, payload });
    ack?.({ ok: true });
  }
  timeout() {
    return {
      emit: (event: string, payload: unknown, ack: (error: null, answer: unknown) => void) =>
        this.emit(event, payload, (answer) => ack(null, answer)),
    };
  }
  connect() {
    this.connected = true;
    for (const handler of this.handlers.get('connect') ?? []) handler();
  }
  disconnect() {
    this.connected = false;
    this.disconnected = true;
  }
  joins() {
    return this.emitted.filter((e) => e.event === RealtimeEvents.join).length;
  }
  leaves() {
    return this.emitted.filter((e) => e.event === RealtimeEvents.leave);
  }
}

vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new FakeSocket();
    opened.push(socket);
    return socket;
  },
}));

const { joinDiagramRoom, subscribeLive } = await import('./live-socket');

describe("a diagram's room on the tab's one Socket.IO connection", () => {
  afterEach(() => {
    opened.length = 0;
  });

  it('comments and the live notice join on one connection; the room is left when the last of them leaves', async () => {
    const answers: unknown[] = [];
    const leaveComments = joinDiagramRoom('fuid-1', (answer) => answers.push(answer));
    const stopComments = subscribeLive(RealtimeEvents.comments, () => undefined);
    const leaveNotice = joinDiagramRoom('fuid-1', (answer) => answers.push(answer));
    const stopNotifications = subscribeLive('notification:new', () => undefined);
    expect(opened).toHaveLength(1);
    const socket = opened[0];

    // Joined once connected, by each part.
    socket.connect();
    expect(socket.joins()).toBe(2);
    await vi.waitFor(() => expect(answers).toEqual([{ ok: true }, { ok: true }]));

    leaveComments();
    stopComments();
    expect(socket.leaves()).toEqual([]);
    leaveNotice();
    expect(socket.leaves()).toEqual([{ event: RealtimeEvents.leave, payload: { fuid: 'fuid-1' } }]);
    // The notifications still use the connection; it closes with the last subscription.
    expect(socket.disconnected).toBe(false);
    stopNotifications();
    expect(socket.disconnected).toBe(true);
  });

  it('joins at once when the connection is already up', () => {
    const stop = subscribeLive('notification:new', () => undefined);
    opened[0].connect();
    const leave = joinDiagramRoom('fuid-2', () => undefined);
    expect(opened[0].joins()).toBe(1);
    leave();
    stop();
    expect(opened).toHaveLength(1);
  });
});
