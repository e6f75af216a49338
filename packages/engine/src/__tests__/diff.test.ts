import { describe, expect, it } from 'vitest';
import { diffDiagrams, isEmptyDiff } from '../diff/diff.js';
import { formulaDiff } from '../diff/formula-tokens.js';
import { describeChange, formatDiffText } from '../diff/report.js';
import { parseDiagram, type Diagram } from '../schema.js';
import { diagram } from './helpers.js';

function base(): Diagram {
  return parseDiagram(
    diagram(
      [
        { id: 'src', type: 'source', name: 'Mine', x: 0, y: 0, activation: 'automatic' },
        { id: 'gold', type: 'pool', name: 'Gold', x: 100, y: 0, start: 5 },
        { id: 'tax', type: 'register', name: 'Tax', x: 100, y: 100, formula: 'gold * 2 + 1' },
      ],
      [
        { id: 'c1', from: 'src', to: 'gold', formula: 'D6' },
        { id: 'c2', kind: 'state', from: 'gold', to: 'tax', formula: '' },
      ],
      { stepsLimit: 50 },
      [{ name: 'rate', formula: '3' }],
    ),
  );
}

const clone = (d: Diagram): Diagram => structuredClone(d);

describe('diffDiagrams', () => {
  it('finds nothing between a document and itself', () => {
    expect(isEmptyDiff(diffDiagrams(base(), base()))).toBe(true);
  });

  it('reports a rename as a change of name, not as a removal plus an addition', () => {
    const b = clone(base());
    b.nodes[1].name = 'Coins';
    expect(diffDiagrams(base(), b)).toEqual({
      added: [],
      removed: [],
      changed: [{ kind: 'node', id: 'gold', field: 'name', before: 'Gold', after: 'Coins' }],
      moved: [],
    });
  });

  it('lists added and removed elements of every kind with their names', () => {
    const b = clone(base());
    b.nodes = b.nodes.filter((n) => n.id !== 'tax');
    b.connections = b.connections.filter((c) => c.id !== 'c2');
    b.nodes.push(parseDiagram({ nodes: [{ id: 'sink', type: 'drain', name: 'Sink' }] }).nodes[0]);
    b.connections.push({ id: 'c3', kind: 'resource', from: 'gold', to: 'sink', formula: '1' });
    b.variables = [{ name: 'bonus', formula: '2' }];
    const d = diffDiagrams(base(), b);
    expect(d.removed).toEqual([
      { kind: 'node', id: 'tax', name: 'Tax' },
      { kind: 'connection', id: 'c2', name: 'Gold → Tax' },
      { kind: 'variable', id: 'rate', name: 'rate' },
    ]);
    expect(d.added).toEqual([
      { kind: 'node', id: 'sink', name: 'Sink' },
      { kind: 'connection', id: 'c3', name: 'Gold → Sink' },
      { kind: 'variable', id: 'bonus', name: 'bonus' },
    ]);
    expect(d.changed).toEqual([]);
  });

  it('keeps an element that only moved out of changed', () => {
    const b = clone(base());
    b.nodes[0].x = 40;
    b.nodes[0].y = -20;
    b.connections[0].points = [{ x: 50, y: 10 }];
    const d = diffDiagrams(base(), b);
    expect(d.moved).toEqual([
      { kind: 'node', id: 'src' },
      { kind: 'connection', id: 'c1' },
    ]);
    expect(d.changed).toEqual([]);
  });

  it('lists an element that moved and changed in both', () => {
    const b = clone(base());
    b.nodes[1].x = 999;
    b.nodes[1].start = 7;
    const d = diffDiagrams(base(), b);
    expect(d.moved).toEqual([{ kind: 'node', id: 'gold' }]);
    expect(d.changed).toEqual([{ kind: 'node', id: 'gold', field: 'start', before: 5, after: 7 }]);
  });

  it('compares formulas token by token: spacing is no change, a changed token is', () => {
    const spaced = clone(base());
    spaced.nodes[2].formula = 'gold*2+1';
    spaced.connections[0].formula = ' D6 ';
    expect(isEmptyDiff(diffDiagrams(base(), spaced))).toBe(true);

    const edited = clone(base());
    edited.nodes[2].formula = 'gold * 3 + 1';
    const d = diffDiagrams(base(), edited);
    expect(d.changed).toEqual([
      { kind: 'node', id: 'tax', field: 'formula', before: 'gold * 2 + 1', after: 'gold * 3 + 1' },
    ]);
    expect(formulaDiff('gold * 2 + 1', 'gold * 3 + 1')).toEqual([
      { op: 'same', text: 'gold' },
      { op: 'same', text: '*' },
      { op: 'removed', text: '2' },
      { op: 'added', text: '3' },
      { op: 'same', text: '+' },
      { op: 'same', text: '1' },
    ]);
    expect(describeChange(d.changed[0])).toBe('gold * [2 → 3] + 1');
  });

  it('reports variable formulas, connection ends, types and settings', () => {
    const b = clone(base());
    b.variables[0].formula = '4';
    b.connections[0].to = 'tax';
    b.nodes[1].type = 'register';
    b.settings.stepsLimit = 80;
    b.settings.seed = 7;
    const d = diffDiagrams(base(), b);
    expect(d.changed).toEqual([
      { kind: 'node', id: 'gold', field: 'type', before: 'pool', after: 'register' },
      { kind: 'connection', id: 'c1', field: 'to', before: 'gold', after: 'tax' },
      { kind: 'variable', id: 'rate', field: 'formula', before: '3', after: '4' },
      { kind: 'settings', id: 'settings', field: 'stepsLimit', before: 50, after: 80 },
      { kind: 'settings', id: 'settings', field: 'seed', before: null, after: 7 },
    ]);
  });

  it('reports a field that appeared or disappeared with null on the empty side', () => {
    const b = clone(base());
    b.nodes[1].capacity = 10;
    delete b.nodes[1].start;
    expect(diffDiagrams(base(), b).changed).toEqual([
      { kind: 'node', id: 'gold', field: 'start', before: 5, after: null },
      { kind: 'node', id: 'gold', field: 'capacity', before: null, after: 10 },
    ]);
  });

  it('ignores the order of elements', () => {
    const b = clone(base());
    b.nodes.reverse();
    b.connections.reverse();
    expect(isEmptyDiff(diffDiagrams(base(), b))).toBe(true);
  });

  it('writes a readable report', () => {
    const b = clone(base());
    b.nodes[1].name = 'Coins';
    b.nodes[0].x = 10;
    b.nodes.pop();
    b.connections.pop();
    expect(formatDiffText(diffDiagrams(base(), b))).toBe(
      [
        '0 added, 2 removed, 1 changed, 1 moved',
        '',
        'Removed:',
        '  - node Tax (tax)',
        '  - connection Gold → Tax (c2)',
        '',
        'Changed:',
        '  ~ node gold name: "Gold" → "Coins"',
        '',
        'Moved (layout only):',
        '  ↔ node src',
        '',
      ].join('\n'),
    );
    expect(formatDiffText(diffDiagrams(base(), base()))).toBe('0 added, 0 removed, 0 changed, 0 moved\n');
  });
});
