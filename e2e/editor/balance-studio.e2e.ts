import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PrismaClient } from '../../api/src/generated/prisma/client.js';
import { saveScreenshot } from '../support/browser.js';
import { CLIENT_HEADERS, createDiagram, getDiagram, openEditor, useDesignerSession } from './support.js';

const inflation = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../examples/inflation.json', import.meta.url)), 'utf8'),
);

/**
 * The balance studio end to end: levers and goals set in the Balance panel, the solver run on the
 * server queue (in-process here: the app has no Redis, so its blocks run on the app's block
 * threads), its answer applied as a new version, the goals saved as balance tests, the study
 * reopened from Plays with its charts; then which levers matter.
 */
describe.skipIf(!inject('chromiumPath'))('balance studio in Chromium', () => {
  const running = useDesignerSession();

  const addLever = async (page: Page, label: string, min: string, max: string) => {
    const panel = page.getByRole('region', { name: 'Balance' });
    await panel.getByLabel('Add a lever').selectOption({ label });
    const row = panel.locator('.study-lever').filter({ hasText: label.replace(' (variable)', '') });
    await row.getByLabel('Min').fill(min);
    await row.getByLabel('Max').fill(max);
    await row.getByLabel('Scale').selectOption('int');
  };

  const addGoal = async (page: Page, stat: string, element: string, step: string, op: string, value: string) => {
    const builder = page.getByRole('group', { name: 'New goal' });
    await builder.getByLabel('Statistic').selectOption(stat);
    await builder.getByLabel('Element').selectOption({ label: element });
    await builder.getByLabel('At step').fill(step);
    await builder.getByLabel('Is', { exact: true }).selectOption(op);
    await builder.getByLabel('Value').fill(value);
    await builder.getByRole('button', { name: 'Add goal' }).click();
  };

  /** A new diagram of the inflation example, open on its Balance panel. */
  const openBalance = async (name: string) => {
    const fuid = await createDiagram(running.context, running.app, { name, document: inflation });
    const page = await running.context.newPage();
    const errors = await openEditor(page, running.app, fuid);
    await page.getByRole('tab', { name: 'Balance' }).click();
    return { fuid, page, errors, panel: page.getByRole('region', { name: 'Balance' }) };
  };

  /** Sets up a sensitivity study or a sweep of the levers added, and runs it. */
  const runStudy = async (
    panel: Locator,
    study: { kind: 'sensitivity' | 'sweep'; metric: string; samples: string; runs: string },
  ) => {
    await panel.getByLabel('Study', { exact: true }).selectOption(study.kind);
    await panel.getByLabel('Metric').fill(study.metric);
    await panel.getByLabel('Samples').fill(study.samples);
    await panel.getByLabel('Runs').fill(study.runs);
    await panel.getByRole('button', { name: 'Run study' }).click();
  };

  it('sets levers and goals, solves, applies the answer as a new version and saves the goals as balance tests', async () => {
    const fuid = await createDiagram(running.context, running.app, { name: 'Inflating coins', document: inflation });
    const before = await getDiagram(running.context, running.app, fuid);
    const page = await running.context.newPage();
    const errors = await openEditor(page, running.app, fuid);
    await page.getByRole('tab', { name: 'Balance' }).click();
    const panel = page.getByRole('region', { name: 'Balance' });

    await addLever(page, 'upgradePrice (variable)', '10', '80');
    await addLever(page, 'repairCost (variable)', '0', '20');
    await addLever(page, 'questReward (variable)', '4', '20');

    // The builder shows the sentence and writes the assertion.
    const builder = page.getByRole('group', { name: 'New goal' });
    await saveScreenshot(page, 'balance-studio-levers');
    await builder.getByLabel('Statistic').selectOption('p90');
    await builder.getByLabel('Element').selectOption({ label: 'Coins' });
    await builder.getByLabel('At step').fill('30');
    await builder.getByLabel('Is', { exact: true }).selectOption('<=');
    await builder.getByLabel('Value').fill('150');
    await builder.getByText('Goal: the 90th percentile of Coins at step 30 is at most 150').waitFor();
    await builder.locator('code', { hasText: 'p90(Coins, 30) <= 150' }).waitFor();
    await builder.getByRole('button', { name: 'Add goal' }).click();
    await addGoal(page, 'median', 'Upgrades', '30', '>=', '20');
    await addGoal(page, 'p10', 'Coins', '10', '>=', '10');
    expect(await panel.getByRole('list', { name: 'Goals' }).locator('li').count()).toBe(3);

    await panel.getByLabel('Runs').fill('100');
    await panel.getByLabel('Seed').fill('1');
    await panel.getByRole('button', { name: 'Run study' }).click();
    await panel.getByText('Found levers that meet every goal.').waitFor({ timeout: 120_000 });
    const results = panel.getByRole('region', { name: 'Solver results' });
    const goalRows = results.getByRole('table', { name: 'Goals' }).locator('tbody tr');
    expect(await goalRows.count()).toBe(3);
    for (let i = 0; i < 3; i++) expect(await goalRows.nth(i).locator('td').last().textContent()).toBe('yes');
    await results.getByRole('img', { name: 'Coins: baseline against solution, P10 to P90' }).waitFor();
    const solution = await results
      .getByRole('table', { name: 'Levers' })
      .locator('tbody tr')
      .first()
      .locator('td')
      .last()
      .textContent();
    await results.getByRole('table', { name: 'Levers' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'balance-studio-solved');
    await results.getByRole('table', { name: 'Best candidates' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'balance-studio-solved-fan');

    // The study ran on the server and is kept in the play history with its whole answer.
    const stored = await running.context.request.get(`${running.app.url}/api/diagrams/${fuid}/plays?kind=study`, {
      headers: CLIENT_HEADERS,
    });
    const studies = (await stored.json()).content.items as { server: boolean; status: string }[];
    expect(studies).toEqual([expect.objectContaining({ server: true, status: 'done' })]);

    await panel.getByRole('button', { name: 'Apply as new version' }).click();
    await panel.getByText('Applied: the lever values are saved as a new version.').waitFor({ timeout: 30_000 });
    const after = await getDiagram(running.context, running.app, fuid);
    expect(after.version).toBeGreaterThan(before.version);
    const variables = (after.document as unknown as { variables: { name: string; formula: string }[] }).variables;
    expect(variables.find((v) => v.name === 'upgradePrice')?.formula).toBe(solution);

    await panel.getByRole('button', { name: 'Save goals as balance tests' }).click();
    await panel.getByText('Saved 3 balance tests (see the Tests tab).').waitFor({ timeout: 30_000 });
    const tests = await running.context.request.get(`${running.app.url}/api/diagrams/${fuid}/balance-tests`, {
      headers: CLIENT_HEADERS,
    });
    const items = (await tests.json()).content.items as { name: string; max: number | null; share: number }[];
    expect(items.map((t) => t.name).sort()).toEqual([
      'the 10th percentile of Coins at step 10 is at least 10',
      'the 90th percentile of Coins at step 30 is at most 150',
      'the median of Upgrades at step 30 is at least 20',
    ]);
    expect(items.find((t) => t.name.startsWith('the 90th'))).toMatchObject({ max: 150, share: 90 });
    // The saved tests pass on the applied version.
    await page.getByRole('tab', { name: 'Tests' }).click();
    const first = page.getByRole('listitem', {
      name: 'Balance test the 90th percentile of Coins at step 30 is at most 150',
    });
    await first.getByRole('button', { name: 'Run test' }).click();
    await first.getByText(/^Passed/).waitFor({ timeout: 30_000 });

    // Plays: the stored study opens with its charts again.
    await page.getByRole('tab', { name: 'Plays' }).click();
    const history = page.getByRole('region', { name: 'Play history' });
    await history.getByRole('button', { name: /^Balance study/ }).click();
    const reopened = history.getByRole('region', { name: 'Solver results' });
    await reopened.getByRole('img', { name: 'Coins: baseline against solution, P10 to P90' }).waitFor();
    expect(await reopened.getByRole('table', { name: 'Levers' }).locator('tbody tr').count()).toBe(3);
    expect(await reopened.getByRole('table', { name: 'Best candidates' }).locator('tbody tr').count()).toBeGreaterThan(
      0,
    );
    await reopened.getByRole('img', { name: 'Coins: baseline against solution, P10 to P90' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'balance-studio-reopened');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows which levers matter: a tornado and Sobol indices with intervals', async () => {
    const { page, errors, panel } = await openBalance('Inflation levers');
    await addLever(page, 'upgradePrice (variable)', '10', '80');
    await addLever(page, 'questReward (variable)', '4', '20');
    await runStudy(panel, { kind: 'sensitivity', metric: 'p90(Coins, 30)', samples: '32', runs: '30' });
    const results = panel.getByRole('region', { name: 'Sensitivity results' });
    await results.getByRole('img', { name: 'Tornado chart of p90(Coins, 30)' }).waitFor({ timeout: 120_000 });
    await results.getByRole('img', { name: 'Sobol indices: S1 and ST per lever with intervals' }).waitFor();
    await results.getByText('Sobol indices, N = 32: 128 evaluations.').waitFor();
    await results.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'balance-studio-sensitivity');

    // Reopened from Plays: the tornado and the S1/ST bars again.
    await page.getByRole('tab', { name: 'Plays' }).click();
    const history = page.getByRole('region', { name: 'Play history' });
    await history.getByRole('button', { name: /^Balance study/ }).click();
    const reopened = history.getByRole('region', { name: 'Sensitivity results' });
    await reopened.getByRole('img', { name: 'Tornado chart of p90(Coins, 30)' }).waitFor();
    await reopened.getByRole('img', { name: 'Sobol indices: S1 and ST per lever with intervals' }).waitFor();
    await reopened.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'balance-studio-sensitivity-reopened');
    expect(errors).toEqual([]);
    await page.close();
  });

  const studies = async (fuid: string) => {
    const listed = await running.context.request.get(`${running.app.url}/api/diagrams/${fuid}/plays?kind=study`, {
      headers: CLIENT_HEADERS,
    });
    return (await listed.json()).content.items as {
      id: string;
      server: boolean;
      status: string;
      completedRuns: number;
    }[];
  };

  it('cancels a server study: every block stops, the play says cancelled and the panel can run again', async () => {
    const { fuid, page, errors, panel } = await openBalance('Cancelled study');
    await addLever(page, 'upgradePrice (variable)', '10', '80');
    await addLever(page, 'questReward (variable)', '4', '20');
    // 16,384 evaluations × 100 runs × 300 steps: some 60 blocks, minutes of work on this machine.
    await runStudy(panel, { kind: 'sensitivity', metric: 'p90(Coins, 300)', samples: '4096', runs: '100' });

    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: running.app.databaseUrl, max: 1 }) });
    try {
      // Under way on the server: running, with a block stored and the progress bar moving.
      const progress = panel.getByRole('progressbar', { name: 'Study progress' });
      await expect.poll(async () => (await studies(fuid))[0]?.status, { timeout: 60_000 }).toBe('running');
      const [play] = await studies(fuid);
      expect(play.server).toBe(true);
      await expect
        .poll(() => prisma.playBlock.count({ where: { playId: play.id } }), { timeout: 120_000, interval: 250 })
        .toBeGreaterThan(0);
      await expect
        .poll(async () => Number(await progress.getAttribute('value')), { timeout: 30_000 })
        .toBeGreaterThan(0);
      await saveScreenshot(page, 'balance-studio-cancel-running');

      await panel.getByRole('button', { name: 'Cancel' }).click();
      // The panel is ready for another study at once, with no error and no result.
      await panel.getByRole('button', { name: 'Run study' }).waitFor();
      expect(await progress.count()).toBe(0);
      expect(await panel.getByRole('alert').count()).toBe(0);
      expect(await panel.getByRole('region', { name: 'Sensitivity results' }).count()).toBe(0);
      // The server: the play is cancelled and its merge job ran, which only happens once every block
      // stopped or was skipped — far sooner than the minutes the study needed — and cleared what was stored.
      await expect.poll(async () => (await studies(fuid))[0]?.status, { timeout: 10_000 }).toBe('cancelled');
      await expect
        .poll(() => prisma.playBlock.count({ where: { playId: play.id } }), { timeout: 20_000, interval: 250 })
        .toBe(0);
      // Every block has stopped by now (see above): the count is final, short of the whole study.
      expect((await studies(fuid))[0].completedRuns).toBeLessThan(16_384);
      await saveScreenshot(page, 'balance-studio-cancelled');
    } finally {
      await prisma.$disconnect();
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs a small study in a browser worker, not on the server queue, and keeps it in the play history', async () => {
    const { fuid, page, errors, panel } = await openBalance('Small sweep');
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    const queued: string[] = [];
    page.on('request', (r) => r.url().endsWith('/studies') && queued.push(r.url()));
    await addLever(page, 'upgradePrice (variable)', '10', '80');
    // 8 points × 50 runs: 400 runs in all, under BROWSER_STUDY_RUNS.
    await runStudy(panel, { kind: 'sweep', metric: 'p90(Coins, 30)', samples: '8', runs: '50' });
    await panel.getByRole('region', { name: 'Sweep results' }).waitFor({ timeout: 60_000 });
    expect(queued).toEqual([]);
    expect(workers.some((url) => url.includes('study.worker'))).toBe(true);
    await expect.poll(async () => (await studies(fuid)).map((p) => [p.server, p.status])).toEqual([[false, 'done']]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
