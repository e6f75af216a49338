import type { SiteSettings } from '@loopwright/contracts';
import type { AppConfig } from '../config/config.js';

/** What the pages show of this instance's configuration (they never read the process environment). */
export function siteSettings(config: AppConfig): SiteSettings {
  return {
    appUrl: config.appUrlSet ? config.APP_URL : undefined,
    thirdParty: {
      tagManagerUrl: config.WEBSITE_TAG_MANAGER_URL,
      analyticsUrl: config.WEBSITE_ANALYTICS_URL,
      heatmapUrl: config.WEBSITE_HEATMAP_URL,
      chatWidgetUrl: config.WEBSITE_CHAT_WIDGET_URL,
    },
  };
}
