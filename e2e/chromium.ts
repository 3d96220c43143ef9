/**
 * Debian's Chromium as the journeys and the browser benchmarks launch it (playwright-core downloads no browser):
 * no sandbox (containers), no GPU, none of the background traffic a first run starts.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
