import type { DiagramNode, DiagramSettings, EditorConnection, EditorDiagram, NodeType } from './types';

export const DEFAULT_SETTINGS: DiagramSettings = {
  stepsLimit: 100,
  dice: 'D6',
  skill: 0,
  strategy: 0,
  multiplayer: 0,
  triggerTiming: 'nextStep',
  allocation: 'creationOrder',
};

export const NODE_LABELS: Record<NodeType, string> = {
  pool: 'Pool',
  source: 'Source',
  drain: 'Drain',
  converter: 'Converter',
  trader: 'Trader',
  gate: 'Gate',
  register: 'Register',
  delay: 'Delay',
  end: 'End condition',
  text: 'Text label',
  group: 'Group',
  chart: 'Chart',
};

/** A fresh node of a type, with the fields its properties panel shows. */
export function newNode(type: NodeType, id: string, name: string, x: number, y: number): DiagramNode {
  const base: DiagramNode = {
    id,
    type,
    name,
    x: Math.round(x),
    y: Math.round(y),
    activation: type === 'source' || type === 'drain' || type === 'converter' ? 'automatic' : 'passive',
    mode: 'pull-any',
    showInChart: type === 'pool' || type === 'register',
  };
  switch (type) {
    case 'pool':
      return { ...base, start: 0, capacity: -1, overflow: 'block' };
    case 'gate':
      return { ...base, distribution: 'deterministic' };
    case 'register':
      return { ...base, formula: '', interactive: false, initial: 0, step: 1, min: -1000000, max: 1000000 };
    case 'delay':
      return { ...base, queue: false };
    case 'text':
      return { ...base, text: 'Text', showInChart: false };
    case 'group':
      return { ...base, width: 320, height: 200, showInChart: false };
    case 'chart':
      return { ...base, width: 240, height: 140, showInChart: false };
    default:
      return base;
  }
}

export function newConnection(
  id: string,
  kind: EditorConnection['kind'],
  from: string,
  to: string,
  formula?: string,
): EditorConnection {
  return { id, kind, from, to, formula: formula ?? (kind === 'resource' ? '1' : '+1') };
}

export function emptyDiagram(): EditorDiagram {
  return { version: 1, settings: { ...DEFAULT_SETTINGS }, nodes: [], connections: [], variables: [] };
}

/** A stored node with the defaults the engine's schema would fill in. */
export function normalizeNode<N extends Partial<DiagramNode>>(n: N) {
  return {
    ...n,
    name: n.name ?? '',
    x: n.x ?? 0,
    y: n.y ?? 0,
    activation: n.activation ?? 'passive',
    mode: n.mode ?? 'pull-any',
    showInChart: n.showInChart ?? true,
  } as DiagramNode;
}

export function normalizeConnection<C extends Partial<EditorConnection>>(c: C) {
  return { ...c, formula: c.formula ?? '' } as EditorConnection;
}

export function normalizeSettings(settings: Partial<EditorDiagram['settings']> | undefined): EditorDiagram['settings'] {
  return { ...DEFAULT_SETTINGS, ...(settings ?? {}) };
}

/** Fills the defaults the engine's schema would (settings, node fields) into any stored document. */
export function normalizeDiagram(input: unknown): EditorDiagram {
  const d = (input && typeof input === 'object' ? input : {}) as Partial<EditorDiagram>;
  return {
    version: typeof d.version === 'number' ? d.version : 1,
    settings: normalizeSettings(d.settings),
    nodes: (d.nodes ?? []).map(normalizeNode),
    connections: (d.connections ?? []).map(normalizeConnection),
    variables: d.variables ?? [],
  };
}
