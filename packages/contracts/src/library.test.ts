import { describe, expect, it } from 'vitest';
import { isWebAddress, onboardingBodySchema, PHONE_MESSAGE, profileBodySchema, WEB_ADDRESS_MESSAGE } from './auth.js';
import { balanceTestBodySchema, editorPreferencesSchema } from './library.js';

describe('profile web addresses', () => {
  it('accepts empty and http(s) addresses with a host, with or without the scheme (website.md §5), refuses anything else', () => {
    for (const ok of [
      '',
      'https://linkedin.com/in/ada',
      'http://example.org',
      'https://discord.gg/abc',
      'linkedin.com/in/ada',
      'www.example.org:8080/a/b?x=1#top',
      '203.0.113.7/portfolio',
    ])
      expect(isWebAddress(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'https://',
      'example',
      'exa mple.org',
      'ftp://example.org',
      'https://localhost',
      'not a url',
    ])
      expect(isWebAddress(bad), bad).toBe(false);
  });

  it('names the field in the profile body', () => {
    const r = profileBodySchema.safeParse({
      socials: { twitter: 'twitter com/ada' },
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
    // Without a scheme the link is accepted and stored with https:// in front (K7).
    expect(profileBodySchema.safeParse({ socials: { linkedin: 'linkedin.com/in/ada' } }).data?.socials?.linkedin).toBe(
      'https://linkedin.com/in/ada',
    );
  });
});

describe('phone numbers (E8)', () => {
  it('accepts empty and real-looking numbers, refuses letters and too few or too many digits', () => {
    for (const ok of ['', '+44 20 7946 0958', '(555) 010-4477', '030.1234.5678', '0612345678'])
      expect(onboardingBodySchema.safeParse({ username: 'ada', privatePhone: ok }).success, ok).toBe(true);
    for (const bad of ['call me', '12345', '+1 555 CALL NOW', '1234567890123456', '++44 20'])
      expect(
        onboardingBodySchema.safeParse({ username: 'ada', privatePhone: bad }).error?.issues[0]?.message,
        bad,
      ).toBe(PHONE_MESSAGE);
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
