import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipTemplate } from './gzip-template.js';

const unzip = (bytes: Buffer) => gunzipSync(bytes).toString('utf8');

describe('gzipTemplate', () => {
  it('gives a gzip stream of the page with each response its own value in every place', async () => {
    const page = `<script nonce="PLACEHOLDER">a()</script>${'<p>Économie — 経済</p>'.repeat(500)}<link nonce="PLACEHOLDER"><script nonce="PLACEHOLDER"></script>`;
    const template = await gzipTemplate(page, 'PLACEHOLDER');
    expect(unzip(template('first+nonce/=='))).toBe(page.replaceAll('PLACEHOLDER', 'first+nonce/=='));
    expect(unzip(template('second'))).toBe(page.replaceAll('PLACEHOLDER', 'second'));
    expect(template('second').length).toBeLessThan(Buffer.byteLength(page) / 5);
  });

  it('handles a page without the value, with it at both ends and twice in a row', async () => {
    expect(unzip((await gzipTemplate('no value here', 'N0NCE'))('x'))).toBe('no value here');
    expect(unzip((await gzipTemplate('N0NCEN0NCE middle N0NCE', 'N0NCE'))('ab'))).toBe('abab middle ab');
    expect(unzip((await gzipTemplate('', 'N0NCE'))('ab'))).toBe('');
  });
});
