/**
 * Response-time reports (issue 26 item 2): management (mng) opens 'Časy zásahů' from 'Další možnosti', sees the
 * demo's 90 days of history in charts and the table, narrows the filters (unit, grouping by month), downloads the
 * CSV and reads the file (BOM, `;`, Czech headers, a figure that matches the screen's total), and prints (print
 * media: only the report, no filters or buttons; window.print is called). udrp gets no menu item; a unit's
 * user sees the own unit only. Screenshots at 1440×900, 1366×768 and 390×844.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { loginAs, shot, test } from './helpers';

async function openReports(page: Page) {
  await page.getByRole('button', { name: 'Další možnosti' }).click();
  await page.getByRole('menuitem', { name: 'Časy zásahů' }).click();
  const dialog = page.getByRole('dialog', { name: 'Časy zásahů' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('reports-total')).toBeVisible({ timeout: 20_000 });
  return dialog;
}

const jobsOf = async (page: Page) => {
  const text = (await page.getByTestId('reports-summary').textContent()) ?? '';
  return Number(/(\d+) výjezd/.exec(text)?.[1] ?? 'NaN');
};

test('mng: reports with filters, CSV opened and checked, print', async ({ page }) => {
  await loginAs(page, 'mng');
  const dialog = await openReports(page);
  const all = await jobsOf(page);
  expect(all).toBeGreaterThan(300);
  for (const id of ['chart-turnout', 'chart-arrival', 'chart-trend', 'chart-bases']) {
    await expect(dialog.getByTestId(id).locator('svg').first()).toBeVisible();
  }
  await shot(page, 'reports-1440');

  // filters: one unit, grouped by month
  await dialog.getByRole('combobox', { name: 'Jednotka' }).click();
  await page.getByRole('option', { name: /^PHA – / }).click();
  await expect.poll(() => jobsOf(page)).toBeLessThan(all);
  const pha = await jobsOf(page);
  expect(pha).toBeGreaterThan(50);
  await dialog.getByRole('combobox', { name: 'Seskupit podle' }).click();
  await page.getByRole('option', { name: 'Měsíc' }).click();
  await expect(dialog.getByRole('columnheader', { name: 'Měsíc' })).toBeVisible();
  await expect(dialog.getByRole('rowheader', { name: /^\d{2}\/\d{4}$/ }).first()).toBeVisible();

  // CSV: download and read it
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^casy-zasahu_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  const header = lines[0].split(';');
  expect(header.slice(0, 4)).toEqual(['Měsíc', 'Výjezdy', 'Výjezd – počet', 'Výjezd – medián (s)']);
  expect(header).toContain('Dojezd od vyhlášení – v limitu (%)');
  const total = lines.at(-1)!.split(';');
  expect(total[0]).toBe('Celkem');
  expect(Number(total[1])).toBe(pha);
  expect(lines.length).toBeGreaterThanOrEqual(3);
  // the month rows add up to the total
  const sum = lines.slice(1, -1).reduce((n, l) => n + Number(l.split(';')[1]), 0);
  expect(sum).toBe(pha);

  // print: the button calls window.print; print media shows the report without filters and buttons
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await dialog.getByRole('button', { name: 'Tisk' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Jednotka' })).toBeHidden();
  await expect(page.getByTestId('reports-total')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Časy zásahů', level: 1 })).toBeVisible();
  const pdf = await page.pdf({ format: 'A4', landscape: true });
  expect(pdf.byteLength).toBeGreaterThan(10_000);
  await shot(page, 'reports-print');
  await page.emulateMedia({ media: 'screen' });
});

test('reports at 1366×768 and 390×844; a unit sees its own; udrp has no item', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'mng');
  await openReports(page);
  await shot(page, 'reports-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('chart-trend')).toBeVisible();
  await shot(page, 'reports-390');
  await page.getByRole('button', { name: 'Zavřít' }).click();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, 'jednotka');
  const dialog = await openReports(page);
  await expect(dialog.getByText('Zobrazeny jsou jen výjezdy vaší jednotky.')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Jednotka' })).toHaveCount(0);
  // the vehicle filter offers the own unit's vehicles only
  await dialog.getByRole('combobox', { name: 'Technika' }).click();
  await expect(page.getByRole('option', { name: /PHA$/ }).first()).toBeVisible();
  await expect(page.getByRole('option', { name: /BRN$/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await shot(page, 'reports-unit');
  await page.getByRole('button', { name: 'Zavřít' }).click();

  await page.evaluate(() => localStorage.clear());
  await loginAs(page, 'udrp');
  await page.getByRole('button', { name: 'Další možnosti' }).click();
  await expect(page.getByRole('menuitem', { name: 'Odeslat aplikační log' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Časy zásahů' })).toHaveCount(0);
});
