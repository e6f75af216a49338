import { api, CLIENT_ID } from './api-client';

/**
 * An inline script in the page head (before any module loads): on an editor address it starts the
 * diagram's request at once, with the same headers the API client sends, and, when the request
 * carried a session cookie, the session check too. The editor route's client loader and the session
 * provider take those responses instead of asking again once hydration is done (hundreds of
 * milliseconds later on a slow machine).
 */
export function earlyRequestsScript(session: boolean): string {
  const get = (path: string) =>
    `fetch(${path},{headers:{'X-Client-Id':'${CLIENT_ID}',Accept:'application/json'},credentials:'same-origin'}).catch(()=>null)`;
  const user = session ? `window.__lwEarlyUser=${get(JSON.stringify(api.auth.userinfo.url()))};` : '';
  const [before, after] = api.diagram.get.url({ params: { fuid: 'FUID' } }).split('FUID');
  const diagramUrl = `${JSON.stringify(before)}+m[1]+${JSON.stringify(after)}`;
  return `(()=>{const m=/^(?:\\/en)?\\/diagrams\\/([A-Za-z0-9_-]{1,40})\\/?$/.exec(location.pathname);if(!m)return;${user}window.__lwEarlyDiagram={fuid:m[1],response:${get(diagramUrl)}}})()`;
}

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

/** The early session check, once (later checks ask again). */
export function takeEarlyUserinfo(): Promise<Response | null> | null {
  const w = window as unknown as { __lwEarlyUser?: Promise<Response | null> };
  const early = w.__lwEarlyUser ?? null;
  delete w.__lwEarlyUser;
  return early;
}
