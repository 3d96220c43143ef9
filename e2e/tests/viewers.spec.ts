import { expect, type Page } from '@playwright/test';
import { loginAs, openEvent, shot, test } from './helpers';

/** Opens the tank wagon leak's operational chat: the demo seed puts the X50 and X55 messages there. */
async function openTankWagonChat(page: Page) {
  await openEvent(page, 'Odkapávání z výpustného ventilu');
  await page.getByRole('tab', { name: /Operační/ }).click();
  await expect(page.getByTestId('chat-view')).toBeVisible();
}

test('X55 opens the 360° panorama, X50 the before/after comparison', async ({ page }) => {
  await loginAs(page, 'dispecer');
  await openTankWagonChat(page);

  // X55: the panorama canvas draws with WebGL; dragging turns the view
  await page.getByRole('button', { name: 'Otevřít panorama 360°' }).click();
  const canvas = page.getByTestId('panorama-canvas');
  await expect(canvas).toBeVisible();
  await expect(canvas).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 300, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(canvas).not.toHaveAttribute('data-yaw', '0');
  await expect(page.getByTestId('panorama-heading')).toContainText('Směr');
  await shot(page, '41-panorama');
  await page.getByTestId('panorama-viewer').getByRole('button', { name: 'Zavřít' }).click();

  // X50: both thumbnails labelled, the dialog compares them with a slider
  const compare = page.getByTestId('compare-media');
  await expect(compare.getByText('Před', { exact: true })).toBeVisible();
  await expect(compare.getByText('Po', { exact: true })).toBeVisible();
  await compare.getByRole('button', { name: 'Porovnat' }).click();
  const dialog = page.getByTestId('compare-dialog');
  const slider = dialog.getByRole('slider', { name: 'Poloha děliče porovnání' });
  await expect(slider).toBeVisible();
  await expect(slider).toHaveAttribute('aria-valuenow', '50');
  await slider.focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '40');
  await shot(page, '42-compare');
});
