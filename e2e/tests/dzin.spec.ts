import { expect } from '@playwright/test';
import { loginAs, openEvent, shot, test } from './helpers';

// The e2e server is a demo (SEED=demo) without DZIN_EVENT_URL: it carries its own stand-in page as the DŽIN
// template (issue 24 item 17), so category 17's DŽIN tab must be there and open that page for the event.
test("DŽIN in the demo: the linked event's DŽIN tab opens the demo's stand-in page of the event", async ({
  page,
  context,
}) => {
  await loginAs(page, 'dispecer');
  await openEvent(page, 'Propojené události – přejezd P7890'); // LINK-2025-0007, category 17
  const tab = page.getByRole('tab', { name: 'DŽIN' });
  await expect(tab).toBeVisible();
  const popup = context.waitForEvent('page');
  await tab.click();
  const dzin = await popup;
  await dzin.waitForLoadState();
  expect(new URL(dzin.url()).pathname).toBe('/demo/dzin/LINK-2025-0007');
  await expect(dzin.getByRole('note')).toHaveText('Ukázka dema panelu, nejde o aplikaci DŽIN.');
  await expect(dzin.getByTestId('dzin-demo-code')).toHaveText('LINK-2025-0007');
  await shot(dzin, 'dzin-demo-page');
  await dzin.close();
});
