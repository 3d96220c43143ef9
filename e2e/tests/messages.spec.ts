import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiLogin, loginAs, shot, test } from './helpers';
import { MESSAGE_PLACEHOLDER, RECORDED_TWO_SECONDS } from './labels';

/** Opens the event's operational chat tab (messageCategoryId 1). */
async function openChat(page: Page, description: string) {
  await page.getByText(description).first().click();
  await page.getByRole('tab', { name: /Operační/ }).click();
  await expect(page.getByTestId('chat-view')).toBeVisible();
}

async function newEvent(request: Parameters<typeof apiLogin>[0], description: string) {
  const admin = await apiLogin(request, 'admin');
  const res = await request.post('/v2/events', {
    headers: admin.headers,
    data: { uuid: randomUUID(), eventCategoryId: 5, description },
  });
  expect(res.status()).toBe(201);
  return { admin, event: await res.json() };
}

test('a text sent in one browser appears in the other within a second', async ({ page, browser, request }) => {
  const { event } = await newEvent(request, `Chat ${Date.now()}`);
  const other = await (await browser.newContext()).newPage();
  await loginAs(other, 'admin');
  await openChat(other, event.description);

  await loginAs(page, 'dispecer');
  await openChat(page, event.description);
  const text = `Jednotka PHA na místě ${Date.now()}`;
  await page.getByRole('textbox', { name: MESSAGE_PLACEHOLDER }).fill(text);
  await page.keyboard.press('Enter'); // send-on-Enter is on by default
  await expect(page.getByText('Zpráva odeslána')).toBeVisible();
  await expect(page.getByTestId('message-bubble').filter({ hasText: text })).toBeVisible();
  const sent = Date.now();
  await expect(other.getByTestId('message-bubble').filter({ hasText: text })).toBeVisible({ timeout: 1500 });
  expect(Date.now() - sent).toBeLessThan(1500);
  await shot(page, '31-chat');

  // the context panel of the received message
  await other.getByTestId('message-bubble').filter({ hasText: text }).click();
  await expect(other.getByTestId('message-context-panel')).toBeVisible();
  await expect(other.getByTestId('message-context-panel').getByText(text)).toBeVisible();
  await shot(other, '32-message-context');
  await other.context().close();
});

test('empty message: Czech error, nothing sent', async ({ page, request }) => {
  const { admin, event } = await newEvent(request, `Prázdná ${Date.now()}`);
  await loginAs(page, 'dispecer');
  await openChat(page, event.description);
  await page.getByRole('button', { name: 'Odeslat', exact: true }).click();
  await expect(page.getByText('Zadejte text zprávy')).toBeVisible();
  const list = await request.get(`/v2/messages/event/${event.id}`, { headers: admin.headers });
  expect(Object.keys((await list.json()).items)).toHaveLength(0);
});

test('a message typed while the connection is down is kept and delivered when it returns', async ({
  page,
  request,
}) => {
  const { admin, event } = await newEvent(request, `Výpadek ${Date.now()}`);
  await loginAs(page, 'dispecer');
  await openChat(page, event.description);

  await page.route('**/v2/messages', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  const text = `Zpráva během výpadku ${Date.now()}`;
  await page.getByRole('textbox', { name: MESSAGE_PLACEHOLDER }).fill(text);
  await page.keyboard.press('Enter');
  const bubble = page.getByTestId('message-bubble').filter({ hasText: text });
  await expect(bubble).toContainText('Odesílá se…');
  await shot(page, '33-chat-pending');

  // a reload while offline does not lose it either (the outbox lives in localStorage)
  await page.reload();
  await page.getByRole('button', { name: 'Uživatel' }).waitFor();
  await page.unroute('**/v2/messages');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));

  await expect
    .poll(
      async () => {
        const list = await (await request.get(`/v2/messages/event/${event.id}`, { headers: admin.headers })).json();
        return Object.values(list.items as Record<string, { content: string }>).filter((m) => m.content === text)
          .length;
      },
      { timeout: 15_000 },
    )
    .toBe(1); // exactly once: the retry reuses the client uuid
});

/** A real 96×64 JPEG (the server checks the type, the magic bytes and that sharp can read it). */
const PHOTO = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCABAAGADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAUG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AngElvwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAH/9k=',
  'base64',
);

