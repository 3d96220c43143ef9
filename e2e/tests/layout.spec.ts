/**
 * Layout at the three sizes of issue 12 item 17 (1440×900, 1366×768, 390×844), measured with bounding boxes
 * against the viewport: the header title and 'Další možnosti' visible, the rail inside the screen, the message
 * box wholly visible (the whole width on a phone), the newest bubble in view after sending, the VZ dialog's
 * inputs focusable and typeable; and mng's 'Další možnosti' is not an empty menu.
 */
import { expect } from '@playwright/test';
import { shot, test } from './helpers';
import { MESSAGE_PLACEHOLDER } from './labels';
import { createEvent, expectInViewport, login, openEventAt, SIZES } from './layoutHelpers';

test.describe.configure({ mode: 'serial' });

for (const size of SIZES) {
  test.describe(`${size.name} (${size.width}×${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('header, rail, chat and message box fit the screen; the sent bubble is in view', async ({ page, request }) => {
      const subject = `Rozložení ${size.name} ${Date.now()}`;
      await createEvent(request, 'chat', subject);
      await login(page, 'dispecer');

      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toHaveText(/^Operační situace/);
      const titleBox = await expectInViewport(page, title, 'header title');
      // visible means readable: not squeezed to an ellipsis of a few letters
      expect(titleBox.width, 'header title width').toBeGreaterThan(150);
      await expectInViewport(page, page.getByRole('button', { name: 'Další možnosti' }), "'Další možnosti'");
      await expectInViewport(page, page.getByRole('navigation', { name: 'Hlavní nabídka' }), 'rail');
      await shot(page, `layout-${size.name}-1-main`);

      await openEventAt(page, subject);
      await page.getByRole('tab', { name: /Operační/ }).click();
      await expect(page.getByTestId('chat-view')).toBeVisible();
      await expectInViewport(page, page.getByRole('navigation', { name: 'Hlavní nabídka' }), 'rail with an event');
      // the head, the tabs and the chat together fit: before, the detail was taller than the screen and the
      // panel scrolled the head away or cut the message box
      await expectInViewport(page, page.getByTestId('event-detail'), 'event detail (head, tabs and chat)');
      // two tab strips (issue 12 item 6): the chats, which never scroll away, and the other tabs
      for (const tablist of await page.getByTestId('event-detail').getByRole('tablist').all()) {
        await expectInViewport(page, tablist, 'detail tabs');
      }
      await expectInViewport(page, page.getByTestId('chat-view'), 'chat');
      const form = await expectInViewport(page, page.getByTestId('message-form'), 'message box');
      if (size.phone) {
        expect(form.width, 'message box on a phone: the whole width').toBeGreaterThanOrEqual(size.width - 1);
      }

      // a few messages, the last one long: the newest bubble must end up wholly in view
      const box = page.getByRole('textbox', { name: MESSAGE_PLACEHOLDER });
      for (let i = 1; i <= 6; i++) {
        const text =
          i < 6
            ? `Hlášení ${i} ${size.name}`
            : `Poslední hlášení ${size.name}: jednotka na místě, hasí se náspová část u km 4,2, provoz na trati zastaven, čekáme na vypnutí trakce.`;
        await box.fill(text);
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('message-bubble').filter({ hasText: text })).toBeVisible();
      }
      const last = page.getByTestId('message-bubble').last();
      await expect(last).toContainText('Poslední hlášení');
      // the sent message replaces its pending bubble (with its tag row): wait until it stands, then measure
      await expect(last).toHaveAttribute('data-id', /^\d+$/);
      await expect
        .poll(async () => {
          const bubble = await last.boundingBox();
          const list = await page.getByTestId('chat-list').boundingBox();
          return Boolean(
            bubble && list && bubble.y >= list.y - 0.5 && bubble.y + bubble.height <= list.y + list.height + 0.5,
          );
        }, 'the newest bubble lies wholly inside the chat list')
        .toBe(true);
      await expectInViewport(page, last, 'newest bubble');
      await expectInViewport(page, page.getByTestId('message-form'), 'message box after sending');
      await shot(page, `layout-${size.name}-2-chat`);
    });

    test("the VZ dialog's 'Doplnit kontakt na VZ' inputs are focusable and typeable", async ({ page, request }) => {
      const subject = `Požár náspu VZ ${size.name} ${Date.now()}`;
      await createEvent(request, 'rescue', subject);
      await login(page, 'dispecer');
      await openEventAt(page, subject);
      await page.getByTestId('event-detail').getByTestId('missing-commander').click();
      const vz = page.getByTestId('commander-dialog');
      await expect(vz.getByText('Doplnit kontakt na VZ (v případě, že není v seznamu)')).toBeVisible();
      await expectInViewport(page, vz.getByRole('dialog'), 'VZ dialog');

      for (const [label, value] of [
        ['Telefonní číslo', '725341880'],
        ['Jméno', 'Josef Krátký'],
      ] as const) {
        const input = vz.getByRole('combobox', { name: label });
        const inputBox = await expectInViewport(page, input, `VZ input ${label}`);
        // wide enough to read a nine-digit number or a name (it was 42 px wide)
        expect(inputBox.width, `VZ input ${label} width`).toBeGreaterThanOrEqual(150);
        await input.click();
        await expect(input).toBeFocused();
        await page.keyboard.type(value);
        await expect(input).toHaveValue(value);
      }
      await shot(page, `layout-${size.name}-3-commander`);
      await vz.getByRole('button', { name: 'Kontakt na VZ' }).click();
      const named = page.getByTestId('commander-name-dialog');
      await expect(named.getByLabel('Jméno velitele zásahu')).toHaveValue('Josef Krátký');
      await expectInViewport(page, named.getByRole('dialog'), 'commander name dialog');
    });
  });
}

test("mng's 'Další možnosti' opens a menu that is not empty", async ({ page }) => {
  await login(page, 'mng');
  // mng (group MNG) is alerted of events and recent messages of other journeys: the alert dialog may open by
  // itself over the header; it is closed first
  const alerts = page.getByTestId('alert-dialog');
  const menu = page.getByRole('menu');
  await expect(async () => {
    if (await alerts.isVisible()) await alerts.getByRole('button', { name: 'Zavřít' }).click({ timeout: 2000 });
    await page.getByRole('button', { name: 'Další možnosti' }).click({ timeout: 2000 });
    await expect(menu).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(menu.getByRole('menuitem', { name: 'Odeslat aplikační log' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Pubsub/ })).toContainText('Připojeno');
  // view-only: nothing of manage Message, Device or view Debug
  await expect(menu.getByRole('switch', { name: 'Odesílat textové zprávy stiskem klávesy Enter' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Test mikrofonu' })).toHaveCount(0);
  await expect(menu.getByRole('switch', { name: 'Debug Bar' })).toHaveCount(0);
  await shot(page, 'layout-mng-options');
  await menu.getByRole('menuitem', { name: 'Odeslat aplikační log' }).click();
  const log = page.getByRole('dialog', { name: 'Odeslání aplikačního logu' });
  await log.getByRole('button', { name: 'Odeslat log' }).click();
  await expect(log.getByText('Log byl odeslán')).toBeVisible();
});

test.describe('phone 390×844: the header buttons are in the menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("user card, reload and fullscreen are reachable from 'Další možnosti'", async ({ page }) => {
    await login(page, 'dispecer');
    await page.getByRole('button', { name: 'Další možnosti' }).click();
    const menu = page.getByRole('menu');
    for (const name of ['Uživatel', 'Znovunačtení panelu.', 'Režim celé obrazovky']) {
      await expectInViewport(page, menu.getByRole('menuitem', { name }), `menu item ${name}`);
    }
    await shot(page, 'layout-phone-options');
    await menu.getByRole('menuitem', { name: 'Uživatel' }).click();
    await expect(page.getByTestId('user-card')).toContainText('dispecer');
    await expect(page.getByRole('button', { name: 'Odhlásit se' })).toBeVisible();
  });
});
