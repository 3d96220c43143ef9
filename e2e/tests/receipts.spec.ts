import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { apiLogin, loginAs, PASSWORD, test } from './helpers';
import { MESSAGE_PLACEHOLDER } from './labels';

/**
 * Delivery receipts (issue 25 item 1): ticks on an own bubble go from sent to delivered (every device of the
 * event's base has it) to read, and open the per-device list. The event belongs to the central base COIS, whose
 * four demo devices are the sender's X-COIS-02 (dispecer, browser A), X-COIS-01 (admin, browser B) and two more
 * panels played through the API: udrp's X-COIS-03 and dispecer's second device M-COIS-01.
 */

async function openChat(page: Page, description: string) {
  await page.getByText(description).first().click();
  await page.getByRole('tab', { name: /Operační/ }).click();
  await expect(page.getByTestId('chat-view')).toBeVisible();
}

/** A panel of `username` on the device `code` (not necessarily its first), through the API. */
async function panelOn(request: APIRequestContext, username: string, code: string) {
  const res = await request.post('/v2/auth/login', { data: { username, password: PASSWORD } });
  const body = await res.json();
  const headers = { Authorization: `Bearer ${body.message}`, 'app-code': 'panel', 'app-instance': body.instance };
  const device = (body.devices as { id: number; code: string }[]).find((d) => d.code === code)!;
  expect((await request.post('/v2/auth/device', { headers, data: { deviceId: device.id } })).ok()).toBe(true);
  return headers;
}

test('message ticks go from sent to delivered to read; the list shows each device', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000); // two browsers logging in and two API panels on a loaded machine
  const admin = await apiLogin(request, 'admin');
  const description = `Doručenky ${Date.now()}`;
  const created = await request.post('/v2/events', {
    headers: admin.headers,
    data: { uuid: randomUUID(), eventCategoryId: 5, description },
  });
  expect(created.status()).toBe(201);

  const other = await (await browser.newContext()).newPage();
  await loginAs(other, 'admin'); // X-COIS-01, stays on the main panel: receives without reading

  await loginAs(page, 'dispecer'); // X-COIS-02, the sender
  await openChat(page, description);
  const text = `Doručenka ${Date.now()}`;
  await page.getByRole('textbox', { name: MESSAGE_PLACEHOLDER }).fill(text);
  await page.keyboard.press('Enter');
  const bubble = page.getByTestId('message-bubble').filter({ hasText: text });
  const ticks = bubble.getByTestId('receipt-ticks');
  await expect(ticks).toHaveAttribute('data-state', 'sent');
  const id = Number(await bubble.getAttribute('data-id'));

  // browser B has it by now or soon; the two API panels report like a panel does after applying a delta
  for (const headers of [
    await panelOn(request, 'udrp', 'X-COIS-03'),
    await panelOn(request, 'dispecer', 'M-COIS-01'),
  ]) {
    const res = await request.post('/v2/receipts', {
      headers,
      data: { items: [{ kind: 'message', id, state: 'delivered' }], via: 'poll' },
    });
    expect(res.status()).toBe(200);
  }
  await expect(ticks).toHaveAttribute('data-state', 'delivered', { timeout: 20_000 });
  await expect(ticks).toHaveAccessibleName('Doručeno všem zařízením (3/3)');

  // B opens the chat and reads it (double click marks read)
  await openChat(other, description);
  await other.getByTestId('message-bubble').filter({ hasText: text }).dblclick();
  await expect(ticks).toHaveAttribute('data-state', 'read', { timeout: 20_000 });

  await ticks.click();
  const list = page.getByTestId('receipt-list');
  await expect(list).toBeVisible();
  await expect(list.locator('tbody tr')).toHaveCount(3);
  const adminRow = list.locator('tr[data-device="X-COIS-01"]');
  await expect(adminRow.locator('td').nth(4)).toHaveText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
  await expect(list.locator('tr[data-device="X-COIS-03"] td').nth(4)).toHaveText('—');
  await expect(list.locator('[data-missed="1"]')).toHaveCount(0);
  await other.context().close();
});
