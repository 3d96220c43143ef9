import { expect, test as base, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverURL } from '../servers';

export const PASSWORD = 'panel-demo';

declare global {
  interface Window {
    __panelCspViolation?: (text: string) => void;
  }
}

/**
 * Records Content-Security-Policy violations of the panel's pages in a context: the `securitypolicyviolation`
 * events (an init script in every page of our origin; foreign pages framed by the panel have their own policy
 * and are not ours to judge) and Chromium's console messages about the policy.
 */
async function watchCsp(context: BrowserContext, panelOrigin: string, violations: string[]): Promise<void> {
  await context.exposeBinding('__panelCspViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript((origin: string) => {
    if (window.location.origin !== origin) return;
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__panelCspViolation?.(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  }, panelOrigin);
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
}

/**
 * The panel's one question about notifications (WebPushPrompt) as already answered in this browser: it is asked
 * once per browser, right after device confirmation, over the top of the screen — on a phone over the first
 * event rows — and every journey starts in a fresh browser. A user answers it once and works on; journeys about
 * something else start past it. webPush.spec asks for the question (`test.use({ webPushAnswered: false })`).
 */
async function answerWebPush(context: BrowserContext, panelOrigin: string): Promise<void> {
  await context.addInitScript((origin: string) => {
    if (window.location.origin !== origin) return;
    if (localStorage.getItem('panel.webPush') === null) localStorage.setItem('panel.webPush', '{"asked":true}');
  }, panelOrigin);
}

/**
 * Playwright's `test` with one automatic check: a journey fails when the panel hit its own
 * Content-Security-Policy (apps/server/src/http/securityHeaders.ts) in any of its browser contexts — the
 * default one and those the journey opens with `browser.newContext()`. Journeys import `test` from here.
 * Every such context also starts with the notification question answered (option `webPushAnswered`), and is
 * closed when the journey ends.
 */
export const test = base.extend<{ cspGuard: void; webPushAnswered: boolean }>({
  // the worker's own server (playwright.config.ts): the page, `request` and every `browser.newContext()` use it
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => use(serverURL(testInfo.parallelIndex)),
  webPushAnswered: [true, { option: true }],
  cspGuard: [
    async ({ context, browser, baseURL, webPushAnswered }, use) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const violations: string[] = [];
      const prepare = async (ctx: BrowserContext, ctxOrigin: string) => {
        await watchCsp(ctx, ctxOrigin, violations);
        if (webPushAnswered) await answerWebPush(ctx, ctxOrigin);
      };
      await prepare(context, origin);
      const newContext = browser.newContext;
      const opened: BrowserContext[] = [];
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const created = await newContext.apply(browser, args);
        opened.push(created);
        await prepare(created, args[0]?.baseURL ? new URL(args[0].baseURL).origin : origin);
        return created;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      try {
        expect(violations, 'Content-Security-Policy violations').toEqual([]);
      } finally {
        // a context the journey did not close (it failed first, or its panel's server is gone) would go on
        // polling, reconnecting and drawing its map in the shared browser for the rest of the run
        await Promise.all(opened.map((ctx) => ctx.close().catch(() => undefined)));
      }
    },
    { auto: true },
  ],
});
const shotsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/**
 * Lets the page draw what it was last told (a resize, a click: two animation frames) and menus and dialogs finish
 * fading in before a picture (toast progress bars run for seconds: not waited for).
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Saves a full-page screenshot to e2e/screenshots/<name>.png (not committed; looked at by the developer). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/**
 * Logs in and confirms the first device, ending on the main panel.
 *
 * By default the session is made as another panel makes one (the API's login and device confirmation) and handed
 * to the page the way the panel keeps it (localStorage `panel.auth`, apps/web/src/stores/authStore.ts): the
 * login and device screens took ~3 s of every journey and are journeys of their own (foundation, a11y,
 * alertsSounds, the guide). `{ form: true }` goes through both screens, for a journey about what follows them.
 *
 * Demo events still waiting in state 0 (the unit Praha's incoming call, issue 12 item 1) raise their alert at
 * login for dispecer, jednotka and mng, and the alert dialog opens over the panel. A journey about something
 * else starts like a dispatcher who pressed 'Smazat všechna upozornění': the helper waits until the panel has
 * raised the first bundle's alerts (the bell's `data-alerts-ready`) and clears them. Alert journeys pass
 * `{ keepAlerts: true }`.
 */
