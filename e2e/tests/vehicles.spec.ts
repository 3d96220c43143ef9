import { expect } from '@playwright/test';
import { loginAs, openEvent, shot, test } from './helpers';

test('Technika tab: deploy a free drone, move a vehicle from another event, end a deployment', async ({ page }) => {
  await loginAs(page, 'dispecer');
  await openEvent(page, 'Požár lokomotivy řady 363');
  await expect(page.getByTestId('event-detail')).toBeVisible();
  await page.getByRole('tab', { name: 'Technika' }).click();

  const tab = page.getByTestId('vehicles-tab');
  const deployed = tab.getByTestId('deployed-vehicle');
  await expect(deployed.filter({ hasText: 'CAS 30 Tatra 815-7 PHA' })).toBeVisible();
  await expect(deployed.filter({ hasText: 'Na místě' }).first()).toBeVisible();
  const before = await deployed.count();
  await shot(page, 'vehicles-01-tab');

  // the deployment dialog: the overview with the stale warning of vehicles that did not report for 300 s
  await tab.getByRole('button', { name: 'Nasadit techniku' }).click();
  const dialog = page.getByRole('dialog', { name: /Nasazení techniky/ });
  await expect(dialog.getByTestId('vehicle-row').first()).toBeVisible();
  expect(await dialog.getByTestId('vehicle-row').count()).toBeGreaterThan(40);
  await expect(dialog.getByTestId('position-stale').first()).toBeVisible();
  // fresh positions: the demo's are seeded with ages of seconds and nothing reports new ones yet, so after 300 s
  // of a long run every position is stale; fresh and stale cells are covered by vehicles.test.tsx

  // filter Dron: only drones; deploy the free Praha drone
  await dialog.getByRole('button', { name: 'Dron', exact: true }).click();
  const rows = dialog.getByTestId('vehicle-row');
  await expect(rows).toHaveCount(4);
  for (const name of await rows.locator('td:first-child').allTextContents()) expect(name).toContain('Dron');
  await shot(page, 'vehicles-02-dialog-dron');
  await rows.filter({ hasText: 'Dron DJI Matrice 30T PHA' }).click();
  const detail = dialog.getByTestId('vehicle-detail');
  await expect(detail.getByText('volná')).toBeVisible();
  await detail.getByRole('button', { name: 'Nasadit' }).click();
  await expect(page.getByText('Výjezd byl založen')).toBeVisible();
  await expect(rows.filter({ hasText: 'Dron DJI Matrice 30T PHA' })).toHaveAttribute('data-deployment', 'here');
  await shot(page, 'vehicles-03-deployed');

  // move a vehicle busy on the Brno event: the confirmation of 000 §8, then it works here
  await dialog.getByRole('button', { name: 'Dron', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Hledat techniku' }).fill('kodiaq brn');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-deployment', 'elsewhere');
  await rows.first().click();
  await detail.getByRole('button', { name: 'Přesunout' }).click();
  await expect(page.getByText('Technika zasahuje u jiné události! Chcete ji přesunout?')).toBeVisible();
  await shot(page, 'vehicles-04-move-confirm');
  await page.getByRole('dialog', { name: 'Přesun techniky' }).getByRole('button', { name: 'Ano' }).click();
  await expect(rows.first()).toHaveAttribute('data-deployment', 'here');
  await dialog.getByRole('button', { name: 'Zavřít' }).click();
  await expect(dialog).toBeHidden();

  await expect(deployed.filter({ hasText: 'Dron DJI Matrice 30T PHA' })).toBeVisible();
  await expect(deployed.filter({ hasText: 'Inspektor Škoda Kodiaq BRN' })).toBeVisible();
  await expect(deployed).toHaveCount(before + 2);
  await shot(page, 'vehicles-05-tab-after');

  // end the drone's deployment: the confirmation, then it leaves the tab (status 20)
  await tab.getByRole('button', { name: 'Ukončit nasazení: Dron DJI Matrice 30T PHA' }).click();
  await expect(page.getByText('Chcete opravdu ukončit nasazení této techniky?')).toBeVisible();
  await shot(page, 'vehicles-06-end-confirm');
  await page.getByRole('dialog', { name: 'Ukončení nasazení' }).getByRole('button', { name: 'Ano' }).click();
  await expect(deployed.filter({ hasText: 'Dron DJI Matrice 30T PHA' })).toHaveCount(0);
  await expect(deployed).toHaveCount(before + 1);
  await shot(page, 'vehicles-07-ended');
});
