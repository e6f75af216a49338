import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { createDiagram, getDiagram, openEditor, useDesignerSession, waitForSaved } from './support.js';

const document = {
  version: 1,
  settings: { stepsLimit: 10 },
  variables: [],
  nodes: [{ id: 'gold', type: 'pool', name: 'Gold', x: 0, y: 0, start: 0 }],
  connections: [],
};

// A machinations.io export with what the importer must report: two layers, a connection attached
// at one end only, an artificial player, and a register whose formula names a missing input.
const xml = `<mxGraphModel diagram_time_steps_limit="50" diagram_dice="D6"><root><mxCell id="0"/><mxCell id="1" value="Economy" parent="0"/>
<mxSourceShapeCell id="src" label="Mine" activation="automatic" vertex="1" parent="1"><mxGeometry x="0" y="0" width="46" height="46" as="geometry"/></mxSourceShapeCell>
<mxPoolShapeCell id="ore" label="Ore &amp;amp; gems" style="html=1" number="0" capacity="-1" activation="passive" actionMode="pull-any" vertex="1" parent="1"><mxGeometry x="200" y="0" width="46" height="46" as="geometry"/></mxPoolShapeCell>
<mxMachinationRegisterCell id="cost" label="Cost" formula="a*price" isInteractive="0" initialValue="0" step="1" vertex="1" parent="1"><mxGeometry x="200" y="200" width="46" height="46" as="geometry"/></mxMachinationRegisterCell>
<mxResourceConnectionCell id="dig" source="src" target="ore" formula="d6" edge="1" parent="1"/>
<mxStateConnectionCell id="in" source="ore" target="cost" formula="a" edge="1" parent="1"/>
<mxResourceConnectionCell id="loose" source="ore" formula="1" edge="1" parent="1"/>
<mxArtificialPlayerCell id="bot" label="Bot" vertex="1" parent="1"><mxGeometry x="400" y="0" width="46" height="46" as="geometry"/></mxArtificialPlayerCell>
</root></mxGraphModel>`;

describe.skipIf(!inject('chromiumPath'))(
  'editor: importing a machinations.io file shows the import report before anything changes',
  () => {
    const running = useDesignerSession();

    it('lists every element left out or changed, then Cancel keeps the diagram and Import replaces it', async () => {
      const fuid = await createDiagram(running.context, running.app, { name: 'Import target', document });
      const page = await running.context.newPage();
      await openEditor(page, running.app, fuid);
      const choose = async () => {
        const chooser = page.waitForEvent('filechooser');
        await page.getByRole('button', { name: 'File' }).click();
        await page.getByRole('menuitem', { name: 'Import JSON or Machinations XML…' }).click();
        await (await chooser).setFiles({ name: 'mine.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });
        const dialog = page.getByRole('dialog', { name: 'Import mine.xml' });
        await dialog.waitFor();
        return dialog;
      };

      const dialog = await choose();
      expect(await dialog.textContent()).toContain('machinations.io XML: 3 elements, 2 connections.');
      const report = dialog.getByRole('region', { name: 'Not imported or changed (5)' });
      const items = await report.getByRole('listitem').allTextContents();
      expect(items).toEqual([
        expect.stringMatching(/^0 layer: /),
        expect.stringMatching(/^1 layer: 'Economy': Loopwright has no layers/),
        "cost register: formula 'a*price' could not be read ('price' is not among its inputs); the register shows the sum of its inputs",
        'loose resource connection: not attached at its end in the file; left out',
        expect.stringMatching(/^bot artificial player: artificial players \(scripted clicks\) are not simulated/),
      ]);
      await saveScreenshot(page, 'editor-import-report');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.locator('.react-flow__node').count()).toBe(1);

      await (await choose()).getByRole('button', { name: 'Import' }).click();
      await expect.poll(() => page.locator('.react-flow__node').count()).toBe(3);
      await waitForSaved(page);
      const saved = await getDiagram(running.context, running.app, fuid);
      expect(saved.document.nodes.map((n) => n.id)).toEqual(['src', 'ore', 'cost']);
      expect(saved.document.nodes.find((n) => n.id === 'ore')?.name).toBe('Ore & gems');
      await page.close();
    });
  },
);
