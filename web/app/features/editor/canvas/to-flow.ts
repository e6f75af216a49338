import { Position, type Node, type NodeHandle } from '@xyflow/react';
import type { DiagramNode, EditorDiagram, Selection } from '../model/types';

const BOX_TYPES = new Set(['text', 'group', 'chart']);

/**
 * An element's size and handles as the element view lays them out (editor.css): known up front, so
 * React Flow draws only the elements in view from the first frame instead of mounting every element
 * once to measure it, and fits the view to elements that were never drawn. Measured again on mount.
 */
const ELEMENT_SIZE = { width: 48, height: 48 };
const ELEMENT_HANDLES: NodeHandle[] = [
  { type: 'target', position: Position.Left, x: 0, y: 0, width: 48, height: 48 },
  { type: 'source', position: Position.Right, x: 49, y: 19, width: 10, height: 10 },
];

interface Cached {
  node: DiagramNode;
  selected: boolean;
  hidden: boolean;
  flow: Node;
}

/**
 * Turns document nodes into React Flow nodes, reusing the previous object of every node whose
 * document node and selection did not change (so memoised node views do not re-render).
 */
export class FlowNodeCache {
  private cache = new Map<string, Cached>();
  private last: Node[] = [];
  /** The document the last build hid (null: the last build showed its nodes). */
  private hiddenDoc: EditorDiagram | null = null;

  /** `hidden`: far out the overview layer draws the elements instead (see overview-layer.tsx). */
  build(doc: EditorDiagram, selection: Selection, hidden = false): Node[] {
    // Hidden, the nodes do not carry the selection (below): a new selection changes nothing.
    if (hidden && this.hiddenDoc === doc) return this.last;
    this.hiddenDoc = hidden ? doc : null;
    const selected = new Set(selection.nodes);
    const next = new Map<string, Cached>();
    const out: Node[] = [];
    // Groups first so they sit beneath the elements they frame.
    const ordered = [...doc.nodes.filter((n) => n.type === 'group'), ...doc.nodes.filter((n) => n.type !== 'group')];
    for (const node of ordered) {
      const isSelected = selected.has(node.id);
      const prev = this.cache.get(node.id);
      let flow: Node;
      // Hidden nodes keep their object whatever the selection: far out React Flow draws none of them,
      // and a new selection among 5,000 would otherwise hand it all 5,000 again. The selection is
      // passed on when they show again (the hidden flag changes every node).
      if (prev && prev.node === node && prev.hidden === hidden && (hidden || prev.selected === isSelected))
        flow = prev.flow;
      else {
        const box = BOX_TYPES.has(node.type);
        flow = {
          id: node.id,
          type: box ? node.type : 'element',
          position: { x: node.x, y: node.y },
          data: { node },
          selected: isSelected,
          hidden,
          zIndex: node.type === 'group' ? -1 : undefined,
          ...(node.type === 'group' || node.type === 'chart' ? { width: node.width, height: node.height } : {}),
          ...(box ? {} : { measured: ELEMENT_SIZE, handles: ELEMENT_HANDLES }),
        };
        // Keep React Flow's measurements across rebuilds.
        if (
          prev?.flow.measured &&
          prev.node.type === node.type &&
          prev.node.width === node.width &&
          prev.node.height === node.height
        ) {
          flow.measured = prev.flow.measured;
        }
      }
      next.set(node.id, { node, selected: flow.selected ?? false, hidden, flow });
      out.push(flow);
    }
    this.cache = next;
    // Nothing changed: the same array, so React Flow has nothing to take in.
    if (out.length === this.last.length && out.every((n, i) => n === this.last[i])) return this.last;
    this.last = out;
    return out;
  }
}
