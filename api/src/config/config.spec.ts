import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'lw-config-'));

  it('lists every bad key with its reason, not just the first', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', DATA_DIR: dataDir() });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: must start with postgresql:\/\/ or postgres:\/\//m);
    expect(problems).toMatch(/^LOG_LEVEL: /m);
  });

  it("checks mail servers' certificates unless SMTP_TLS_VERIFY is false, and refuses any other value", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).SMTP_TLS_VERIFY).toBe(true);
    expect(loadConfig({ SMTP_TLS_VERIFY: 'false', DATA_DIR: dataDir() }).SMTP_TLS_VERIFY).toBe(false);
    expect(() => loadConfig({ SMTP_TLS_VERIFY: 'no', DATA_DIR: dataDir() })).toThrow(/SMTP_TLS_VERIFY/);
  });

  it("accepts auto, always or never for the engine's written step, and refuses any other value", () => {
    expect(loadConfig({ LOOPWRIGHT_ENGINE_WRITTEN_STEP: 'never', DATA_DIR: dataDir() })).toBeTruthy();
    expect(() => loadConfig({ LOOPWRIGHT_ENGINE_WRITTEN_STEP: 'off', DATA_DIR: dataDir() })).toThrow(
      /LOOPWRIGHT_ENGINE_WRITTEN_STEP/,
    );
  });

  it('requires APP_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /APP_SECRET: is required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'short', DATA_DIR: dataDir() })).toThrow(
      /APP_SECRET: must be at least 32 characters/,
    );
  });

  it('generates a secret once outside production and keeps it under the data directory', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.APP_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.APP_SECRET).toBe(first.APP_SECRET);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8')).toBe(first.APP_SECRET);
  });

  it('uses the embedded database only when DATABASE_URL is absent, and treats empty values as absent', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '' }).embeddedDatabase).toBe(true);
    const external = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgresql://u@db:5432/lw', PORT: '4000' });
    expect(external.embeddedDatabase).toBe(false);
    expect(external.PORT).toBe(4000);
    expect(external.APP_URL).toBe('http://localhost:4000');
  });
});

describe('website script addresses', () => {
  it('take an absolute URL or a path on this site, nothing else', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lw-config-'));
    expect(
      loadConfig({ DATA_DIR: dataDir, WEBSITE_ANALYTICS_URL: '/third-party/analytics.js' }).WEBSITE_ANALYTICS_URL,
    ).toBe('/third-party/analytics.js');
    expect(
      loadConfig({ DATA_DIR: dataDir, WEBSITE_CHAT_WIDGET_URL: 'https://chat.example.com/w.js' })
        .WEBSITE_CHAT_WIDGET_URL,
    ).toBe('https://chat.example.com/w.js');
    expect(() => loadConfig({ DATA_DIR: dataDir, WEBSITE_HEATMAP_URL: 'javascript:alert(1)' })).toThrow(
      /WEBSITE_HEATMAP_URL: must be an http\(s\) URL or a path/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, WEBSITE_HEATMAP_URL: '//evil.example.com/x.js' })).toThrow(
      /WEBSITE_HEATMAP_URL/,
    );
  });
});
