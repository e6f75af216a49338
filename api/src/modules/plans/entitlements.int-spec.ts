import { DiagramTexts, PlanTexts, PlanType } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, economyDocument, tinyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs, type TestUser } from '../../../test/factories/users.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** A valid document of `n` components (pools only). */
function pools(n: number, stepsLimit = 100) {
  return {
    version: 1,
    settings: { stepsLimit, seed: 1 },
    nodes: Array.from({ length: n }, (_, i) => ({
      id: `p${i}`,
      type: 'pool',
      name: `P${i}`,
      x: (i % 50) * 40,
      y: Math.floor(i / 50) * 40,
      start: 0,
    })),
    connections: [],
    variables: [],
  };
}

/**
 * Plan limits, enforced by the server where each one changes, with billing on (Stripe key set) so
 * a new account is on Public: 500 components, 250 run and time steps, 10 tags, 5 Predictions a
 * month, 7 days of history, public content.
 */
describe('entitlements: every limit follows the plan', () => {
  let app: TestApp;
  let prisma: PrismaService;
  beforeAll(async () => {
    app = await startTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_plans' } });
    prisma = app.http.app.get(PrismaService);
  });
  afterAll(() => app?.close());

  async function account(): Promise<{ user: TestUser; client: ApiClient; workspaceId: string }> {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    const workspaceId = (await prisma.workspace.findUniqueOrThrow({ where: { personalUserId: user.id } })).id;
    return { user, client, workspaceId };
  }

  function expectLimit(response: { status: number; body: any }, limit: string, message: string, allowed: number) {
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message,
      details: { limit, allowed, planName: 'Public', planType: 0 },
    });
  }

  it('components per workspace: on create and save, counted over all diagrams; a save that does not grow passes; a trial raises the limit', async () => {
    const { client, workspaceId } = await account();
    const first = await createDiagram(client, { document: pools(300) as never });
    expectLimit(
      await client.post('/diagrams', { name: 'Too big', document: pools(201) }),
      'components',
      DiagramTexts.componentsLimit,
      500,
    );
    const second = await createDiagram(client, { document: pools(200) as never });
    expect(second.version).toBe(1);
    expectLimit(
      await client.put(`/diagrams/${second.fuid}/document`, { baseVersion: 1, document: pools(201) }),
      'components',
      DiagramTexts.componentsLimit,
      500,
    );
    expect(
      (await client.put(`/diagrams/${second.fuid}/document`, { baseVersion: 1, document: pools(150) })).status,
    ).toBe(200);
    // Over the limit after a downgrade (simulated by lowering it): shrinking or keeping still saves.
    await prisma.plan.update({ where: { type: 0 }, data: { maxComponents: 100 } });
    try {
      expect(
        (await client.put(`/diagrams/${first.fuid}/document`, { baseVersion: 1, document: pools(290) })).status,
      ).toBe(200);
      expectLimit(
        await client.put(`/diagrams/${first.fuid}/document`, { baseVersion: 2, document: pools(291) }),
        'components',
        DiagramTexts.componentsLimit,
        100,
      );
    } finally {
      await prisma.plan.update({ where: { type: 0 }, data: { maxComponents: 500 } });
    }
    expect((await client.post('/start-trial/indie/monthly', {})).status).toBe(200);
    expect(
      (await client.put(`/diagrams/${second.fuid}/document`, { baseVersion: 2, document: pools(1200) })).status,
    ).toBe(200);
    expect(
      (await client.get('/subscription/usage')).body.content.items.find(
        (i: { limit: string }) => i.limit === 'components',
      ),
    ).toMatchObject({ used: 1490, allowed: 3000 });
    expect(workspaceId).toBeTruthy();
  });

  it('time steps limit on save, run steps on stored plays and server batches', async () => {
    const { client } = await account();
    const diagram = await createDiagram(client);
    expectLimit(
      await client.put(`/diagrams/${diagram.fuid}/document`, {
        baseVersion: 1,
        document: economyDocument({ settings: { stepsLimit: 251, seed: 1 } }),
      }),
      'timeSteps',
      PlanTexts.limitReached,
      250,
    );
    expect(
      (
        await client.put(`/diagrams/${diagram.fuid}/document`, {
          baseVersion: 1,
          document: economyDocument({ settings: { stepsLimit: 250, seed: 1 } }),
        })
      ).status,
    ).toBe(200);
    expectLimit(
      await client.post(`/diagrams/${diagram.fuid}/plays`, { kind: 'quick', diagramVersion: 2, seed: 1, steps: 251 }),
      'runSteps',
      PlanTexts.limitReached,
      250,
    );
    expect(
      (await client.post(`/diagrams/${diagram.fuid}/plays`, { kind: 'quick', diagramVersion: 2, seed: 1, steps: 250 }))
        .status,
    ).toBe(201);
    expectLimit(
      await client.post(`/diagrams/${diagram.fuid}/batches`, { runs: 10, steps: 300 }),
      'runSteps',
      PlanTexts.limitReached,
      250,
    );
  });

  it('monthly Predictions: multiple runs stored or queued count per calendar month', async () => {
    const { client, workspaceId } = await account();
    const diagram = await createDiagram(client, { document: tinyDocument() });
    for (let i = 0; i < 4; i++)
      expect(
        (
          await client.post(`/diagrams/${diagram.fuid}/plays`, {
            kind: 'multiple',
            diagramVersion: 1,
            seed: i,
            steps: 10,
            runs: 5,
          })
        ).status,
      ).toBe(201);
    // Last month's batches do not count.
    await prisma.play.create({
      data: {
        diagramId: diagram.id ?? (await prisma.diagram.findUniqueOrThrow({ where: { fuid: diagram.fuid } })).id,
        workspaceId,
        kind: 'multiple',
        diagramVersion: 1,
        seed: 9,
        createdAt: new Date(Date.UTC(2020, 0, 15)),
      },
    });
    expect((await client.post(`/diagrams/${diagram.fuid}/batches`, { runs: 10, steps: 20 })).status).toBe(202);
    expectLimit(
      await client.post(`/diagrams/${diagram.fuid}/plays`, {
        kind: 'multiple',
        diagramVersion: 1,
        seed: 7,
        steps: 10,
        runs: 5,
      }),
      'monthlyPredictions',
      PlanTexts.limitReached,
      5,
    );
    expectLimit(
      await client.post(`/diagrams/${diagram.fuid}/batches`, { runs: 10, steps: 20 }),
      'monthlyPredictions',
      PlanTexts.limitReached,
      5,
    );
    // Quick runs are not Predictions.
    expect(
      (await client.post(`/diagrams/${diagram.fuid}/plays`, { kind: 'quick', diagramVersion: 1, seed: 1, steps: 10 }))
        .status,
    ).toBe(201);
  });

  it('unique tags: the plan number, with the spec text', async () => {
    const { client } = await account();
    for (let i = 0; i < 10; i++) expect((await client.post('/tags', { name: `Tag ${i}` })).status).toBe(201);
    expectLimit(await client.post('/tags', { name: 'Eleventh' }), 'tags', DiagramTexts.tagLimit, 10);
  });

  it('version history: kept and listed for the plan number of days', async () => {
    const { client } = await account();
    const diagram = await createDiagram(client, { document: tinyDocument(1) });
    const versions = (await client.get(`/diagrams/${diagram.fuid}/versions`)).body.content;
    expect(versions.retentionDays).toBe(7);
    const id = versions.items[0].id;
    await prisma.diagramRevision.update({
      where: { id },
      data: { updatedAt: new Date(Date.now() - 8 * 86_400_000), createdAt: new Date(Date.now() - 8 * 86_400_000) },
    });
    expect((await client.get(`/diagrams/${diagram.fuid}/versions`)).body.content.items).toHaveLength(0);
    // Professional keeps 90 days: the same entry is listed again.
    await client.post('/start-trial/studio/monthly', {});
    const professional = (await client.get(`/diagrams/${diagram.fuid}/versions`)).body.content;
    expect(professional.retentionDays).toBe(90);
    expect(professional.items.map((v: { id: string }) => v.id)).toEqual([id]);
  });

  it('privacy by plan: free content is public; private needs a paid plan; Free → public is irreversible and needs a confirmation', async () => {
    const { user, client, workspaceId } = await account();
    const free = await createDiagram(client);
    expect((await prisma.diagram.findUniqueOrThrow({ where: { fuid: free.fuid } })).community).toBe(true);
    const unpublish = await client.put(`/diagrams/${free.fuid}/privacy`, { community: false });
    expect(unpublish.status).toBe(402);
    expect(unpublish.body.error).toMatchObject({
      code: 'PLAN_PRIVATE_REQUIRES_PAID',
      message: PlanTexts.privateNeedsPaidPlan,
    });
    const makePrivate = await client.patch('/users/me/privacy', { isPrivateAccount: true });
    expect(makePrivate.body.error.code).toBe('PLAN_PRIVATE_REQUIRES_PAID');

    // An older private Free account may go public, only with the confirmation, and cannot come back.
    await prisma.user.update({ where: { id: user.id }, data: { isPrivateAccount: true } });
    const unconfirmed = await client.patch('/users/me/privacy', { isPrivateAccount: false });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.error).toMatchObject({
      code: 'PLAN_PUBLIC_CONFIRMATION_REQUIRED',
      message: PlanTexts.publicIsIrreversible,
    });
    expect(
      (await client.patch('/users/me/privacy', { isPrivateAccount: false, confirmIrreversible: true })).body.content
        .user.isPrivateAccount,
    ).toBe(false);
    expect((await client.patch('/users/me/privacy', { isPrivateAccount: true })).body.error.code).toBe(
      'PLAN_PRIVATE_REQUIRES_PAID',
    );

    // Paid (here a trial): private by default, and the account may be private.
    await client.post('/start-trial/indie/yearly', {});
    const paid = await createDiagram(client);
    expect((await prisma.diagram.findUniqueOrThrow({ where: { fuid: paid.fuid } })).community).toBe(false);
    expect((await client.put(`/diagrams/${free.fuid}/privacy`, { community: false })).status).toBe(200);
    expect(
      (await client.patch('/users/me/privacy', { isPrivateAccount: true })).body.content.user.isPrivateAccount,
    ).toBe(true);

    // Back on Public after the trial: the private diagram stays private, new content is public again.
    await app.http.app.get(SubscriptionsService).downgradeToPublic(workspaceId, 'trial_expired');
    expect((await prisma.diagram.findUniqueOrThrow({ where: { fuid: free.fuid } })).community).toBe(false);
    expect(
      (await prisma.diagram.findUniqueOrThrow({ where: { fuid: (await createDiagram(client)).fuid } })).community,
    ).toBe(true);
    expect((await client.get('/subscription')).body.content.subscription.plan.type).toBe(PlanType.COMMUNITY);
  });
});
