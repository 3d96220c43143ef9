import { expect } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { AUTO_REFRESH_MIN, FETCH_RESET_TICKS, STALE_PERIODS } from '@panel/domain/constants';
import { apiLogin, clearLoginAlerts, loginAs, PASSWORD, shot, test } from './helpers';

// this file is about the panel under its service worker (playwright.config.ts blocks it elsewhere)
test.use({ serviceWorkers: 'allow' });

/** the shortest refresh period the panel accepts (the connection failure journey) */
const PERIOD_MS = AUTO_REFRESH_MIN;

test('login validation, login, device, main panel, logout', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Přihlásit se' })).toBeVisible();
  await expect(page.getByTestId('env-chip')).toHaveText('TEST');
  await shot(page, '01-login');

  // empty form: both Czech validation texts, no request
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page.getByText('Prosím zadejte uživatelské jméno')).toBeVisible();
  await expect(page.getByText('Prosím zadejte heslo')).toBeVisible();
  await shot(page, '02-login-validation');

  // wrong password: the server's message, still on the login view, typed username kept
  await page.getByLabel('Uživatelské jméno').fill('dispecer');
  await page.getByLabel('Heslo', { exact: true }).fill('spatne-heslo');
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page.getByText('Neplatné uživatelské jméno nebo heslo.')).toBeVisible();
  await expect(page.getByLabel('Uživatelské jméno')).toHaveValue('dispecer');
  await shot(page, '03-login-failed');

  await page.getByLabel('Heslo', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page.getByText(/Úspěšné přihlášení\. Vítejte: /)).toBeVisible();
  await expect(page.getByText('Neplatné uživatelské jméno nebo heslo.')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Potvrdit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Odhlásit' })).toBeVisible();
  await shot(page, '04-device');

  await page.getByRole('button', { name: 'Potvrdit' }).click();
  await clearLoginAlerts(page);
  await expect(page.getByText(/Operační situace/)).toBeVisible();
  await expect(page.getByText(/ \/ směna [ABC]/)).toBeVisible();
  // the window title ticks each second
  await expect(page).toHaveTitle(/^PANEL \d\d:\d\d:\d\d$/);
  const t1 = await page.title();
  await expect.poll(() => page.title(), { timeout: 3000 }).not.toBe(t1);
  await shot(page, '05-main-panel');

  await page.getByRole('button', { name: 'Uživatel' }).click();
  await expect(page.getByText('Jednotka')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Odhlásit se' })).toBeVisible();
  await shot(page, '06-user-card');
  await page.getByRole('button', { name: 'Odhlásit se' }).click();
  await expect(page.getByRole('button', { name: 'Přihlásit se' })).toBeVisible();

  // the session is gone on the server too: a reload stays on the login view
  await page.reload();
  await expect(page.getByRole('button', { name: 'Přihlásit se' })).toBeVisible();
});

