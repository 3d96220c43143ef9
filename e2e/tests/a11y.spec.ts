/**
 * Accessibility (issue 12 item 18): axe-core finds no violation of impact serious or critical on the login, the
 * main panel with an open event and the deployment dialog 'Nasazení techniky', on a desktop and on a phone.
 * axe is served from the panel's origin by a route (`seriousViolations`), so the production CSP is untouched.
 */
import { expect } from '@playwright/test';
import { shot, test } from './helpers';
import { login, openEventAt, seriousViolations, SIZES } from './layoutHelpers';

// a service worker would answer the page's requests before Playwright's route could serve axe
test.use({ serviceWorkers: 'block' });

for (const size of [SIZES[0], SIZES[2]]) {
  test.describe(`${size.name} (${size.width}×${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('login, the main panel with an open event and the deployment dialog have no serious violations', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Přihlásit se' })).toBeVisible();
      // the environment chip (TEST) is on the login card: its contrast was one of the causes
      await expect(page.getByTestId('env-chip')).toBeVisible();
      expect(await seriousViolations(page), 'login').toEqual([]);

      await login(page, 'dispecer');
      await openEventAt(page, 'Požár lokomotivy řady 363');
      // the head with its tags (an amber tag with white text was unreadable) and the map
      await expect(page.getByTestId('event-detail').getByTestId('tag-TRAKCE')).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByTestId('alert-bell')).toHaveAccessibleName(/^Upozornění: \d+$/);
      expect(await seriousViolations(page), 'main panel with an open event').toEqual([]);
      await shot(page, `a11y-${size.name}-1-event`);

      await page.getByRole('tab', { name: 'Technika' }).click();
      await page.getByTestId('vehicles-tab').getByRole('button', { name: 'Nasadit techniku' }).click();
      const dialog = page.getByRole('dialog', { name: /Nasazení techniky/ });
      await expect(dialog.getByTestId('vehicle-row').first()).toBeVisible();
      // rows with a stale position and vehicles busy elsewhere (warning colours) are on screen
      await expect(dialog.getByTestId('position-stale').first()).toBeVisible();
      expect(await seriousViolations(page), "'Nasazení techniky'").toEqual([]);
      await shot(page, `a11y-${size.name}-2-deployment`);
    });
  });
}
