import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** A saved cookie choice, so the banner stays out of screenshots that are not about it. */
export async function withSavedConsent(context: BrowserContext, analytics = false): Promise<void> {
  await context.addInitScript((value) => {
    if (!localStorage.getItem('cookie_preferences')) {
      localStorage.setItem(
        'cookie_preferences',
        JSON.stringify({
          categories: { necessaryCookies: true, analytics: value, chat: false },
          expiresAt: Date.now() + 1e10,
        }),
      );
    }
  }, analytics);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe-core violations on the page (WCAG 2 A/AA rules). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}
