import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, KeptPage, scriptSources } from './kept-page.js';

describe('KeptPage', () => {
  it('hashes the text of inline scripts only, as a browser does (line endings normalised)', () => {
    const html =
      '<script>alert(1)</script><script type="module" src="/a.js"></script><script nonce="n">a\r\nb</script>';
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
      "'sha256-fhj3NzEbLcOy8mndeDlrA1HxT7Zu+oefdoyyMYGIPHg='",
    ]);
  });

  it('takes the nonce out of the page and allows its inline scripts and the third parties in its place', async () => {
    const nonce = 'Tm9uY2VOb25jZU5vbmNl';
    const html = `<html><script nonce="${nonce}">alert(1)</script><script>window.ctx={"nonce":"${nonce}"}</script></html>`;
    const page = new KeptPage(
      html,
      nonce,
      [
        ['x-request-id', 'one-request'],
        ['content-security-policy', `default-src 'self';script-src 'self' 'nonce-${nonce}';object-src 'none'`],
        ['content-type', 'text/html; charset=utf-8'],
      ],
      ['https://tags.example.test/gtm.js'],
    );
    const text = page.plain.toString('utf8');
    expect(text).toBe('<html><script>alert(1)</script><script>window.ctx={"nonce":""}</script></html>');
    const headers = new Map(page.headers);
    expect(headers.has('x-request-id')).toBe(false);
    expect(headers.get('content-security-policy')).toBe(
      `default-src 'self';script-src 'self' ${inlineScriptHashes(text).join(' ')} https://tags.example.test/gtm.js;object-src 'none'`,
    );
    expect(headers.get('vary')).toBe('Accept-Encoding');
    expect(headers.get('etag')).toBe(page.etag);
    await page.prepareGzip();
    expect(gunzipSync(page.gzip!).equals(page.plain)).toBe(true);
  });

  it('gives the configured third-party scripts as CSP sources, leaving out paths on this site', () => {
    expect(
      scriptSources([undefined, '/scripts/chat.js', 'https://cdn.example.test/a;b.js?id=1', 'http://x.test/t.js']),
    ).toEqual(['https://cdn.example.test/a%3Bb.js', 'http://x.test/t.js']);
  });
});
