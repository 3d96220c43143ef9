/**
 * Debian's Chromium as the journeys and the browser benchmarks launch it (playwright-core downloads no browser):
 * no sandbox (containers), no GPU, none of the background traffic a first run starts, and none of the browser's
 * own address-bar popups (below).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium 15x renders its address-bar popups as web pages of their own (chrome://omnibox-popup.top-chrome), and a
 * headless browser still makes them: one more renderer process for every context a journey opens, ~0.7 s of a
 * fresh panel's ~5 s on a 2-core machine (measured 30.11.2026, e2e login to the main panel, 4 × 4 contexts).
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright passes its own `--disable-features` (playwright-core's chromiumSwitches) and Chromium keeps only the
 * last such switch, so ours carries Playwright's list too, read from the installed playwright-core: an upgrade
 * that moves the list stops the run here rather than silently dropping Playwright's choices.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8');
  const list = /\bdisabledFeatures = \[([\s\S]*?)\]/.exec(bundle);
  const names = list ? [...list[1].matchAll(/^\s*"(\w+)",?\s*$/gm)].map((m) => m[1]) : [];
  if (names.length === 0) {
    throw new Error('e2e/chromium.ts: playwright-core no longer lists its disabled features where it did');
  }
  return names;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...playwrightDisabledFeatures(), ...OUR_DISABLED_FEATURES].join(',')}`,
];