export async function loginAs(
  page: Page,
  username: string,
  opts: { keepAlerts?: boolean; form?: boolean } = {},
): Promise<void> {
  if (opts.form) await loginThroughForm(page, username);
  else await loginWithSession(page, username);
  // includeHidden: an alert dialog opened at login hides the header from the accessibility tree. 'Další
  // možnosti' is in the header at every size ('Uživatel' moves into it on a phone).
  await page.getByRole('button', { name: 'Další možnosti', includeHidden: true }).waitFor();
  if (opts.keepAlerts) return;
  await clearLoginAlerts(page);
}

async function loginThroughForm(page: Page, username: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Uživatelské jméno').fill(username);
  await page.getByLabel('Heslo', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await page.getByRole('button', { name: 'Potvrdit' }).click();
}

/** A session with its first device confirmed (`apiLogin`), put where the panel keeps its own, then the panel opened. */
async function loginWithSession(page: Page, username: string): Promise<void> {
  const { stored } = await apiLogin(page.request, username);
  // the panel's origin without the panel (a small file), so its storage can be written before the app starts
  await page.goto('/version.json');
  await page.evaluate((value) => localStorage.setItem('panel.auth', value), JSON.stringify(stored));
  await page.goto('/');
}

/** Puts away the alerts raised at login (the demo's waiting unit call alerts dispecer, jednotka and mng). */
export async function clearLoginAlerts(page: Page): Promise<void> {
  await page.locator('[data-testid="alert-bell"][data-alerts-ready="true"]').waitFor();
  const dialog = page.getByTestId('alert-dialog');
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: 'Smazat všechna upozornění' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

/**
 * Closes the alert dialog if it is still open. It also closes by itself when its last card goes (an accepted
 * alert), so an open dialog seen a moment ago may be gone before the click: the click is tried again until the
 * dialog is hidden, instead of waiting for a button that will never come back.
 */
export async function closeAlertDialog(page: Page): Promise<void> {
  const dialog = page.getByTestId('alert-dialog');
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Zavřít' }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

export interface ApiSession {
  headers: Record<string, string>;
  user: { id: number; baseId: number | null };
  /** the session as the panel keeps it in localStorage `panel.auth` (apps/web/src/stores/authStore.ts) */
  stored: { state: Record<string, unknown>; version: 0 };
}

/** Logs in through the API and confirms the first device, as another panel would. */
export async function apiLogin(request: APIRequestContext, username: string): Promise<ApiSession> {
  const res = await request.post('/v2/auth/login', { data: { username, password: PASSWORD } });
  if (!res.ok()) throw new Error(`login ${username}: ${res.status()} ${await res.text()}`);
  const body = await res.json();
  const headers = { Authorization: `Bearer ${body.message}`, 'app-code': 'panel', 'app-instance': body.instance };
  const dev = await request.post('/v2/auth/device', { headers, data: { deviceId: body.device.id } });
  if (!dev.ok()) throw new Error(`device ${username}: ${dev.status()} ${await dev.text()}`);
  const device = ((await dev.json()) as { device?: unknown } | null)?.device ?? body.device;
  const state = {
    token: body.message,
    instance: body.instance,
    user: body.user,
    device,
    devices: body.devices ?? null,
    deviceConfirmed: true,
  };
  return { headers, user: body.user, stored: { state, version: 0 } };
}

/**
 * Opens an event from the list by a text of its row. The list is virtualized and earlier journeys add events,
 * so a demo event may lie below the rendered rows: the list search narrows it down first.
 */
export async function openEvent(page: Page, text: string): Promise<void> {
  await searchList(page, text);
  await page.getByTestId('event-row').filter({ hasText: text }).first().click();
}

/**
 * Types into the list's search and waits until the list shows its rows for that text (the list marks the search
 * its rows are filtered by). The search is debounced (300 ms): a row clicked before that is re-rendered under the
 * pointer between the press and the release, and the click opens nothing.
 */
export async function searchList(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Hledat' }).fill(text);
  await expect(page.getByTestId('event-list')).toHaveAttribute('data-search', text);
}

/**
 * Whether a socket.io text frame from the server is a pushed delta's packet: `42["delta",…]`, its answer plain
 * or, over 2 kB, gzip-compressed in base64 in the same frame (apps/server/src/realtime/deltaPush.ts).
 */
export function isDeltaPacket(frame: string): boolean {
  return frame.startsWith('42["delta"');
}

/** Audio must not depend on the autoplay policy: play() is counted and "ends" after 50 ms. */
export async function stubAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __plays: number };
    w.__plays = 0;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      w.__plays += 1;
      setTimeout(() => this.dispatchEvent(new Event('ended')), 50);
      return Promise.resolve();
    };
    HTMLMediaElement.prototype.pause = function pause() {};
  });
}

/** How many times the page started audio since `stubAudio`. */
export const plays = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __plays: number }).__plays);
