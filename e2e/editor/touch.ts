import type { CDPSession, Locator, Page } from 'playwright-core';
import { nextFrames } from '../support/browser.js';

/** Touch gestures through the DevTools protocol (Playwright's touchscreen only taps). */
export class Fingers {
  private constructor(
    private readonly cdp: CDPSession,
    private readonly page: Page,
  ) {}

  static async on(page: Page): Promise<Fingers> {
    return new Fingers(await page.context().newCDPSession(page), page);
  }

  private send(type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<{ x: number; y: number }>) {
    return this.cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
    });
  }

  /** One finger from `at` by (dx, dy), in small moves. */
  async drag(at: { x: number; y: number }, dx: number, dy: number): Promise<void> {
    await this.send('touchStart', [at]);
    for (let i = 1; i <= 12; i++) {
      await this.send('touchMove', [{ x: at.x + (dx * i) / 12, y: at.y + (dy * i) / 12 }]);
      await nextFrames(this.page);
    }
    await this.send('touchEnd', []);
  }

  /** Two fingers around `centre` moving from `from` to `to` pixels apart (apart: zoom in). */
  async pinch(centre: { x: number; y: number }, from: number, to: number): Promise<void> {
    const at = (gap: number) => [
      { x: centre.x - gap / 2, y: centre.y },
      { x: centre.x + gap / 2, y: centre.y },
    ];
    await this.send('touchStart', at(from));
    for (let i = 1; i <= 12; i++) {
      await this.send('touchMove', at(from + ((to - from) * i) / 12));
      await nextFrames(this.page);
    }
    await this.send('touchEnd', []);
  }

  /** A finger resting on `at` until what the long press opens (`opens`, e.g. a menu) is shown, then lifted. */
  async longPress(at: { x: number; y: number }, opens: Locator): Promise<void> {
    await this.send('touchStart', [at]);
    await opens.waitFor();
    await this.send('touchEnd', []);
  }
}

export async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const b = (await locator.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** The canvas's pan and zoom, from React Flow's viewport transform. */
export async function viewport(page: Page): Promise<{ x: number; y: number; zoom: number }> {
  const t = await page.locator('.react-flow__viewport').evaluate((el) => (el as HTMLElement).style.transform);
  const m = /translate\(([-\d.]+)px, ?([-\d.]+)px\) scale\(([\d.]+)\)/.exec(t);
  if (!m) throw new Error(`unexpected viewport transform ${t}`);
  return { x: Number(m[1]), y: Number(m[2]), zoom: Number(m[3]) };
}

/** A spot on the empty canvas (no element, connection or control under it). */
export async function emptySpot(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const pane = document.querySelector('.react-flow__pane')!.getBoundingClientRect();
    for (let y = pane.top + 30; y < pane.bottom - 30; y += 9) {
      for (let x = pane.left + 30; x < pane.right - 30; x += 9) {
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
      }
    }
    throw new Error('no empty spot on the canvas');
  });
}
