import { DRIVE_SCOPE, DriveTexts } from '@loopwright/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeDrive, type FakeDrive } from '../../api/test/fakes/drive.js';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../../api/test/fakes/oauth-provider.js';
import { launchChromium, saveScreenshot } from '../support/browser.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';
import { createDesigner, createDiagram, loggedInContext, openEditor } from '../editor/support.js';

const document = {
  version: 1,
  settings: { stepsLimit: 10 },
  variables: [],
  nodes: [
    { id: 'mine', type: 'source', name: 'Mine', x: 0, y: 0, activation: 'automatic' },
    { id: 'gold', type: 'pool', name: 'Gold', x: 220, y: 0, start: 0 },
  ],
  connections: [{ id: 'c1', kind: 'resource', from: 'mine', to: 'gold', formula: '2' }],
};

describe.skipIf(!inject('chromiumPath'))('Google Drive in Chromium: save from the editor, import from the list', () => {
  let app: BuiltApp;
  let browser: Browser;
  let google: FakeOAuthProvider;
  let drive: FakeDrive;
  beforeAll(async () => {
    google = await startFakeOAuthProvider();
    drive = await startFakeDrive((token) => (google.scopeOf(token) ?? '').split(' ').includes(DRIVE_SCOPE));
    let started: BuiltApp;
    [started, browser] = await Promise.all([
      startBuiltApp({ ...google.env(), GOOGLE_DRIVE_API_BASE: drive.url }),
      launchChromium(),
    ]);
    // The browser uses the app's own address (APP_URL, localhost:PORT), so Google's redirect back carries the session cookies.
    app = { ...started, url: started.url.replace('127.0.0.1', 'localhost') };
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await drive?.close();
    await google?.close();
  });

  it('a pop-up blocker: the save dialog says so with the spec’s message', async () => {
    const context = await loggedInContext(browser, app, await createDesigner(app));
    // What a blocker does: window.open gives no window.
    await context.addInitScript(() => {
      window.open = () => null;
    });
    const fuid = await createDiagram(context, app, { name: 'Blocked pop-up', document });
    const page = await context.newPage();
    await openEditor(page, app, fuid);
    await page.getByRole('button', { name: 'File', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Save to Google Drive' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save to Google Drive' });
    await dialog.getByRole('button', { name: 'Connect Google Drive and save' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(DriveTexts.popupBlocked);
    await context.close();
  });

  it('connects Drive in a pop-up, saves the diagram there, and imports it back as a new diagram', async () => {
    const context = await loggedInContext(browser, app, await createDesigner(app));
    const fuid = await createDiagram(context, app, { name: 'Drive economy', document });
    const page = await context.newPage();
    const errors = await openEditor(page, app, fuid);

    await page.getByRole('button', { name: 'File', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Save to Google Drive' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save to Google Drive' });
    const popup = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Connect Google Drive and save' }).click();
    // Google's pop-up comes back to us and closes.
    await (await popup).waitForEvent('close', { timeout: 20_000 });
    await expect
      .poll(() => dialog.getByRole('status').textContent(), { timeout: 15_000 })
      .toBe('Saved to Google Drive as “Drive economy.loopwright.json”.');
    expect(google.authorizedScopes).toEqual([DRIVE_SCOPE]);
    const saved = [...drive.files.values()];
    expect(saved).toHaveLength(1);
    expect(JSON.parse(saved[0].content)).toMatchObject({
      format: 'loopwright',
      name: 'Drive economy',
      document: { nodes: [{ id: 'mine' }, { id: 'gold' }] },
    });
    await saveScreenshot(page, 'drive-saved-from-editor');

    // Drive down: the spec's text.
    drive.failing = true;
    await dialog.getByRole('button', { name: 'Save to Drive' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe('Cannot access Google Drive. Please try again later');
    drive.failing = false;
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${app.url}/diagrams`);
    await page.getByRole('button', { name: 'Import from Google Drive' }).click();
    const list = page.getByRole('list', { name: 'Diagrams on Google Drive' });
    await list.getByText('Drive economy.loopwright.json').waitFor({ timeout: 15_000 });
    await saveScreenshot(page, 'drive-import-list');
    await list.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL((url) => /^\/diagrams\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(fuid), {
      timeout: 20_000,
    });
    await page.getByText('Gold').first().waitFor({ timeout: 20_000 });
    await saveScreenshot(page, 'drive-imported-diagram');
    expect(errors).toEqual([]);
  });
});
