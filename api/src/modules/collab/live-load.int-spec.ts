import { readDocument, rootsOf } from '@loopwright/collab';
import { DiagramLimits } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createDiagram, economyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { eventually } from '../../../test/support/eventually.js';
import { liveClient } from '../../../test/support/live-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';

describe('live documents load the stored JSON document', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('over the size limits (written before them, or by hand): it opens whole, and an edit keeps the JSON whole', async () => {
    const owner = await loginAs(app, await createUser(app));
    const { fuid } = await createDiagram(owner, { document: economyDocument() });
    const economy = economyDocument();
    const pools = Array.from({ length: DiagramLimits.maxComponents }, (_, i) => ({
      id: `p${i}`,
      type: 'pool',
      name: `P${i}`,
      x: (i % 100) * 110,
      y: 400 + Math.floor(i / 100) * 110,
      start: 0,
    }));
    const big = { ...economy, nodes: [...economy.nodes!, ...pools] };
    const prisma = app.http.app.get(PrismaService);
    await prisma.diagram.update({ where: { fuid }, data: { document: big } });

    const client = liveClient(app.url, fuid, { client: owner });
    try {
      await client.synced;
      expect(readDocument(client.doc).nodes).toHaveLength(big.nodes.length);

      // An edit is kept live; the JSON is not replaced by anything smaller than what it holds.
      rootsOf(client.doc).nodes.get('gold')!.set('x', 999);
      const row = await prisma.diagram.findUniqueOrThrow({ where: { fuid }, select: { id: true } });
      await eventually(async () => {
        const stored = await prisma.diagramLiveDocument.findUnique({ where: { diagramId: row.id } });
        if (!stored) return undefined;
        const doc = new Y.Doc();
        Y.applyUpdate(doc, stored.state);
        return rootsOf(doc).nodes.get('gold')?.get('x') === 999 ? true : undefined;
      });
      const saved = (await owner.get(`/diagrams/${fuid}`)).body.content.diagram.document as { nodes: unknown[] };
      expect(saved.nodes).toHaveLength(big.nodes.length);
    } finally {
      client.destroy();
    }
  });
});
