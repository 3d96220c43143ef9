import { expect } from '@playwright/test';
import { loginAs, shot, test } from './helpers';

test('device overview: tables, a test request, a device detail; the application log', async ({ page }) => {
  await loginAs(page, 'admin');

  await page.getByRole('button', { name: 'Další možnosti' }).click();
  await page.getByRole('menuitem', { name: 'Správa mobilních zařízení' }).click();
  const dialog = page.getByRole('dialog', { name: 'Přehled zařízení jednotky' });
  await expect(dialog).toBeVisible();
  // the central base's own devices (bundle): workstations
  await expect(dialog.getByRole('region', { name: 'Ostatní služební zařízení' })).toBeVisible();
  await expect(dialog.getByTestId('device-row-X-COIS-01')).toBeVisible();
  await shot(page, 'devices-01-own-unit');

  // admin (central base + device.all) may choose any unit: Praha comes from GET /v2/devices?baseId=3
  await dialog.getByRole('combobox', { name: 'Jednotka' }).click();
  await page.getByRole('option', { name: 'Stanice HZS SŽ Praha' }).click();
  for (const table of ['Výjezdový mobilní telefon', 'Výjezdový tablet', 'Vozidlová navigace']) {
    await expect(dialog.getByRole('region', { name: table })).toBeVisible();
  }
  await expect(dialog.getByTestId('device-row-M-PHA-01')).toBeVisible();
  await expect(dialog.getByTestId('device-row-T-PHA-01')).toBeVisible();
  await expect(dialog.getByTestId('device-row-N-PHA-01')).toBeVisible();
  // private devices: collapsed until 'zobrazit'
  const privateTable = dialog.getByRole('region', { name: 'Soukromá zařízení' });
  await expect(privateTable.getByRole('row')).toHaveCount(0);
  await privateTable.getByRole('button', { name: 'zobrazit' }).click();
  await expect(dialog.getByTestId('device-row-M-PHA-02')).toBeVisible();
  await shot(page, 'devices-02-praha');

  // a test request for one device
  await dialog
    .getByTestId('device-row-T-PHA-01')
    .getByRole('button', { name: /otestovat|odeslám/ })
    .click();
  await expect(page.getByText('Test pro zařízení byl zadán')).toBeVisible();
  await shot(page, 'devices-03-test-requested');

  // the detail of a tested device: its parameters with status and hints
  const tested = dialog.locator('tr.device-row:not(.device-test-unknown)').filter({ hasText: 'PHA' }).first();
  const code = (await tested.getAttribute('data-testid'))!.replace('device-row-', '');
  await tested.locator('td').first().click();
  const detail = page.getByRole('dialog', { name: new RegExp(`^${code} / `) });
  await expect(detail).toBeVisible();
  await expect(detail.getByText('Celkový výsledek testu')).toBeVisible();
  await expect(detail.getByText('Test proveden')).toBeVisible();
  await expect(detail.getByTestId('parameter-battery')).toBeVisible();
  await expect(detail.getByTestId('parameter-app_version')).toBeVisible();
  await shot(page, 'devices-04-detail');

  // the admin's 'Sledovač polohy' (issue 14): a new secret is shown once, and a tracker reporting with it is let
  // in; revoked (confirmed), the same secret is refused
  const tracker = detail.getByTestId('tracker-section');
  await expect(tracker.getByText('Sledovač polohy')).toBeVisible();
  const create = tracker.getByRole('button', { name: 'Vytvořit klíč' });
  await expect(create.or(tracker.getByRole('button', { name: 'Vyměnit klíč' }))).toBeVisible();
  if (await create.isVisible()) await create.click();
  else {
    await tracker.getByRole('button', { name: 'Vyměnit klíč' }).click();
    await page.getByRole('dialog', { name: 'Výměna klíče' }).getByRole('button', { name: 'Ano' }).click();
  }
  const secretDialog = page.getByRole('dialog', { name: 'Nový klíč sledovače' });
  await expect(secretDialog.getByText('Klíč se zobrazuje jen nyní', { exact: false })).toBeVisible();
  const url = (await secretDialog.getByTestId('tracker-url').textContent())!;
  expect(url).toMatch(/\/v2\/positions\/osmand\/[A-Za-z0-9_-]{43}$/);
  await shot(page, 'devices-04b-tracker-secret');
  const report = () =>
    page.request.get(`${url}?id=${code}&lat=50.0755&lon=14.4378&timestamp=${Math.floor(Date.now() / 1000)}`);
  const accepted = await report();
  expect(accepted.status()).toBe(200);
  expect((await accepted.json()).result).toBe(true);
  await secretDialog.getByRole('button', { name: 'Zavřít, klíč už se nezobrazí' }).click();
  await expect(secretDialog).toBeHidden();
  await tracker.getByRole('button', { name: 'Zrušit klíč' }).click();
  await page.getByRole('dialog', { name: 'Zrušení klíče' }).getByRole('button', { name: 'Ano' }).click();
  await expect(tracker.getByTestId('tracker-secret-state')).toHaveText(/^zrušen \d\d\.\d\d\.\d{4} \d\d:\d\d$/);
  expect((await report()).status()).toBe(401);

  await detail.getByRole('button', { name: 'Zavřít' }).click();
  await expect(detail).toBeHidden();
  await dialog.getByRole('button', { name: 'Zavřít' }).click();
  await expect(dialog).toBeHidden();

  // the application log
  await page.getByRole('button', { name: 'Další možnosti' }).click();
  await page.getByRole('menuitem', { name: 'Odeslat aplikační log' }).click();
  const log = page.getByRole('dialog', { name: 'Odeslání aplikačního logu' });
  await expect(log).toBeVisible();
  await log.getByRole('button', { name: 'Odeslat log' }).click();
  await expect(log.getByText('Log byl odeslán')).toBeVisible();
  await shot(page, 'devices-05-applog');
});

test('microphone test dialog: one attempt with a fake microphone', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.getByRole('button', { name: 'Další možnosti' }).click();
  await page.getByRole('menuitem', { name: 'Test mikrofonu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test mikrofonu' });
  await dialog.getByRole('button', { name: 'Zahájit test mikrofonu' }).click();
  const stop = dialog.getByRole('button', { name: /^Ukončení test mikrofonu \(\d\d:\d\d\)$/ });
  // either the fake device records, or the browser has no microphone and the dialog says so
  const failure = dialog.getByRole('alert');
  await expect(stop.or(failure)).toBeVisible();
  if (await stop.isVisible()) {
    await expect(dialog.getByRole('button', { name: /^Ukončení test mikrofonu \(01:\d\d\)$/ })).toBeVisible();
    await shot(page, 'devices-06-mic-recording');
    await stop.click();
    await expect(dialog.getByTestId('mic-playback')).toBeVisible();
  }
  await expect(dialog.getByRole('button', { name: 'Zahájit test mikrofonu' })).toBeDisabled();
  await shot(page, 'devices-07-mic-done');
});
