/**
 * Web Push in Debian's Chromium (issue 25 item 2). Chromium here has no reachable push service (Google's), so the
 * server-side sending is proven by apps/server/src/modules/webPush/webPush.api.test.ts; this journey proves the
 * browser side: the one question after device confirmation and the quiet failure of the subscription, then a
 * push delivered to the registered worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`) —
 * nothing shown while the panel is visible, a notification with 'Otevřít' / 'Přijmout' once it is closed — and
 * the notification's click, which opens the event on the panel and accepts it.
 */
import { expect, type CDPSession, type Page, type Worker } from '@playwright/test';
import { apiLogin, loginAs, shot, stubAudio, test } from './helpers';

interface Shown {
  title: string;
  body: string;
  tag: string;
  actions: string[];
  data: { eventId: number; kind: string; acceptable: boolean };
}

const shownBy = (sw: Worker) =>
  sw.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    return (await scope.registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: ((n as unknown as { actions?: { title: string }[] }).actions ?? []).map((a) => a.title),
      data: n.data as Shown['data'],
    }));
  }) as Promise<Shown[]>;

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

async function panelWorker(page: Page): Promise<Worker> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  return page.context().serviceWorkers()[0] ?? page.context().waitForEvent('serviceworker');
}

test('a push reaches a closed panel as a notification; its click opens and accepts the event', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const origin = new URL(baseURL!).origin;
  await stubAudio(page);
  await loginAs(page, 'jednotka');

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

  const sw = await panelWorker(page);
  const blank = await context.newPage(); // the DevTools session outlives the panel's tab
  await blank.goto('about:blank');
  const cdp = await context.newCDPSession(blank);
  const registrationId = await registrationIdOf(cdp, origin);
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
  await expect.poll(async () => (await shownBy(sw)).length, { timeout: 3000 }).toBe(0);

  // the panel is closed: the notification with the event's title and both actions
  await page.close();
  await deliver('reminder');
  await expect.poll(async () => (await shownBy(sw)).length).toBe(1);
  const [shown] = await shownBy(sw);
  expect(shown.title).toBe(`Stále nepřijato: ${event.alert.title}`);
  expect(shown.actions).toEqual(['Otevřít', 'Přijmout']);
  expect(shown.data).toEqual({ eventId: event.id, kind: 'alert', acceptable: true });
  expect(shown.tag).toBe(`panel-event-${event.id}`);

  // the panel opens again (the session is kept); 'Přijmout' on the notification opens the event there and accepts it
  const panel = await context.newPage();
  await stubAudio(panel);
  await panel.goto('/');
  await panel.locator('[data-testid="alert-bell"][data-alerts-ready="true"]').waitFor();
  await sw.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    // a scripted click is not trusted: its waitUntil throws after the handler has started, which is all we need
    try {
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: 'accept' }));
    } catch {
      // see above
    }
  });
  await expect.poll(async () => (await shownBy(sw)).length).toBe(0);
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
