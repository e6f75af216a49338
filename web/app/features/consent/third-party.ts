import { hasConsent } from '../tracking/consent-store';
import { removeAnalyticsCookies } from '../tracking/consent-store';

/** Third-party script addresses; each loads only when configured and consented. */
export interface ThirdPartyConfig {
  tagManagerUrl?: string;
  analyticsUrl?: string;
  heatmapUrl?: string;
  chatWidgetUrl?: string;
}

const SCRIPTS: { key: keyof ThirdPartyConfig; id: string; category: 'analytics' | 'chat' }[] = [
  { key: 'tagManagerUrl', id: 'tp-tag-manager', category: 'analytics' },
  { key: 'analyticsUrl', id: 'tp-analytics', category: 'analytics' },
  { key: 'heatmapUrl', id: 'tp-heatmap', category: 'analytics' },
  { key: 'chatWidgetUrl', id: 'tp-chat-widget', category: 'chat' },
];

function load(id: string, src: string, nonce: string | undefined): void {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.src = src;
  script.async = true;
  if (nonce) script.nonce = nonce;
  // A blocked or failing third party is ignored (the spec: failures are silent).
  script.onerror = () => script.remove();
  document.head.appendChild(script);
}

function unload(id: string): void {
  document.getElementById(id)?.remove();
}

/** Starts or shuts down each third party after a consent choice (and at page load). */
export function applyConsent(config: ThirdPartyConfig, nonce: string | undefined): void {
  try {
    for (const script of SCRIPTS) {
      const src = config[script.key];
      if (src && hasConsent(script.category)) load(script.id, src, nonce);
      else unload(script.id);
    }
    const chat = window as unknown as { LoopwrightChat?: { boot?: () => void; shutdown?: () => void } };
    if (hasConsent('chat')) chat.LoopwrightChat?.boot?.();
    else {
      chat.LoopwrightChat?.shutdown?.();
      document.querySelectorAll('[data-chat-widget]').forEach((el) => el.remove());
    }
    if (!hasConsent('analytics')) removeAnalyticsCookies();
  } catch {
    // never let a third party break the page
  }
}
