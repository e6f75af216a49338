import { useEditor } from '../editor-context';
import { placeNode, PALETTE_MIME } from '../canvas/diagram-canvas';
import { NodeSymbol } from '../canvas/symbols';
import { NODE_LABELS } from '../model/defaults';
import type { NodeType } from '../model/types';
import { useValue } from '../model/value-store';

export const PALETTE: Array<{ type: NodeType; key: string }> = [
  { type: 'pool', key: 'P' },
  { type: 'source', key: 'S' },
  { type: 'drain', key: 'D' },
  { type: 'converter', key: 'C' },
  { type: 'trader', key: 'T' },
  { type: 'gate', key: 'G' },
  { type: 'register', key: 'R' },
  { type: 'delay', key: 'L' },
  { type: 'end', key: 'E' },
  { type: 'text', key: 'X' },
  { type: 'group', key: 'U' },
  { type: 'chart', key: 'H' },
];

/**
 * The elements to draw. Click an element, then click the canvas to place it; or drag it onto the
 * canvas; or press Enter on it (or its letter anywhere on the canvas) to add it at the centre.
 */
export function Palette({ centre }: { centre: () => { x: number; y: number } }) {
  const { store, tools } = useEditor();
  const tool = useValue(tools);
  return (
    <nav className="palette" aria-label="Elements">
      <ul>
        {PALETTE.map(({ type, key }) => (
          <li key={type}>
            <button
              type="button"
              className={`palette__item${tool.placing === type ? ' is-active' : ''}`}
              aria-pressed={tool.placing === type}
              title={`${NODE_LABELS[type]} (${key})`}
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData(PALETTE_MIME, type);
                e.dataTransfer.effectAllowed = 'copy';
              }}
              onClick={(e) => {
                // Keyboard activation (detail 0) adds at once; a mouse click arms the placing tool.
                if (e.detail === 0) placeNode(store, type, centre());
                else tools.set({ ...tools.get(), placing: tool.placing === type ? null : type });
              }}
            >
              <NodeSymbol node={{ type, activation: 'passive', mode: 'pull-any' }} size={26} />
              <span>{NODE_LABELS[type]}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="palette__connections" role="radiogroup" aria-label="Connection drawn by dragging">
        {(['resource', 'state'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            role="radio"
            aria-checked={tool.connection === kind}
            className={`palette__conn palette__conn--${kind}${tool.connection === kind ? ' is-active' : ''}`}
            title={`${kind === 'resource' ? 'Resource' : 'State'} connection (${kind === 'resource' ? 'Q' : 'W'})`}
            onClick={() => tools.set({ ...tools.get(), connection: kind })}
          >
            <svg width="26" height="12" aria-hidden="true">
              <line
                x1="1"
                y1="6"
                x2="25"
                y2="6"
                stroke="currentColor"
                strokeWidth="2"
                strokeDasharray={kind === 'state' ? '4 3' : undefined}
              />
            </svg>
            <span>{kind === 'resource' ? 'Resource' : 'State'}</span>
          </button>
        ))}
      </div>
    </nav>
  );
}
