import { expect } from '@playwright/test';
import { loginAs, shot, test } from './helpers';

// this file is about the panel under its service worker (playwright.config.ts blocks it elsewhere)
test.use({ serviceWorkers: 'allow' });

test('admin opens the Debug Bar, queues test notifications; the service worker registers and a new build prompts', async ({
  page,
}) => {
  await loginAs(page, 'admin');

  // the service worker of the built panel registers and is ready
  const registrations = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    return (await navigator.serviceWorker.getRegistrations()).length;
  });
  expect(registrations).toBe(1);
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  expect(manifest).toMatchObject({ name: 'Panel HZS SŽ', short_name: 'Panel', lang: 'cs' });

  // Debug Bar switch in the options menu
  await page.getByRole('button', { name: 'Další možnosti' }).click();
  await page.getByRole('switch', { name: 'Debug Bar' }).check();
  await page.keyboard.press('Escape');
  const panel = page.getByTestId('devpanel');
  await expect(panel).toBeVisible();
  await shot(page, 'devpanel-01-app');

  await panel.getByRole('tab', { name: 'Notifications' }).click();
  // the queue may already hold the demo's waiting calls (a missed call of the central base leaves a quiet trace)
  const queue = page.getByTestId('devpanel-queue');
  const before = await queue.locator('tbody tr').count();
  await panel.getByRole('button', { name: 'Přidat testovací upozornění' }).click();
  await expect(queue.locator('tbody tr')).toHaveCount(before + 4);
  await expect(queue).toContainText('Testovací upozornění 1');
  await expect(queue).toContainText('TEST_SUCCESS');
  await shot(page, 'devpanel-02-notifications');

  // the tab and visibility survive a reload (setup state); the reload is served with the worker in control.
  // (a fake clock from here on: the version check's 60 s interval is run below)
  await page.clock.install();
  await page.reload();
  await expect(page.getByTestId('devpanel-tab-notifications')).toBeVisible();
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await panel.getByRole('button', { name: 'Odebrat vše' }).click();
  await expect(queue.locator('tbody tr')).toHaveCount(0);

  // a new build: /version.json answers another hash → the one update prompt
  await page.route('**/version.json*', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ hash: 'another-build-hash' }) }),
  );
  await page.clock.runFor(61_000);
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toContainText('Je připravena aktualizace panelu', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Znovunačtení panelu.' })).toHaveAttribute('data-new-version', 'true');
  await shot(page, 'devpanel-03-update-prompt');
  await expect(prompt.getByRole('button', { name: 'Načíst znovu' })).toBeVisible();
});
