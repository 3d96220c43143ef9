/**
 * The panel in Chromium (issue 23 item 4), driven by playwright-core from the cluster run:
 * - over HTTPS through nginx with the test's certificate, which Chromium takes as valid through its public key
 *   hash (`--ignore-certificate-errors-spki-list`, the way Chromium is told to trust one certificate without
 *   a system store): the page is a secure context, the service worker registers, `navigator.mediaDevices`
 *   exists, and a push-to-talk recording made with Chromium's fake microphone is sent and arrives (stored as
 *   an X11 message with its mp3, fetched back through nginx);
 * - over plain HTTP from another host: `http://panel.test:<node port>`, a name Chromium resolves to 127.0.0.1
 *   (`--host-resolver-rules`). Chromium takes every loopback address (127.0.0.0/8, also 127.0.0.2) and
 *   `localhost` as a secure context — checked below —, a host name is not: the page has no
 *   `navigator.mediaDevices` and shows the Czech notice once (closed, it stays closed after a reload).
 *   Screenshots at 1440×900, 1366×768 and 390×844 go to e2e/screenshots/ (not committed).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.js';
import type { HttpsClient } from './https.js';
import { login } from './load.js';
import { repoRoot } from './util.js';

const SHOTS = path.join(repoRoot, 'e2e/screenshots');
const NOTICE =
  'Panel je otevřen přes nezabezpečené spojení (HTTP). Vysílačka, kamera, schránka a aktualizace aplikace fungují jen přes HTTPS.';
/** a host name for "another host" over plain HTTP, resolved by Chromium to the loopback */
const PLAIN_HOST = 'panel.test';
export const SIZES = [
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

async function loginUi(page: Page, username: string): Promise<void> {
  await page.getByLabel('Uživatelské jméno').fill(username);
  await page.getByLabel('Heslo', { exact: true }).fill('panel-demo');
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await page.getByRole('button', { name: 'Potvrdit' }).click();
  await page.getByRole('button', { name: 'Další možnosti', includeHidden: true }).waitFor();
  // the demo's waiting unit call raises alerts at login: put away as a dispatcher would (e2e/tests/helpers.ts)
  await page.locator('[data-testid="alert-bell"][data-alerts-ready="true"]').waitFor();
  const dialog = page.getByTestId('alert-dialog');
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: 'Smazat všechna upozornění' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

interface PageFacts {
  secure: boolean;
  mediaDevices: boolean;
}

const factsOf = (page: Page): Promise<PageFacts> =>
  page.evaluate(() => ({ secure: window.isSecureContext, mediaDevices: !!navigator.mediaDevices }));

export async function checkHttpsJourneys(o: {
  base: string;
  spki: string;
  plainPort: number;
  db: pg.Client;
  client: HttpsClient;
}): Promise<string[]> {
  const failures: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
  };
  mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--disable-quic',
      `--ignore-certificate-errors-spki-list=${o.spki}`,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--host-resolver-rules=MAP ${PLAIN_HOST} 127.0.0.1`,
    ],
  });
  try {
    // HTTPS through nginx
    const admin = await login(o.client, 'admin');
    const description = `Vysílačka přes HTTPS ${Date.now()}`;
    const created = await o.client.call(
      'POST',
      '/v2/events',
      { uuid: randomUUID(), eventCategoryId: 5, description },
      admin.headers,
    );
    if (created.status !== 201) throw new Error(`event: ${created.status}`);
    const event = created.body as { id: number };

    const context = await browser.newContext({
      locale: 'cs-CZ',
      timezoneId: 'Europe/Prague',
      viewport: SIZES[0],
      permissions: ['microphone'],
    });
    const page = await context.newPage();
    const swWarnings: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('[sw]')) swWarnings.push(m.text());
    });
    await page.goto(`${o.base}/`);
    const facts = await factsOf(page);
    check(facts.secure, 'the panel over HTTPS is not a secure context');
    check(facts.mediaDevices, 'navigator.mediaDevices is missing over HTTPS');
    // registered = the browser accepted /sw.js for this origin (its installing, waiting or active worker); its
    // install (precaching the build) may take longer on a loaded machine and is the PWA journeys' business
    const sw = await page.evaluate(async () => {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const reg = await navigator.serviceWorker.getRegistration('/');
        const worker = reg?.active ?? reg?.waiting ?? reg?.installing;
        if (worker) return worker.scriptURL;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return null;
    });
    check(
      sw === `${o.base}/sw.js`,
      `the service worker did not register over HTTPS (${sw}${swWarnings.length ? `; ${swWarnings.join('; ')}` : ''})`,
    );
    await loginUi(page, 'dispecer');
    check((await page.getByTestId('insecure-context-notice').count()) === 0, 'the HTTP notice shows over HTTPS');
    await page.getByText(description).first().click();
    await page.getByRole('tab', { name: /Operační/ }).click();
    await page.getByTestId('chat-view').waitFor();
    const radio = page.getByTestId('radio-button');
    await radio.hover();
    await page.mouse.down();
    await page.getByTestId('radio-recording').waitFor();
    await page.waitForTimeout(1800);
    await page.mouse.up();
    await page.getByText('Zpráva odeslána').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(SHOTS, 'cluster-https-radio.png') });
    const sent = await o.db.query<{ media: string[] | null }>(
      `SELECT media FROM messages WHERE event_id = $1 AND type = 'X11'`,
      [event.id],
    );
    const file = sent.rows[0]?.media?.[0];
    check(!!file, 'the radio recording did not arrive as an X11 message');
    if (file) {
      const mp3 = await o.client.call('GET', `/v2/media/event/${event.id}/${file}`, undefined, admin.headers);
      const type = String(mp3.headers['content-type']);
      check(
        mp3.status === 200 && type.includes('audio/mpeg'),
        `the recording is not served back: ${mp3.status} ${type}`,
      );
    }
    await context.close();

    // plain HTTP from another host
    const plain = `http://${PLAIN_HOST}:${o.plainPort}`;
    const insecure = await browser.newContext({ locale: 'cs-CZ', timezoneId: 'Europe/Prague', viewport: SIZES[0] });
    const p2 = await insecure.newPage();
    await p2.goto(`${plain}/`);
    const plainFacts = await factsOf(p2);
    check(!plainFacts.secure, `${plain} is a secure context`);
    check(!plainFacts.mediaDevices, `${plain} has navigator.mediaDevices`);
    const notice = p2.getByTestId('insecure-context-notice');
    await notice.waitFor({ timeout: 10_000 }).catch(() => undefined);
    check((await notice.textContent())?.trim() === NOTICE, 'the Czech notice is missing over plain HTTP');
    for (const size of SIZES) {
      await p2.setViewportSize(size);
      await p2.waitForTimeout(300);
      await p2.screenshot({ path: path.join(SHOTS, `cluster-http-notice-${size.width}x${size.height}.png`) });
    }
    await p2.setViewportSize(SIZES[0]);
    await loginUi(p2, 'dispecer');
    check(await notice.isVisible(), 'the notice went away at login');
    await p2.screenshot({ path: path.join(SHOTS, 'cluster-http-notice-panel.png') });
    await notice.getByRole('button', { name: 'Zavřít' }).click();
    await notice.waitFor({ state: 'detached' });
    await p2.reload();
    await p2.getByRole('button', { name: 'Další možnosti', includeHidden: true }).waitFor();
    await p2.waitForTimeout(500);
    check((await notice.count()) === 0, 'the notice came back after it was closed (it is said once)');
    await insecure.close();

    // loopback addresses over plain HTTP are secure contexts (no notice): the notice is about other hosts only
    const local = await browser.newContext({ viewport: SIZES[0] });
    const p3 = await local.newPage();
    for (const url of [`http://127.0.0.1:${o.plainPort}/`, `http://localhost:${o.plainPort}/`]) {
      await p3.goto(url);
      check((await factsOf(p3)).secure, `${url} is not a secure context`);
      await p3.getByLabel('Uživatelské jméno').waitFor();
      check((await p3.getByTestId('insecure-context-notice').count()) === 0, `the notice shows on ${url}`);
    }
    await local.close();
    console.log(`[cluster] browser: HTTPS secure context, service worker ${sw}, radio ${file}; HTTP notice checked`);
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  } finally {
    await browser.close();
  }
  return failures;
}
