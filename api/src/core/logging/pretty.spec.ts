import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { formatLogLine } from './pretty.js';

function capture() {
  const lines: string[] = [];
  return { lines, out: { write: (text: string) => lines.push(text) } };
}

describe('readable logs', () => {
  it('writes time, level, message and the other fields on one line', () => {
    const { lines, out } = capture();
    createLogger('info', { role: 'worker' }, 'pretty', out).warn(
      { job: 'mail.send', attempt: 2, detail: 'two words' },
      'retrying',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d WARN {2}retrying role=worker job=mail.send attempt=2 detail="two words"\n$/,
    );
  });

  it('still redacts credentials', () => {
    const { lines, out } = capture();
    createLogger('info', {}, 'pretty', out).info({ smtp: { password: 'hunter2' } }, 'mail settings saved');
    expect(lines[0]).toContain('[redacted]');
    expect(lines[0]).not.toContain('hunter2');
  });

  it('keeps the level filter, and passes through what is not JSON', () => {
    const { lines, out } = capture();
    createLogger('warn', {}, 'pretty', out).info('not shown');
    expect(lines).toEqual([]);
    expect(formatLogLine('plain text')).toBe('plain text\n');
  });
});
