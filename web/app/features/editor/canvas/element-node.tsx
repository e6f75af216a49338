import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useEditor } from '../editor-context';
import { NODE_LABELS } from '../model/defaults';
import type { DiagramNode } from '../model/types';
import { useValue } from '../model/value-store';
import { countRender } from './render-count';
import { NodeSymbol } from './symbols';
import { formatNumber, useNumberFormat } from '../library/number-format';

export type ElementNodeData = { node: DiagramNode };
export type ElementFlowNode = Node<ElementNodeData, 'element'>;

/** Pools, sources, drains, converters, traders, gates, registers, delays and end conditions. */
function ElementNodeView({ id, data, selected }: NodeProps<ElementFlowNode>) {
  countRender('element');
  const { node } = data;
  // Values follow the number format of Global Settings (plain by default).
  const numberFormat = useNumberFormat();
  const formatValue = (v: number) => formatNumber(v, numberFormat);
  const { run, problems, interact } = useEditor();
  const value = useValue(run, (r) => r.frame?.values[id]);
  const mode = useValue(run, (r) => r.mode);
  const problemList = useValue(problems, (m) => m.get(id));
  const shown =
    value ??
    (node.type === 'pool'
      ? (node.start ?? 0)
      : node.type === 'register'
        ? node.interactive
          ? (node.initial ?? 0)
          : undefined
        : undefined);
  const disabled = problemList?.find((p) => p.disables || p.severity === 'error');
  const interactiveRun = mode === 'interactive';
  const clickable = interactiveRun && node.activation === 'interactive';
  const label = `${NODE_LABELS[node.type]} ${node.name || node.id}${shown !== undefined ? `, value ${formatValue(shown)}` : ''}${disabled ? `, disabled: ${disabled.message}` : ''}`;
  return (
    <div
      className={`element-node element-node--${node.type}${selected ? ' is-selected' : ''}${disabled ? ' is-disabled' : ''}`}
      aria-label={label}
      data-testid={`node-${node.name || node.id}`}
      title={disabled ? disabled.message : undefined}
    >
      <NodeSymbol node={node} />
      {shown !== undefined && node.type !== 'register' ? (
        <span className="element-node__count" data-testid="node-value">
          {formatValue(shown)}
        </span>
      ) : null}
      {node.type === 'register' ? (
        <span className="element-node__count element-node__count--register" data-testid="node-value">
          {shown !== undefined ? formatValue(shown) : node.formula || 'x'}
        </span>
      ) : null}
      <span className="element-node__name">{node.name}</span>
      {disabled ? (
        <span className="element-node__badge" role="img" aria-label={`Disabled: ${disabled.message}`}>
          !
        </span>
      ) : null}
      {clickable ? (
        <button
          type="button"
          className="element-node__fire nodrag"
          onClick={() => interact({ click: id })}
          aria-label={`Fire ${node.name}`}
        >
          Fire
        </button>
      ) : null}
      {interactiveRun && node.type === 'register' && node.interactive ? (
        <span className="element-node__nudge nodrag">
          <button
            type="button"
            onClick={() => interact({ nudge: id, direction: -1 })}
            aria-label={`Lower ${node.name}`}
          >
            −
          </button>
          <button type="button" onClick={() => interact({ nudge: id, direction: 1 })} aria-label={`Raise ${node.name}`}>
            +
          </button>
        </span>
      ) : null}
      <Handle type="target" position={Position.Left} className="element-node__target" isConnectableStart={false} />
      <Handle
        type="source"
        position={Position.Right}
        className="element-node__source"
        aria-label={`Connect from ${node.name}`}
      />
    </div>
  );
}

export const ElementNode = memo(ElementNodeView);
