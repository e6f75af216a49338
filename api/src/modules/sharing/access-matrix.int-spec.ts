import { ACCESS_COOKIE, RealtimeEvents } from '@loopwright/contracts';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, tinyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

type Op =
  | 'get'
  | 'save'
  | 'delete'
  | 'share'
  | 'export'
  | 'thumbnail'
  | 'socket'
  | 'plays'
  | 'storePlay'
  | 'versions'
  | 'privacy';
const OPS: Op[] = [
  'get',
  'save',
  'share',
  'export',
  'thumbnail',
  'socket',
  'plays',
  'storePlay',
  'versions',
  'privacy',
  'delete',
];

// Expected answer per actor and operation. Everything else than 2xx is a refusal; 404 where the
// diagram's existence is private, 403 when the caller may see it but not do this, 401 without login.
const ALLOWED = {
  get: 200,
  save: 200,
  delete: 200,
  share: 201,
  export: 200,
  thumbnail: 200,
  socket: 200,
  plays: 200,
  storePlay: 201,
  versions: 200,
  privacy: 200,
} as const;
const row = (values: Partial<Record<Op, number>>, fallback: number) =>
  Object.fromEntries(OPS.map((op) => [op, values[op] ?? fallback])) as Record<Op, number>;
const viewerRow = row({ get: 200, export: 200, thumbnail: 200, socket: 200, plays: 200 }, 403);
const editorRow = row(
  { get: 200, save: 200, export: 200, thumbnail: 200, socket: 200, plays: 200, storePlay: 201, versions: 200 },
  403,
);
const hidden = row({}, 404);
const anonymousHidden = row({ get: 404, export: 404, thumbnail: 404, socket: 404 }, 401);
const anonymousViewer = row({ get: 200, export: 200, thumbnail: 200, socket: 200 }, 401);

const EXPECTED: Record<string, Record<Op, number>> = {
  owner: row(ALLOWED, 0),
  editor: editorRow,
  viewer: viewerRow,
  'no access': hidden,
  'other user': hidden,
  anonymous: anonymousHidden,
  'link viewer': viewerRow,
  'link editor': editorRow,
  'anonymous with view link': anonymousViewer,
  'anonymous with edit link': anonymousViewer,
  'no access despite link': hidden,
  'community visitor': anonymousViewer,
  'community user': viewerRow,
};

