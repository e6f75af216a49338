import { PrismaPg } from '@prisma/adapter-pg';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TeamTexts } from '@loopwright/contracts';
import { startSmtpSink, type SmtpSink } from '../../api/test/fakes/smtp-sink.js';
import { PrismaClient } from '../../api/src/generated/prisma/client.js';
import { launchChromium, saveScreenshot, waitForHydration } from '../support/browser.js';
import { startBuiltApp, type BuiltApp } from '../support/served-app.js';
import {
  CLIENT_HEADERS,
  createDesigner,
  createDiagram,
  getDiagram,
  loggedInContext,
  openEditor,
  waitForSaved,
  type Designer,
} from '../editor/support.js';
import { withPlansServices } from './side-app.js';
import type { Browser } from 'playwright-core';

const tokenFrom = (body: string) => /\/invitations\/([A-Za-z0-9_-]{20,})/.exec(body)?.[1];

/**
 * The team walk: an owner with a paid 3-seat plan makes a team, invites two people
 * (mails in the SMTP sink), one accepts and one declines, the member edits a team diagram, the
 * owner suspends, unsuspends and removes, every refusal shows its text, and cancelling the
 * subscription downgrades the members.
 */
describe.skipIf(!inject('chromiumPath'))('teams in Chromium', () => {
  let app: BuiltApp;
  let browser: Browser;
  let sink: SmtpSink;
  let prisma: PrismaClient;
  const people = {} as Record<'owner' | 'alice' | 'bob' | 'carol' | 'dave', Designer>;
  const contexts = {} as Record<keyof typeof people, BrowserContext>;
  let fuid: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    [app, browser] = await Promise.all([
      startBuiltApp({ SMTP_URL: sink.url, STRIPE_SECRET_KEY: 'sk_test_e2e', APP_URL: 'http://app.test' }),
      launchChromium(),
    ]);
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: app.databaseUrl, max: 1 }) });
    for (const name of ['owner', 'alice', 'bob', 'carol', 'dave'] as const) {
      people[name] = await createDesigner(app);
      contexts[name] = await loggedInContext(browser, app, people[name], { width: 1280, height: 900 });
    }
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await browser?.close();
    await app?.close();
    await sink?.close();
  });

  const personal = async (who: keyof typeof people) =>
    (await prisma.workspace.findFirst({ where: { personalUser: { email: people[who].email } }, select: { id: true } }))!
      .id;

  async function page(who: keyof typeof people, path: string): Promise<Page> {
    const p = await contexts[who].newPage();
    await p.goto(`${app.url}${path}`);
    await waitForHydration(p);
    const consent = p.getByRole('button', { name: 'Reject all' });
    if (
      await consent.waitFor({ timeout: 1500 }).then(
        () => true,
        () => false,
      )
    )
      await consent.click();
    return p;
  }

  const row = (p: Page, email: string) => p.locator(`tr[data-email="${email}"]`);
  const alert = (p: Page) => p.locator('.team-feedback');
  /** A member row's action button (the accessible names carry the e-mail: "Suspend x@…"). */
  const action = (p: Page, label: 'Suspend' | 'Unsuspend' | 'Remove', who: keyof typeof people) =>
    p.getByRole('button', { name: `${label} ${people[who].email}`, exact: true });

  /**
   * Opens the invitation link logged out and signs up from it: the address is filled in, opening the
   * link confirmed it (no confirmation e-mail), and the new account is signed in and in the team; the
   * onboarding asks for no plan.
   */
  async function signUpFromInvitation(email: string) {
    const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject.includes('Pixel Forge'));
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    await p.goto(`${app.url}/invitations/${tokenFrom(mail.body)}`);
    await waitForHydration(p);
    await p.getByRole('heading', { name: 'Join the team Pixel Forge' }).waitFor();
    await saveScreenshot(p, 'teams-invitation-logged-out');
    await p.getByRole('link', { name: 'Create an account' }).click();
    expect(await p.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email);
    await p.getByLabel('Password', { exact: true }).fill('newcomer-pw-1');
    await p.getByLabel('Confirm password', { exact: true }).fill('newcomer-pw-1');
    await p.getByLabel('I have read and agreed to the Terms of Service', { exact: true }).check();
    await p.getByRole('button', { name: 'Create free account' }).click();
    await p.waitForURL(/\/onboarding/);
    await p.getByRole('button', { name: 'Get started' }).click();
    await p.getByLabel('What describes you best?', { exact: true }).selectOption('Game designer');
    await p.getByLabel('What do you want to design?', { exact: true }).selectOption('Game economy');
    await p.getByRole('button', { name: 'Continue', exact: true }).click();
    // No plan choice: the team's plan covers the team folder.
    const username = `newcomer.${Date.now()}`;
    await p.getByLabel('Community username', { exact: true }).fill(username);
    await saveScreenshot(p, 'teams-newcomer-onboarding');
    expect(await p.getByRole('button', { name: 'Continue with Public' }).count()).toBe(0);
    await p.getByText(`${username} is available`).waitFor();
    await p.getByRole('button', { name: 'Finish' }).click();
    await p.waitForURL(/\/diagrams\?list=team/);
    await p.getByRole('link', { name: 'Loot economy' }).waitFor();
    await saveScreenshot(p, 'teams-newcomer-in-team');
    // Confirmed by the link: no confirmation e-mail was sent.
    expect(sink.messages.some((m) => m.to.includes(email) && /confirm-email\?token=/.test(m.body))).toBe(false);
    await context.close();
  }

  async function inviteFromScreen(p: Page, email: string) {
    await p.getByLabel('E-mail address').fill(email);
    await p.getByRole('button', { name: 'Send invitation' }).click();
  }

  it('the owner buys 3 seats, creates the team and invites two addresses; past the seats comes the offer to add one', async () => {
    // Billing's webhook after a 3-seat checkout (Professional), through the plans service.
    await withPlansServices(app.databaseUrl, async ({ subscriptions }) => {
      await subscriptions.applyChange(
        await personal('owner'),
        { planType: 2, status: 'active', billingCycle: 'monthly', seats: 3 },
        { reason: 'stripe' },
      );
      // Carol pays for her own plan (used for the "active subscription" refusal later).
      await subscriptions.applyChange(
        await personal('carol'),
        { planType: 1, status: 'active', billingCycle: 'monthly', seats: 1 },
        { reason: 'stripe' },
      );
    });
    const p = await page('owner', '/settings/team');
    await p.getByLabel('Team name').fill('Pixel Forge');
    await p.getByRole('button', { name: 'Create team' }).click();
    await p.getByRole('heading', { name: 'Pixel Forge' }).waitFor();
    await inviteFromScreen(p, people.alice.email);
    await alert(p)
      .filter({ hasText: `Invitation sent to ${people.alice.email}` })
      .waitFor();
    await inviteFromScreen(p, people.bob.email);
    await alert(p)
      .filter({ hasText: `Invitation sent to ${people.bob.email}` })
      .waitFor();
    expect(await p.locator('.team-seats strong').textContent()).toBe('3 / 3');
    expect(await row(p, people.alice.email).getByText('Invited').count()).toBe(1);
    await inviteFromScreen(p, `fourth@studio.test`);
    await alert(p).filter({ hasText: TeamTexts.seatLimit }).waitFor();
    // Where the invitation was refused: add a seat (this plan was given, not billed: no price), or compare plans.
    expect(await alert(p).getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/plans');
    await p.getByRole('button', { name: 'Add a seat', exact: true }).waitFor();
    expect(await p.getByRole('dialog').count()).toBe(0);
    await saveScreenshot(p, 'teams-seat-limit-prompt');
  });

  it('the mails are in the SMTP sink; one accepts from the link, one declines', async () => {
    const aliceMail = await sink.waitFor((m) => m.to.includes(people.alice.email) && m.subject.includes('Pixel Forge'));
    const bobMail = await sink.waitFor((m) => m.to.includes(people.bob.email) && m.subject.includes('Pixel Forge'));
    expect(aliceMail.body).toContain('http://app.test/invitations/');

    const a = await page('alice', `/invitations/${tokenFrom(aliceMail.body)}`);
    await a.getByRole('heading', { name: 'Join the team Pixel Forge' }).waitFor();
    await saveScreenshot(a, 'teams-invitation');
    await a.getByRole('button', { name: 'Accept and join' }).click();
    await a.getByText('You joined the team Pixel Forge.').waitFor();

    const b = await page('bob', `/invitations/${tokenFrom(bobMail.body)}`);
    await b.getByRole('button', { name: 'Decline' }).click();
    await b.getByText('You declined the invitation.').waitFor();

    const o = await page('owner', '/settings/team');
    await row(o, people.alice.email).getByText('Active').waitFor();
    expect(await row(o, people.bob.email).count()).toBe(0);
    expect(await o.locator('.team-seats strong').textContent()).toBe('2 / 3');
  });

  it('the owner shares a diagram with the team; the member sees it in the Team folder and edits it', async () => {
    fuid = await createDiagram(contexts.owner, app, { name: 'Loot economy' });
    const o = await page('owner', '/diagrams');
    await o.getByRole('link', { name: 'Loot economy' }).waitFor();
    await o.getByRole('checkbox', { name: TeamTexts.teamShared }).click();
    // It moved into the team folder: gone from My Diagrams, and the list says where it went.
    await o.getByRole('link', { name: 'Loot economy' }).waitFor({ state: 'detached' });
    await o
      .getByRole('status')
      .filter({ hasText: '“Loot economy” is shared with the team: it moved to the Team folder' })
      .waitFor();
    await saveScreenshot(o, 'teams-moved-to-team-folder');
    await o.getByRole('button', { name: 'Open Team folder' }).click();
    await o.getByRole('link', { name: 'Loot economy' }).waitFor();
    // Its share dialog says who can open it: the team.
    await o.getByRole('button', { name: 'Actions for Loot economy' }).click();
    await o.getByRole('menuitem', { name: 'Share…' }).click();
    await expect
      .poll(() => o.getByRole('dialog').getByTestId('privacy-summary').textContent())
      .toContain(`Who can open it: ${TeamTexts.teamShared}`);
    await saveScreenshot(o, 'teams-share-dialog-team');
    await o.keyboard.press('Escape');

    const a = await page('alice', '/diagrams?list=team');
    await a.getByRole('link', { name: 'Loot economy' }).waitFor();
    await saveScreenshot(a, 'teams-team-folder');
    const before = (await getDiagram(contexts.alice, app, fuid)).document.nodes.length;
    const editor = await contexts.alice.newPage();
    await openEditor(editor, app, fuid);
    const canvas = (await editor.locator('.react-flow__pane').boundingBox())!;
    await editor
      .getByRole('navigation', { name: 'Elements' })
      .getByRole('button', { name: 'Pool', exact: true })
      .click();
    await editor.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await waitForSaved(editor);
    // The live edit reaches the stored JSON document within seconds (it follows the live document).
    await expect.poll(async () => (await getDiagram(contexts.alice, app, fuid)).document.nodes.length).toBe(before + 1);
    await saveScreenshot(editor, 'teams-member-edits');
  });

  it('the owner makes a member an admin, who then invites and manages members but not billing', async () => {
    const o = await page('owner', '/settings/team');
    await o.getByRole('button', { name: `Make admin ${people.alice.email}` }).click();
    await row(o, people.alice.email).getByText('Admin', { exact: true }).waitFor();
    const a = await page('alice', '/settings/team');
    await a.getByText('You are an admin of this team').waitFor();
    await a.getByRole('button', { name: 'Send invitation' }).waitFor();
    // Billing, seats and the team's name stay with the owner.
    expect(await a.getByRole('heading', { name: 'Team settings' }).count()).toBe(0);
    await saveScreenshot(a, 'teams-admin-view');
    await o.getByRole('button', { name: `Make member ${people.alice.email}` }).click();
    await row(o, people.alice.email).getByText('Admin', { exact: true }).waitFor({ state: 'detached' });
  });

  it('the owner suspends, unsuspends and removes; every refusal shows its text', async () => {
    const o = await page('owner', '/settings/team');
    const alice = row(o, people.alice.email);
    // An active member offers Suspend only; a suspended one Unsuspend only; the owner's row no action at all.
    expect(await action(o, 'Unsuspend', 'alice').count()).toBe(0);
    expect(await row(o, people.owner.email).getByRole('button').count()).toBe(0);
    await action(o, 'Suspend', 'alice').click();
    await alice.getByText('Suspended').waitFor();
    expect(await action(o, 'Suspend', 'alice').count()).toBe(0);
    expect(
      (await contexts.alice.request.get(`${app.url}/api/diagrams/${fuid}`, { headers: CLIENT_HEADERS })).status(),
    ).toBe(404);
    await saveScreenshot(o, 'teams-suspended-member');
    await action(o, 'Unsuspend', 'alice').click();
    await alice.getByText('Active').waitFor();
    expect(await action(o, 'Unsuspend', 'alice').count()).toBe(0);

    await action(o, 'Remove', 'alice').click();
    await alice.getByRole('button', { name: 'Yes, remove' }).click();
    // Removed: gone from the list, and told by e-mail.
    await alice.waitFor({ state: 'detached' });
    await sink.waitFor((m) => m.to.includes(people.alice.email) && /removed from the team/.test(m.subject));
    expect(
      (await contexts.alice.request.get(`${app.url}/api/diagrams/${fuid}`, { headers: CLIENT_HEADERS })).status(),
    ).toBe(404);

    // Removal is permanent; the owner is in the team already.
    await inviteFromScreen(o, people.alice.email);
    await alert(o).filter({ hasText: TeamTexts.joinFailed }).waitFor();
    await inviteFromScreen(o, people.owner.email);
    await alert(o).filter({ hasText: TeamTexts.alreadyInTeam }).waitFor();
    await saveScreenshot(o, 'teams-members-states');

    // A paying user must cancel first.
    await inviteFromScreen(o, people.carol.email);
    await alert(o)
      .filter({ hasText: `Invitation sent to ${people.carol.email}` })
      .waitFor();
    const carolMail = await sink.waitFor((m) => m.to.includes(people.carol.email));
    const c = await page('carol', `/invitations/${tokenFrom(carolMail.body)}`);
    await c.getByRole('button', { name: 'Accept and join' }).click();
    await c.getByText(TeamTexts.activeSubscription).waitFor();
    await saveScreenshot(c, 'teams-refusal-subscription');

    // The owner of a team with members cannot delete the account.
    const s = await page('owner', '/settings/security');
    await s.getByRole('button', { name: 'Delete account…' }).click();
    await s.getByLabel(`Type ${people.owner.email} to confirm`).fill(people.owner.email);
    await s.getByRole('button', { name: 'Delete my account for good' }).click();
    await s.getByText(TeamTexts.cannotDeleteOwner).waitFor();
    await saveScreenshot(s, 'teams-refusal-delete-owner');
  });

  it('a member of a team cannot join another; a new member accepts from the diagram list; cancellation downgrades the members', async () => {
    const o = await page('owner', '/settings/team');
    // Revoking asks first.
    await row(o, people.carol.email)
      .getByRole('button', { name: `Revoke ${people.carol.email}` })
      .click();
    await row(o, people.carol.email).getByText('Revoke this invitation?').waitFor();
    await saveScreenshot(o, 'teams-revoke-confirm');
    await row(o, people.carol.email).getByRole('button', { name: 'Yes, revoke' }).click();
    await row(o, people.carol.email).waitFor({ state: 'detached' });
    await inviteFromScreen(o, people.dave.email);
    await alert(o)
      .filter({ hasText: `Invitation sent to ${people.dave.email}` })
      .waitFor();

    // Dave's notification links to the invitation; he accepts from his diagram list.
    const d = await page('dave', '/diagrams');
    await d.getByText('invited you to join the team Pixel Forge').first().waitFor();
    await d.getByRole('button', { name: 'Accept', exact: true }).click();
    await d.getByText('You joined the team Pixel Forge.').waitFor();
    await d.getByRole('tab', { name: 'Team folder' }).click();
    await d.getByRole('link', { name: 'Loot economy' }).waitFor();

    // Someone without an account signs up from the e-mail's link and lands in the team.
    const newcomer = `newcomer-${Date.now()}@example.test`;
    await inviteFromScreen(o, newcomer);
    await alert(o)
      .filter({ hasText: `Invitation sent to ${newcomer}` })
      .waitFor();
    await signUpFromInvitation(newcomer);

    // The subscription is cancelled (billing's webhook → plans): members lose the team folder.
    await withPlansServices(app.databaseUrl, async ({ subscriptions }) => {
      await subscriptions.downgradeToPublic(await personal('owner'), 'canceled');
      await expect
        .poll(
          async () =>
            (
              await prisma.workspace.findFirst({
                where: { kind: 'team', name: 'Pixel Forge' },
                select: { downgradedAt: true },
              })
            )?.downgradedAt !== null,
          { timeout: 15_000 },
        )
        .toBe(true);
    });
    const after = await page('dave', '/diagrams');
    await after.getByText(TeamTexts.downgraded).waitFor();
    expect(await after.getByRole('tab', { name: 'Team folder' }).count()).toBe(0);
    expect(
      (await contexts.dave.request.get(`${app.url}/api/diagrams/${fuid}`, { headers: CLIENT_HEADERS })).status(),
    ).toBe(404);
    await saveScreenshot(after, 'teams-downgraded-member');
    const team = await page('dave', '/settings/team');
    await team.getByText(TeamTexts.downgraded).waitFor();
    await saveScreenshot(team, 'teams-downgraded-member-team');
    // Nothing deleted: the owner keeps the diagram.
    expect(
      (await contexts.owner.request.get(`${app.url}/api/diagrams/${fuid}`, { headers: CLIENT_HEADERS })).status(),
    ).toBe(200);
  });

  it('a user deletes their account after confirming it', async () => {
    const s = await page('bob', '/settings/security');
    await s.getByRole('button', { name: 'Delete account…' }).click();
    await saveScreenshot(s, 'teams-delete-account');
    await s.getByLabel(`Type ${people.bob.email} to confirm`).fill(people.bob.email);
    await s.getByRole('button', { name: 'Delete my account for good' }).click();
    await s.waitForURL(/account=deleted/);
    expect(await prisma.user.count({ where: { email: people.bob.email } })).toBe(0);
  });
});
