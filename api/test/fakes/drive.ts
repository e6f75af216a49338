import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  appProperties: Record<string, string>;
  content: string;
  modifiedTime: string;
}

export interface FakeDrive {
  url: string;
  files: Map<string, FakeDriveFile>;
  /** Folders that exist (a move into another folder fails with 404, as Drive does). */
  folders: Set<string>;
  /** Every call answers 500 while set (Drive down). */
  failing: boolean;
  /** Requests seen, as "METHOD path" (without the query). */
  calls: string[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  return raw;
}

/**
 * The Drive REST API v3 calls Loopwright makes, on loopback: multipart upload, move (PATCH addParents),
 * list with an appProperties query, download (alt=media). Bearer tokens are checked with `authorize`
 * (the fake OAuth provider: token known and granted the drive.file scope).
 */
export async function startFakeDrive(authorize: (token: string) => boolean): Promise<FakeDrive> {
  const files = new Map<string, FakeDriveFile>();
  const folders = new Set<string>(['folder-games']);
  const calls: string[] = [];
  const state = { failing: false };
  const pick = (file: FakeDriveFile, fields: string | null) => {
    const all: Record<string, unknown> = {
      id: file.id,
      name: file.name,
      modifiedTime: file.modifiedTime,
      parents: file.parents,
      mimeType: file.mimeType,
    };
    if (!fields) return { id: file.id, name: file.name, mimeType: file.mimeType };
    return Object.fromEntries(fields.split(',').map((f) => [f, all[f]]));
  };

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    calls.push(`${request.method} ${url.pathname}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (state.failing) return send(500, { error: { code: 500, message: 'Backend Error' } });
    if (!authorize((request.headers.authorization ?? '').replace(/^Bearer /, '')))
      return send(401, { error: { code: 401, message: 'Invalid Credentials' } });

    if (
      request.method === 'POST' &&
      url.pathname === '/upload/drive/v3/files' &&
      url.searchParams.get('uploadType') === 'multipart'
    ) {
      const boundary = /boundary=([^;]+)/.exec(request.headers['content-type'] ?? '')?.[1];
      if (!boundary) return send(400, { error: { code: 400, message: 'no boundary' } });
      const parts = (await readBody(request))
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => part.replace(/^\r\n/, '').replace(/\r\n$/, ''));
      if (parts.length !== 2) return send(400, { error: { code: 400, message: 'multipart needs metadata and media' } });
      const [metaPart, mediaPart] = parts.map((part) => part.slice(part.indexOf('\r\n\r\n') + 4));
      const meta = JSON.parse(metaPart) as {
        name: string;
        mimeType: string;
        parents?: string[];
        appProperties?: Record<string, string>;
      };
      const file: FakeDriveFile = {
        id: randomBytes(8).toString('hex'),
        name: meta.name,
        mimeType: meta.mimeType,
        parents: meta.parents ?? ['root'],
        appProperties: meta.appProperties ?? {},
        content: mediaPart,
        modifiedTime: new Date(Date.now() + files.size).toISOString(),
      };
      files.set(file.id, file);
      return send(200, pick(file, url.searchParams.get('fields')));
    }
    const one = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const file = files.get(decodeURIComponent(one[1]));
      if (!file) return send(404, { error: { code: 404, message: 'File not found' } });
      if (request.method === 'PATCH') {
        const add = url.searchParams.get('addParents');
        if (add && !folders.has(add)) return send(404, { error: { code: 404, message: `File not found: ${add}` } });
        const remove = (url.searchParams.get('removeParents') ?? '').split(',').filter(Boolean);
        file.parents = [...file.parents.filter((p) => !remove.includes(p)), ...(add ? [add] : [])];
        return send(200, pick(file, url.searchParams.get('fields')));
      }
      if (request.method === 'GET' && url.searchParams.get('alt') === 'media') {
        response.writeHead(200, { 'content-type': file.mimeType });
        return response.end(file.content);
      }
      return send(200, pick(file, url.searchParams.get('fields')));
    }
    if (request.method === 'GET' && url.pathname === '/drive/v3/files') {
      const q = url.searchParams.get('q') ?? '';
      const property = /appProperties has \{ key='([^']+)' and value='([^']+)' \}/.exec(q);
      const list = [...files.values()]
        .filter((f) => !property || f.appProperties[property[1]] === property[2])
        .sort((a, b) => b.modifiedTime.localeCompare(a.modifiedTime));
      return send(200, { files: list.map((f) => ({ id: f.id, name: f.name, modifiedTime: f.modifiedTime })) });
    }
    send(404, { error: { code: 404, message: 'not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    files,
    folders,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
