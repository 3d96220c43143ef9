/**
 * Issue 24 item 20 on the screens of the map and the event: the zoom control steps and stays whole on screen, a
 * layer that is not available answers 'Litujeme, ale tato volba je momentálně nedostupná.' in a toast closed by
 * 'Zavřít', and the event view dialog is at most 800 px wide (000 §2) and fits a phone.
 */
import { expect } from '@playwright/test';
import { shot, test } from './helpers';
import { expectInViewport, login, openEventAt } from './layoutHelpers';

test.use({ serviceWorkers: 'block' });

test('the zoom control steps in and out and is whole at 1440 and 1366', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'dispecer');
  const level = page.getByTestId('zoom-level');
  await expect(level).toHaveText(/^\d+$/);
  const start = Number(await level.textContent());
  await expectInViewport(page, page.getByRole('button', { name: 'Přiblížit' }), 'zoom in (1440)');
  await page.getByRole('button', { name: 'Přiblížit' }).click();
  await expect(level).toHaveText(String(start + 1));
  await page.getByRole('button', { name: 'Oddálit' }).click();
  await expect(level).toHaveText(String(start));
  await page.setViewportSize({ width: 1366, height: 768 });
  for (const name of ['Přiblížit', 'Oddálit']) {
    await expectInViewport(page, page.getByRole('button', { name }), `${name} (1366)`);
  }
  await expectInViewport(page, level, 'zoom level (1366)');
});

test("a layer that is not available: 'Litujeme…' in a toast closed by 'Zavřít'", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, 'dispecer');
  await page.getByRole('button', { name: 'Podkladová mapa' }).click();
  // the e2e server has no map services (MAP_LAYERS {}): the service base maps are 'není k dispozici'
  await page.getByRole('menuitem').filter({ hasText: 'není k dispozici' }).first().click();
  // the open menu hides the rest of the page from the accessibility tree: the toast is found by its text
  const warning = page
    .locator('.MuiAlert-root')
    .filter({ hasText: 'Litujeme, ale tato volba je momentálně nedostupná.' });
  await expect(warning).toBeVisible();
  await expectInViewport(page, warning, 'warning');
  await shot(page, 'controls-layer-unavailable-1366');
  await warning.getByRole('button', { name: 'Zavřít', includeHidden: true }).click();
  await expect(warning).toBeHidden();
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the event view dialog is at most 800 px wide and fits ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await login(page, 'dispecer');
    await openEventAt(page, 'Požár lokomotivy řady 363');
    await page.getByRole('button', { name: 'Zobrazit událost' }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('tab') });
    await expect(dialog).toBeVisible();
    const box = await expectInViewport(page, dialog, 'view dialog');
    expect(box.width).toBeLessThanOrEqual(800);
    // it uses the room a desktop has: not a narrow box
    if (size.width > 800) expect(box.width).toBeGreaterThan(700);
    await shot(page, `controls-view-dialog-${size.width}`);
  });
}
