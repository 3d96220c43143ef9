import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiLogin, loginAs, shot } from './helpers';
import { MESSAGE_PLACEHOLDER } from './labels';

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
  await page.getByRole('button', { name: 'Odeslat' }).click();
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
