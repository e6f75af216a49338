import { NodeResizer, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useEditor } from '../editor-context';
import type { DiagramNode } from '../model/types';
import { useValue } from '../model/value-store';

export type BoxNodeData = { node: DiagramNode };
export type BoxFlowNode = Node<BoxNodeData, 'text' | 'group' | 'chart'>;

function useResize(id: string) {
  const { store } = useEditor();
  return (_: unknown, p: { x: number; y: number; width: number; height: number }) =>
    store.edit((d) => ({ ...d, nodes: d.nodes.map((n) => (n.id === id ? { ...n, x: Math.round(p.x), y: Math.round(p.y), width: Math.round(p.width), height: Math.round(p.height) } : n)) }));
}

function TextNodeView({ data, selected }: NodeProps<BoxFlowNode>) {
  return (
    <div className={`text-node${selected ? ' is-selected' : ''}`} data-testid={`node-${data.node.name || data.node.id}`} style={{ color: data.node.color }}>
      {data.node.text || data.node.name}
    </div>
  );
}

function GroupNodeView({ id, data, selected }: NodeProps<BoxFlowNode>) {
  const onResizeEnd = useResize(id);
  return (
    <div className={`group-node${selected ? ' is-selected' : ''}`} style={{ width: data.node.width ?? 320, height: data.node.height ?? 200, borderColor: data.node.color }}>
      <NodeResizer isVisible={selected} minWidth={80} minHeight={60} onResizeEnd={onResizeEnd} />
      <span className="group-node__label">{data.node.name}</span>
    </div>
  );
}

/** A chart element on the canvas: a frame that names the chart; the values are in the chart panel below. */
function ChartNodeView({ id, data, selected }: NodeProps<BoxFlowNode>) {
  const onResizeEnd = useResize(id);
  const { run } = useEditor();
  const t = useValue(run, (r) => r.frame?.t ?? 0);
  const w = data.node.width ?? 240, h = data.node.height ?? 140;
  return (
    <div className={`chart-node${selected ? ' is-selected' : ''}`} style={{ width: w, height: h }}>
      <NodeResizer isVisible={selected} minWidth={120} minHeight={80} onResizeEnd={onResizeEnd} />
      <span className="chart-node__label">{data.node.name || 'Chart'}</span>
      <span className="chart-node__step">{t ? `Step ${t} — values in the chart panel` : 'Run the diagram: its pools and registers are charted in the chart panel'}</span>
    </div>
  );
}

export const TextNode = memo(TextNodeView);
export const GroupNode = memo(GroupNodeView);
export const ChartNode = memo(ChartNodeView);
