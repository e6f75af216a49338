import type { Page } from 'playwright-core';

/**
 * What the page's Socket.IO connections receive from the server, recorded from when this is made
 * (make it before the page loads). Tests wait for the server's answer (connected, a room joined, an
 * event pushed) instead of sleeping a guessed while.
 */
export class LiveFrames {
  private readonly received: string[] = [];

  constructor(page: Page) {
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => this.received.push(String(payload))));
  }

  /** Connections the server accepted (Socket.IO's CONNECT answer, "40{…}"). */
  connections(): number {
    return this.received.filter((frame) => frame.startsWith('40')).length;
  }

  /** Diagram rooms the server let this page join (the join's acknowledgement carries the access). */
  roomsJoined(): number {
    return this.received.filter((frame) => /^43\d*\[\{"ok":true,"access"/.test(frame)).length;
  }

  /** Payloads of the events with this name pushed to the page ("42[name, payload]"). */
  events(name: string): unknown[] {
    return this.received
      .filter((frame) => frame.startsWith(`42["${name}"`))
      .map((frame) => (JSON.parse(frame.slice(2)) as unknown[])[1]);
  }
}