test('an event created by admin through the API raises the Events count within a second', async ({ page, request }) => {
  await loginAs(page, 'dispecer');
  const badge = page.getByTestId('events-count');
  await expect(badge).toHaveText(/^\d+$/);
  const before = Number(await badge.textContent());

  const admin = await apiLogin(request, 'admin');
  const res = await request.post('/v2/events', {
    headers: admin.headers,
    data: { uuid: randomUUID(), eventCategoryId: 5, description: 'Zakouřený vagon u 2. koleje' },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const started = Date.now();
  await expect(badge).toHaveText(String(before + 1), { timeout: 1500 });
  expect(Date.now() - started).toBeLessThan(1500);
  await shot(page, '07-event-count-live');
});

test('options menu: send-on-Enter switch persists across a reload', async ({ page }) => {
  await loginAs(page, 'dispecer');
  await page.getByRole('button', { name: 'Další možnosti' }).click();
  const sw = page.getByRole('switch', { name: 'Odesílat textové zprávy stiskem klávesy Enter' });
  await expect(sw).toBeChecked();
  await shot(page, '08-options-menu');
  await sw.click();
  await expect(sw).not.toBeChecked();
  await page.keyboard.press('Escape');
  await page.reload();
  await page.getByRole('button', { name: 'Další možnosti' }).click();
  await expect(page.getByRole('switch', { name: 'Odesílat textové zprávy stiskem klávesy Enter' })).not.toBeChecked();
});

test('change password: rules, wrong old password, success', async ({ page, request }) => {
  await loginAs(page, 'udrp');
  await page.getByRole('button', { name: 'Uživatel' }).click();
  await page.getByRole('button', { name: 'Změna hesla' }).click();
  const dialog = page.getByRole('dialog', { name: 'Změna uživatelského hesla' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Změnit heslo' }).click();
  await expect(dialog.getByText('Prosím zadejte původní heslo')).toBeVisible();
  await expect(dialog.getByText('Prosím zadejte potvrzení hesla')).toBeVisible();
  await dialog.getByLabel('Původní heslo').fill('neni-to-ono');
  await dialog.getByLabel('Nové heslo').fill('kratke');
  await dialog.getByLabel('Kontrola nového hesla').fill('jine-heslo');
  await dialog.getByRole('button', { name: 'Změnit heslo' }).click();
  await expect(dialog.getByText('Heslo musí mít alespoň 8 znaků')).toBeVisible();
  await expect(dialog.getByText('Hesla se neshodují')).toBeVisible();
  await shot(page, '09-change-password-rules');
  await dialog.getByLabel('Nové heslo').fill('nove-heslo-123');
  await dialog.getByLabel('Kontrola nového hesla').fill('nove-heslo-123');
  await dialog.getByRole('button', { name: 'Změnit heslo' }).click();
  await expect(dialog.getByText('Původní heslo není správné.')).toBeVisible();
  await dialog.getByLabel('Původní heslo').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Změnit heslo' }).click();
  await expect(page.getByText('Heslo úspěšně změněno')).toBeVisible();
  await expect(dialog).toBeHidden();

  // the new password is the one that works now; put the demo password back for the other journeys
  const bad = await request.post('/v2/auth/login', { data: { username: 'udrp', password: PASSWORD } });
  expect(bad.status()).toBe(401);
  const res = await request.post('/v2/auth/login', { data: { username: 'udrp', password: 'nove-heslo-123' } });
  const body = await res.json();
  const headers = { Authorization: `Bearer ${body.message}`, 'app-code': 'panel', 'app-instance': body.instance };
  const back = await request.put('/v3/user/change-password', {
    headers,
    data: { oldPassword: 'nove-heslo-123', newPassword: PASSWORD },
  });
  expect(back.status()).toBe(200);
});

test('Příjem volání starts a new local event; Events click clears it', async ({ page }) => {
  await loginAs(page, 'dispecer');
  await expect(page.getByText(/^Operační situace/)).toBeVisible();
  await page.getByRole('button', { name: 'Příjem volání' }).click();
  await expect(page.getByText(/^Situace nové události \/ směna [ABC]$/)).toBeVisible();
  await shot(page, '10-new-local-event');
  // a single click on Events (after the 200 ms double-click window) shows the list and clears the active event
  await page.getByRole('button', { name: 'Události', exact: true }).click();
  await expect(page.getByText(/^Operační situace/)).toBeVisible();
});

test('the panel returns to login when its session ends elsewhere', async ({ page, request }) => {
  await loginAs(page, 'jednotka');
  const panel = await page.evaluate(() => JSON.stringify(localStorage));
  expect(panel).toContain('instance');
  // the same user changes the password in another session: every other session of the user ends
  const other = await apiLogin(request, 'jednotka');
  const changed = await request.put('/v3/user/change-password', {
    headers: other.headers,
    data: { oldPassword: PASSWORD, newPassword: 'docasne-heslo-1' },
  });
  expect(changed.status()).toBe(200);
  try {
    // the server pushes session-ended to the panel's socket: it logs out at once, not at the next 8 s refresh
    await expect(page.getByRole('button', { name: 'Přihlásit se' })).toBeVisible({ timeout: 3_000 });
    await shot(page, '11-session-ended');
  } finally {
    await request.put('/v3/user/change-password', {
      headers: other.headers,
      data: { oldPassword: 'docasne-heslo-1', newPassword: PASSWORD },
    });
  }
});

test('connection failure: the red banner after 5 refresh periods without data, gone when data flow again', async ({
  page,
  context,
}) => {
  // the shortest accepted refresh period (500 ms) so 5 periods pass in 2.5 s
  await page.addInitScript((period) => {
    const state = { autoRefresh: true, autoRefreshPeriod: period, sendOnEnter: true, darkMode: false };
    localStorage.setItem('panel.setup', JSON.stringify({ state, version: 0 }));
  }, PERIOD_MS);
  // a failed connection carries nothing: the panel's socket goes through a relay that passes nothing either way
  // while the line is down. Pushed deltas are data (other journeys write meanwhile), and with the push still
  // flowing the panel rightly shows no failure.
  let down = false;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (!down) server.send(message);
    });
    server.onMessage((message) => {
      if (!down) ws.send(message);
    });
  });
  await loginAs(page, 'dispecer');
  await expect(page.getByText('PORUCHA PŘIPOJENÍ!')).toBeHidden();
  // the line goes down in a settled panel, one its service worker already controls (it claims the page a few
  // seconds after the first load, as for a dispatcher at work)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  down = true;
  // the context's route, not the page's: with the page's route set just as the worker claimed the page, pulls went
  // on answering 200 unseen by it (Playwright: page.route does not see what a service worker handles) and no banner
  // came (a script: 4 runs in 9; with the context's route 0 in 6; CI missed the banner here once on 30.11.2026)
  await context.route('**/v2/app', (route) => route.abort('connectionfailed'));
  // the latest the banner is due: a pull already on its way when the line went down still lands (up to
  // FETCH_RESET_TICKS periods, then the panel drops it), the data then age STALE_PERIODS periods, and the
  // header's clock that shows it ticks each second — 5.5 s, too close to the 6 s this waited on a busy machine
  const due = (FETCH_RESET_TICKS + STALE_PERIODS) * PERIOD_MS + 1000;
  await expect(page.getByText('PORUCHA PŘIPOJENÍ!')).toBeVisible({ timeout: due + 4_000 });
  await expect(page.getByText(/Poslední aktualizace \d\d\.\d\d\.\d{4} \d\d:\d\d/)).toBeVisible();
  await shot(page, '12-connection-failure');

  down = false;
  await context.unroute('**/v2/app');
  await expect(page.getByText('PORUCHA PŘIPOJENÍ!')).toBeHidden({ timeout: 6_000 });
});