test('a photo attachment is uploaded, sent and opens in the image viewer', async ({ page, request }) => {
  const { admin, event } = await newEvent(request, `Fotka ${Date.now()}`);
  await loginAs(page, 'dispecer');
  await openChat(page, event.description);

  await page.getByTestId('message-form').locator('input[type=file]').setInputFiles({
    name: 'foto.jpg',
    mimeType: 'image/jpeg',
    buffer: PHOTO,
  });
  await page.getByRole('textbox', { name: MESSAGE_PLACEHOLDER }).fill('Fotka z místa zásahu');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Zpráva odeslána')).toBeVisible();

  // stored under the spec's name {eventId}-{YYYYMMDD_HHmmss}-{deviceCode}.jpg, as type X22 with media
  const list = await (await request.get(`/v2/messages/event/${event.id}`, { headers: admin.headers })).json();
  const sent = Object.values(list.items as Record<string, { type: string; media: string[] | null }>)[0];
  expect(sent.type).toBe('X22');
  expect(sent.media?.[0]).toMatch(new RegExp(`^${event.id}-\\d{8}_\\d{6}-X-COIS-02\\.jpg$`));

  const bubble = page.getByTestId('message-bubble').filter({ hasText: 'Fotka z místa zásahu' });
  const thumb = bubble.getByTestId('media-image');
  await expect(thumb).toBeVisible();
  await shot(page, '34-chat-photo');
  await thumb.click();
  await expect(page.getByTestId('image-viewer')).toBeVisible();
  await expect(page.getByTestId('image-viewer').getByText('bez souřadnic')).toBeVisible();
  await shot(page, '35-image-viewer');
});

type ApiMessage = { id: number; type: string; content: string; media: string[] | null; messageCategoryId: number };

async function eventMessages(
  request: Parameters<typeof apiLogin>[0],
  headers: Record<string, string>,
  eventId: number,
) {
  const list = await (await request.get(`/v2/messages/event/${eventId}`, { headers })).json();
  return Object.values(list.items as Record<string, ApiMessage>);
}

