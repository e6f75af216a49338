// Frame-time measurement in the page: requestAnimationFrame deltas while the mouse drags.

/** A point on the empty canvas background (a pan starts there, not on an element). */
export async function paneSpot(page) {
  return page.evaluate(() => {
    const pane = document.querySelector('.react-flow__pane').getBoundingClientRect();
    for (let y = pane.top + 20; y < pane.bottom - 20; y += 7) {
      for (let x = pane.left + 20; x < pane.right - 220; x += 7) {
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
      }
    }
    throw new Error('no empty spot on the canvas');
  });
}

/** Drags from `at` by (dx, dy) and back, in small moves over about two seconds; returns the frame deltas. */
export async function measureFrames(page, at, { dx, dy }) {
  await startFrames(page);
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  const moves = 60;
  for (const sign of [1, -1]) {
    for (let i = 1; i <= moves; i++) {
      await page.mouse.move(
        at.x + (sign > 0 ? dx * i : dx * (moves - i)) / moves,
        at.y + (sign > 0 ? dy * i : dy * (moves - i)) / moves,
      );
      await page.waitForTimeout(16);
    }
  }
  await page.mouse.up();
  return stopFrames(page);
}

export function frameStats(deltas) {
  const sorted = [...deltas].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const mean = deltas.reduce((a, b) => a + b, 0) / deltas.length;
  return {
    frames: deltas.length,
    mean,
    p50: q(0.5),
    p95: q(0.95),
    max: sorted[sorted.length - 1],
    slow: deltas.filter((d) => d > 20).length,
  };
}

/** Starts recording requestAnimationFrame deltas in the page. */
export async function startFrames(page) {
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__recording) requestAnimationFrame(tick);
    };
    window.__recording = true;
    requestAnimationFrame(tick);
  });
}

/** Stops recording; returns the deltas (the first one dropped). */
export async function stopFrames(page) {
  return page.evaluate(() => {
    window.__recording = false;
    return window.__frames.slice(1);
  });
}

/** Zooms with the mouse wheel at `at`: in by `steps` notches and out again, one notch a frame or so. */
export async function measureWheel(page, at, steps = 20) {
  await page.mouse.move(at.x, at.y);
  await startFrames(page);
  for (const dy of [-60, 60]) {
    for (let i = 0; i < steps; i++) {
      await page.mouse.wheel(0, dy);
      await page.waitForTimeout(16);
    }
  }
  return stopFrames(page);
}
