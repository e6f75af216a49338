import { describe, expect, it } from 'vitest';
import { isWebAddress, profileBodySchema, WEB_ADDRESS_MESSAGE } from './auth.js';
import { balanceTestBodySchema, editorPreferencesSchema } from './library.js';

describe('profile web addresses', () => {
  it('accepts empty and http(s) addresses with a host, refuses anything else', () => {
    for (const ok of ['', 'https://linkedin.com/in/ada', 'http://example.org', 'https://discord.gg/abc'])
      expect(isWebAddress(ok), ok).toBe(true);
    for (const bad of [
      'linkedin.com/in/ada',
      'javascript:alert(1)',
      'ftp://example.org',
      'https://localhost',
      'not a url',
    ])
      expect(isWebAddress(bad), bad).toBe(false);
  });

  it('names the field in the profile body', () => {
    const r = profileBodySchema.safeParse({
      socials: { twitter: 'twitter.com/ada' },
      games: [{ name: 'Hex', website: 'https://hex.example', storeLink: 'store' }],
    });
    expect(r.success).toBe(false);
    const issues = r.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      [
        ['games.0.storeLink', WEB_ADDRESS_MESSAGE],
        ['socials.twitter', WEB_ADDRESS_MESSAGE],
      ].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    );
    expect(profileBodySchema.safeParse({ socials: { twitter: ' https://x.com/ada ' } }).data?.socials?.twitter).toBe(
      'https://x.com/ada',
    );
  });
});

describe('library contracts', () => {
  it('fills editor preference defaults and checks ranges', () => {
    expect(editorPreferencesSchema.parse({})).toEqual({
      grid: true,
      snap: true,
      defaultTimeSteps: 100,
      numberFormat: 'plain',
      theme: 'system',
      reducedMotion: false,
    });
    expect(editorPreferencesSchema.safeParse({ defaultTimeSteps: 0 }).success).toBe(false);
  });

  it('needs a bound on a balance test and a minimum not above the maximum', () => {
    expect(balanceTestBodySchema.safeParse({ name: 'x', nodeId: 'Gold' }).success).toBe(false);
    expect(balanceTestBodySchema.safeParse({ name: 'x', nodeId: 'Gold', min: 5, max: 1 }).success).toBe(false);
    expect(balanceTestBodySchema.parse({ name: 'x', nodeId: 'Gold', max: 1 })).toMatchObject({
      step: null,
      min: null,
      share: 100,
      runs: 100,
      seed: 0,
    });
  });
});
