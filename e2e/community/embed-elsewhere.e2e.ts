import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { economyDocument } from '../../api/test/factories/diagrams.js';
import { CLIENT_HEADERS, createDesigner, loggedInContext } from '../editor/support.js';
import { saveScreenshot } from '../support/browser.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';

/**
 * Chromium as a visitor who blocks third-party cookies (which blocks the framed site's storage too): the full
 * browser, as the headless shell ignores the setting.
 */
function launchBlockingThirdPartyStorage(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('fullChromiumPath') ?? undefined,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--test-third-party-cookie-phaseout'],
  });
}

/** Another site (localhost is a different site from the app's 127.0.0.1) whose page frames the embed code. */
async function hostSite(embedCode: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><body><h1>A game studio's blog</h1>${embedCode}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}/` };
}

describe.skipIf(!inject('fullChromiumPath'))('an embed on another site with third-party storage blocked', () => {
  let app: BuiltApp;
  let browser: Browser;
  let host: { server: Server; url: string };
  let fuid: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startBuiltApp(), launchBlockingThirdPartyStorage()]);
    const owner = await createDesigner(app);
    const context = await loggedInContext(browser, app, owner);
    const created = await context.request.post(`${app.url}/api/diagrams`, {
      headers: CLIENT_HEADERS,
      data: { name: 'Embedded economy', document: economyDocument() },
    });
    fuid = (await created.json()).content.diagram.fuid;
    const shared = await context.request.put(`${app.url}/api/diagrams/${fuid}/privacy`, {
      headers: CLIENT_HEADERS,
      data: { community: true },
    });
    expect(shared.status()).toBe(200);
    await context.close();
    host = await hostSite(
      `<iframe src="${app.url}/embed/${fuid}" width="900" height="640" style="border:0" title="Embedded economy"></iframe>`,
    );
  });
  afterAll(async () => {
    host?.server.close();
    await browser?.close();
    await app?.close();
  });

  it('hydrates inside the iframe, Play runs the diagram, and no storage error is raised', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 760 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && /SecurityError|localStorage|sessionStorage/.test(m.text())) errors.push(m.text());
    });
    await page.goto(host.url);
    const frame = await (await page.waitForSelector('iframe')).contentFrame();
    if (!frame) throw new Error('the embed frame did not load');
    // The precondition: this frame really has no storage (else the test proves nothing).
    await frame.waitForLoadState('domcontentloaded');
    expect(await storageError(frame)).toBe('SecurityError');

    await frame.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
    await frame.getByTestId('play-button').click();
    await expect
      .poll(() => frame.getByTestId('community-player').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('done');
    expect(await frame.getByTestId('player-values').textContent()).toMatch(/Gold: \d+/);
    await saveScreenshot(page, 'embed-on-another-site', { viewport: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});

async function storageError(frame: Frame): Promise<string> {
  return frame.evaluate(() => {
    try {
      void window.localStorage.length;
      return 'none';
    } catch (error) {
      return (error as Error).name;
    }
  });
}
