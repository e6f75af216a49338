import { LibraryTexts } from '@loopwright/contracts';
import type { DiagramInput } from '@loopwright/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

/** Income D6+3, upkeep 2: Gold is about 450 after 100 steps. */
const economy = (upkeep = '2', chart = true): DiagramInput => ({
  version: 1,
  settings: { stepsLimit: 100 },
  nodes: [
    { id: 'Income', type: 'source', name: 'Income', activation: 'automatic', x: 0, y: 0 },
    { id: 'Gold', type: 'pool', name: 'Gold', x: 200, y: 0, showInChart: chart },
    { id: 'Upkeep', type: 'drain', name: 'Upkeep', activation: 'automatic', x: 400, y: 0 },
  ],
  connections: [
    { id: 'income', kind: 'resource', from: 'Income', to: 'Gold', formula: 'D6+3' },
    { id: 'upkeep', kind: 'resource', from: 'Gold', to: 'Upkeep', formula: upkeep },
  ],
});

describe('balance tests', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('saves a test, runs it deterministically, and the history shows when a change broke the balance', async () => {
    const me = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(me, { name: 'Gold economy', document: economy() });
    const created = await me.post(`/diagrams/${diagram.fuid}/balance-tests`, {
      name: 'Gold on track',
      nodeId: 'Gold',
      step: 100,
      min: 380,
      max: 520,
      share: 95,
      runs: 1000,
      seed: 42,
    });
    expect(created.status).toBe(201);
    const test = created.body.content.test;
    expect(test.summary).toBe(
      'pool Gold after 100 steps is between 380 and 520 in at least 95% of 1,000 runs, seed 42',
    );

    const first = await me.post(`/balance-tests/${test.id}/runs`, { origin: 'editor' });
    expect(first.status).toBe(201);
    expect(first.body.content.result).toMatchObject({ passed: true, diagramVersion: 1, runs: 1000, origin: 'editor' });
    const again = await me.post(`/balance-tests/${test.id}/runs`, {});
    expect(again.body.content.result.observedShare).toBe(first.body.content.result.observedShare);

    // Upkeep 5 instead of 2: Gold falls far below the range.
    const saved = await me.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 1, document: economy('5') });
    expect(saved.status).toBe(200);
    const broken = await me.post(`/balance-tests/${test.id}/runs`, { origin: 'list' });
    expect(broken.body.content.result).toMatchObject({
      passed: false,
      diagramVersion: 2,
      observedShare: 0,
      origin: 'list',
    });
    const history = broken.body.content.test.history;
    expect(history.map((h: { passed: boolean; diagramVersion: number }) => [h.diagramVersion, h.passed])).toEqual([
      [2, false],
      [1, true],
      [1, true],
    ]);

    const list = await me.get('/balance-tests');
    expect(list.body.content.items).toHaveLength(1);
    expect(list.body.content.items[0]).toMatchObject({
      name: 'Gold on track',
      diagram: { fuid: diagram.fuid, name: 'Gold economy', version: 2 },
    });
    expect((await me.get(`/diagrams/${diagram.fuid}/balance-tests`)).body.content.items[0].history).toHaveLength(3);
  });

  it('refuses unknown elements, nothing plotted, other people, and deletes', async () => {
    const me = await loginAs(app, await createUser(app));
    const other = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(me, { document: economy('2', false) });
    const wrong = await me.post(`/diagrams/${diagram.fuid}/balance-tests`, { name: 'x', nodeId: 'Income', min: 1 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.fields[0]).toMatchObject({ field: 'nodeId' });
    expect((await me.post(`/diagrams/${diagram.fuid}/balance-tests`, { name: 'x', nodeId: 'Gold' })).status).toBe(400);
    const test = (
      await me.post(`/diagrams/${diagram.fuid}/balance-tests`, {
        name: 'Gold exists',
        nodeId: 'Gold',
        min: 0,
        runs: 10,
      })
    ).body.content.test;
    const run = await me.post(`/balance-tests/${test.id}/runs`, {});
    expect(run.status).toBe(400);
    expect(run.body.error).toMatchObject({
      code: 'BALANCE_TEST_NOTHING_PLOTTED',
      message: LibraryTexts.nothingPlotted,
    });

    expect((await other.post(`/balance-tests/${test.id}/runs`, {})).body.error.code).toBe('BALANCE_TEST_NOT_FOUND');
    expect(
      (await other.post(`/diagrams/${diagram.fuid}/balance-tests`, { name: 'x', nodeId: 'Gold', min: 1 })).status,
    ).toBe(404);
    expect((await other.get('/balance-tests')).body.content.items).toEqual([]);
    expect((await me.delete(`/balance-tests/${test.id}`)).status).toBe(200);
    expect((await me.post(`/balance-tests/${test.id}/runs`, {})).body.error.code).toBe('BALANCE_TEST_NOT_FOUND');
  });
});
