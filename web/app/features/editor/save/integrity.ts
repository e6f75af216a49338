/**
 * Why a stored document (the server's, or this browser's draft) cannot be opened, or null when it
 * can: the shape the editor relies on, element ids unique, connections between existing elements.
 * Engine-level problems (a bad formula) are not corruption: the editor shows those on the element.
 */
export function documentProblem(input: unknown): string | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'the document is not a diagram';
  const doc = input as { nodes?: unknown; connections?: unknown; variables?: unknown; settings?: unknown };
  if (doc.nodes !== undefined && !Array.isArray(doc.nodes)) return 'its elements are unreadable';
  if (doc.connections !== undefined && !Array.isArray(doc.connections)) return 'its connections are unreadable';
  if (doc.variables !== undefined && !Array.isArray(doc.variables)) return 'its variables are unreadable';
  if (doc.settings !== undefined && (typeof doc.settings !== 'object' || doc.settings === null))
    return 'its settings are unreadable';
  const ids = new Set<string>();
  for (const node of (doc.nodes as unknown[] | undefined) ?? []) {
    const n = node as { id?: unknown; type?: unknown } | null;
    if (!n || typeof n !== 'object' || typeof n.id !== 'string' || typeof n.type !== 'string')
      return 'an element has no id or type';
    if (ids.has(n.id)) return `two elements share the id ${n.id}`;
    ids.add(n.id);
  }
  for (const connection of (doc.connections as unknown[] | undefined) ?? []) {
    const c = connection as { id?: unknown; from?: unknown; to?: unknown } | null;
    if (
      !c ||
      typeof c !== 'object' ||
      typeof c.id !== 'string' ||
      typeof c.from !== 'string' ||
      typeof c.to !== 'string'
    )
      return 'a connection has no id or ends';
    if (ids.has(c.id)) return `two elements share the id ${c.id}`;
    ids.add(c.id);
  }
  return null;
}
