/**
 * Issue 24 item 20, clauses that worked without a test: the login sound (features/auth/loginSound.ts, two tones
 * made with the Web Audio API once the user has logged in) and the event view dialog's mute switch, which
 * silences the event's alerts in the notification queue (notificationQueue: items of a muted event make no
 * sound) while their cards still show.
 */
import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { PASSWORD, apiLogin, loginAs, openEvent, plays, stubAudio, test } from './helpers';

/** Records the frequency of every oscillator the page starts (the login sound is two of them). */
async function countTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number[] };
    w.__tones = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function recorded(this: OscillatorNode, when?: number) {
      w.__tones.push(this.frequency.value);
      return start.call(this, when);
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number[] }).__tones);

test('the login sound plays once, when the user has logged in: two rising tones', async ({ page }) => {
  await countTones(page);
  await page.goto('/');
  await page.getByLabel('Uživatelské jméno').fill('dispecer');
  await page.getByLabel('Heslo', { exact: true }).fill(PASSWORD);
  expect(await tones(page)).toEqual([]); // nothing before the login
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect.poll(() => tones(page)).toEqual([660, 880]);
  await page.getByRole('button', { name: 'Potvrdit' }).click();
  await page.getByRole('button', { name: 'Další možnosti', includeHidden: true }).waitFor();
  expect(await tones(page)).toEqual([660, 880]); // once: not again when the panel opens
});

test("the view dialog's mute switch silences the event's alert, the card still shows; switched off, it sounds", async ({
  page,
  request,
}) => {
  await stubAudio(page);
  const admin = await apiLogin(request, 'admin');
  const description = `Ztlumení upozornění ${Date.now()}`;
  // category 1 (Mimořádná událost) has alerts on: the event carries an alert
  const created = await request.post('/v2/events', {
    headers: admin.headers,
    data: {
      uuid: randomUUID(),
      eventCategoryId: 1,
      eventTypeId: 1,
      subject: description,
      description,
      address: 'Praha-Libeň, trať 011',
    },
  });
  expect(created.status()).toBe(201);
  await loginAs(page, 'dispecer');
  await openEvent(page, description);
  await page.getByRole('button', { name: 'Zobrazit událost' }).click();
  const view = page.getByRole('dialog', { name: description });
  const mute = view.getByRole('switch', { name: 'Ztlumit zvuky události' });
  const alerts = page.getByTestId('alert-dialog');
  const card = alerts.getByTestId('alert-card-event').filter({ hasText: description });

  // muted: the alert raised from the view shows its card, and no sound plays
  await mute.check();
  const before = await plays(page);
  await view.getByRole('button', { name: 'Upozornění' }).click();
  await expect(card).toBeVisible();
  await page.waitForTimeout(1_500); // what the unmuted alert below needs to sound, with room to spare
  expect(await plays(page)).toBe(before);
  await alerts.getByRole('button', { name: 'Zavřít' }).click();

  // not muted: the same alert sounds
  await mute.uncheck();
  await view.getByRole('button', { name: 'Upozornění' }).click();
  await expect(card).toBeVisible();
  await expect.poll(() => plays(page)).toBeGreaterThan(before);
  await alerts.getByRole('button', { name: 'Smazat všechna upozornění' }).click();
});
