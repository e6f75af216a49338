import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('balance studies in the play history', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const study = {
    type: 'solve',
    levers: [{ name: 'upgradePrice', min: 10, max: 80, integer: true }],
    goals: ['p90(Coins, 30) <= 150'],
    budget: 300,
    result: {
      met: true,
      levers: { upgradePrice: 45 },
      evaluations: 16,
      verified: { runs: 200, seed: 101, share: 0.9 },
    },
  };

  it('stores a study with its settings, seed and version; lists and opens it; refuses a study without its settings', async () => {
    const owner = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(owner);
    const at = `/diagrams/${diagram.fuid}/plays`;
    const created = await owner.post(at, { kind: 'study', diagramVersion: 1, seed: 1, runs: 100, steps: 30, study });
    expect(created.status).toBe(201);
    expect(created.body.content.play).toMatchObject({ kind: 'study', seed: 1, runs: 100, diagramVersion: 1, study });

    const list = (await owner.get(`${at}?kind=study`)).body.content;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ kind: 'study', runs: 100, seed: 1 });
    expect(list.items[0].study).toBeUndefined();
    const opened = (await owner.get(`${at}/${list.items[0].id}`)).body.content.play;
    expect(opened.study).toEqual(study);
    expect(opened.series).toBeNull();

    // Other plays carry no study.
    await owner.post(at, { kind: 'quick', diagramVersion: 1, seed: 3, steps: 1, series: { gold: [1] } });
    const quick = (await owner.get(at)).body.content.items.find((p: { kind: string }) => p.kind === 'quick');
    expect((await owner.get(`${at}/${quick.id}`)).body.content.play.study).toBeNull();

    for (const body of [
      { kind: 'study', diagramVersion: 1, seed: 1, steps: 30 },
      { kind: 'quick', diagramVersion: 1, seed: 1, steps: 30, study },
      { kind: 'study', diagramVersion: 1, seed: 1, steps: 30, study: { ...study, levers: [] } },
      { kind: 'study', diagramVersion: 1, seed: 1, steps: 30, study: { ...study, type: 'guess' } },
    ]) {
      const refused = await owner.post(at, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });
});
