/** Helpers of the layout and accessibility journeys: screen sizes, a login that works on a phone, box checks. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { apiLogin, loginAs, searchList } from './helpers';

/** The sizes of issue 12 item 17: two desktops and a phone. */
export const SIZES = [
  { name: 'desktop-1440', width: 1440, height: 900, phone: false },
  { name: 'desktop-1366', width: 1366, height: 768, phone: false },
  { name: 'phone-390', width: 390, height: 844, phone: true },
] as const;
export type Size = (typeof SIZES)[number];

/** Logs in, confirms the first device and puts away the alerts raised at login (helpers' loginAs). */
export async function login(page: Page, username: string): Promise<void> {
  await loginAs(page, username);
}

/**
 * Opens an event from the list by a text of its row. The list is open after login at every size (on a phone it
 * takes the place of the map); a click on 'Události' would fold an open list away, so it is clicked only when the
 * list is not there.
 */
export async function openEventAt(page: Page, text: string): Promise<void> {
  const search = page.getByRole('textbox', { name: 'Hledat' });
  if (!(await search.isVisible())) await page.getByRole('button', { name: 'Události', exact: true }).click();
  await searchList(page, text);
  await page.getByTestId('event-row').filter({ hasText: text }).first().click();
  await expect(page.getByTestId('event-detail')).toBeVisible();
}

/** The element's box, asserted to lie wholly inside the viewport (nothing cut at any edge). */
export async function expectInViewport(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, `${what}: rendered`).not.toBeNull();
  const b = box!;
  expect(b.width, `${what}: width`).toBeGreaterThan(0);
  expect(b.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(b.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(b.y + b.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height + 0.5);
  return b;
}

/** A fresh event of the central base (category 5: chats) or a rescue event without a commander (category 1). */
export async function createEvent(
  request: APIRequestContext,
  kind: 'chat' | 'rescue',
  subject: string,
): Promise<{ id: number; uuid: string }> {
  const dispecer = await apiLogin(request, 'dispecer');
  const data =
    kind === 'chat'
      ? { uuid: randomUUID(), eventCategoryId: 5, description: subject }
      : {
          uuid: randomUUID(),
          eventCategoryId: 1,
          eventTypeId: 1,
          subject,
          description: 'Hoří travní porost u trati.',
          address: 'Praha-Hostivař, trať 221, km 4,2',
        };
  const res = await request.post('/v2/events', { headers: dispecer.headers, data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

const require = createRequire(import.meta.url);
const AXE_PATH = '/__e2e/axe.min.js';

/**
 * Runs axe-core in the page and returns the violations of impact serious or critical. axe is served to the page
 * from the panel's own origin by a Playwright route (only in this test's browser context), so the production
 * Content-Security-Policy (script-src 'self') stays as it is and the CSP guard keeps watching.
 */
export async function seriousViolations(page: Page) {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * The kinds issue 24 item 7 counted whatever their impact: text contrast, a control inside a control, a
 * scrolling region a keyboard cannot reach.
 */
export const WATCHED_RULES = ['color-contrast', 'nested-interactive', 'scrollable-region-focusable'];

/** Violations that are serious or critical, or of a watched kind (WATCHED_RULES). */
export async function a11yProblems(page: Page) {
  return (await axeViolations(page)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || WATCHED_RULES.includes(v.id),
  );
}

async function axeViolations(page: Page) {
  await page.route(`**${AXE_PATH}`, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'),
    }),
  );
  await page.addScriptTag({ url: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document);
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
  });
  return violations;
}

interface AxeResults {
  violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[];
}
