import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiLogin, loginAs, plays, shot, stubAudio, test } from './helpers';

/** The session headers of the logged-in panel (to read per-user state such as message reads). */
async function panelHeaders(page: Page): Promise<Record<string, string>> {
  const raw = await page.evaluate(() => localStorage.getItem('panel.auth'));
  const { state } = JSON.parse(raw ?? '{}') as { state: { token: string; instance: string } };
  return { Authorization: `Bearer ${state.token}`, 'app-code': 'panel', 'app-instance': state.instance };
}

test('an event alert is accepted and a message alert confirmed', async ({ page, request }) => {
  await stubAudio(page);
  await loginAs(page, 'dispecer');
  const admin = await apiLogin(request, 'admin');

  // another session creates a KOPIS test event: state 0 with an alert
  const created = await request.post('/v2/events/simulate/kopis', { headers: admin.headers });
  expect(created.ok()).toBe(true);
  const event = await created.json();
  expect(event.eventStateId).toBe(0);

  const dialog = page.getByTestId('alert-dialog');
  const card = dialog.getByTestId('alert-card-event').filter({ hasText: event.alert.title });
  await expect(card).toBeVisible();
  await expect(dialog.getByRole('heading', { name: /^Máte \d+ upozornění$/ })).toBeVisible();
  await expect(card).toContainText('Vystaveno upozornění');
  await expect(card).toContainText(event.alert.subtitle);
  await expect.poll(() => plays(page)).toBeGreaterThan(0); // the category's sound
  await shot(page, 'alerts-event-card');

  await card.getByRole('button', { name: 'Přijmout zprávu' }).click();
  await expect(card).toBeHidden();
  // saved in state 1 on the server, and the event is the active one
  await expect
    .poll(async () => {
      const bundle = await (await request.post('/v2/app', { headers: admin.headers, data: { uid: null } })).json();
      return bundle.events.find((e: { id: number }) => e.id === event.id)?.eventStateId;
    })
    .toBe(1);
  await expect(page.getByTestId('header-subtitle')).toHaveText(event.header.title.value);
  await shot(page, 'alerts-accepted');

  // a message from another session raises a message alert
  const content = `Jednotka na místě ${Date.now()}`;
  const sent = await request.post('/v2/messages', {
    headers: admin.headers,
    data: { uuid: randomUUID(), eventId: event.id, content, messageCategoryId: 1, type: 'X03' },
  });
  expect(sent.ok()).toBe(true);
  const message = await sent.json();
  const bell = page.getByTestId('alert-bell');
  await expect(bell).toContainText('1');
  await bell.click();
  const messageCard = dialog.getByTestId('alert-card-message').filter({ hasText: content });
  await expect(messageCard).toBeVisible();
  await expect(messageCard).toContainText('Zpráva z');
  await expect(messageCard).toContainText(event.header.title.value);
  await shot(page, 'alerts-message-card');

  await messageCard.getByRole('button', { name: 'Potvrdit přijetí' }).click();
  await expect(page.getByText('Potvrzení odesláno')).toBeVisible();
  const headers = await panelHeaders(page);
  await expect
    .poll(async () => (await (await request.get(`/v2/messages/${message.id}`, { headers })).json()).read)
    .toBe(1);
  await expect(dialog).toBeHidden();
  await shot(page, 'alerts-done');
});
