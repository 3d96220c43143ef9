/**
 * Map cards (issue 6): right-click near Praha hl. n. → 'Náhled na trať' (the image loads), 'Katastr
 * nemovitostí' (the link shows), 'Panorama' (the 360° view draws), each against the offline services.
 */
import { expect, type Page } from '@playwright/test';
import { loginAs, shot, test } from './helpers';
import { layerFeatures, mapState } from './mapHelpers';

const PRAHA = { lat: 50.083, lon: 14.436 };

/** The page pixel of Praha hl. n.: the coordinate entry puts a map point there (toView of [lon, lat]). */
async function prahaPixel(page: Page): Promise<{ x: number; y: number }> {
  const entry = page.getByRole('textbox', { name: 'Přejít na souřadnice (šířka, délka)' });
  await entry.fill(`${PRAHA.lat}, ${PRAHA.lon}`);
  await entry.press('Enter');
  await expect.poll(async () => Math.round((await mapState(page)).zoom)).toBe(8);
  await expect.poll(async () => (await layerFeatures(page, 'map-points')).length).toBe(1);
  const xy = (await layerFeatures(page, 'map-points'))[0].xy!;
  // wait for the auto-centre animation to settle
  await expect
    .poll(async () => {
      const s = await mapState(page);
      return Math.hypot(s.center[0] - xy[0], s.center[1] - xy[1]) < 1;
    })
    .toBe(true);
  const [x, y] = await page.evaluate((c) => window.__panelMap!.getPixelFromCoordinate(c), xy);
  return { x: Math.round(x), y: Math.round(y) };
}

async function menu(page: Page, at: { x: number; y: number }, item: string) {
  await page.getByTestId('map').click({ button: 'right', position: at });
  const opened = page.getByTestId('map-context-menu');
  await expect(opened).toBeVisible();
  await opened.getByRole('menuitem', { name: item }).click();
  await expect(opened).toBeHidden();
}

test('right-click near Praha hl. n.: rail image, cadastre and panorama', async ({ page }) => {
  await loginAs(page, 'dispecer');
  await page.waitForFunction(() => Boolean(window.__panelMap));
  const at = await prahaPixel(page);
  // a little beside the chosen point, on the station's tracks
  const beside = { x: at.x + 12, y: at.y + 6 };

  await menu(page, beside, 'Náhled na trať');
  const rail = page.getByTestId('card-rail-image');
  await expect(rail).toHaveAttribute('data-status', '5', { timeout: 20_000 });
  await expect(rail).toHaveAttribute('data-maximized', 'true');
  const image = page.getByTestId('rail-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect(page.getByTestId('rail-captured')).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await expect.poll(async () => (await mapState(page)).layers['card-points']).toBe(1);
  await shot(page, 'map-cards-rail-image');

  await menu(page, beside, 'Katastr nemovitostí');
  const cadastre = page.getByTestId('card-cadastre');
  await expect(cadastre).toHaveAttribute('data-status', '5', { timeout: 15_000 });
  await expect(page.getByTestId('cadastre-link')).toHaveAttribute('href', /nahlizenidokn\.cuzk\.cz/);
  await expect(page.getByTestId('cadastre-content')).toContainText('S-JTSK');
  await expect(rail).toBeHidden();
  await shot(page, 'map-cards-cadastre');

  await menu(page, beside, 'Panorama');
  const panorama = page.getByTestId('map-panorama');
  await expect(panorama).toBeVisible({ timeout: 15_000 });
  const canvas = page.getByTestId('map-panorama-canvas');
  await expect(canvas).toBeVisible();
  await expect(canvas).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(page.getByTestId('panorama-captured')).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await expect.poll(async () => (await mapState(page)).layers['panorama-point']).toBe(1);
  // the cadastre card stays beside the panorama
  await expect(cadastre).toBeVisible();
  await shot(page, 'map-cards-panorama');
  await cadastre.getByTestId('card-close').click();
  await expect(cadastre).toBeHidden();

  await page.getByTestId('panorama-close').click();
  await expect(panorama).toBeHidden();
  await expect.poll(async () => (await mapState(page)).layers['panorama-point']).toBe(0);

  // the hunting region: its polygon and point on the map, the company and contacts in the card
  await menu(page, beside, 'Honitba');
  const hunting = page.getByTestId('card-hunting');
  await expect(hunting).toHaveAttribute('data-status', '5', { timeout: 15_000 });
  await expect(page.getByTestId('hunting-name')).toContainText('Honitba');
  await expect(page.getByTestId('hunting-company')).toContainText(/\d{3} \d{3} \d{3}/);
  await expect.poll(async () => (await mapState(page)).layers['card-points']).toBe(2);
  await shot(page, 'map-cards-hunting');

  // explore: railway points and lines within 2 km
  await menu(page, beside, 'Prozkoumat okolí');
  const explore = page.getByTestId('card-explore');
  await expect(explore).toHaveAttribute('data-status', '5', { timeout: 15_000 });
  await expect(page.getByTestId('explore-points')).toContainText('Praha hl. n.');
  await expect(page.getByTestId('explore-lines').getByRole('button').first()).toBeVisible();
  await shot(page, 'map-cards-explore');

  await explore.getByTestId('card-close').click();
  await expect(explore).toBeHidden();
  await expect.poll(async () => (await mapState(page)).layers['card-points']).toBe(0);
});
