/**
 * Issue 24 item 2, "Alerts do not take the radio away": a KOPIS alert arriving in the middle of a push-to-talk
 * recording (Chromium's fake microphone, e2e/playwright.config.ts) or while the dispatcher types sounds and shows
 * on the bell at once, but its dialog waits until the recording ends or the typing pauses; the typed text and the
 * focus stay; Ctrl+Space records under an open dialog too.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiLogin, loginAs, plays, shot, stubAudio, test, type ApiSession } from './helpers';
import { MESSAGE_PLACEHOLDER, RECORDED_TWO_SECONDS } from './labels';

async function chatEvent(request: APIRequestContext, admin: ApiSession, description: string) {
  const res = await request.post('/v2/events', {
    headers: admin.headers,
    data: { uuid: randomUUID(), eventCategoryId: 5, description },
  });
  expect(res.status()).toBe(201);
  return res.json() as Promise<{ id: number; description: string }>;
}

async function kopis(request: APIRequestContext, admin: ApiSession): Promise<{ alert: { title: string } }> {
  const res = await request.post('/v2/events/simulate/kopis', { headers: admin.headers });
  expect(res.ok()).toBe(true);
  return res.json();
}

/** Accepts every alert left in the dialog (no event is left waiting for later journeys). */
async function acceptAll(page: Page) {
  const dialog = page.getByTestId('alert-dialog');
  const accept = dialog.getByRole('button', { name: 'Přijmout zprávu' });
  while ((await accept.count()) > 0) {
    const before = await accept.count();
    await accept.first().click();
    await expect(accept).toHaveCount(before - 1);
  }
}

test('an alert during a push-to-talk recording sounds and counts at once, its dialog opens when the recording ends', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000); // two recordings encoded to mp3 on a loaded machine
  const admin = await apiLogin(request, 'admin');
  const event = await chatEvent(request, admin, `Vysílačka a upozornění ${Date.now()}`);
  const context = await browser.newContext({ permissions: ['microphone'] });
  const page = await context.newPage();
  await stubAudio(page);
  await loginAs(page, 'dispecer');
  await page.getByText(event.description).first().click();
  await page.getByRole('tab', { name: /Operační/ }).click();
  const dialog = page.getByTestId('alert-dialog');
  const bell = page.getByTestId('alert-bell');
  const radio = page.getByTestId('radio-button');

  // Ctrl+Space held: recording
  await page.keyboard.down('Control');
  await page.keyboard.down('Space');
  await expect(page.getByTestId('radio-recording')).toBeVisible();
  const before = await plays(page);
  const call = await kopis(request, admin);
  // the alert is there at once: its sound, the bell's count, the bell pulsing — but no dialog over the panel
  await expect.poll(() => plays(page)).toBeGreaterThan(before);
  await expect(bell).toHaveAttribute('data-held', 'radio');
  await expect(bell).toHaveAccessibleName(/^Upozornění: [1-9]/);
  await shot(page, 'alerts-held-by-radio');
  // the recording goes on past the moment the dialog used to cover it
  await expect(page.getByTestId('radio-recording')).toContainText(RECORDED_TWO_SECONDS);
  await expect(dialog).toBeHidden();
  await expect(radio).toHaveAttribute('data-phase', 'recording');

  // released: the recording is sent whole, then the dialog opens with the call
  await page.keyboard.up('Space');
  await page.keyboard.up('Control');
  await expect(page.getByText('Zpráva odeslána')).toBeVisible({ timeout: 45_000 });
  await expect(dialog.getByTestId('alert-card-event').filter({ hasText: call.alert.title })).toBeVisible();
  await expect(bell).not.toHaveAttribute('data-held');

  // Ctrl+Space under the open dialog still records
  await page.keyboard.down('Control');
  await page.keyboard.down('Space');
  await expect(radio).toHaveAttribute('data-phase', 'recording');
  await expect(page.getByTestId('radio-recording')).toContainText(RECORDED_TWO_SECONDS); // kept: over 0.5 s
  await page.keyboard.up('Space');
  await page.keyboard.up('Control');
  await expect(page.getByText('Zpráva odeslána').first()).toBeVisible({ timeout: 45_000 });
  // both recordings arrived as radio messages
  await expect
    .poll(async () => {
      const sent = await (await request.get(`/v2/messages/event/${event.id}`, { headers: admin.headers })).json();
      return Object.values(sent.items as Record<string, { type: string }>).filter((m) => m.type === 'X11').length;
    })
    .toBe(2);
  await acceptAll(page);
  await context.close();
});

test('an alert while the dispatcher types waits for a pause; the text and the focus stay', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  const event = await chatEvent(request, admin, `Psaní a upozornění ${Date.now()}`);
  await stubAudio(page);
  await loginAs(page, 'dispecer');
  await page.getByText(event.description).first().click();
  await page.getByRole('tab', { name: /Operační/ }).click();
  const box = page.getByRole('textbox', { name: MESSAGE_PLACEHOLDER });
  const dialog = page.getByTestId('alert-dialog');
  await box.click();
  await box.pressSequentially('Jednotka ', { delay: 50 });

  const before = await plays(page);
  const called = kopis(request, admin);
  // the dispatcher types on while the call comes in (seconds on a loaded machine, longer than the typing pause
  // that lets a dialog open): a key every 120 ms until the alert's sound
  const words = 'PHA vyjíždí k náspu, ';
  let typed = '';
  for (let i = 0; (await plays(page)) <= before; i++) {
    const key = words[i % words.length];
    await box.pressSequentially(key, { delay: 120 });
    typed += key;
  }
  const call = await called;
  await expect(page.getByTestId('alert-bell')).toHaveAttribute('data-held', 'typing');
  // typing on: the keys go into the message, not into a dialog
  await box.pressSequentially('PHA vyjíždí k náspu', { delay: 120 });
  await expect(dialog).toBeHidden();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(`Jednotka ${typed}PHA vyjíždí k náspu`);

  // a pause: the dialog opens with the call; closed, the focus is back in the message with its text
  await expect(dialog.getByTestId('alert-card-event').filter({ hasText: call.alert.title })).toBeVisible();
  await shot(page, 'alerts-after-typing');
  await dialog.getByRole('button', { name: 'Zavřít' }).click();
  await expect(dialog).toBeHidden();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(`Jednotka ${typed}PHA vyjíždí k náspu`);
  await page.getByTestId('alert-bell').click();
  await acceptAll(page);
});