test('a tag is applied and removed, and a message is forwarded to the dispatcher conversation', async ({
  page,
  request,
}) => {
  const { admin, event } = await newEvent(request, `Štítky ${Date.now()}`);
  const text = `Hlášení ze stanoviště ${Date.now()}`;
  const posted = await request.post('/v2/messages', {
    headers: admin.headers,
    data: { uuid: randomUUID(), eventId: event.id, content: text, messageCategoryId: 1, type: 'X03', media: null },
  });
  expect(posted.status()).toBe(201);
  await loginAs(page, 'dispecer');
  await openChat(page, event.description);

  await page.getByTestId('message-bubble').filter({ hasText: text }).click();
  const panel = page.getByTestId('message-context-panel');
  const important = panel.locator('[data-tag="DULEZITE"]');
  await expect(important).toHaveAttribute('data-state', '0');
  await important.click();
  await expect(important).toHaveAttribute('data-state', '1');
  await expect(
    page.getByTestId('message-bubble').filter({ hasText: text }).locator('[data-tag="DULEZITE"]'),
  ).toHaveAttribute('data-state', '1');
  await shot(page, '36-message-tag-applied');
  await important.click();
  await expect(important).toHaveAttribute('data-state', '0');

  // FWD_2: the forward dialog, then the copy in the dispatcher conversation
  await panel.locator('[data-tag="FWD_2"]').click();
  const dialog = page.getByRole('dialog', { name: 'Přeposlat zprávu' });
  await expect(dialog).toContainText(text);
  await shot(page, '37-forward-dialog');
  await dialog.getByRole('button', { name: 'Přeposlat' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () =>
      (await eventMessages(request, admin.headers, event.id))
        .filter((m) => m.content === text)
        .map((m) => m.messageCategoryId)
        .sort(),
    )
    .toEqual([1, 2]);
  await page.getByRole('tab', { name: /Dispečerský/ }).click();
  await expect(page.getByTestId('chat-view').getByTestId('message-bubble').filter({ hasText: text })).toBeVisible();
});

test('push-to-talk records a real radio message (fake microphone), sent as X11 mp3; another panel plays it once', async ({
  browser,
  request,
}) => {
  // two panels, a recording encoded to mp3 and fetched by the other: 46–52 s on a loaded 2-core machine
  test.setTimeout(120_000);
  const { admin, event } = await newEvent(request, `Vysílačka ${Date.now()}`);
  // the listener: counts audio playbacks
  const listenerContext = await browser.newContext();
  await listenerContext.addInitScript(() => {
    const w = window as unknown as { __played: string[] };
    w.__played = [];
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      w.__played.push(this.src);
      queueMicrotask(() => this.dispatchEvent(new Event('ended')));
      return Promise.resolve();
    };
  });
  const listener = await listenerContext.newPage();
  // the recording's file is fetched by the listener only to play it by itself (its chat is not open);
  // other sounds (the alert queue's tones and speech) play too, so playbacks alone do not tell
  const radioFetches: string[] = [];
  listener.on('request', (r) => {
    if (new RegExp(`/v2/media/event/${event.id}/.+\\.mp3`).test(r.url())) radioFetches.push(r.url());
  });
  await loginAs(listener, 'admin');

  const context = await browser.newContext({ permissions: ['microphone'] });
  const page = await context.newPage();
  await loginAs(page, 'dispecer');
  await openChat(page, event.description);

  const radio = page.getByTestId('radio-button');
  // a tap is too short: discarded with a message
  await radio.click();
  await expect(page.getByText('Nahrávka byla příliš krátká (0,5 s a méně), nebyla odeslána.')).toBeVisible();

  await radio.hover();
  await page.mouse.down();
  await expect(page.getByTestId('radio-recording')).toBeVisible();
  await expect(page.getByTestId('radio-recording')).toContainText(RECORDED_TWO_SECONDS); // what the user watches
  await shot(page, '38-radio-recording');
  await page.mouse.up();
  await expect(page.getByText('Zpráva odeslána')).toBeVisible({ timeout: 15_000 });

  const [sent] = (await eventMessages(request, admin.headers, event.id)).filter((m) => m.type === 'X11');
  // 000 §7: a radio recording goes to the dispatcher conversation (2), whatever chat it was made in (here 1)
  expect(sent.messageCategoryId).toBe(2);
  expect(sent.media?.[0]).toMatch(new RegExp(`^${event.id}-\\d{8}_\\d{6}-X-COIS-02\\.mp3$`));
  const file = await request.get(`/v2/media/event/${event.id}/${sent.media![0]}`, { headers: admin.headers });
  expect(file.headers()['content-type']).toContain('audio/mpeg');
  const bytes = await file.body();
  expect(bytes[0]).toBe(0xff);
  expect(bytes.length).toBeGreaterThan(4000); // ~2 s at 64 kbit/s

  await page.getByRole('tab', { name: /Dispečerský/ }).click();
  const bubble = page.getByTestId('message-bubble').filter({ has: page.locator('audio') });
  await expect(bubble).toBeVisible();
  await shot(page, '39-radio-message');

  // the other panel plays the new recording by itself, once (fetched once, and blob audio played)
  await expect.poll(() => radioFetches.length).toBe(1);
  await expect
    .poll(() =>
      listener.evaluate(
        () => (window as unknown as { __played: string[] }).__played.filter((src) => src.startsWith('blob:')).length,
      ),
    )
    .toBeGreaterThanOrEqual(1);
  await listener.reload();
  await listener.getByRole('button', { name: 'Uživatel' }).waitFor();
  await listener.waitForTimeout(1500); // the time a reloaded panel would take to fetch it again: it does not
  expect(radioFetches).toHaveLength(1); // not again after a reload
  await context.close();
  await listenerContext.close();
});

test('on a touch device a photo is taken, scaled to 1900 px and sent as X22', async ({ browser, request }) => {
  const { admin, event } = await newEvent(request, `Foto mobil ${Date.now()}`);
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();
  await loginAs(page, 'dispecer');
  await openChat(page, event.description);

  // a 3000×2000 camera photo made in the browser
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 2000;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#4a7';
    ctx.fillRect(0, 0, 3000, 2000);
    ctx.fillStyle = '#333';
    ctx.fillRect(0, 1400, 3000, 200);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1];
  });
  await expect(page.getByTestId('photo-button')).toBeVisible();
  await page.getByTestId('photo-input').setInputFiles({
    name: 'IMG_0001.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(base64, 'base64'),
  });
  await expect(page.getByText('Zpráva odeslána')).toBeVisible({ timeout: 15_000 });
  const [sent] = (await eventMessages(request, admin.headers, event.id)).filter((m) => m.type === 'X22');
  expect(sent.media?.[0]).toMatch(new RegExp(`^${event.id}-\\d{8}_\\d{6}-X-COIS-02\\.jpg$`));
  const file = await request.get(`/v2/media/event/${event.id}/${sent.media![0]}`, { headers: admin.headers });
  const size = await page.evaluate(
    async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
      return [bitmap.width, bitmap.height];
    },
    (await file.body()).toString('base64'),
  );
  expect(size).toEqual([1900, 1267]);
  await expect(page.getByTestId('message-bubble').getByTestId('media-image')).toBeVisible();
  await shot(page, '40-mobile-photo');
  await context.close();
});
