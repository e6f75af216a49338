import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { useAppAndBrowser } from '../support/app-and-browser.js';
import { CLIENT_HEADERS, createDesigner, createDiagram, loggedInContext, openEditor } from './support.js';

const document = {
  nodes: [
    { id: 'source', type: 'source', name: 'Mine', x: 0, y: 0, activation: 'automatic' },
    { id: 'gold', type: 'pool', name: 'Gold', x: 240, y: 0, start: 0 },
  ],
  connections: [{ id: 'c1', kind: 'resource', from: 'source', to: 'gold', formula: '1' }],
};

async function centreOf(page: Page, name: string) {
  const box = await page
    .locator('.react-flow__node')
    .filter({ has: page.getByTestId(`node-${name}`) })
    .boundingBox();
  if (!box) throw new Error(`no element ${name} on the canvas`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe.skipIf(!inject('chromiumPath'))('editor: comments in Chromium', () => {
  const running = useAppAndBrowser();

  it('the owner comments on an element mentioning the editor; the editor sees it live and in notifications; a viewer reads it', async () => {
    const [owner, editor, viewer] = await Promise.all([1, 2, 3].map(() => createDesigner(running.app)));
    const [ownerContext, editorContext, viewerContext] = await Promise.all(
      [owner, editor, viewer].map((d) => loggedInContext(running.browser, running.app, d)),
    );
    try {
      const fuid = await createDiagram(ownerContext, running.app, { name: 'Gold rush', document });
      for (const [who, role] of [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ] as const) {
        const shared = await ownerContext.request.post(`${running.app.url}/api/diagrams/${fuid}/shares`, {
          headers: CLIENT_HEADERS,
          data: { email: who.email, role },
        });
        expect(shared.status()).toBe(201);
      }
      const ownerPage = await ownerContext.newPage();
      const editorPage = await editorContext.newPage();
      await Promise.all([openEditor(ownerPage, running.app, fuid), openEditor(editorPage, running.app, fuid)]);

      await ownerPage.getByRole('tab', { name: 'Comments' }).click();
      await ownerPage.getByRole('tabpanel').getByText('No open comments.').waitFor();
      await editorPage.getByRole('tab', { name: 'Comments' }).click();
      await editorPage.getByRole('tabpanel').getByText('No open comments.').waitFor();

      // Comment mode, then a click on Gold pins the thread to it; @ and the editor's name mention them.
      await ownerPage.getByRole('button', { name: 'Comment', exact: true }).click();
      await ownerPage.getByRole('status').filter({ hasText: 'Click an element or a point to comment' }).waitFor();
      const gold = await centreOf(ownerPage, 'Gold');
      await ownerPage.mouse.click(gold.x, gold.y);
      const composer = ownerPage.getByRole('combobox', { name: 'New comment on Gold' });
      await composer.waitFor();
      await composer.pressSequentially(`Is a start of 0 right? @${editor.username}`);
      const suggestion = ownerPage.getByRole('option', { name: new RegExp(editor.username) });
      await suggestion.waitFor();
      await saveScreenshot(ownerPage, 'comments-mention-autocomplete');
      await composer.press('Enter');
      await expect.poll(() => composer.inputValue()).toBe('Is a start of 0 right? @Eddie Tor ');
      await composer.press('Enter');
      await ownerPage.getByRole('button', { name: '1 comment on Gold' }).waitFor();
      await ownerPage.getByRole('article', { name: 'Comments on Gold' }).waitFor();
      await saveScreenshot(ownerPage, 'comments-owner-thread');

      // A point of the canvas: a pin there.
      await ownerPage.keyboard.press('Escape');
      await ownerPage.getByRole('button', { name: 'Comment', exact: true }).click();
      await ownerPage.mouse.click(gold.x - 120, gold.y + 140);
      const onPoint = ownerPage.getByRole('combobox', { name: 'New comment on A point on the canvas' });
      await onPoint.fill('Room for a drain here');
      await onPoint.press('Enter');
      await ownerPage.getByRole('button', { name: '1 comment on A point on the canvas' }).waitFor();
      await saveScreenshot(ownerPage, 'comments-point-pin');

      // The editor sees it without a reload: the badge on Gold and the thread in the panel.
      const badge = editorPage.getByRole('button', { name: '1 comment on Gold' });
      await badge.waitFor({ timeout: 15_000 });
      await editorPage
        .getByRole('tabpanel')
        .getByRole('button', { name: /Is a start of 0 right/ })
        .waitFor();
      await badge.click();
      const thread = editorPage.getByRole('article', { name: 'Comments on Gold' });
      await expect.poll(() => thread.locator('.comment__mention').textContent()).toBe('@Eddie Tor');
      await thread.getByRole('combobox', { name: 'Reply' }).fill('Yes, the mine fills it.');
      await thread.getByRole('button', { name: 'Reply' }).click();
      await saveScreenshot(editorPage, 'comments-editor-live');
      await ownerPage.getByRole('button', { name: '2 comments on Gold' }).waitFor({ timeout: 15_000 });

      // By keyboard: select Mine, C for comment mode, Enter comments on the selection.
      const mine = await centreOf(editorPage, 'Mine');
      await editorPage.mouse.click(mine.x, mine.y);
      await editorPage.keyboard.press('c');
      await editorPage.getByRole('status').filter({ hasText: 'Click an element or a point to comment' }).waitFor();
      await editorPage.keyboard.press('Enter');
      const onMine = editorPage.getByRole('combobox', { name: 'New comment on Mine' });
      await onMine.fill('How fast does it produce?');
      await onMine.press('Enter');
      await ownerPage.getByRole('button', { name: '1 comment on Mine' }).waitFor({ timeout: 15_000 });

      // …and in their notifications, which lead back to the thread.
      await expect
        .poll(
          async () => {
            const answer = await editorContext.request.get(`${running.app.url}/api/notifications`, {
              headers: CLIENT_HEADERS,
            });
            return JSON.stringify(await answer.json()).includes('Mentioned in a comment');
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      const inbox = await editorContext.newPage();
      await inbox.goto(`${running.app.url}/notifications`);
      const mention = inbox.getByRole('link', { name: /mentioned you in a comment on Gold rush/ });
      await mention.waitFor({ timeout: 45_000 });
      await saveScreenshot(inbox, 'comments-notification');
      await mention.click();
      await inbox.getByRole('article', { name: 'Comments on Gold' }).waitFor({ timeout: 45_000 });

      // A viewer reads the thread and cannot write.
      const viewerPage = await viewerContext.newPage();
      await openEditor(viewerPage, running.app, fuid);
      await viewerPage.getByRole('button', { name: '2 comments on Gold' }).click();
      const readOnly = viewerPage.getByRole('article', { name: 'Comments on Gold' });
      await readOnly.getByText('You can read the comments of this diagram; its editors write them.').waitFor();
      expect(await readOnly.getByRole('combobox').count()).toBe(0);
      expect(await viewerPage.getByRole('button', { name: 'Comment', exact: true }).count()).toBe(0);
      await saveScreenshot(viewerPage, 'comments-viewer');

      // Resolving takes the badge off everyone's canvas; the panel lists it under Resolved.
      await ownerPage.getByRole('button', { name: 'Close the thread' }).click(); // the point's thread
      await ownerPage.getByRole('button', { name: '2 comments on Gold' }).click();
      await ownerPage
        .getByRole('article', { name: 'Comments on Gold' })
        .getByRole('button', { name: 'Resolve' })
        .click();
      await editorPage
        .getByRole('button', { name: /comments? on Gold/ })
        .waitFor({ state: 'detached', timeout: 15_000 });
      // The owner still has it open: it shows Reopen; closed, it leaves their canvas too.
      const open = ownerPage.getByRole('article', { name: 'Comments on Gold' });
      await open.getByRole('button', { name: 'Reopen' }).waitFor();
      await open.getByRole('button', { name: 'Close the thread' }).click();
      await ownerPage.getByRole('button', { name: /comments? on Gold/ }).waitFor({ state: 'detached' });
      expect(await ownerPage.getByRole('button', { name: '1 comment on Mine' }).count()).toBe(1);
      await editorPage.getByRole('tabpanel').getByRole('button', { name: 'Resolved (1)' }).click();
      await editorPage
        .getByRole('tabpanel')
        .getByRole('button', { name: /resolved by Eddie Tor/ })
        .waitFor();
      await saveScreenshot(editorPage, 'comments-resolved-panel');
    } finally {
      await Promise.all([ownerContext.close(), editorContext.close(), viewerContext.close()]);
    }
  });
});
