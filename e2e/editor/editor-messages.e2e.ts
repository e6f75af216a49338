import { randomBytes } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PrismaClient } from '../../api/src/generated/prisma/client.js';
import { cloneRunDatabase } from '../../api/test/support/run-database.js';
import { launchChromium, nextFrames, saveScreenshot } from '../support/browser.js';
import { LiveFrames } from '../support/live-frames.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import { freePort, runNode, waitForReady, type RunningProcess } from '../support/built-app.js';
import { type BuiltApp } from '../support/served-app.js';
import { CLIENT_HEADERS, createDesigner, createDiagram, getDiagram, loggedInContext, openEditor } from './support.js';

const document = (start = 0) => ({
  nodes: [
    { id: 'source', type: 'source', name: 'Mine', x: 0, y: 0, activation: 'automatic' },
    { id: 'gold', type: 'pool', name: 'Gold', x: 240, y: 0, start },
  ],
  connections: [{ id: 'c1', kind: 'resource', from: 'source', to: 'gold', formula: '1' }],
});
const PUBLIC_UNAVAILABLE = 'This diagram was deleted or is no longer public';

describe.skipIf(!inject('chromiumPath'))('editor messages in Chromium', () => {
  const running = useAppAndBrowser();

  it('a viewer is told live when the public diagram is made private, and when a shared one is deleted', async () => {
    const owner = await createDesigner(running.app);
    const viewer = await createDesigner(running.app);
    const ownerContext = await loggedInContext(running.browser, running.app, owner);
    const viewerContext = await loggedInContext(running.browser, running.app, viewer);
    try {
      const fuid = await createDiagram(ownerContext, running.app, { name: 'Public loop', document: document() });
      const privacy = (community: boolean) =>
        ownerContext.request.put(`${running.app.url}/api/diagrams/${fuid}/privacy`, {
          headers: CLIENT_HEADERS,
          data: { community },
        });
      expect((await privacy(true)).status()).toBe(200);
      const page = await viewerContext.newPage();
      const live = new LiveFrames(page);
      await openEditor(page, running.app, fuid);
      // The live notices and the comments each join the diagram's room.
      await expect.poll(() => live.roomsJoined()).toBeGreaterThanOrEqual(1);
      expect(await page.getByRole('dialog').count()).toBe(0);

      expect((await privacy(false)).status()).toBe(200);
      const gone = page.getByRole('dialog', { name: PUBLIC_UNAVAILABLE });
      await gone.waitFor({ timeout: 10_000 });
      await saveScreenshot(page, 'editor-no-longer-public');
      await gone.getByRole('link', { name: 'Back to my diagrams' }).click();
      await page.waitForURL(`${running.app.url}/diagrams`);

      // Shared by e-mail, then deleted while the viewer has it open.
      const second = await createDiagram(ownerContext, running.app, { name: 'Shared loop', document: document() });
      expect(
        (
          await ownerContext.request.post(`${running.app.url}/api/diagrams/${second}/shares`, {
            headers: CLIENT_HEADERS,
            data: { email: viewer.email, role: 'viewer' },
          })
        ).status(),
      ).toBe(201);
      const joinedBefore = live.roomsJoined();
      await openEditor(page, running.app, second);
      await expect.poll(() => live.roomsJoined()).toBeGreaterThan(joinedBefore);
      expect(
        (
          await ownerContext.request.delete(`${running.app.url}/api/diagrams/${second}`, { headers: CLIENT_HEADERS })
        ).status(),
      ).toBe(200);
      await page.getByRole('dialog', { name: PUBLIC_UNAVAILABLE }).waitFor({ timeout: 10_000 });
    } finally {
      await ownerContext.close();
      await viewerContext.close();
    }
  });

  it('offers the last saved version of a corrupted diagram: a broken draft in this browser, then a broken stored document', async () => {
    const owner = await createDesigner(running.app);
    const context = await loggedInContext(running.browser, running.app, owner);
    try {
      const fuid = await createDiagram(context, running.app, { name: 'Fragile', document: document(7) });
      const page = await context.newPage();
      await page.goto(`${running.app.url}/diagrams`);
      await page.evaluate(
        ([key]) =>
          localStorage.setItem(key, JSON.stringify({ baseVersion: 1, doc: { nodes: 'garbage' }, at: Date.now() })),
        [`loopwright:draft:${fuid}`],
      );
      await page.goto(`${running.app.url}/diagrams/${fuid}`);
      const dialog = page.getByRole('dialog', { name: 'Corrupted diagram' });
      await dialog.waitFor({ timeout: 45_000 });
      expect(await dialog.textContent()).toContain('This diagram is corrupted and cannot be opened.');
      await saveScreenshot(page, 'editor-corrupted');
      await dialog.getByRole('button', { name: 'Recover the last saved version' }).click();
      await page.locator('.react-flow__renderer').waitFor({ timeout: 30_000 });
      expect(await page.evaluate((key) => localStorage.getItem(key), `loopwright:draft:${fuid}`)).toBeNull();

      // The stored document itself is broken (a bad restore, a hand edit): the history has a good one.
      const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: running.app.databaseUrl, max: 1 }) });
      try {
        await prisma.diagram.update({ where: { fuid }, data: { document: { nodes: [{ name: 'no id' }] } } });
      } finally {
        await prisma.$disconnect();
      }
      await page.reload();
      await dialog.waitFor({ timeout: 45_000 });
      await dialog.getByRole('button', { name: 'Recover the last saved version' }).click();
      await page.locator('.react-flow__renderer').waitFor({ timeout: 30_000 });
      const recovered = await getDiagram(context, running.app, fuid);
      expect(recovered.version).toBe(2);
      expect(recovered.document.nodes.find((n) => n.id === 'gold')).toMatchObject({ start: 7 });
    } finally {
      await context.close();
    }
  });

  it("says 'Failed updating diagram version details' when the details cannot be saved", async () => {
    const owner = await createDesigner(running.app);
    const context = await loggedInContext(running.browser, running.app, owner);
    try {
      const fuid = await createDiagram(context, running.app, { name: 'Details', document: document() });
      const page = await context.newPage();
      await openEditor(page, running.app, fuid);
      // The server answers the rename with a failure.
      await page.route(`**/api/diagrams/${fuid}`, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({
                success: false,
                error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
              }),
            })
          : route.continue(),
      );
      await page.getByRole('tab', { name: 'Details' }).click();
      const name = page.getByRole('tabpanel').getByLabel('Name', { exact: true });
      await name.fill('Renamed');
      await name.press('Enter');
      await page
        .getByRole('tabpanel')
        .getByRole('alert')
        .filter({ hasText: 'Failed updating diagram version details' })
        .waitFor();
      expect(((await getDiagram(context, running.app, fuid)) as unknown as { name: string }).name).toBe('Details');
    } finally {
      await context.close();
    }
  });
});

