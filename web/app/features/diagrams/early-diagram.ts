import { CLIENT_ID } from '../../lib/api-client';

/**
 * An inline script in the page head (before any module loads): on an editor address it starts the
 * diagram's request at once, with the same headers the API client sends. The editor route's client
 * loader takes that response instead of asking again once hydration is done (hundreds of
 * milliseconds later on a slow machine).
 */
export const EARLY_DIAGRAM_SCRIPT = `(()=>{const m=/^(?:\\/en)?\\/diagrams\\/([A-Za-z0-9_-]{1,40})\\/?$/.exec(location.pathname);if(!m)return;window.__lwEarlyDiagram={fuid:m[1],response:fetch('/api/diagrams/'+m[1],{headers:{'X-Client-Id':'${CLIENT_ID}',Accept:'application/json'},credentials:'same-origin'}).catch(()=>null)}})()`;

interface Early {
  fuid: string;
  response: Promise<Response | null>;
}

/** The early request for this diagram, once (a second visit asks again). */
export function takeEarlyDiagram(fuid: string): Promise<Response | null> | null {
  const w = window as unknown as { __lwEarlyDiagram?: Early };
  const early = w.__lwEarlyDiagram;
  if (!early || early.fuid !== fuid) return null;
  delete w.__lwEarlyDiagram;
  return early.response;
}
