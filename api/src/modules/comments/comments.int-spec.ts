import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

interface N {
  title: string | null;
  message: string;
  link: string | null;
}

describe('comments: threads on elements and points, replies, resolve, mentions, who may read and write', () => {
  let app: TestApp;
  let prisma: PrismaService;
  beforeAll(async () => {
    app = await startTestApp();
    prisma = app.http.app.get(PrismaService);
  });
  afterAll(() => app?.close());

  async function named(user: TestUser, firstName: string) {
    await prisma.user.update({ where: { id: user.id }, data: { firstName, lastName: 'Tester' } });
    return user;
  }

  /** An owner's diagram shared with an editor and a viewer; a stranger has no access. */
  async function scenario() {
    const ownerUser = await named(await createUser(app), 'Olga');
    const editorUser = await named(await createUser(app), 'Eddie');
    const viewerUser = await named(await createUser(app), 'Vera');
    const strangerUser = await named(await createUser(app), 'Stan');
    const owner = await loginAs(app, ownerUser);
    const diagram = await createDiagram(owner, { name: 'Economy' });
    await owner.post(`/diagrams/${diagram.fuid}/shares`, { email: editorUser.email, role: 'editor' });
    await owner.post(`/diagrams/${diagram.fuid}/shares`, { email: viewerUser.email, role: 'viewer' });
    return {
      fuid: diagram.fuid as string,
      ownerUser,
      editorUser,
      viewerUser,
      strangerUser,
      owner,
      editor: await loginAs(app, editorUser),
      viewer: await loginAs(app, viewerUser),
      stranger: await loginAs(app, strangerUser),
    };
  }

  it('pins a thread to an element with a mention: the editor is notified and e-mailed, the event is in the outbox', async () => {
    const { fuid, owner, editor, ownerUser, editorUser, viewerUser, strangerUser } = await scenario();

    const people = (await owner.get(`/diagrams/${fuid}/mentionable-people`)).body.content.people as { id: string }[];
    expect(people.map((p) => p.id).sort()).toEqual([ownerUser.id, editorUser.id, viewerUser.id].sort());

    const created = await owner.post(`/diagrams/${fuid}/comment-threads`, {
      target: { kind: 'element', elementId: 'gold', elementKind: 'node' },
      x: 120,
      y: 80,
      body: '@Eddie Tester is the start of Gold right?',
      mentions: [editorUser.id],
    });
    expect(created.status).toBe(201);
    const thread = created.body.content.thread;
    expect(thread).toMatchObject({
      target: { kind: 'element', elementId: 'gold', elementKind: 'node' },
      x: 120,
      y: 80,
      resolved: false,
      comments: [
        {
          body: '@Eddie Tester is the start of Gold right?',
          author: { id: ownerUser.id, name: 'Olga Tester' },
          mentions: [{ id: editorUser.id, name: 'Eddie Tester' }],
          editedAt: null,
        },
      ],
    });

    const notice = await eventually(async () => {
      const list = (await editor.get('/notifications')).body.content.notifications as N[];
      return list.find((n) => n.title === 'Mentioned in a comment');
    });
    expect(notice.link).toBe(`/diagrams/${fuid}?comment=${thread.id}`);
    expect(notice.message).toBe(
      'Olga Tester mentioned you in a comment on Economy: “@Eddie Tester is the start of Gold right?”',
    );
    const mail = await eventually(
      async () =>
        (await prisma.mailLog.findFirst({ where: { template: 'comment-mention', to: editorUser.email } })) ?? undefined,
    );
    expect(mail.props).toMatchObject({ person: 'Olga Tester', diagramName: 'Economy', path: notice.link });
    // The author is not told about their own comment; nobody else was mentioned.
    expect(await prisma.mailLog.count({ where: { template: 'comment-mention' } })).toBe(1);

    const event = await prisma.domainEvent.findFirst({
      where: { type: 'CommentAdded' },
      orderBy: { createdAt: 'desc' },
    });
    expect(event?.payload).toEqual({
      diagramId: expect.any(String),
      fuid,
      diagramName: 'Economy',
      threadId: thread.id,
      commentId: thread.comments[0].id,
      authorId: ownerUser.id,
      mentionedIds: [editorUser.id],
      excerpt: '@Eddie Tester is the start of Gold right?',
    });

    // A mention of someone without access is refused, and nothing is written.
    const before = await prisma.commentThread.count();
    const refused = await owner.post(`/diagrams/${fuid}/comment-threads`, {
      target: { kind: 'point' },
      x: 0,
      y: 0,
      body: 'Hey @Stan',
      mentions: [strangerUser.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'COMMENT_MENTION_NO_ACCESS',
      message: 'You can only mention people who have access to this diagram',
      details: { refused: [strangerUser.id] },
    });
    expect(await prisma.commentThread.count()).toBe(before);
    expect(await prisma.mailLog.count({ where: { template: 'comment-mention', to: strangerUser.email } })).toBe(0);
  });

  it('viewers read but cannot write; strangers and visitors cannot read; API keys follow the same rules', async () => {
    const { fuid, owner, editor, viewer, stranger, viewerUser, editorUser } = await scenario();
    const thread = (
      await owner.post(`/diagrams/${fuid}/comment-threads`, {
        target: { kind: 'point' },
        x: 10,
        y: 20,
        body: 'Why so?',
      })
    ).body.content.thread;

    const read = await viewer.get(`/diagrams/${fuid}/comment-threads`);
    expect(read.status).toBe(200);
    expect(read.body.content.canWrite).toBe(false);
    expect(read.body.content.threads.map((t: { id: string }) => t.id)).toEqual([thread.id]);
    expect((await editor.get(`/diagrams/${fuid}/comment-threads`)).body.content.canWrite).toBe(true);

    const writes = [
      viewer.post(`/diagrams/${fuid}/comment-threads`, { target: { kind: 'point' }, x: 0, y: 0, body: 'Me too' }),
      viewer.post(`/diagrams/${fuid}/comment-threads/${thread.id}/comments`, { body: 'Me too' }),
      viewer.post(`/diagrams/${fuid}/comment-threads/${thread.id}/resolve`),
      viewer.get(`/diagrams/${fuid}/mentionable-people`),
    ];
    for (const answer of await Promise.all(writes)) {
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('DIAGRAM_FORBIDDEN');
    }

    expect((await stranger.get(`/diagrams/${fuid}/comment-threads`)).status).toBe(404);
    expect((await stranger.post(`/diagrams/${fuid}/comment-threads/${thread.id}/comments`, { body: 'x' })).status).toBe(
      404,
    );
    expect((await new ApiClient(app.url).get(`/diagrams/${fuid}/comment-threads`)).status).toBe(404);
    // A public diagram's comments are read by anyone who may view it, visitors too; only people with access write.
    await owner.put(`/diagrams/${fuid}/privacy`, { community: true });
    const visitor = await new ApiClient(app.url).get(`/diagrams/${fuid}/comment-threads`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.content).toMatchObject({ canWrite: false, threads: [{ id: thread.id }] });
    expect((await stranger.post(`/diagrams/${fuid}/comment-threads/${thread.id}/comments`, { body: 'x' })).status).toBe(
      403,
    );

    const keyOf = async (client: ApiClient) => (await client.post('/users/me/api-key')).body.content.key as string;
    const editorKey = new ApiClient(app.url, { bearer: await keyOf(editor), clientId: null });
    const viewerKey = new ApiClient(app.url, { bearer: await keyOf(viewer), clientId: null });
    const byKey = await editorKey.post(`/diagrams/${fuid}/comment-threads/${thread.id}/comments`, {
      body: 'Answered by a script',
    });
    expect(byKey.status).toBe(201);
    expect(byKey.body.content.thread.comments.at(-1).author.id).toBe(editorUser.id);
    expect((await viewerKey.post(`/diagrams/${fuid}/comment-threads/${thread.id}/resolve`)).status).toBe(403);
    expect((await viewerKey.get(`/diagrams/${fuid}/comment-threads`)).status).toBe(200);
    expect(viewerUser.id).toBeTruthy();
  });

  it('replies, resolves and reopens, filters by status, edits and deletes only one’s own, checks every id against the diagram', async () => {
    const { fuid, owner, editor, viewer, editorUser, viewerUser } = await scenario();
    const thread = (
      await owner.post(`/diagrams/${fuid}/comment-threads`, {
        target: { kind: 'element', elementId: 'c1', elementKind: 'connection' },
        x: 5,
        y: 5,
        body: 'Too generous?',
      })
    ).body.content.thread;
    const replied = await editor.post(`/diagrams/${fuid}/comment-threads/${thread.id}/comments`, { body: 'Maybe' });
    expect(replied.status).toBe(201);
    const reply = replied.body.content.thread.comments[1];
    expect(reply).toMatchObject({ body: 'Maybe', author: { id: editorUser.id } });

    const resolved = await editor.post(`/diagrams/${fuid}/comment-threads/${thread.id}/resolve`);
    expect(resolved.body.content.thread).toMatchObject({ resolved: true, resolvedBy: { id: editorUser.id } });
    const ids = async (status: string) =>
      (await viewer.get(`/diagrams/${fuid}/comment-threads?status=${status}`)).body.content.threads.map(
        (t: { id: string }) => t.id,
      );
    expect(await ids('open')).toEqual([]);
    expect(await ids('resolved')).toEqual([thread.id]);
    const reopened = await owner.post(`/diagrams/${fuid}/comment-threads/${thread.id}/reopen`);
    expect(reopened.body.content.thread).toMatchObject({ resolved: false, resolvedBy: null });
    expect(await ids('open')).toEqual([thread.id]);

    // Someone else's comment: neither edited nor deleted, even by the diagram's owner.
    const notYours = await owner.patch(`/diagrams/${fuid}/comments/${reply.id}`, { body: 'Surely' });
    expect(notYours.status).toBe(403);
    expect(notYours.body.error.code).toBe('COMMENT_NOT_YOURS');
    expect((await owner.delete(`/diagrams/${fuid}/comments/${reply.id}`)).status).toBe(403);
    // Editing in a mention tells only the newly mentioned person.
    const edited = await editor.patch(`/diagrams/${fuid}/comments/${reply.id}`, {
      body: 'Maybe, ask @Vera Tester',
      mentions: [viewerUser.id],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.content.thread.comments[1]).toMatchObject({
      body: 'Maybe, ask @Vera Tester',
      editedAt: expect.any(String),
      mentions: [{ id: viewerUser.id }],
    });
    const told = await eventually(async () => {
      const list = (await viewer.get('/notifications')).body.content.notifications as N[];
      return list.find((n) => n.title === 'Mentioned in a comment');
    });
    expect(told.link).toBe(`/diagrams/${fuid}?comment=${thread.id}`);

    // An id from another diagram is not found through this one.
    const other = await createDiagram(owner, { name: 'Other' });
    expect((await owner.post(`/diagrams/${other.fuid}/comment-threads/${thread.id}/resolve`)).body.error.code).toBe(
      'COMMENT_THREAD_NOT_FOUND',
    );
    expect((await editor.delete(`/diagrams/${other.fuid}/comments/${reply.id}`)).status).toBe(404);

    // Deleting a reply keeps the thread; deleting the last comment removes the thread.
    const afterDelete = await editor.delete(`/diagrams/${fuid}/comments/${reply.id}`);
    expect(afterDelete.body.content.thread.comments).toHaveLength(1);
    const gone = await owner.delete(`/diagrams/${fuid}/comments/${thread.comments[0].id}`);
    expect(gone.body.content).toEqual({ thread: null, threadId: thread.id });
    expect(await ids('all')).toEqual([]);
  });
});
