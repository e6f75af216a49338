import { DRIVE_SCOPE, DriveTexts } from '@loopwright/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startFakeDrive, type FakeDrive } from '../../../test/fakes/drive.js';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../../../test/fakes/oauth-provider.js';
import type { ApiClient } from '../../../test/support/api-client.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

describe('Google Drive import and export against a loopback Google and Drive', () => {
  let app: TestApp;
  let provider: FakeOAuthProvider;
  let drive: FakeDrive;
  beforeAll(async () => {
    provider = await startFakeOAuthProvider();
    drive = await startFakeDrive((token) => (provider.scopeOf(token) ?? '').split(' ').includes(DRIVE_SCOPE));
    app = await startTestApp({ env: { ...provider.env(), GOOGLE_DRIVE_API_BASE: drive.url } });
  });
  afterAll(async () => {
    await app?.close();
    await drive?.close();
    await provider?.close();
  });

  /** The browser's path: our connect → Google's authorize (drive.file) → our callback. Returns where it lands. */
  async function connect(client: ApiClient, tamper?: (callback: URL) => void): Promise<string> {
    const start = await client.get('/drive/connect?returnTo=%2Fdiagrams%2Fabc');
    expect(start.status).toBe(302);
    const authorizeUrl = new URL(start.headers.get('location')!);
    expect(authorizeUrl.searchParams.get('scope')).toBe(DRIVE_SCOPE);
    const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    expect(callback.pathname).toBe('/api/drive/callback');
    tamper?.(callback);
    const finished = await client.get(`${callback.pathname.replace(/^\/api/, '')}${callback.search}`);
    expect(finished.status).toBe(302);
    return finished.headers.get('location')!;
  }

  it('connects Drive with its own authorization, exports a diagram, lists it and imports it back', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    expect((await client.get('/drive/status')).body.content).toEqual({ available: true, connected: false });
    expect((await client.get('/drive/files')).body.error.code).toBe('DRIVE_NOT_CONNECTED');

    expect(await connect(client)).toBe('/diagrams/abc?drive=connected');
    expect(provider.authorizedScopes.at(-1)).toBe(DRIVE_SCOPE);
    expect((await client.get('/drive/status')).body.content).toEqual({ available: true, connected: true });

    const created = await client.post('/diagrams', { name: 'Gold loop' });
    expect(created.status).toBe(201);
    const fuid = created.body.content.diagram.fuid as string;
    const exported = await client.post('/drive/exports', { fuid });
    expect(exported.status).toBe(201);
    const fileId = exported.body.content.file.id as string;
    const stored = drive.files.get(fileId)!;
    expect(stored).toMatchObject({
      name: 'Gold loop.loopwright.json',
      parents: ['root'],
      appProperties: { loopwright: '1', fuid },
    });
    const ourJson = (await client.get(`/diagrams/${fuid}/export/json`)).body;
    expect(JSON.parse(stored.content)).toMatchObject({
      format: 'loopwright',
      name: 'Gold loop',
      document: ourJson.document,
    });

    // Into a folder: moved out of the root.
    const inFolder = await client.post('/drive/exports', { fuid, folderId: 'folder-games' });
    expect(drive.files.get(inFolder.body.content.file.id)!.parents).toEqual(['folder-games']);

    // Only our files are listed (a foreign file on the same Drive is not).
    drive.files.set('foreign', {
      id: 'foreign',
      name: 'notes.txt',
      mimeType: 'text/plain',
      parents: ['root'],
      appProperties: {},
      content: 'hi',
      modifiedTime: new Date().toISOString(),
    });
    const listed = (await client.get('/drive/files')).body.content.files as { id: string; name: string }[];
    expect(listed.map((f) => f.id).sort()).toEqual([fileId, inFolder.body.content.file.id].sort());

    const imported = await client.post(`/drive/files/${fileId}/import`);
    expect(imported.status).toBe(201);
    expect(imported.body.content.diagram.name).toBe('Gold loop');
    expect(imported.body.content.diagram.fuid).not.toBe(fuid);
    const mine = (await client.get('/diagrams')).body.content.items as { name: string }[];
    expect(mine.filter((d) => d.name === 'Gold loop')).toHaveLength(2);

    // A file that is not a diagram goes through the ordinary import checks.
    const bad = await client.post('/drive/files/foreign/import');
    expect(bad.body.error.code).toBe('DIAGRAM_FORMAT_NOT_RECOGNIZED');
    expect((await client.post('/drive/files/missing123/import')).body.error.code).toBe('DRIVE_FILE_NOT_FOUND');

    // Sealed at rest: the database holds no plain token.
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    const row = (
      await db.query('select access_token, refresh_token from drive_connections where user_id = $1', [user.id])
    ).rows[0] as { access_token: string; refresh_token: string };
    await db.end();
    expect(row.access_token).toMatch(/^v1\./);
    expect(row.refresh_token).toMatch(/^v1\./);
    expect(provider.scopeOf(row.access_token)).toBeNull();
  });

  it('answers the spec texts when Drive fails or the folder move fails, and refuses a forged state', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    expect(await connect(client, (url) => url.searchParams.set('state', 'forged'))).toBe('/diagrams?drive=error');
    expect((await client.get('/drive/status')).body.content.connected).toBe(false);
    await connect(client);
    const fuid = (await client.post('/diagrams', { name: 'Moves' })).body.content.diagram.fuid as string;

    const unmovable = await client.post('/drive/exports', { fuid, folderId: 'no-such-folder' });
    expect(unmovable.status).toBe(502);
    expect(unmovable.body.error).toMatchObject({ code: 'DRIVE_SAVED_ON_ROOT', message: DriveTexts.savedOnRoot });
    expect(drive.files.get(unmovable.body.error.details.fileId as string)!.parents).toEqual(['root']);

    drive.failing = true;
    try {
      for (const response of [
        await client.post('/drive/exports', { fuid }),
        await client.get('/drive/files'),
        await client.post('/drive/files/abc/import'),
      ]) {
        expect(response.status).toBe(502);
        expect(response.body.error).toMatchObject({
          code: 'DRIVE_UNAVAILABLE',
          message: 'Cannot access Google Drive. Please try again later',
        });
      }
    } finally {
      drive.failing = false;
    }
    // Someone else's diagram cannot be exported.
    const other = await loginAs(app, await createUser(app));
    const theirs = (await other.post('/diagrams', { name: 'Private' })).body.content.diagram.fuid as string;
    expect((await client.post('/drive/exports', { fuid: theirs })).status).toBe(404);
  });
});

describe('Google Drive without Google OAuth configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is reported unavailable and every Drive endpoint answers 404 saying so (a setting, not an outage)', async () => {
    const client = await loginAs(app, await createUser(app));
    expect((await client.get('/drive/status')).body.content).toEqual({ available: false, connected: false });
    for (const response of [
      await client.get('/drive/connect'),
      await client.get('/drive/callback?code=abc&state=def'),
      await client.get('/drive/files'),
      await client.post('/drive/exports', { fuid: 'abcdefgh' }),
      await client.post('/drive/files/abc/import'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.headers.get('retry-after')).toBeNull();
      expect(response.body.error).toMatchObject({
        code: 'DRIVE_NOT_CONFIGURED',
        message: 'Google Drive is not available on this instance',
      });
    }
  });
});
