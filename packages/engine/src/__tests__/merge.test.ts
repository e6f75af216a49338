import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffDiagrams, isEmptyDiff } from '../diff/diff.js';
import { mergeDiagrams, WHOLE_ELEMENT } from '../diff/merge.js';
import { parseDiagram, type Diagram } from '../schema.js';

if (process.env.CI) fc.configureGlobal({ seed: 20_261_126 });

const FIELDS = ['name', 'start', 'x', 'color'] as const;
type Field = (typeof FIELDS)[number];

/** A base document: pools p0…pn-1 in a chain, one variable, default settings. */
const bases = fc.integer({ min: 1, max: 8 }).map((n): Diagram =>
  parseDiagram({
    nodes: Array.from({ length: n }, (_, i) => ({ id: `p${i}`, type: 'pool', name: `P${i}`, x: i * 10, start: i })),
    connections: Array.from({ length: n - 1 }, (_, i) => ({
      id: `c${i}`,
      kind: 'resource',
      from: `p${i}`,
      to: `p${i + 1}`,
      formula: '1',
    })),
    variables: [{ name: 'v', formula: '1' }],
  }),
);

type Edit =
  | { op: 'set'; node: number; field: Field; value: string | number }
  | { op: 'add'; tag: number }
  | { op: 'remove'; node: number }
  | { op: 'formula'; value: string }
  | { op: 'steps'; value: number };

const edits = fc.array(
  fc.oneof(
    fc.record({
      op: fc.constant('set' as const),
      node: fc.nat(7),
      field: fc.constantFrom(...FIELDS),
      value: fc.oneof(fc.integer({ min: 0, max: 99 }), fc.string({ maxLength: 4 })),
    }),
    fc.record({ op: fc.constant('add' as const), tag: fc.nat(50) }),
    fc.record({ op: fc.constant('remove' as const), node: fc.nat(7) }),
    fc.record({ op: fc.constant('formula' as const), value: fc.constantFrom('2', 'D6', 'v + 1', '3 * v') }),
    fc.record({ op: fc.constant('steps' as const), value: fc.integer({ min: 1, max: 500 }) }),
  ),
  { maxLength: 6 },
);

/**
 * Applies edits; `side` keeps the ids of added elements apart and `owns` limits which nodes and fields
 * it touches (`owns(i, 'remove')`: may remove node i and its connections).
 */
function apply(base: Diagram, list: Edit[], side: 'a' | 'b', owns: (node: number, field: string) => boolean): Diagram {
  const d = structuredClone(base);
  for (const e of list) {
    if (e.op === 'set') {
      // Nodes are named by their place in the base, so removals do not shift what a side owns.
      const i = e.node % base.nodes.length;
      const target = d.nodes.find((n) => n.id === base.nodes[i].id);
      if (!target || !owns(i, e.field)) continue;
      const value = e.field === 'start' || e.field === 'x' ? Number(String(e.value).length) : String(e.value);
      (target as Record<string, unknown>)[e.field] = value;
    } else if (e.op === 'add') {
      const id = `${side}${e.tag}`;
      if (d.nodes.some((n) => n.id === id)) continue;
      d.nodes.push(parseDiagram({ nodes: [{ id, type: 'pool', name: id }] }).nodes[0]);
      d.connections.push({ id: `${id}-in`, kind: 'resource', from: d.nodes[0].id, to: id, formula: '1' });
    } else if (e.op === 'remove') {
      const id = base.nodes[e.node % base.nodes.length].id;
      if (
        !owns(
          base.nodes.findIndex((n) => n.id === id),
          'remove',
        )
      )
        continue;
      d.nodes = d.nodes.filter((n) => n.id !== id);
      d.connections = d.connections.filter((c) => c.from !== id && c.to !== id);
    } else if (e.op === 'formula' && owns(-1, 'formula')) d.variables[0].formula = e.value;
    else if (e.op === 'steps' && owns(-1, 'steps')) d.settings.stepsLimit = e.value;
  }
  return d;
}

