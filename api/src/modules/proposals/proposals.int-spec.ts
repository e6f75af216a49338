import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, economyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

type Doc = ReturnType<typeof economyDocument>;
type N = { message: string; link: string; title: string };

describe('merging a copy back: propose, review, accept or decline', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function save(client: ApiClient, fuid: string, edit: (d: Doc) => void) {
    const current = (await client.get(`/diagrams/${fuid}`)).body.content.diagram;
    const doc = current.document as Doc;
    edit(doc);
    const r = await client.put(`/diagrams/${fuid}/document`, { baseVersion: current.version, document: doc });
    expect(r.status).toBe(200);
    return r.body.content.version as number;
  }
  const node = (d: Doc, id: string) => d.nodes!.find((n) => n.id === id)!;
  const link = (d: Doc, id: string) => d.connections!.find((c) => c.id === id)!;

  /** The owner's diagram, shared with the copier as a viewer, copied, and both sides edited since. */
  async function scenario() {
    const ownerUser = await createUser(app);
    const owner = await loginAs(app, ownerUser);
    const copierUser = await createUser(app);
    const copier = await loginAs(app, copierUser);
    const source = await createDiagram(owner, { name: 'Economy' });
    await owner.post(`/diagrams/${source.fuid}/shares`, { email: copierUser.email, role: 'viewer' });
    const copy = (await copier.post(`/diagrams/${source.fuid}/copies`, {})).body.content.diagram;
    // The copy: Gold renamed, the income formula raised; the source meanwhile: Gold starts at 3, income 4.
    await save(copier, copy.fuid, (d) => {
      node(d, 'gold').name = 'Coins';
      link(d, 'c1').formula = '2';
      d.nodes!.push({ id: 'bank', type: 'pool', name: 'Bank', x: 0, y: 500 });
    });
    await save(owner, source.fuid, (d) => {
      node(d, 'gold').start = 3;
      link(d, 'c1').formula = '4';
    });
    return { owner, ownerUser, copier, copierUser, source, copy };
  }

  it('proposes, shows the diff against the base with per-property conflicts, and accepting makes a new version', async () => {
    const { owner, copier, source, copy } = await scenario();
    const proposed = await copier.post(`/diagrams/${copy.fuid}/proposals`, { message: 'Richer start' });
    expect(proposed.status).toBe(201);
    const proposal = proposed.body.content.proposal;
    expect(proposal).toMatchObject({ status: 'open', message: 'Richer start', baseVersion: 1 });
    expect(proposal.source.fuid).toBe(source.fuid);

    // The source's owner is told, with a link to review it.
    const told = await eventually(async () => {
      const list = (await owner.get('/notifications')).body.content.notifications as N[];
      return list.find((n) => n.title === 'Changes proposed');
    });
    expect(told.link).toBe(`/diagrams/${source.fuid}?proposal=${proposal.id}`);
    const received = (await owner.get(`/diagrams/${source.fuid}/proposals`)).body.content;
    expect(received.received.map((p: { id: string }) => p.id)).toEqual([proposal.id]);

    const detail = (await owner.get(`/proposals/${proposal.id}`)).body.content.proposal;
    expect(detail.canDecide).toBe(true);
    expect(detail.sourceVersion).toBe(2);
    expect(detail.diff).toEqual({
      added: [{ kind: 'node', id: 'bank', name: 'Bank' }],
      removed: [],
      changed: [
        { kind: 'node', id: 'gold', field: 'name', before: 'Gold', after: 'Coins' },
        { kind: 'connection', id: 'c1', field: 'formula', before: '1', after: '2' },
      ],
      moved: [],
    });
    expect(detail.conflicts).toEqual([
      {
        key: 'connection:c1:formula',
        kind: 'connection',
        id: 'c1',
        name: 'Income → Gold',
        field: 'formula',
        base: '1',
        ours: '4',
        theirs: '2',
      },
    ]);

    // A stale review is refused; a current one merges, taking the copy's side of the conflict.
    const stale = await owner.post(`/proposals/${proposal.id}/accept`, { sourceVersion: 1, choices: {} });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('PROPOSAL_SOURCE_MOVED');
    const accepted = await owner.post(`/proposals/${proposal.id}/accept`, {
      sourceVersion: 2,
      choices: { 'connection:c1:formula': 'theirs' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.content.save.version).toBe(3);
    expect(accepted.body.content.proposal).toMatchObject({ status: 'accepted', resultVersion: 3 });
    const merged = (await owner.get(`/diagrams/${source.fuid}`)).body.content.diagram.document as Doc;
    expect(node(merged, 'gold')).toMatchObject({ name: 'Coins', start: 3 });
    expect(link(merged, 'c1').formula).toBe('2');
    expect(merged.nodes!.map((n) => n.id)).toContain('bank');
    expect((await owner.post(`/proposals/${proposal.id}/accept`, { sourceVersion: 3 })).body.error.code).toBe(
      'PROPOSAL_DECIDED',
    );

    // The proposer is told, and their copy now starts from what it proposed: nothing left to propose.
    const notice = await eventually(async () => {
      const list = (await copier.get('/notifications')).body.content.notifications as N[];
      return list.find((n) => n.title === 'Changes accepted');
    });
    expect(notice.message).toMatch(/accepted your changes to Economy$/);
    const again = await copier.post(`/diagrams/${copy.fuid}/proposals`, {});
    expect(again.body.error.code).toBe('PROPOSAL_NO_CHANGES');
    // A later edit of the copy proposes only itself: the source's own changes are not undone.
    await save(copier, copy.fuid, (d) => {
      node(d, 'ore').name = 'Iron';
    });
    const next = (await copier.post(`/diagrams/${copy.fuid}/proposals`, {})).body.content.proposal;
    const review = (await owner.get(`/proposals/${next.id}`)).body.content.proposal;
    expect(review.diff.changed).toEqual([{ kind: 'node', id: 'ore', field: 'name', before: 'Ore', after: 'Iron' }]);
    expect(review.conflicts).toEqual([]);
  });

  it('declining tells the proposer; only the source’s owner or editors decide, and only a copy’s owner proposes', async () => {
    const { owner, copier, copierUser, source, copy } = await scenario();
    const stranger = await loginAs(app, await createUser(app));
    const editorUser = await createUser(app);
    await owner.post(`/diagrams/${source.fuid}/shares`, { email: editorUser.email, role: 'editor' });
    const editor = await loginAs(app, editorUser);

    expect((await stranger.post(`/diagrams/${copy.fuid}/proposals`, {})).status).toBe(404);
    const notACopy = await owner.post(`/diagrams/${source.fuid}/proposals`, {});
    expect(notACopy.status).toBe(409);
    expect(notACopy.body.error.code).toBe('PROPOSAL_NOT_A_COPY');
    const fresh = (await copier.post(`/diagrams/${source.fuid}/copies`, {})).body.content.diagram;
    expect((await copier.post(`/diagrams/${fresh.fuid}/proposals`, {})).body.error.code).toBe('PROPOSAL_NO_CHANGES');

    const id = (await copier.post(`/diagrams/${copy.fuid}/proposals`, {})).body.content.proposal.id;
    // Proposing again from the same copy updates the open proposal instead of adding one.
    expect((await copier.post(`/diagrams/${copy.fuid}/proposals`, { message: 'v2' })).body.content.proposal.id).toBe(
      id,
    );

    expect((await stranger.get(`/proposals/${id}`)).status).toBe(404);
    expect((await stranger.post(`/proposals/${id}/decline`, {})).status).toBe(404);
    const mine = (await copier.get(`/proposals/${id}`)).body.content.proposal;
    expect(mine).toMatchObject({ canDecide: false, message: 'v2' });
    const selfAccept = await copier.post(`/proposals/${id}/accept`, { sourceVersion: mine.sourceVersion });
    expect(selfAccept.status).toBe(403);
    expect((await copier.get(`/diagrams/${source.fuid}/proposals`)).status).toBe(403);
    expect(
      (await copier.get(`/diagrams/${copy.fuid}/proposals`)).body.content.sent.map((p: { id: string }) => p.id),
    ).toEqual([id]);

    expect((await editor.get(`/proposals/${id}`)).body.content.proposal.canDecide).toBe(true);
    const declined = await editor.post(`/proposals/${id}/decline`, {});
    expect(declined.status).toBe(200);
    expect(declined.body.content.proposal).toMatchObject({ status: 'declined', decidedBy: { id: editorUser.id } });
    expect((await owner.post(`/proposals/${id}/decline`, {})).body.error.code).toBe('PROPOSAL_DECIDED');
    const notice = await eventually(async () => {
      const list = (await copier.get('/notifications')).body.content.notifications as N[];
      return list.find((n) => n.title === 'Changes declined');
    });
    expect(notice.link).toBe(`/diagrams/${copy.fuid}`);
    expect(copierUser.id).toBeTruthy();
    // The source did not move.
    expect((await owner.get(`/diagrams/${source.fuid}`)).body.content.diagram.version).toBe(2);
  });
});
