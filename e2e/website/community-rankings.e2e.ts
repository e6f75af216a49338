import { PrismaPg } from '@prisma/adapter-pg';
import { describe, expect, inject, it } from 'vitest';
import { PrismaClient } from '../../api/src/generated/prisma/client.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import { saveScreenshot, waitForHydration } from '../support/browser.js';
import { CLIENT_HEADERS, createDesigner, loggedInContext, type Designer } from '../editor/support.js';

/** Closes the cookie banner so screenshots show the page (the choice is remembered per browser context). */
async function dismissCookies(page: import('playwright-core').Page) {
  const reject = page.getByRole('button', { name: 'Reject all' });
  if (await reject.isVisible().catch(() => false)) await reject.click();
}

/** Community rankings and Recent Activity as people see them: explore tabs, see-all sorts, the activity panel, the admin spotlight. */
describe.skipIf(!inject('chromiumPath'))('community tabs, sorts, spotlight and Recent Activity', () => {
  const env = useAppAndBrowser({ PAGE_CACHE_SECONDS: '0' });

  it('shows the tabs and sorts with real rankings, and another user’s event in my Recent Activity', async () => {
    const { app, browser } = env;
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: app.databaseUrl, max: 2 }) });
    try {
      const [me, alice, bob] = [await createDesigner(app), await createDesigner(app), await createDesigner(app)];
      const rename = (d: Designer, firstName: string, lastName: string, extra: Record<string, unknown> = {}) =>
        prisma.user.update({ where: { username: d.username }, data: { firstName, lastName, ...extra } });
      const meRow = await rename(me, 'Mira', 'Reader');
      const aliceRow = await rename(alice, 'Alice', 'Arden', { availableForHire: true });
      const bobRow = await rename(bob, 'Bob', 'Brook', { role: 'admin' });
      const [meCtx, aliceCtx, bobCtx] = [
        await loggedInContext(browser, app, me),
        await loggedInContext(browser, app, alice),
        await loggedInContext(browser, app, bob),
      ];
      const publish = async (ctx: typeof meCtx, name: string) => {
        const created = await ctx.request.post(`${app.url}/api/diagrams`, {
          headers: CLIENT_HEADERS,
          data: {
            name,
            document: {
              nodes: [
                { id: 's', type: 'source', name: 'Income', x: 0, y: 0, activation: 'automatic' },
                { id: 'p', type: 'pool', name: 'Gold', x: 200, y: 0 },
              ],
              connections: [{ id: 'c', kind: 'resource', from: 's', to: 'p', formula: '2' }],
            },
          },
        });
        const fuid = (await created.json()).content.diagram.fuid as string;
        expect(
          (
            await ctx.request.put(`${app.url}/api/diagrams/${fuid}/privacy`, {
              headers: CLIENT_HEADERS,
              data: { community: true },
            })
          ).status(),
        ).toBe(200);
        return fuid;
      };
      // I follow Alice (the follow control belongs to the social work; the row is written directly here).
      await prisma.userFollow.create({ data: { followerId: meRow.id, followedId: aliceRow.id } });
      await prisma.user.update({ where: { id: aliceRow.id }, data: { followerCount: 1 } });
      const mill = await publish(meCtx, 'Mira Windmill Economy');
      const orchard = await publish(aliceCtx, 'Alice Orchard Loop');
      const quarry = await publish(bobCtx, 'Bob Quarry Sinks');
      // Likes: Quarry 2, Orchard 1 (Most Appreciated: Quarry first); the newest is Quarry too, so make Orchard the most recent.
      for (const [fuid, users] of [
        [quarry, [meRow.id, aliceRow.id]],
        [orchard, [bobRow.id]],
      ] as const) {
        const d = await prisma.diagram.findUniqueOrThrow({ where: { fuid } });
        for (const userId of users) await prisma.diagramLike.create({ data: { diagramId: d.id, userId } });
        await prisma.diagram.update({
          where: { fuid },
          data: { likeCount: users.length, viewCount: fuid === orchard ? 40 : 3 },
        });
      }
      await prisma.diagram.update({ where: { fuid: orchard }, data: { updatedAt: new Date(Date.now() + 60_000) } });
      // Bob forks my diagram (Make a Copy): an event about me from another user.
      expect(
        (
          await bobCtx.request.post(`${app.url}/api/diagrams/${mill}/copies`, { headers: CLIENT_HEADERS, data: {} })
        ).status(),
      ).toBe(201);
      // Bob (an admin) recomputes the month's picks and spotlights Alice's diagram.
      expect(
        (
          await bobCtx.request.post(`${app.url}/api/community/of-the-month/run`, { headers: CLIENT_HEADERS, data: {} })
        ).status(),
      ).toBe(200);

      // A visitor: explore tabs switch between Newest, Popular and Diagrams of the Month.
      const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await visitor.newPage();
      await page.goto(`${app.url}/community/explore`);
      await waitForHydration(page);
      await dismissCookies(page);
      const diagramTabs = page.getByRole('tablist', { name: 'Diagram lists' });
      await expect
        .poll(() => diagramTabs.getByRole('tab').allTextContents())
        .toEqual(['Newest', 'Popular', 'Diagrams of the Month']);
      const visiblePanel = page.locator('[role="tabpanel"]:not([hidden])').first();
      expect((await visiblePanel.locator('h3').allTextContents())[0]).toBe('Alice Orchard Loop'); // Newest: edited last
      await diagramTabs.getByRole('tab', { name: 'Popular' }).click();
      expect(await diagramTabs.getByRole('tab', { name: 'Popular' }).getAttribute('aria-selected')).toBe('true');
      expect((await visiblePanel.locator('h3').allTextContents()).slice(0, 2)).toEqual([
        'Bob Quarry Sinks',
        'Alice Orchard Loop',
      ]);
      await diagramTabs.getByRole('tab', { name: 'Diagrams of the Month' }).click();
      expect((await page.locator('[role="tabpanel"]:not([hidden])').first().locator('h3').allTextContents())[0]).toBe(
        'Bob Quarry Sinks',
      );
      const designerTabs = page.getByRole('tablist', { name: 'Designer lists' });
      await designerTabs.getByRole('tab', { name: 'Designers of the Month' }).click();
      await expect
        .poll(() => page.locator('[role="tabpanel"]:not([hidden])').nth(1).locator('h3').allTextContents())
        .toContain('Alice Arden');
      await expect.poll(() => page.getByRole('heading', { name: 'Designers for hire' }).isVisible()).toBe(true);
      expect(await page.locator('section[aria-labelledby="hire-title"] h3').allTextContents()).toEqual(['Alice Arden']);
      await saveScreenshot(page, 'community-explore-tabs');

      // See-all sorts: Most Appreciated (default), Most Viewed, Most Recent; designers by Most Followed.
      await page.goto(`${app.url}/community/see-all?filter=diagrams`);
      const sortNav = page.getByRole('navigation', { name: 'Sort diagrams' });
      expect(await sortNav.getByRole('link').allTextContents()).toEqual([
        'Most Appreciated',
        'Most Viewed',
        'Most Recent',
      ]);
      expect((await page.locator('.diagram-card h3').allTextContents())[0]).toBe('Bob Quarry Sinks');
      await sortNav.getByRole('link', { name: 'Most Viewed' }).click();
      await page.waitForURL(/sort=viewed/);
      await expect
        .poll(async () => (await page.locator('.diagram-card h3').allTextContents())[0])
        .toBe('Alice Orchard Loop');
      expect(await sortNav.getByRole('link', { name: 'Most Viewed' }).getAttribute('aria-current')).toBe('page');
      await saveScreenshot(page, 'community-see-all-sorts');
      await page.goto(`${app.url}/community/see-all?filter=designers&sort=followed`);
      expect(
        await page.getByRole('navigation', { name: 'Sort designers' }).getByRole('link').allTextContents(),
      ).toEqual(['Recently Active', 'Most Followed', 'Most Viewed']);
      expect((await page.locator('.designer-card h3').allTextContents())[0]).toBe('Alice Arden');
      await visitor.close();

      // Me, signed in: the Recent Activity panel shows Alice's publish and Bob's fork of my diagram, as new.
      const mine = await meCtx.newPage();
      await mine.goto(`${app.url}/community/explore`);
      await waitForHydration(mine);
      await dismissCookies(mine);
      const panel = mine.getByRole('region', { name: /Recent Activity/ });
      await expect
        .poll(() => panel.locator('li').allTextContents(), { timeout: 15_000 })
        .toEqual(
          expect.arrayContaining([
            expect.stringContaining('Bob Brook forked your diagram “Mira Windmill Economy”'),
            expect.stringContaining('Alice Arden published “Alice Orchard Loop” on community'),
          ]),
        );
      expect(await panel.locator('li', { hasText: 'Alice Arden published' }).getAttribute('class')).toContain('is-new');
      expect(
        await panel.locator('li', { hasText: 'You published “Mira Windmill Economy”' }).getAttribute('class'),
      ).not.toContain('is-new');
      expect(await panel.getByRole('status').textContent()).toBe('New');
      await saveScreenshot(mine, 'community-recent-activity');
      // Shown items were marked viewed: after a reload nothing is new.
      await mine.reload();
      await waitForHydration(mine);
      await expect.poll(() => panel.locator('li').count()).toBeGreaterThan(2);
      expect(await panel.locator('li.is-new').count()).toBe(0);
      expect(await panel.getByRole('status').count()).toBe(0);
      // The same feed in the app, from the account menu's Recent Activity link.
      await mine.getByRole('button', { name: /^Account:/ }).click();
      await mine.getByRole('link', { name: 'Recent Activity' }).click();
      await mine.waitForURL(/\/activity$/);
      await expect
        .poll(
          () =>
            mine
              .getByRole('region', { name: /Recent Activity/ })
              .locator('li', { hasText: 'Bob Brook forked your diagram' })
              .count(),
          { timeout: 15_000 },
        )
        .toBe(1);
      // Live: Alice follows me while the page is open; the item arrives without a reload, as new.
      expect(
        (
          await aliceCtx.request.put(`${app.url}/api/community/user/connections/${me.username}`, {
            headers: CLIENT_HEADERS,
          })
        ).status(),
      ).toBe(200);
      const live = mine
        .getByRole('region', { name: /Recent Activity/ })
        .locator('li', { hasText: 'Alice Arden followed you' });
      await expect.poll(() => live.count(), { timeout: 15_000 }).toBe(1);
      expect(await live.getAttribute('class')).toContain('is-new');
      await saveScreenshot(mine, 'app-recent-activity');
      await mine.goBack();
      await waitForHydration(mine);
      // A link in the feed leads to the diagram's community page.
      await panel.getByRole('link', { name: /Alice Arden published/ }).click();
      await mine.waitForURL(new RegExp(`/community/${alice.username}/alice-orchard-loop-${orchard}$`));

      // Bob, an admin, spotlights Alice's diagram and designer on the admin Community screen; the landing shows them.
      const admin = await bobCtx.newPage();
      await admin.goto(`${app.url}/admin/community`);
      await waitForHydration(admin);
      await dismissCookies(admin);
      await admin
        .getByLabel('Diagram file key or community page address')
        .fill(`${app.url}/community/${alice.username}/alice-orchard-loop-${orchard}`);
      await admin.getByRole('button', { name: 'Spotlight diagram' }).click();
      await expect
        .poll(() => admin.locator('.adm-spotlight-list').first().textContent())
        .toContain('Alice Orchard Loop');
      await admin.getByLabel('Designer username').fill(alice.username);
      await admin.getByRole('button', { name: 'Spotlight designer' }).click();
      await expect.poll(() => admin.locator('.adm-spotlight-list').nth(1).textContent()).toContain('Alice Arden');
      await admin.getByLabel('Designer username').fill('nobody-at-all');
      await admin.getByRole('button', { name: 'Spotlight designer' }).click();
      await expect.poll(() => admin.getByRole('alert').first().textContent()).toContain('not public on community');
      await saveScreenshot(admin, 'admin-community-spotlight');
      const featured = await (await fetch(`${app.url}/api/wp-json/community/featured`)).json();
      expect(featured).toEqual({ usernames: alice.username, fileKeys: orchard });
      const landing = await browser.newPage();
      await landing.goto(`${app.url}/community/explore`);
      expect(
        await landing.locator('section[aria-labelledby="spotlight-diagrams"] .diagram-card h3').allTextContents(),
      ).toEqual(['Alice Orchard Loop']);
      await landing.close();
    } finally {
      await prisma.$disconnect();
    }
  });
});
