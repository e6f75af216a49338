import type { PlanLimitDetails } from '@loopwright/contracts';
import { removeElements, updateSettings } from '../model/ops';
import type { EditorDiagram } from '../model/types';

/**
 * A save the plan refused takes back only the change over the limit, so every other edit still
 * saves: a steps limit above the plan's goes back to the saved value (or the plan's maximum), and
 * components added since the last save are removed. Null when the refusal is about something else.
 */
export function revertOverLimit(
  doc: EditorDiagram,
  saved: EditorDiagram | null,
  details: Partial<PlanLimitDetails>,
): EditorDiagram | null {
  const allowed = details.allowed;
  if (typeof allowed !== 'number') return null;
  if (details.limit === 'timeSteps') {
    const before = saved?.settings.stepsLimit;
    const stepsLimit = before !== undefined && before <= allowed ? before : allowed;
    return doc.settings.stepsLimit === stepsLimit ? null : updateSettings(doc, { stepsLimit });
  }
  if (details.limit === 'components' && saved) {
    const nodes = new Set(saved.nodes.map((n) => n.id));
    const connections = new Set(saved.connections.map((c) => c.id));
    const added = {
      nodes: doc.nodes.filter((n) => !nodes.has(n.id)).map((n) => n.id),
      connections: doc.connections.filter((c) => !connections.has(c.id)).map((c) => c.id),
    };
    if (!added.nodes.length && !added.connections.length) return null;
    return removeElements(doc, added);
  }
  return null;
}