describe.skipIf(!inject('chromiumPath'))(
  'editor messages when the server goes away and comes back as a new release',
  () => {
    let database: { url: string };
    let port: number;
    let env: Record<string, string>;
    let server: RunningProcess | undefined;
    let browser: Awaited<ReturnType<typeof launchChromium>>;
    const url = () => `http://127.0.0.1:${port}`;
    const start = async (release: string) => {
      server = runNode('api/dist/main.js', [], { ...env, APP_RELEASE: release });
      await waitForReady(url(), server);
    };
    beforeAll(async () => {
      [database, port, browser] = await Promise.all([cloneRunDatabase(), freePort(), launchChromium()]);
      env = {
        NODE_ENV: 'production',
        APP_SECRET: randomBytes(32).toString('hex'),
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      };
      await start('release-1');
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('shows the offline alert while the server is down, clears it when it is back, then offers save and refresh for the new release', async () => {
      const app = { url: url(), databaseUrl: database.url } as BuiltApp;
      const designer = await createDesigner(app);
      const context = await loggedInContext(browser, app, designer);
      const page: Page = await context.newPage();
      const fuid = await createDiagram(context, app, { name: 'Deployed', document: document() });
      const live = new LiveFrames(page);
      await openEditor(page, app, fuid);
      const offline = page.getByTestId('offline-alert');
      // Connected: the server let the editor into the diagram's room, and no alert says otherwise.
      // The live notices and the comments each join the diagram's room.
      await expect.poll(() => live.roomsJoined()).toBeGreaterThanOrEqual(1);
      expect(await offline.count()).toBe(0);

      expect(await server!.stop()).toBe(0);
      await offline.waitFor({ timeout: 15_000 });
      expect(await offline.textContent()).toContain('You are offline: the server cannot be reached.');
      // Work goes on meanwhile: a change made offline is kept, and saved by "Save and refresh" below.
      await page
        .locator('.react-flow__node')
        .filter({ has: page.getByTestId('node-Gold') })
        .click();
      await page.getByRole('tabpanel').getByLabel('Start').fill('3');
      await saveScreenshot(page, 'editor-offline');

      await start('release-2');
      await offline.waitFor({ state: 'detached', timeout: 30_000 });
      const banner = page.getByTestId('release-banner');
      // After a restart on a busy machine both live connections (notices, comments) reconnect first.
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.textContent()).toContain(
        'A new version of Loopwright is available. Save your changes and refresh to use it.',
      );
      await saveScreenshot(page, 'editor-new-release');
      // The reloaded page asks for /release.json when it loads and again when its socket connects; the
      // banner would show after the second answer if the release still differed.
      let releaseChecks = 0;
      page.on('response', (response) => new URL(response.url()).pathname === '/release.json' && releaseChecks++);
      // Listen before clicking: a quick save reloads the page before a later listener would start.
      const reloaded = page.waitForEvent('load', { timeout: 60_000 });
      await banner.getByRole('button', { name: 'Save and refresh' }).click();
      await reloaded;
      await page.locator('.react-flow__renderer').waitFor({ timeout: 45_000 });
      await expect.poll(() => releaseChecks).toBeGreaterThanOrEqual(2);
      await nextFrames(page);
      expect(await page.getByTestId('release-banner').count()).toBe(0);
      const saved = await getDiagram(context, app, fuid);
      expect(saved.version).toBeGreaterThanOrEqual(2);
      expect(saved.document.nodes.find((n) => n.id === 'gold')).toMatchObject({ start: 3 });
      await context.close();
    });
  },
);
