import { diffDiagrams, parseDiagram } from '@loopwright/engine';
import { describe, expect, it } from 'vitest';
import { compareScene, markStyles } from './compare-scene';

const before = parseDiagram({
  nodes: [
    { id: 'a', type: 'source', name: 'A' },
    { id: 'b', type: 'pool', name: 'B', x: 100 },
    { id: 'gone', type: 'drain', name: 'Gone' },
  ],
  connections: [{ id: 'ab', kind: 'resource', from: 'a', to: 'b', formula: '1' }],
});
const after = parseDiagram({
  nodes: [
    { id: 'a', type: 'source', name: 'A', x: 50 },
    { id: 'b', type: 'pool', name: 'Bee', x: 100 },
    { id: 'new', type: 'pool', name: 'New' },
  ],
  connections: [{ id: 'ab', kind: 'resource', from: 'a', to: 'b', formula: '2' }],
});

describe('compareScene', () => {
  it('draws the newer version with the removed elements as ghosts, each element marked', () => {
    const scene = compareScene(before, after, diffDiagrams(before, after), false);
    expect(scene.doc.nodes.map((n) => n.id)).toEqual(['a', 'b', 'new', 'gone']);
    expect([...scene.nodes]).toEqual([
      ['b', 'changed'],
      ['new', 'added'],
      ['gone', 'removed'],
    ]);
    expect([...scene.connections]).toEqual([['ab', 'changed']]);
  });

  it('marks layout moves only when asked', () => {
    const scene = compareScene(before, after, diffDiagrams(before, after), true);
    expect(scene.nodes.get('a')).toBe('moved');
    const css = markStyles(scene);
    expect(css).toContain('.react-flow__node[data-id="a"] > * { outline: 3px dotted #2196F3');
    expect(css).toContain('.react-flow__node[data-id="gone"] > * { outline: 3px dashed #F36161');
    expect(css).toContain('g.connection[data-id="ab"] .connection__line { stroke: #FFC107 !important');
  });
});
