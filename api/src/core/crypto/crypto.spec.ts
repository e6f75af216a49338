import { describe, expect, it } from 'vitest';
import { deriveKey } from './keys.js';
import { SecretBox } from './secret-box.js';
import { SignedTokens } from './signed-token.js';

const secret = 'a-long-enough-application-secret-for-tests';

describe('SecretBox', () => {
  it('round-trips and refuses tampered or foreign ciphertext', () => {
    const box = new SecretBox(deriveKey(secret, 'mail'));
    const sealed = box.seal('p4ss w0rd');
    expect(sealed).not.toContain('p4ss');
    expect(box.open(sealed)).toBe('p4ss w0rd');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox(deriveKey(secret, 'other purpose')).open(sealed)).toThrow();
  });
});

describe('SignedTokens', () => {
  const tokens = new SignedTokens<{ sid: string; exp: number }>(deriveKey(secret, 'access'));
  const exp = Math.floor(Date.now() / 1000) + 60;

  it('verifies its own tokens until they expire', () => {
    const token = tokens.sign({ sid: 's1', exp });
    expect(tokens.verify(token)).toEqual({ sid: 's1', exp });
    expect(tokens.verify(token, (exp + 1) * 1000)).toBeNull();
  });

  it('rejects a changed payload or a token signed with another key', () => {
    const token = tokens.sign({ sid: 's1', exp });
    const [v, , sig] = token.split('.');
    const forged = `${v}.${Buffer.from(JSON.stringify({ sid: 'admin', exp })).toString('base64url')}.${sig}`;
    expect(tokens.verify(forged)).toBeNull();
    const other = new SignedTokens<{ sid: string; exp: number }>(
      deriveKey('another-secret-another-secret-123', 'access'),
    );
    expect(tokens.verify(other.sign({ sid: 's1', exp }))).toBeNull();
  });
});
