import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram, economyDocument, tinyDocument } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';

const PNG_SIGNATURE = '89504e470d0a1a0a';
const outDir = path.resolve(import.meta.dirname, '../../../../test-results/thumbnails');

async function raw(app: TestApp, client: ApiClient | null, url: string, headers: Record<string, string> = {}) {
  const cookie = client?.cookie('lw_access');
  const response = await fetch(`${app.url}${url}`, {
    headers: { ...(cookie ? { cookie: `lw_access=${cookie}` } : {}), ...headers },
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

function pngSize(png: Buffer) {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('pictures of diagrams: share thumbnails, PNG and SVG export', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    mkdirSync(outDir, { recursive: true });
  });
  afterAll(() => app?.close());

  it('renders a real PNG thumbnail at each size, cached until the diagram changes, only for those who may view it', async () => {
    const ownerUser = await createUser(app);
    const owner = await loginAs(app, ownerUser);
    const diagram = await createDiagram(owner, { name: 'Gold and upgrades economy', document: economyDocument() });
    const small = await raw(app, owner, `/share-thumbnail/${diagram.fuid}/small/png`);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/png');
    expect(small.headers.get('cache-control')).toBe('private, no-cache');
    expect(small.body.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    expect(pngSize(small.body)).toEqual({ width: 320, height: 168 });
    const large = await raw(app, owner, `/share-thumbnail/${diagram.fuid}/large/png`);
    expect(pngSize(large.body)).toEqual({ width: 1200, height: 630 });
    writeFileSync(path.join(outDir, 'economy-large.png'), large.body);
    writeFileSync(path.join(outDir, 'economy-small.png'), small.body);
    // Size defaults to small.
    expect(pngSize((await raw(app, owner, `/share-thumbnail/${diagram.fuid}/png`)).body)).toEqual({
      width: 320,
      height: 168,
    });
    expect(pngSize((await raw(app, owner, `/share-thumbnail/${diagram.fuid}/huge/png`)).body)).toEqual({
      width: 320,
      height: 168,
    });

    // Cached per version: the stored picture is served as is, then replaced after a save.
    const prisma = app.http.app.get(PrismaService);
    const row = await prisma.diagramThumbnail.findFirstOrThrow({
      where: { diagram: { fuid: diagram.fuid }, size: 'large' },
    });
    expect(row.version).toBe(1);
    await prisma.diagramThumbnail.update({
      where: { diagramId_size: { diagramId: row.diagramId, size: 'large' } },
      data: { png: Buffer.from('cached!') },
    });
    expect((await raw(app, owner, `/share-thumbnail/${diagram.fuid}/large/png`)).body.toString()).toBe('cached!');
    const etag = small.headers.get('etag')!;
    expect(
      (await raw(app, owner, `/share-thumbnail/${diagram.fuid}/small/png`, { 'if-none-match': etag })).status,
    ).toBe(304);

    await owner.put(`/diagrams/${diagram.fuid}/document`, { baseVersion: 1, document: tinyDocument(5) });
    const fresh = await raw(app, owner, `/share-thumbnail/${diagram.fuid}/large/png`);
    expect(fresh.body.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    expect(fresh.headers.get('etag')).toContain('-2-');
    expect(
      (await prisma.diagramThumbnail.findFirstOrThrow({ where: { diagramId: row.diagramId, size: 'large' } })).version,
    ).toBe(2);

    // Privacy: others and anonymous visitors get 404 until the diagram is public.
    const other = await loginAs(app, await createUser(app));
    expect((await raw(app, other, `/share-thumbnail/${diagram.fuid}/small/png`)).status).toBe(404);
    expect((await raw(app, null, `/share-thumbnail/${diagram.fuid}/small/png`)).status).toBe(404);
    expect((await raw(app, null, `/share-thumbnail/nonexistent000/small/png`)).status).toBe(404);
    await owner.put(`/diagrams/${diagram.fuid}/privacy`, { community: true });
    const open = await raw(app, null, `/share-thumbnail/${diagram.fuid}/small/png`);
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('exports SVG and PNG files of the diagram', async () => {
    const owner = await loginAs(app, await createUser(app));
    const diagram = await createDiagram(owner, { name: 'Export me' });
    const svg = await raw(app, owner, `/api/diagrams/${diagram.fuid}/export/svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.get('content-disposition')).toBe('attachment; filename="Export me.svg"');
    const text = svg.body.toString();
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const name of ['Gold', 'Upgrades', 'Invest', 'D6', '+1']) expect(text).toContain(name);
    const png = await raw(app, owner, `/api/diagrams/${diagram.fuid}/export/png?scale=2`);
    expect(png.body.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    const svgWidth = Number(/width="([\d.]+)"/.exec(text)![1]);
    expect(pngSize(png.body).width).toBe(Math.round(svgWidth * 2));
    writeFileSync(path.join(outDir, 'economy-export.png'), png.body);
  });

  it('sends /open-public/ visitors to the community page of a public diagram', async () => {
    const ownerUser = await createUser(app);
    const owner = await loginAs(app, ownerUser);
    const diagram = await createDiagram(owner, { name: 'Public Economy!' });
    expect((await raw(app, null, `/open-public/${diagram.fuid}`)).status).toBe(404);
    await owner.put(`/diagrams/${diagram.fuid}/privacy`, { community: true });
    const redirect = await raw(app, null, `/open-public/${diagram.fuid}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`/community/${ownerUser.username}/public-economy-${diagram.fuid}`);
  });
});
