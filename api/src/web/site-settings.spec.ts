import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { siteSettings } from './site-settings.js';

const base = { NODE_ENV: 'test', APP_SECRET: 'a'.repeat(32), DATABASE_URL: 'postgresql://x@127.0.0.1/x', PORT: '4100' };

describe('siteSettings: what pages show of the configuration', () => {
  it('names the canonical origin only when APP_URL is set (pages otherwise use the request address)', () => {
    expect(siteSettings(loadConfig(base)).appUrl).toBeUndefined();
    expect(siteSettings(loadConfig({ ...base, APP_URL: 'https://play.example.com' })).appUrl).toBe(
      'https://play.example.com',
    );
  });

  it('passes the configured third-party script addresses and nothing for the ones left out', () => {
    const site = siteSettings(loadConfig({ ...base, WEBSITE_ANALYTICS_URL: 'https://analytics.example.com/a.js' }));
    expect(site.thirdParty).toEqual({
      tagManagerUrl: undefined,
      analyticsUrl: 'https://analytics.example.com/a.js',
      heatmapUrl: undefined,
      chatWidgetUrl: undefined,
    });
  });
});
