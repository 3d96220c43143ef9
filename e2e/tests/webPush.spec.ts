/**
 * Web Push in Debian's Chromium (issue 25 item 2). Chromium here has no reachable push service (Google's), so the
 * server-side sending is proven by apps/server/src/modules/webPush/webPush.api.test.ts; this journey proves the
 * browser side: the one question after device confirmation and the quiet failure of the subscription, then a
 * push delivered to the registered worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`) —
 * nothing shown while the panel is visible, a notification with 'Otevřít' / 'Přijmout' once it is closed — and
 * the notification's click, which opens the event on the panel and accepts it.
 */
import { expect, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import type { Worker } from '@playwright/test';
import { apiLogin, loginAs, shot, stubAudio, test } from './helpers';

// this file is about the panel under its service worker (playwright.config.ts blocks it elsewhere)
test.use({ serviceWorkers: 'allow' });

/** What the journey touches of the worker's global scope (the e2e project has no WebWorker types). */
interface WorkerScopeLike {
  registration: { getNotifications: () => Promise<Notification[]> };
  clients: { matchAll: (options: { type: 'window'; includeUncontrolled: boolean }) => Promise<unknown[]> };
  dispatchEvent: (event: Event) => boolean;
}
declare const NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;

interface Shown {
  title: string;
  body: string;
  tag: string;
  actions: string[];
  data: { eventId: number; kind: string; acceptable: boolean };
}

/**
 * The panel's worker as Playwright sees it now: an idle worker may be stopped by Chromium and started again by
 * the next push or message, and a handle of the stopped one is dead — so a fresh one each time, starting it when
 * none runs.
 */
async function workerOf(context: BrowserContext, cdp: CDPSession, scopeURL: string): Promise<Worker> {
  const running = context.serviceWorkers().find((w) => w.url().startsWith(scopeURL));
  if (running) return running;
  const started = context.waitForEvent('serviceworker');
  await cdp.send('ServiceWorker.startWorker', { scopeURL });
  return started;
}

const inWorker = <T>(sw: Worker, fn: () => Promise<T>): Promise<T> => sw.evaluate(fn);

const shownBy = (sw: Worker) =>
  inWorker(sw, async () => {
    const scope = self as unknown as WorkerScopeLike;
    return (await scope.registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: ((n as unknown as { actions?: { title: string }[] }).actions ?? []).map((a) => a.title),
      data: n.data as Shown['data'],
    }));
  }) as Promise<Shown[]>;

const windowsOf = (sw: Worker) =>
  inWorker(sw, async () => {
    const scope = self as unknown as WorkerScopeLike;
    return (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).length;
  });

async function registrationIdOf(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x) => !x.isDeleted && x.scopeURL.startsWith(origin));
      if (r) resolve(r.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

async function workerReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
}

// this journey is about the question itself: it starts in a browser that has not answered it
test.use({ webPushAnswered: false });

test('a push reaches a closed panel as a notification; its click opens and accepts the event', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000); // two panel starts, a worker and a DevTools session on a loaded machine
  const origin = new URL(baseURL!).origin;
  await stubAudio(page);
  // the panel counts the worker's messages: "a push came while you were visible", "open this event"
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, number>;
    w.PANEL_PUSH = 0;
    w.PANEL_OPEN_EVENT = 0;
    navigator.serviceWorker?.addEventListener('message', (e: MessageEvent) => {
      const type = (e.data as { type?: string } | null)?.type;
      if (type === 'PANEL_PUSH' || type === 'PANEL_OPEN_EVENT') w[type] += 1;
    });
  });
  const told = (p: Page, type: 'PANEL_PUSH' | 'PANEL_OPEN_EVENT') =>
    p.evaluate((t) => (window as unknown as Record<string, number>)[t], type);
  await loginAs(page, 'jednotka', { form: true });

  // the one question after device confirmation, in Czech, not in the way
  const prompt = page.getByTestId('web-push-prompt');
  await expect(prompt).toContainText('Upozornění i při zavřeném panelu');
  await shot(page, 'web-push-prompt');
  await context.grantPermissions(['notifications'], { origin });
  await prompt.getByRole('button', { name: 'Povolit' }).click();
  await expect(prompt).toBeHidden();
  // no push service is reachable from this Chromium: one quiet notice, no loop
  const notice = page.getByText('Upozornění při zavřeném panelu nejsou v tomto prohlížeči dostupná.');
  await expect(notice).toHaveCount(1);

  // an alert for the unit: a KOPIS test call made by another session of the unit (no creating device)
  const unit = await apiLogin(request, 'jednotka');
  const created = await request.post('/v2/events/simulate/kopis', { headers: unit.headers });
  expect(created.ok()).toBe(true);
  const event = (await created.json()) as {
    id: number;
    eventStateId: number;
    alert: { title: string };
    header: { title: { value: string } };
  };
  expect(event.eventStateId).toBe(0);

  await workerReady(page);
  const blank = await context.newPage(); // the DevTools session outlives the panel's tab
  await blank.goto('about:blank');
  const cdp = await context.newCDPSession(blank);
  const registrationId = await registrationIdOf(cdp, origin);
  const sw = () => workerOf(context, cdp, `${origin}/`);
  const deliver = (reason: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify({
        v: 1,
        kind: 'alert',
        reason,
        eventId: event.id,
        messageId: null,
        title: event.alert.title,
        body: 'KOPIS test',
        sound: null,
        acceptable: true,
        ack: '1.2000000000.journey',
        at: new Date().toISOString(),
      }),
    });

  // the panel is visible: it raised the alert itself, the worker shows nothing twice
  await page.bringToFront();
  await deliver('alert');
  await expect.poll(() => told(page, 'PANEL_PUSH')).toBe(1);
  expect(await shownBy(await sw())).toEqual([]);

  // the panel is closed (once the worker no longer counts its window): the notification with both actions
  await page.close();
  await expect.poll(async () => windowsOf(await sw())).toBe(0);
  await deliver('reminder');
  await expect.poll(async () => (await shownBy(await sw())).length).toBe(1);
  const [shown] = await shownBy(await sw());
  expect(shown.title).toBe(`Stále nepřijato: ${event.alert.title}`);
  expect(shown.actions).toEqual(['Otevřít', 'Přijmout']);
  expect(shown.data).toEqual({ eventId: event.id, kind: 'alert', acceptable: true });
  expect(shown.tag).toBe(`panel-event-${event.id}`);

  // the panel opens again (the session is kept); 'Přijmout' on the notification opens the event there and accepts it
  const panel = await context.newPage();
  await stubAudio(panel);
  await panel.goto('/');
  await panel.locator('[data-testid="alert-bell"][data-alerts-ready="true"]').waitFor();
  await inWorker(await sw(), async () => {
    const scope = self as unknown as WorkerScopeLike;
    const [notification] = await scope.registration.getNotifications();
    // a scripted click is not trusted: its waitUntil throws after the handler has started, which is all we need
    try {
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: 'accept' }));
    } catch {
      // see above
    }
  });
  await expect.poll(async () => (await shownBy(await sw())).length).toBe(0);
  await expect.poll(() => told(panel, 'PANEL_OPEN_EVENT')).toBe(1);
  await expect(panel.getByTestId('header-subtitle')).toHaveText(event.header.title.value);
  await expect
    .poll(async () => {
      const bundle = await (await request.post('/v2/app', { headers: unit.headers, data: { uid: null } })).json();
      return bundle.events.find((e: { id: number }) => e.id === event.id)?.eventStateId;
    })
    .toBe(1);
  await shot(panel, 'web-push-opened');
  await blank.close();
});
