import { NodeResizer, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { MiniChart } from '../chart/mini-chart';
import { useEditor } from '../editor-context';
import type { DiagramNode } from '../model/types';
import { useValue } from '../model/value-store';
import { elementSize } from './geometry';

export type BoxNodeData = { node: DiagramNode };
export type BoxFlowNode = Node<BoxNodeData, 'text' | 'group' | 'chart'>;

function useResize(id: string) {
  const { store } = useEditor();
  return (_: unknown, p: { x: number; y: number; width: number; height: number }) =>
    store.edit((d) => ({
      ...d,
      nodes: d.nodes.map((n) =>
        n.id === id
          ? { ...n, x: Math.round(p.x), y: Math.round(p.y), width: Math.round(p.width), height: Math.round(p.height) }
          : n,
      ),
    }));
}

function TextNodeView({ data, selected }: NodeProps<BoxFlowNode>) {
  return (
    <div
      className={`text-node${selected ? ' is-selected' : ''}`}
      data-testid={`node-${data.node.name || data.node.id}`}
      style={{ color: data.node.color }}
    >
      {data.node.text || data.node.name}
    </div>
  );
}

function GroupNodeView({ id, data, selected }: NodeProps<BoxFlowNode>) {
  const onResizeEnd = useResize(id);
  return (
    <div
      className={`group-node${selected ? ' is-selected' : ''}`}
      style={{ ...elementSize(data.node), borderColor: data.node.color }}
    >
      <NodeResizer isVisible={selected} minWidth={80} minHeight={60} onResizeEnd={onResizeEnd} />
      <span className="group-node__label">{data.node.name}</span>
    </div>
  );
}

/** A chart element on the canvas: the last run drawn small (a batch's means); the chart panel has the details. */
function ChartNodeView({ id, data, selected }: NodeProps<BoxFlowNode>) {
  const onResizeEnd = useResize(id);
  const { runUi } = useEditor();
  const chart = useValue(runUi, (r) => r.chart);
  const { width: w, height: h } = elementSize(data.node);
  return (
    <div
      className={`chart-node${selected ? ' is-selected' : ''}`}
      style={{ width: w, height: h }}
      data-testid={`node-${data.node.name || data.node.id}`}
    >
      <NodeResizer isVisible={selected} minWidth={120} minHeight={80} onResizeEnd={onResizeEnd} />
      <span className="chart-node__label">{data.node.name || 'Chart'}</span>
      {chart && chart.steps > 0 ? (
        <MiniChart chart={chart} width={Math.max(40, w - 14)} height={Math.max(30, h - 62)} />
      ) : (
        <span className="chart-node__step">
          Run the diagram: its pools and registers are charted here and in the chart panel
        </span>
      )}
    </div>
  );
}

export const TextNode = memo(TextNodeView);
export const GroupNode = memo(GroupNodeView);
export const ChartNode = memo(ChartNodeView);
