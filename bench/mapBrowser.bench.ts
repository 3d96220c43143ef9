/**
 * The map with 10,000 event targets in a real browser (Debian's Chromium, headless, software rendering):
 * time until all targets are on the map after the device is confirmed, and frame times while the map pans
 * across the country at zoom 0 and at a regional zoom, and while it zooms in and out. Prints figures; not a
 * test. Needs a built panel (`npm run build`) and /usr/bin/chromium.
 *
 *   npm run bench:map -w bench           BENCH_EVENTS=10000 by default
 */
import { performance } from 'node:perf_hooks';
import { logInDispatcher, startBrowserBench } from './lib/browserBench.js';

const count = Number(process.env.BENCH_EVENTS ?? 10_000);
const { url, browser, close } = await startBrowserBench(count, { withTargets: true });

// Runs in the page (a string: tsx would wrap named functions with a __name helper the page does not have).
// Moves the view by `dx`, `dy` map units per frame (or zooms by dz) for `ms` with the view flagged as
// interacting, as a drag or a wheel zoom does, recording every frame duration.
const motion = new Function(
  'args',
  `const [dx, dy, dz, ms] = args;
  return new Promise((resolve) => {
    const map = window.__panelMap;
    const view = map.getView();
    const durations = [];
    // like a drag (DragPan) or a wheel zoom: the view is flagged as interacting while it moves
    view.beginInteraction();
    const started = performance.now();
    let last = started;
    const step = (now) => {
      durations.push(now - last);
      last = now;
      const c = view.getCenter();
      if (dz) view.setResolution(view.getResolution() * Math.pow(2, dz));
      else view.setCenter([c[0] + dx, c[1] + dy]);
      map.renderSync();
      if (now - started < ms) requestAnimationFrame(step);
      else {
        view.endInteraction();
        resolve(durations.slice(1));
      }
    };
    requestAnimationFrame(step);
  })`,
) as (args: number[]) => Promise<number[]>;

function report(label: string, frames: number[]) {
  const sorted = [...frames].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1);
  const avg = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  console.log(
    `${label}: ${sorted.length} frames, ${(1000 / avg).toFixed(0)} fps, frame p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, ` +
      `max ${q(1)} ms, frames over 50 ms: ${sorted.filter((f) => f > 50).length}`,
  );
}

try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'cs-CZ' });
  await page.goto(url);
  const tLoad = await logInDispatcher(page);
  await page.waitForFunction(
    `(() => {
      const layer = window.__panelMap?.getLayers().getArray().find((l) => l.get('name') === 'event-targets');
      return (layer?.getSource().getFeatures().length ?? 0) >= ${count};
    })()`,
    undefined,
    { timeout: 120_000 },
  );
  console.log(`device confirmed → ${count} targets on the map: ${(performance.now() - tLoad).toFixed(0)} ms`);
  await page.waitForTimeout(1500);

  // zoom 0 (512 m/px): the whole country, every target drawn
  report('pan at zoom 0 (all 10,000 in view), 3 s', await page.evaluate(motion, [1500, 300, 0, 3000]));
  await page.evaluate(`(() => {
    const view = window.__panelMap.getView();
    view.setCenter([-741800, -1043600]);
    view.setZoom(3);
  })()`);
  await page.waitForTimeout(1000);
  report('pan at zoom 3 (64 m/px, region), 3 s', await page.evaluate(motion, [200, 40, 0, 3000]));
  report('zoom out 3 → 0 and back, 2 s', await page.evaluate(motion, [0, 0, 0.05, 1000]));
  const heap = await page.evaluate(
    () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
  );
  console.log(`JS heap used: ${(heap / 1024 / 1024).toFixed(0)} MB`);
} finally {
  await close();
}
