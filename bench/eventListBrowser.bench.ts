/**
 * The event list with 5,000 active events in a real browser (Debian's Chromium, headless): time until the
 * panel shows them after the device is confirmed, frame times while the list scrolls from top to bottom, and
 * search. Prints figures; not a test. Needs a built panel (`npm run build`) and /usr/bin/chromium.
 *
 *   npm run bench:browser -w bench           BENCH_EVENTS=5000 by default
 */
import { performance } from 'node:perf_hooks';
import { logInDispatcher, startBrowserBench } from './lib/browserBench.js';

const count = Number(process.env.BENCH_EVENTS ?? 5000);
const { url, browser, close } = await startBrowserBench(count);

try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'cs-CZ' });
  await page.goto(url);
  const tLoad = await logInDispatcher(page);
  const scroller = page.getByTestId('event-list-scroll');
  await scroller.getByTestId('event-row').first().waitFor();
  const badge = await page.getByTestId('events-count').textContent();
  console.log(`device confirmed → list shown (badge '${badge}'): ${(performance.now() - tLoad).toFixed(0)} ms`);
  console.log(`rows in the DOM: ${await scroller.getByTestId('event-row').count()} of ${count + 6}`);

  // scroll from top to bottom in 3 s, one step a frame, and record every frame's duration
  // (a string: tsx would wrap named functions with a __name helper the page does not have)
  const scrollRun = new Function(
    'el',
    `return new Promise((resolve) => {
    const durations = [];
    const end = el.scrollHeight - el.clientHeight;
    const started = performance.now();
    let last = started;
    const step = (now) => {
      durations.push(now - last);
      last = now;
      const progress = Math.min(1, (now - started) / 3000);
      el.scrollTop = end * progress;
      if (progress < 1) requestAnimationFrame(step);
      else resolve(durations.slice(1));
    };
    requestAnimationFrame(step);
  })`,
  ) as (el: unknown) => Promise<number[]>;
  const frames = await scroller.evaluate(scrollRun);
  frames.sort((a, b) => a - b);
  const q = (p: number) => frames[Math.min(frames.length - 1, Math.floor(p * frames.length))].toFixed(1);
  const avg = frames.reduce((a, b) => a + b, 0) / frames.length;
  console.log(
    `scroll top→bottom in 3 s: ${frames.length} frames, ${(1000 / avg).toFixed(0)} fps, frame p50 ${q(0.5)} ms, ` +
      `p95 ${q(0.95)} ms, max ${q(1)} ms, frames over 50 ms: ${frames.filter((f) => f > 50).length}`,
  );

  // search: the 300 ms debounce is the spec's; the figure is what comes after it
  const tSearch = performance.now();
  await page.getByRole('textbox', { name: 'Hledat' }).fill(`Bench ${count - 1}`);
  await scroller
    .getByTestId('event-row')
    .filter({ hasText: `Bench ${count - 1}` })
    .first()
    .waitFor();
  await scroller
    .getByTestId('event-row')
    .nth(1)
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  const searchMs = performance.now() - tSearch;
  console.log(`search 'Bench ${count - 1}' → one row: ${searchMs.toFixed(0)} ms (of which 300 ms debounce)`);
} finally {
  await close();
}
