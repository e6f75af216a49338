import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';
import { startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { QueueService } from '../../core/queue/queue.service.js';

describe('likes, follows and their counters', () => {
  let app: TestApp;
  let db: pg.Client;
  let smtp: SmtpSink;
  let owner: TestUser;
  let ownerClient: ApiClient;
  let fuid: string;
  const counts = async () => {
    const diagram = (await db.query('SELECT like_count FROM diagrams WHERE fuid = $1', [fuid])).rows[0];
    const likes = (
      await db.query(
        'SELECT count(*)::int AS n FROM diagram_likes l JOIN diagrams d ON d.id = l.diagram_id WHERE d.fuid = $1',
        [fuid],
      )
    ).rows[0];
    return { likeCount: diagram.like_count as number, rows: likes.n as number };
  };
  const drain = () => app.http.app.get(QueueService).drain();

  beforeAll(async () => {
    smtp = await startSmtpSink();
    app = await startTestApp({ env: { SMTP_URL: smtp.url } });
    db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    owner = await createUser(app);
    ownerClient = await loginAs(app, owner);
    const diagram = await createDiagram(ownerClient, { name: 'Core loop' });
    fuid = diagram.fuid;
    expect((await ownerClient.put(`/diagrams/${fuid}/privacy`, { community: true })).status).toBe(200);
  });
  afterAll(async () => {
    await db?.end();
    await app?.close();
    await smtp?.close();
  });

  it('like raises likeCount by exactly 1, again changes nothing, unlike lowers it by 1; likedByAuthenticatedUser follows', async () => {
    const fan = await loginAs(app, await createUser(app));
    const liked = await fan.put(`/community/diagrams/${fuid}/like`, {});
    expect(liked.status).toBe(200);
    expect(liked.body.content).toEqual({ fuid, liked: true, likeCount: 1 });
    expect((await fan.put(`/community/diagrams/${fuid}/like`, {})).body.content.likeCount).toBe(1);
    expect(await counts()).toEqual({ likeCount: 1, rows: 1 });
    expect((await fan.get(`/diagrams/${fuid}`)).body.content.diagram.likedByAuthenticatedUser).toBe(true);
    expect((await ownerClient.get(`/diagrams/${fuid}`)).body.content.diagram.likedByAuthenticatedUser).toBe(false);
    const state = await fan.get(`/community/social-state?fuids=${fuid},AAAAAAAAAAAAAAAA`);
    expect(state.body.content).toMatchObject({ liked: [fuid], likeCounts: { [fuid]: 1 } });
    // The people who saved a version of it (cards show them as contributors).
    expect(state.body.content.contributors[fuid].map((c: { username: string }) => c.username)).toEqual([
      owner.username,
    ]);

    const unliked = await fan.delete(`/community/diagrams/${fuid}/like`);
    expect(unliked.body.content).toEqual({ fuid, liked: false, likeCount: 0 });
    expect((await fan.delete(`/community/diagrams/${fuid}/like`)).body.content.likeCount).toBe(0);
    expect(await counts()).toEqual({ likeCount: 0, rows: 0 });
    expect((await fan.get(`/diagrams/${fuid}`)).body.content.diagram.likedByAuthenticatedUser).toBe(false);
  });

  it('stays exact under parallel requests: 8 people × 5 concurrent likes = 8; then concurrent unlikes/likes', async () => {
    const fans = await Promise.all(Array.from({ length: 8 }, async () => loginAs(app, await createUser(app))));
    const responses = await Promise.all(
      fans.flatMap((fan) => Array.from({ length: 5 }, () => fan.put(`/community/diagrams/${fuid}/like`, {}))),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(await counts()).toEqual({ likeCount: 8, rows: 8 });
    // Half of them unlike (each 3 times at once) while the other half like again.
    await Promise.all(
      fans.flatMap((fan, i) =>
        Array.from({ length: 3 }, () =>
          i % 2 ? fan.delete(`/community/diagrams/${fuid}/like`) : fan.put(`/community/diagrams/${fuid}/like`, {}),
        ),
      ),
    );
    expect(await counts()).toEqual({ likeCount: 4, rows: 4 });
    await Promise.all(fans.map((fan) => fan.delete(`/community/diagrams/${fuid}/like`)));
    expect(await counts()).toEqual({ likeCount: 0, rows: 0 });
  });

  it('follow counts once under parallel requests, keeps following_count, isFollowed and the connections lists right', async () => {
    const follower = await createUser(app);
    const client = await loginAs(app, follower);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.put(`/community/user/connections/${owner.username}`, {})),
    );
    expect(answers.every((r) => r.status === 200 && r.body.content.isFollowed === true)).toBe(true);
    const row = async (id: string) =>
      (await db.query('SELECT follower_count, following_count FROM users WHERE id = $1', [id])).rows[0];
    expect(await row(owner.id)).toEqual({ follower_count: 1, following_count: 0 });
    expect(await row(follower.id)).toEqual({ follower_count: 0, following_count: 1 });
    expect((await client.get(`/diagrams/${fuid}`)).body.content.diagram.owner.isFollowed).toBe(true);
    expect((await client.get(`/community/social-state?usernames=${owner.username}`)).body.content).toMatchObject({
      followed: [owner.username],
      followerCounts: { [owner.username!]: 1 },
    });

    const connections = await client.get(`/community/user/connections?username=${owner.username}`);
    expect(connections.status).toBe(200);
    expect(connections.body.content.followers.map((c: { username: string }) => c.username)).toEqual([
      follower.username,
    ]);
    expect(connections.body.content.following).toEqual([]);

    await Promise.all(Array.from({ length: 4 }, () => client.delete(`/community/user/connections/${owner.username}`)));
    expect(await row(owner.id)).toEqual({ follower_count: 0, following_count: 0 });
    expect(await row(follower.id)).toEqual({ follower_count: 0, following_count: 0 });
  });

  it('refuses visitors, self-follows and unknown designers', async () => {
    const anonymous = await fetch(`${app.url}/api/community/diagrams/${fuid}/like`, {
      method: 'PUT',
      headers: { 'x-client-id': 'loopwright-web' },
    });
    expect(anonymous.status).toBe(401);
    expect((await ownerClient.put(`/community/user/connections/${owner.username}`, {})).body.error.code).toBe(
      'COMMUNITY_FOLLOW_SELF',
    );
    expect((await ownerClient.put('/community/user/connections/nobody-at-all', {})).status).toBe(404);
    const visitorState = await fetch(`${app.url}/api/community/social-state?fuids=${fuid}`);
    expect((await visitorState.json()).content.liked).toEqual([]);
  });

  it('tells the owner about likes and follows through notifications (DiagramLiked, UserFollowed)', async () => {
    const fanUser = await createUser(app);
    await db.query("UPDATE users SET first_name = 'Nina', last_name = 'Fan' WHERE id = $1", [fanUser.id]);
    const fan = await loginAs(app, fanUser);
    await fan.put(`/community/diagrams/${fuid}/like`, {});
    await fan.put(`/community/user/connections/${owner.username}`, {});
    await drain();
    const messages = (await ownerClient.get('/notifications')).body.content.notifications.map(
      (n: { message: string }) => n.message,
    );
    expect(messages).toContain('Nina Fan liked your diagram "Core loop"');
    expect(messages).toContain('Nina Fan started following you');
    // Liking your own diagram notifies nobody.
    const likeNotices = async () =>
      (await ownerClient.get('/notifications?limit=100')).body.content.notifications.filter((n: { message: string }) =>
        n.message.includes('liked your diagram'),
      ).length;
    const before = await likeNotices();
    await ownerClient.delete(`/community/diagrams/${fuid}/like`);
    await ownerClient.put(`/community/diagrams/${fuid}/like`, {});
    await drain();
    expect(await likeNotices()).toBe(before);
  });

  it('keeps users.public_diagram_count right through publish, unpublish, delete and restore', async () => {
    const designer = await createUser(app);
    const client = await loginAs(app, designer);
    const count = async () =>
      (await db.query('SELECT public_diagram_count FROM users WHERE id = $1', [designer.id])).rows[0]
        .public_diagram_count as number;
    const a = await createDiagram(client, { name: 'A' });
    const b = await createDiagram(client, { name: 'B' });
    expect(await count()).toBe(0);
    await client.put(`/diagrams/${a.fuid}/privacy`, { community: true });
    await client.put(`/diagrams/${a.fuid}/privacy`, { community: true });
    await client.put(`/diagrams/${b.fuid}/privacy`, { community: true });
    expect(await count()).toBe(2);
    await client.put(`/diagrams/${b.fuid}/privacy`, { community: false });
    expect(await count()).toBe(1);
    await client.delete(`/diagrams/${a.fuid}`);
    expect(await count()).toBe(0);
    await client.post(`/diagrams/${a.fuid}/restore`);
    expect(await count()).toBe(1);
    expect((await client.get('/oauth2/userinfo')).body.content.user.publicDiagramCount).toBe(1);
  });

  it('hire: mails the designer with the sender as reply-to, a copy on request, never showing the address; rate-limited', async () => {
    const designer = await createUser(app);
    const client = await loginAs(app, designer);
    const form = {
      username: designer.username,
      name: 'Studio Lead',
      email: 'lead@studio.test',
      company: 'Studio',
      project: 'Idle RPG',
      message: 'We need an economy designer for three months.',
      sendCopy: true,
    };
    const refused = await fetch(`${app.url}/api/community/user/hire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(form),
    });
    expect(refused.status).toBe(404);
    expect((await refused.json()).error).toMatchObject({
      code: 'COMMUNITY_HIRE_FAILED',
      message: 'Hire designer error',
    });

    expect(
      (await client.put('/community/user/available-for-hire', { availableForHire: true })).body.content
        .availableForHire,
    ).toBe(true);
    expect((await client.get('/oauth2/userinfo')).body.content.user.availableForHire).toBe(true);
    const sent = await fetch(`${app.url}/api/community/user/hire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(form),
    });
    const body = await sent.json();
    expect(sent.status).toBe(200);
    expect(JSON.stringify(body)).not.toContain(designer.email);
    await drain();
    const mail = await smtp.waitFor((m) => m.to.includes(designer.email));
    expect(mail.subject).toBe('Studio Lead wants to hire you through Loopwright');
    expect(mail.body).toMatch(/^Reply-To: lead@studio\.test/m);
    expect(mail.body).toContain('We need an economy designer for three months.');
    const copy = await smtp.waitFor((m) => m.to.includes('lead@studio.test'));
    expect(copy.body).not.toContain(designer.email);

    const invalid = await fetch(`${app.url}/api/community/user/hire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: designer.username, name: '', email: 'nope', message: '' }),
    });
    expect(invalid.status).toBe(400);
    const fields = Object.fromEntries(
      (await invalid.json()).error.details.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(fields).toMatchObject({
      email: 'Please insert a valid email address',
      name: 'Please enter your name',
      message: 'Please enter a message',
    });

    // Five per sender address per hour, refused attempts included: two used above, so three more pass.
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${app.url}/api/community/user/hire`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...form, sendCopy: false }),
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