type BundleEvent = { messages?: { unread?: Record<string, number> } };
const unreadTotal = (events: BundleEvent[]) =>
  events.flatMap((e) => Object.values(e.messages?.unread ?? {})).reduce((a, n) => a + n, 0);

test('double click on Events asks and marks every message read', async ({ page, request }) => {
  const s = await apiLogin(request, 'dispecer');
  const before = await (await request.post('/v2/app', { headers: s.headers, data: { uid: null } })).json();
  expect(unreadTotal(before.events)).toBeGreaterThan(0);
  await loginAs(page, 'dispecer');
  await page.getByRole('button', { name: 'Události', exact: true }).dblclick();
  const dialog = page.getByRole('dialog', { name: 'Označení všech zpráv za přečtené' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Všechny zprávy budou označeny za přečtené.')).toBeVisible();
  await shot(page, '13-mark-all-read');
  await dialog.getByRole('button', { name: 'Ano' }).click();
  await expect(page.getByText('Všechny zprávy byly označeny jako přečtené.')).toBeVisible();

  // the server agrees: nothing is unread for dispecer any more
  const after = await (await request.post('/v2/app', { headers: s.headers, data: { uid: null } })).json();
  expect(unreadTotal(after.events)).toBe(0);
});

test('debug tools in the options menu only for view Debug (admin), with the realtime status', async ({ page }) => {
  await loginAs(page, 'dispecer');
  await page.getByRole('button', { name: 'Další možnosti' }).click();
  await expect(page.getByRole('switch', { name: 'Odesílat textové zprávy stiskem klávesy Enter' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Debug Bar' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Uživatel' }).click();
  await page.getByRole('button', { name: 'Odhlásit se' }).click();

  await loginAs(page, 'admin');
  await page.getByRole('button', { name: 'Další možnosti' }).click();
  await expect(page.getByRole('switch', { name: 'Debug Bar' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Pubsub/ })).toContainText('Připojeno');
  await shot(page, '14-options-menu-admin');
});