describe('mergeDiagrams (three-way)', () => {
  it('merge(base, x, base) = x and merge(base, base, y) = y', () => {
    fc.assert(
      fc.property(bases, edits, (base, list) => {
        const x = apply(base, list, 'a', () => true);
        const left = mergeDiagrams(base, x, base);
        expect(left.conflicts).toEqual([]);
        expect(isEmptyDiff(diffDiagrams(x, left.document))).toBe(true);
        const right = mergeDiagrams(base, base, x);
        expect(right.conflicts).toEqual([]);
        expect(isEmptyDiff(diffDiagrams(x, right.document))).toBe(true);
      }),
    );
  });

  it('never loses edits that do not overlap', () => {
    fc.assert(
      fc.property(bases, edits, edits, fc.nat(), (base, mine, yours, split) => {
        // Side a owns the nodes and fields on one side of a random line, side b the rest; every third
        // node (never the first, where additions connect) belongs whole to one side, which may remove it.
        const whole = (node: number) => node > 0 && node % 3 === 0;
        const ownsA = (node: number, field: string) =>
          node < 0
            ? (field === 'formula') === (split % 2 === 0)
            : whole(node)
              ? split % 2 === 0
              : field !== 'remove' && (node + FIELDS.indexOf(field as Field) + split) % 2 === 0;
        const ownsB = (node: number, field: string) =>
          node >= 0 && whole(node) ? split % 2 === 1 : field !== 'remove' && !ownsA(node, field);
        const a = apply(base, mine, 'a', ownsA);
        const b = apply(base, yours, 'b', ownsB);
        const { document, conflicts, dropped } = mergeDiagrams(base, a, b);
        expect(conflicts).toEqual([]);
        expect(dropped).toEqual([]);
        // Every change of each side, against the base, is in the merge.
        for (const side of [a, b]) {
          const wanted = diffDiagrams(base, side);
          const kept = diffDiagrams(side, document);
          const touched = new Set(kept.changed.map((c) => `${c.kind}:${c.id}:${c.field}`));
          for (const c of wanted.changed) expect(touched.has(`${c.kind}:${c.id}:${c.field}`)).toBe(false);
          for (const e of wanted.added) expect(kept.removed).not.toContainEqual(e);
          for (const e of wanted.removed) expect(kept.added.map((x) => x.id)).not.toContain(e.id);
          for (const m of wanted.moved) expect(kept.moved).not.toContainEqual(m);
        }
      }),
    );
  });

  it('reports both sides of a field changed on both, and applies the chosen side', () => {
    const base = parseDiagram({ nodes: [{ id: 'g', type: 'pool', name: 'Gold', start: 1 }] });
    const ours = structuredClone(base);
    ours.nodes[0].start = 2;
    ours.nodes[0].name = 'Coins';
    const theirs = structuredClone(base);
    theirs.nodes[0].start = 3;
    theirs.nodes[0].color = '#f00';
    const first = mergeDiagrams(base, ours, theirs);
    expect(first.conflicts).toEqual([
      { key: 'node:g:start', kind: 'node', id: 'g', name: 'Coins', field: 'start', base: 1, ours: 2, theirs: 3 },
    ]);
    expect(first.document.nodes[0]).toMatchObject({ name: 'Coins', start: 2, color: '#f00' });
    const chosen = mergeDiagrams(base, ours, theirs, { 'node:g:start': 'theirs' });
    expect(chosen.document.nodes[0]).toMatchObject({ name: 'Coins', start: 3, color: '#f00' });
  });

  it('treats removed on one side and changed on the other as a conflict about the whole element', () => {
    const base = parseDiagram({
      nodes: [
        { id: 'g', type: 'pool', name: 'Gold' },
        { id: 'h', type: 'pool' },
      ],
    });
    const ours = structuredClone(base);
    ours.nodes = ours.nodes.filter((n) => n.id !== 'g');
    const theirs = structuredClone(base);
    theirs.nodes[0].name = 'Coins';
    const kept = mergeDiagrams(base, ours, theirs);
    expect(kept.conflicts).toMatchObject([{ kind: 'node', id: 'g', field: WHOLE_ELEMENT, ours: null }]);
    expect(kept.document.nodes.map((n) => n.id)).toEqual(['h']);
    const back = mergeDiagrams(base, ours, theirs, { [kept.conflicts[0].key]: 'theirs' });
    expect(back.document.nodes.map((n) => n.name)).toEqual(['', 'Coins']);
  });

  it('drops a connection whose node the other side removed, and says so', () => {
    const base = parseDiagram({
      nodes: [
        { id: 'a', type: 'source' },
        { id: 'b', type: 'pool' },
      ],
    });
    const ours = structuredClone(base);
    ours.nodes.pop();
    const theirs = structuredClone(base);
    theirs.connections.push({ id: 'ab', kind: 'resource', from: 'a', to: 'b', formula: '1' });
    const r = mergeDiagrams(base, ours, theirs);
    expect(r.dropped).toEqual(['ab']);
    expect(r.document.connections).toEqual([]);
  });
});
