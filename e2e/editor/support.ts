import { randomBytes } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { PrismaClient } from '../../api/src/generated/prisma/client.js';
import { hashPassword } from '../../api/src/modules/auth/passwords.js';
import { createPersonalWorkspace } from '../../api/src/modules/workspaces/personal-workspace.js';
import { useAppAndBrowser, type AppAndBrowser } from '../support/app-and-browser.js';
import type { BuiltApp } from '../support/served-app.js';

export const CLIENT_HEADERS = { 'X-Client-Id': 'loopwright-web' };

/** A two-element economy: an automatic source Mine feeding a pool Gold. */
export const mineAndGold = () => ({
  nodes: [
    { id: 'source', type: 'source', name: 'Mine', x: 0, y: 0, activation: 'automatic' },
    { id: 'gold', type: 'pool', name: 'Gold', x: 240, y: 0, start: 0 },
  ],
  connections: [{ id: 'c1', kind: 'resource', from: 'source', to: 'gold', formula: '1' }],
});

/** The element named `name` on the page's canvas. */
export const canvasNode = (page: Page, name: string): Locator =>
  page.locator('.react-flow__node').filter({ has: page.getByTestId(`node-${name}`) });

export interface Designer {
  email: string;
  password: string;
  username: string;
}

/** A confirmed user with a community username, written straight into the app's database. */
export async function createDesigner(app: BuiltApp): Promise<Designer> {
  const suffix = randomBytes(5).toString('hex');
  const designer = { email: `editor-${suffix}@example.test`, password: `pw-${suffix}`, username: `editor-${suffix}` };
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: app.databaseUrl, max: 1 }) });
  try {
    const user = await prisma.user.create({
      data: {
        email: designer.email,
        username: designer.username,
        passwordHash: await hashPassword(designer.password),
        emailConfirmedAt: new Date(),
        firstName: 'Eddie',
        lastName: 'Tor',
        onboardedAt: new Date(),
      },
    });
    await createPersonalWorkspace(prisma, user.id);
  } finally {
    await prisma.$disconnect();
  }
  return designer;
}

/** A browser context logged in as the designer through POST /api/oauth2/login (cookies land in the context). */
export async function loggedInContext(
  browser: Browser,
  app: BuiltApp,
  designer: Designer,
  viewport = { width: 1440, height: 900 },
  device: { hasTouch?: boolean; isMobile?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, ...device });
  const response = await context.request.post(`${app.url}/api/oauth2/login`, {
    headers: CLIENT_HEADERS,
    data: { email: designer.email, password: designer.password },
  });
  if (response.status() !== 200) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  return context;
}

/** Creates a diagram through the API as the context's user; returns its fuid. */
export async function createDiagram(
  context: BrowserContext,
  app: BuiltApp,
  body: { name?: string; document?: unknown } = {},
): Promise<string> {
  const response = await context.request.post(`${app.url}/api/diagrams`, { headers: CLIENT_HEADERS, data: body });
  if (response.status() !== 201) throw new Error(`create failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).content.diagram.fuid;
}

export async function getDiagram(
  context: BrowserContext,
  app: BuiltApp,
  fuid: string,
): Promise<{
  version: number;
  name: string;
  document: { nodes: Array<Record<string, unknown>>; connections: Array<Record<string, unknown>> };
}> {
  const response = await context.request.get(`${app.url}/api/diagrams/${fuid}`, { headers: CLIENT_HEADERS });
  return (await response.json()).content.diagram;
}

/**
 * Two people on one diagram: its owner and a colleague it is shared with in `role`, each in their
 * own logged-in context (mineAndGold, named `name`). `close` closes both contexts.
 */
export async function sharedWithColleague(running: AppAndBrowser, role: 'editor' | 'viewer', name: string) {
  const owner = await createDesigner(running.app);
  const colleague = await createDesigner(running.app);
  const ownerContext = await loggedInContext(running.browser, running.app, owner);
  const colleagueContext = await loggedInContext(running.browser, running.app, colleague);
  const close = async () => {
    await ownerContext.close();
    await colleagueContext.close();
  };
  try {
    const fuid = await createDiagram(ownerContext, running.app, { name, document: mineAndGold() });
    const share = await ownerContext.request.post(`${running.app.url}/api/diagrams/${fuid}/shares`, {
      headers: CLIENT_HEADERS,
      data: { email: colleague.email, role },
    });
    if (share.status() !== 201) throw new Error(`share failed: ${share.status()} ${await share.text()}`);
    return { ownerContext, colleagueContext, fuid, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Opens the editor and waits for the canvas; collects page errors. */
export async function openEditor(page: Page, app: BuiltApp, fuid: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${app.url}/diagrams/${fuid}`);
  // The editor exists only after hydration (the server renders a loading shell); a cold, busy machine can be slow.
  await page.getByTestId('editor').waitFor({ timeout: 45_000 });
  // The editor takes the whole window and never shows the cookie banner: nothing to accept here.
  await page.locator('.react-flow__renderer').waitFor();
  return errors;
}

export async function waitForSaved(page: Page): Promise<void> {
  await page.getByTestId('save-status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
}

/** The chart's values table: the value of a series at a step (1-based). */
export async function chartValue(page: Page, series: string, step: number): Promise<string> {
  const table = page.getByRole('table', { name: 'Chart values' });
  const headers = await table.locator('thead th').allTextContents();
  const column = headers.indexOf(series);
  if (column < 0) throw new Error(`no column ${series} in ${headers.join(', ')}`);
  return (
    (await table
      .locator('tbody tr')
      .nth(step - 1)
      .locator('th, td')
      .nth(column)
      .textContent()) ?? ''
  );
}

/**
 * For a test file: the built app, Chromium and the browser context of a logged-in designer, made
 * before its tests and closed after them.
 */
export function useDesignerSession(): AppAndBrowser & { context: BrowserContext; designer: Designer } {
  const running = useAppAndBrowser() as AppAndBrowser & { context: BrowserContext; designer: Designer };
  beforeAll(async () => {
    running.designer = await createDesigner(running.app);
    running.context = await loggedInContext(running.browser, running.app, running.designer);
  });
  afterAll(async () => {
    await running.context?.close();
  });
  return running;
}
