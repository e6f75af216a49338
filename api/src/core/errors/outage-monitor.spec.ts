import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { OutageMonitor } from './outage-monitor.js';

describe('outage log', () => {
  it('logs each kind of outage once a minute with how many requests it refused, not once per request', () => {
    let now = 0;
    const lines: { outage: string; refusedRequests: number }[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const monitor = new OutageMonitor(() => now);
    for (let i = 0; i < 1_140; i++) {
      now = i * 50; // 1,140 refused saves over 57 s
      monitor.record('storage-full', logger, 'disk full');
    }
    expect(lines.map((l) => [l.outage, l.refusedRequests])).toEqual([['storage-full', 1]]);
    now = 60_000;
    monitor.record('storage-full', logger, 'disk full');
    monitor.record('database', logger, 'gone');
    expect(lines.map((l) => [l.outage, l.refusedRequests])).toEqual([
      ['storage-full', 1],
      ['storage-full', 1140],
      ['database', 1],
    ]);
    expect(monitor.seen('storage-full')).toBe(true);
    now = 121_000;
    expect(monitor.seen('storage-full')).toBe(false);
  });
});
