import { AuthTexts } from '@loopwright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const PNG = Uint8Array.from(Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));

describe('profiles, onboarding and photos', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('onboards with a unique community username', async () => {
    const taken = await createUser(app);
    const user = await createUser(app, { username: null });
    const client = await loginAs(app, user);
    expect((await client.get('/oauth2/userinfo')).body.content.user.onboarded).toBe(false);
    expect(
      (await client.get(`/users/username-available?username=${taken.username!.toUpperCase()}`)).body.content.available,
    ).toBe(false);
    const clash = await client.post('/users/me/onboarding', { username: taken.username });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe(AuthTexts.usernameTaken);
    const bad = await client.post('/users/me/onboarding', { username: 'no spaces!' });
    expect(bad.body.error.details.fields[0]).toEqual({ field: 'username', message: AuthTexts.usernameInvalid });
    const ok = await client.post('/users/me/onboarding', {
      username: 'Ada.Moreno+1',
      userRole: 'Game designer',
      designFocus: 'F2P economies',
      newsletter: true,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.content.user).toMatchObject({ username: 'Ada.Moreno+1', onboarded: true, name: 'Ada.Moreno+1' });
  });

  it('updates the profile and shows the full name', async () => {
    const client = await loginAs(app, await createUser(app));
    const response = await client.patch('/users/me/profile', {
      firstName: 'Kenji',
      lastName: 'Ito',
      jobTitle: 'Systems designer',
      city: 'Osaka',
      games: [{ name: 'Lantern Keep', website: 'https://example.com', storeLink: 'https://store.example.com/lk' }],
      socials: { discord: 'kenji#0001' },
    });
    expect(response.body.content.user).toMatchObject({
      name: 'Kenji Ito',
      jobTitle: 'Systems designer',
      location: { city: 'Osaka' },
      games: [{ name: 'Lantern Keep' }],
      socials: { discord: 'kenji#0001' },
    });
  });

  it('takes only real images up to 500 KB, and serves them', async () => {
    const user = await createUser(app);
    const client = await loginAs(app, user);
    const tooBig = new Uint8Array(500 * 1024 + 1);
    tooBig.set(PNG);
    expect(
      (await client.put('/users/me/images/avatar', tooBig, { 'content-type': 'image/png' })).body.error.message,
    ).toBe(AuthTexts.photoTooBig);
    expect(
      (
        await client.put('/users/me/images/avatar', Uint8Array.from(Buffer.from('plain text')), {
          'content-type': 'image/png',
        })
      ).body.error.message,
    ).toBe(AuthTexts.photoWrongType);
    expect(
      (await client.put('/users/me/images/avatar', PNG, { 'content-type': 'application/pdf' })).body.error.message,
    ).toBe(AuthTexts.photoWrongType);
    const saved = await client.put('/users/me/images/avatar', PNG, { 'content-type': 'image/png' });
    expect(saved.status).toBe(200);
    const url = saved.body.content.user.avatarUrl as string;
    expect(url).toMatch(new RegExp(`^/api/users/${user.id}/images/avatar\\?v=\\d+$`));
    const image = await fetch(`${app.url}${url}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    expect((await client.delete('/users/me/images/avatar')).body.content.user.avatarUrl).toBeNull();
    expect((await fetch(`${app.url}${url}`)).status).toBe(404);
  });

  it('switches the community profile between public and private', async () => {
    const client = await loginAs(app, await createUser(app));
    expect(
      (await client.patch('/users/me/privacy', { isPrivateAccount: true })).body.content.user.isPrivateAccount,
    ).toBe(true);
    expect(
      (await client.patch('/users/me/privacy', { isPrivateAccount: false })).body.content.user.isPrivateAccount,
    ).toBe(false);
  });
});
