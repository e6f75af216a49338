import { describe, expect, it } from 'vitest';
import { DelayLine } from '../delay-line.js';

const entries = (line: DelayLine) =>
  Array.from({ length: line.size }, (_, j) => [
    line.due[line.head + j],
    line.count[line.head + j],
    line.colour[line.head + j],
  ]);

describe('DelayLine', () => {
  it('keeps its entries in order while it grows past its first room', () => {
    const line = new DelayLine();
    for (let j = 0; j < 20; j++) line.push(j, j + 1, j % 3);
    expect(line.size).toBe(20);
    expect(entries(line)).toEqual(Array.from({ length: 20 }, (_, j) => [j, j + 1, j % 3]));
  });

  it('moves its entries to the front instead of growing when the head has advanced far enough', () => {
    const line = new DelayLine();
    for (let j = 0; j < 8; j++) line.push(j, 1, 0);
    for (let j = 0; j < 5; j++) line.shift();
    const room = line.due.length;
    line.push(8, 1, 0);
    expect(line.due.length).toBe(room);
    expect(line.head).toBe(0);
    expect(entries(line)).toEqual([5, 6, 7, 8].map((d) => [d, 1, 0]));
  });

  it('is empty after its last entry leaves, and after clear', () => {
    const line = new DelayLine();
    line.push(1, 2, 0);
    line.shift();
    expect([line.size, line.head, line.end]).toEqual([0, 0, 0]);
    line.push(3, 1, 1);
    line.clear();
    expect(line.size).toBe(0);
  });
});
