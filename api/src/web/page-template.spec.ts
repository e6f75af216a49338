import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageTemplate } from './page-template.js';

const unzip = (bytes: Buffer) => gunzipSync(bytes).toString('utf8');

async function template(body: string, placeholder: string) {
  const page = new PageTemplate(body, placeholder);
  await page.prepareGzip();
  return page;
}

describe('PageTemplate', () => {
  it('gives the page, plain or as a gzip stream, with each response its own value in every place', async () => {
    const body = `<script nonce="PLACEHOLDER">a()</script>${'<p>Économie — 経済</p>'.repeat(500)}<link nonce="PLACEHOLDER"><script nonce="PLACEHOLDER"></script>`;
    const page = new PageTemplate(body, 'PLACEHOLDER');
    expect(page.canGzip).toBe(false);
    expect(page.plain('first+nonce/==').toString('utf8')).toBe(body.replaceAll('PLACEHOLDER', 'first+nonce/=='));
    await page.prepareGzip();
    expect(unzip(page.gzip('first+nonce/=='))).toBe(body.replaceAll('PLACEHOLDER', 'first+nonce/=='));
    expect(unzip(page.gzip('second'))).toBe(body.replaceAll('PLACEHOLDER', 'second'));
    expect(page.gzip('second').length).toBeLessThan(Buffer.byteLength(body) / 5);
  });

  it('handles a page without the value, with it at both ends and twice in a row', async () => {
    expect(unzip((await template('no value here', 'N0NCE')).gzip('x'))).toBe('no value here');
    expect(unzip((await template('N0NCEN0NCE middle N0NCE', 'N0NCE')).gzip('ab'))).toBe('abab middle ab');
    expect((await template('N0NCEN0NCE middle N0NCE', 'N0NCE')).plain('ab').toString()).toBe('abab middle ab');
    expect(unzip((await template('', 'N0NCE')).gzip('ab'))).toBe('');
  });
});
