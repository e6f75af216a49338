import type { DiagramNode } from '../model/types';

export const SYMBOL_SIZE = 48;

/** The familiar Machinations symbol of an element, drawn in a 48×48 box (also used by the palette). */
export function NodeSymbol({
  node,
  size = SYMBOL_SIZE,
}: {
  node: Pick<DiagramNode, 'type' | 'activation' | 'mode' | 'color' | 'queue' | 'interactive' | 'distribution'>;
  size?: number;
}) {
  const stroke = node.color || 'var(--editor-ink, #1d1b36)';
  const interactive = node.activation === 'interactive' || (node.type === 'register' && Boolean(node.interactive));
  const common = { fill: 'var(--editor-node-fill, #fff)', stroke, strokeWidth: 2 } as const;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" className="node-symbol">
      {shape(node.type, common, interactive, stroke, node)}
      {marker(node)}
    </svg>
  );
}

function shape(
  type: DiagramNode['type'],
  p: { fill: string; stroke: string; strokeWidth: number },
  doubled: boolean,
  stroke: string,
  node: Pick<DiagramNode, 'queue' | 'distribution'>,
) {
  const inner = (el: React.ReactNode) => (doubled ? el : null);
  switch (type) {
    case 'pool':
      return (
        <>
          <circle cx="24" cy="24" r="21" {...p} />
          {inner(<circle cx="24" cy="24" r="17" fill="none" stroke={stroke} strokeWidth="1.5" />)}
        </>
      );
    case 'source':
      return (
        <>
          <polygon points="24,3 45,42 3,42" {...p} strokeLinejoin="round" />
          {inner(<polygon points="24,11 38,37 10,37" fill="none" stroke={stroke} strokeWidth="1.5" />)}
        </>
      );
    case 'drain':
      return (
        <>
          <polygon points="3,6 45,6 24,45" {...p} strokeLinejoin="round" />
          {inner(<polygon points="10,11 38,11 24,37" fill="none" stroke={stroke} strokeWidth="1.5" />)}
        </>
      );
    case 'converter':
      return (
        <>
          <polygon points="6,4 44,24 6,44" {...p} strokeLinejoin="round" />
          <line x1="14" y1="8" x2="14" y2="40" stroke={stroke} strokeWidth="2" />
          {inner(<polygon points="18,14 36,24 18,34" fill="none" stroke={stroke} strokeWidth="1.5" />)}
        </>
      );
    case 'trader':
      return (
        <>
          <rect x="3" y="3" width="42" height="42" rx="6" {...p} />
          <polygon points="10,12 26,18 10,24" fill={stroke} />
          <polygon points="38,24 22,30 38,36" fill={stroke} />
        </>
      );
    case 'gate':
      return (
        <>
          <polygon points="24,2 46,24 24,46 2,24" {...p} strokeLinejoin="round" />
          {inner(<polygon points="24,9 39,24 24,39 9,24" fill="none" stroke={stroke} strokeWidth="1.5" />)}
          {node.distribution === 'random' ? (
            <text x="24" y="29" textAnchor="middle" fontSize="14" fill={stroke}>
              ⚄
            </text>
          ) : null}
        </>
      );
    case 'register':
      return (
        <>
          <rect x="3" y="8" width="42" height="32" rx="4" {...p} />
          {inner(<rect x="7" y="12" width="34" height="24" rx="3" fill="none" stroke={stroke} strokeWidth="1.5" />)}
        </>
      );
    case 'delay':
      return (
        <>
          <circle cx="24" cy="24" r="21" {...p} />
          {node.queue ? <circle cx="24" cy="24" r="16" fill="none" stroke={stroke} strokeWidth="1.5" /> : null}
          <line x1="24" y1="24" x2="24" y2="11" stroke={stroke} strokeWidth="2" strokeLinecap="round" />
          <line x1="24" y1="24" x2="33" y2="28" stroke={stroke} strokeWidth="2" strokeLinecap="round" />
        </>
      );
    case 'end':
      return (
        <>
          <rect x="4" y="4" width="40" height="40" {...p} />
          <rect x="14" y="14" width="20" height="20" fill={stroke} />
        </>
      );
    default:
      return <rect x="4" y="4" width="40" height="40" rx="4" {...p} strokeDasharray="4 3" />;
  }
}

/** Activation and mode markers: * automatic, s onstart, p push, & all. */
function marker(node: Pick<DiagramNode, 'type' | 'activation' | 'mode'>) {
  const marks: string[] = [];
  if (node.activation === 'automatic') marks.push('*');
  if (node.activation === 'onstart') marks.push('s');
  if (node.mode === 'push-any' || node.mode === 'push-all') marks.push('p');
  if (node.mode === 'pull-all' || node.mode === 'push-all') marks.push('&');
  if (!marks.length || node.type === 'text' || node.type === 'group' || node.type === 'chart') return null;
  return (
    <text x="46" y="10" textAnchor="end" fontSize="12" fontWeight="700" fill="var(--color-primary, #5a55f4)">
      {marks.join('')}
    </text>
  );
}
