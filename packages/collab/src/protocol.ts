/** The live co-editing server's path on the app's HTTP port (WebSocket upgrade), next to /socket.io. */
export const COLLAB_PATH = '/collab';

/** The document name a client asks for: the diagram's fuid. */
export const liveDocumentName = (fuid: string) => fuid;

/**
 * WebSocket close codes and reasons the server ends a live connection with, after the diagram's
 * access changed while it was open (the texts are the spec's).
 */
export const CollabClose = {
  noAccess: { code: 4404, reason: 'Diagram not found' },
  deleted: { code: 4410, reason: 'This diagram was deleted or is no longer public' },
  readOnly: { code: 4403, reason: 'You can only view this diagram' },
} as const;

/** What each person publishes through awareness (presence): who, their colour, pointer, selection and view. */
export interface PresenceState {
  user: { id: string; name: string; color: string; avatarUrl?: string | null };
  /** Canvas coordinates of the pointer, or null when it left the canvas. */
  cursor?: { x: number; y: number } | null;
  selection?: { nodes: string[]; connections: string[] };
  /** The element being edited in the properties panel. */
  editing?: string | null;
  /** The visible part of the canvas (for "follow"). */
  view?: { x: number; y: number; zoom: number } | null;
}

const COLORS = [
  '#e6194b',
  '#3cb44b',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#008080',
  '#f032e6',
  '#9a6324',
  '#800000',
  '#000075',
];

/** One colour per person, the same on every screen. */
export function colorOf(userId: string): string {
  let hash = 0;
  for (let i = 0; i < userId.length; i++) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return COLORS[hash % COLORS.length];
}

/**
 * A stateless message the server sends to a live document's connections: an edit went over the
 * plan's limits and was taken back (the editor shows the upgrade prompt, as a refused save did).
 */
export interface PlanLimitMessage {
  type: 'plan-limit';
  /** Whose edit it was. */
  userId: string | null;
  code: string;
  message: string;
  details: unknown;
}

/**
 * A stateless message a tab sends once the server has all its edits: answer when they are stored
 * (the tab shows "All changes saved" only then).
 */
export interface StoredRequest {
  type: 'confirm-stored';
  id: number;
}

/** The server's answer: everything the live document held when the request came is stored in PostgreSQL. */
export interface StoredMessage {
  type: 'stored';
  id: number;
}

/** The stateless message as JSON of one of these types, or null. */
export function statelessMessage<T extends { type: string }>(payload: string, type: T['type']): T | null {
  try {
    const message = JSON.parse(payload) as T | null;
    return message?.type === type ? message : null;
  } catch {
    return null;
  }
}