describe('access matrix: who may do what with a diagram', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  async function run(op: Op, client: ApiClient, fuid: string, owner: ApiClient): Promise<number> {
    switch (op) {
      case 'get':
        return (await client.get(`/diagrams/${fuid}`)).status;
      case 'save': {
        const version = (await owner.get(`/diagrams/${fuid}`)).body.content.diagram.version;
        return (
          await client.put(`/diagrams/${fuid}/document`, { baseVersion: version, document: tinyDocument(version) })
        ).status;
      }
      case 'delete':
        return (await client.delete(`/diagrams/${fuid}`)).status;
      case 'share':
        return (
          await client.post(`/diagrams/${fuid}/shares`, {
            email: `invitee-${Math.random().toString(36).slice(2)}@example.test`,
            role: 'viewer',
          })
        ).status;
      case 'export': {
        const statuses = [
          (await client.get(`/diagrams/${fuid}/export/json`)).status,
          (await client.get(`/diagrams/${fuid}/export/svg`)).status,
          (await client.get(`/diagrams/${fuid}/export/png`)).status,
          (await client.get(`/diagrams/${fuid}/details`)).status,
        ];
        expect(new Set(statuses).size, `export answers differ: ${statuses.join(', ')}`).toBe(1);
        return statuses[0];
      }
      case 'thumbnail':
        // ApiClient prefixes /api; the thumbnail lives at the site root.
        return (await client.get(`/../share-thumbnail/${fuid}/small/png`)).status;
      case 'socket': {
        // Joining the diagram's live room: 200 when allowed, 404 when refused.
        const cookie = client.cookie(ACCESS_COOKIE);
        const socket = connect(app.url, {
          transports: ['websocket'],
          reconnection: false,
          ...(cookie ? { extraHeaders: { cookie: `${ACCESS_COOKIE}=${cookie}` } } : {}),
        });
        try {
          await new Promise<void>(
            (resolve, reject) => (socket.on('connect', () => resolve()), socket.on('connect_error', reject)),
          );
          const answer = await socket.emitWithAck(RealtimeEvents.join, { fuid });
          return answer.ok ? 200 : 404;
        } finally {
          socket.disconnect();
        }
      }
      case 'plays':
        return (await client.get(`/diagrams/${fuid}/plays`)).status;
      case 'storePlay':
        return (
          await client.post(`/diagrams/${fuid}/plays`, {
            kind: 'quick',
            diagramVersion: 1,
            seed: 1,
            steps: 3,
            endReasons: { limit: 1 },
            series: { pool: [2, 4, 6] },
          })
        ).status;
      case 'versions':
        return (await client.get(`/diagrams/${fuid}/versions`)).status;
      case 'privacy':
        return (await client.put(`/diagrams/${fuid}/privacy`, {})).status;
    }
  }

  it('answers every actor and operation as expected: 0 unexpected allows', async () => {
    const ownerUser = await createUser(app);
    const owner = await loginAs(app, ownerUser);
    const users = Object.fromEntries(
      await Promise.all(
        ['editor', 'viewer', 'none', 'other', 'linkUser'].map(async (k) => [k, await createUser(app)] as const),
      ),
    );
    const clients = Object.fromEntries(
      await Promise.all(Object.entries(users).map(async ([k, u]) => [k, await loginAs(app, u)] as const)),
    );
    const anonymous = new ApiClient(app.url);

    async function diagram(privacy: { linkAccess?: string; community?: boolean }, shares = true): Promise<string> {
      const d = await createDiagram(owner, { name: 'Matrix' });
      if (shares) {
        for (const [key, role] of [
          ['editor', 'editor'],
          ['viewer', 'viewer'],
          ['none', 'none'],
        ] as const) {
          expect(
            (await owner.post(`/diagrams/${d.fuid}/shares`, { email: users[key].email.toUpperCase(), role })).status,
          ).toBe(201);
        }
      }
      expect((await owner.put(`/diagrams/${d.fuid}/privacy`, privacy)).status).toBe(200);
      return d.fuid;
    }

    // Each actor gets a fresh diagram in the situation it stands for, so that deletes and saves never interfere.
    const cases: Record<string, { client: ApiClient; fuid: () => Promise<string> }> = {
      owner: { client: owner, fuid: () => diagram({}) },
      editor: { client: clients.editor, fuid: () => diagram({}) },
      viewer: { client: clients.viewer, fuid: () => diagram({}) },
      'no access': { client: clients.none, fuid: () => diagram({}) },
      'other user': { client: clients.other, fuid: () => diagram({}) },
      anonymous: { client: anonymous, fuid: () => diagram({}) },
      'link viewer': { client: clients.linkUser, fuid: () => diagram({ linkAccess: 'view' }) },
      'link editor': { client: clients.linkUser, fuid: () => diagram({ linkAccess: 'edit' }) },
      'anonymous with view link': { client: anonymous, fuid: () => diagram({ linkAccess: 'view' }) },
      'anonymous with edit link': { client: anonymous, fuid: () => diagram({ linkAccess: 'edit' }) },
      'no access despite link': { client: clients.none, fuid: () => diagram({ linkAccess: 'edit' }) },
      'community visitor': { client: anonymous, fuid: () => diagram({ community: true }, false) },
      'community user': { client: clients.other, fuid: () => diagram({ community: true }, false) },
    };

    const actual: Record<string, Record<Op, number>> = {};
    let unexpectedAllows = 0;
    let unexpectedRefusals = 0;
    for (const [actor, { client, fuid }] of Object.entries(cases)) {
      const id = await fuid();
      actual[actor] = {} as Record<Op, number>;
      for (const op of OPS) {
        const status = await run(op, client, id, owner);
        actual[actor][op] = status;
        const expected = EXPECTED[actor][op];
        if (status < 300 && expected >= 300) unexpectedAllows++;
        if (status >= 300 && expected < 300) unexpectedRefusals++;
      }
    }
    console.log(
      `access matrix: ${Object.keys(cases).length} actors × ${OPS.length} operations, ${unexpectedAllows} unexpected allows, ${unexpectedRefusals} unexpected refusals`,
    );
    console.table(actual);
    expect(unexpectedAllows).toBe(0);
    expect(actual).toEqual(EXPECTED);
  });

  it('Viewer/Editor/No access can be changed and removed; access follows at once', async () => {
    const owner = await loginAs(app, await createUser(app));
    const friendUser = await createUser(app);
    const friend = await loginAs(app, friendUser);
    const d = await createDiagram(owner, { name: 'Shared' });
    const share = (await owner.post(`/diagrams/${d.fuid}/shares`, { email: friendUser.email, role: 'viewer' })).body
      .content.share;
    expect(share).toMatchObject({ email: friendUser.email, role: 'viewer', user: { id: friendUser.id } });
    expect((await friend.get('/diagrams?scope=shared')).body.content.items).toEqual([
      expect.objectContaining({ fuid: d.fuid, access: 'viewer' }),
    ]);
    expect(
      (await friend.put(`/diagrams/${d.fuid}/document`, { baseVersion: 1, document: tinyDocument() })).status,
    ).toBe(403);

    await owner.patch(`/diagrams/${d.fuid}/shares/${share.id}`, { role: 'editor' });
    expect(
      (await friend.put(`/diagrams/${d.fuid}/document`, { baseVersion: 1, document: tinyDocument() })).status,
    ).toBe(200);
    await owner.patch(`/diagrams/${d.fuid}/shares/${share.id}`, { role: 'none' });
    expect((await friend.get(`/diagrams/${d.fuid}`)).status).toBe(404);
    expect((await friend.get('/diagrams?scope=shared')).body.content.total).toBe(0);
    await owner.patch(`/diagrams/${d.fuid}/shares/${share.id}`, { role: 'viewer' });
    expect((await friend.get(`/diagrams/${d.fuid}`)).status).toBe(200);
    expect((await owner.delete(`/diagrams/${d.fuid}/shares/${share.id}`)).status).toBe(200);
    expect((await friend.get(`/diagrams/${d.fuid}`)).status).toBe(404);
    expect((await owner.get(`/diagrams/${d.fuid}/shares`)).body.content.shares).toEqual([]);
  });

  it('authenticates a socket by a user API key, and refuses cross-site handshakes', async () => {
    const user = await createUser(app);
    const session = await loginAs(app, user);
    const key = (await session.post('/users/me/api-key')).body.content.key as string;
    const mine = await createDiagram(session, { name: 'Mine' });
    const others = await createDiagram(await loginAs(app, await createUser(app)), { name: 'Theirs' });
    const socket = connect(app.url, { transports: ['websocket'], reconnection: false, auth: { token: key } });
    try {
      await new Promise<void>(
        (resolve, reject) => (socket.on('connect', () => resolve()), socket.on('connect_error', reject)),
      );
      expect(await socket.emitWithAck(RealtimeEvents.join, { fuid: mine.fuid })).toMatchObject({
        ok: true,
        access: 'owner',
      });
      expect(await socket.emitWithAck(RealtimeEvents.join, { fuid: others.fuid })).toEqual({
        ok: false,
        code: 'DIAGRAM_NOT_FOUND',
      });
    } finally {
      socket.disconnect();
    }
    const foreign = connect(app.url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { origin: 'https://evil.example' },
    });
    const refused = await new Promise(
      (resolve) => (foreign.on('connect', () => resolve(false)), foreign.on('connect_error', () => resolve(true))),
    );
    foreign.disconnect();
    expect(refused).toBe(true);
  });
});
