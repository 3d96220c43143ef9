/**
 * Issue 24 item 1, "Who has the call, at once", as two dispatchers see it on two nodes: two real server
 * processes from source sharing a PostgreSQL database and a redis-server of this test's own (the machine's shared
 * ones are never touched), one browser panel on each. Several KOPIS alerts wait in the same order on both panels
 * (one had some of them in its first bundle, the other heard of all of them live); one dispatcher accepts, and
 * the alert leaves the other node's panel naming who took it. The panels' data calls are cut off before the
 * acceptance, so what closes the alert can only be the push, carried between the nodes by Redis; the time from
 * the click on 'Přijmout zprávu' to the card leaving the other panel is printed.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { isDeltaPacket, loginAs, stubAudio, test } from './helpers';
import { apiSession, useTwoNodes } from './twoNodes';

const two = useTwoNodes('alerts');

async function panelOn(
  browser: Browser,
  base: string,
  username: string,
  keepAlerts = false,
): Promise<{ page: Page; deltas: { last: number } }> {
  const page = await (await browser.newContext({ baseURL: base })).newPage();
  const deltas = watchDeltas(page); // before the login opens the socket
  await stubAudio(page);
  await loginAs(page, username, { keepAlerts });
  return { page, deltas };
}

const cards = (page: Page) => page.getByTestId('alert-dialog').getByTestId('alert-card-event');
const cardKeys = (page: Page) => cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));

/** When (this process's clock) the page last received a pushed delta: tells the server's share from the panel's. */
function watchDeltas(page: Page): { last: number } {
  const seen = { last: 0 };
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && isDeltaPacket(payload)) seen.last = Date.now();
    }),
  );
  return seen;
}

/** Resolves with the page's clock (ms) when the card with this key has left the page. */
const goneAt = (page: Page, key: string) =>
  page.evaluate(
    (key) =>
      new Promise<number>((resolve) => {
        const gone = () => !document.querySelector(`[data-testid="alert-card-event"][data-key="${key}"]`);
        if (gone()) return resolve(Date.now());
        const watch = new MutationObserver(() => {
          if (!gone()) return;
          watch.disconnect();
          resolve(Date.now());
        });
        watch.observe(document.body, { childList: true, subtree: true });
      }),
    key,
  );

test('two dispatchers on two nodes: the same alerts in the same order; one accepts, the other panel drops it by push naming who', async ({
  browser,
}) => {
  test.skip(two.unavailable !== null, two.unavailable ?? '');
  test.setTimeout(240_000);
  const [a, b] = two.nodes;
  const kopisOnA = await apiSession(a.url, 'admin');
  const simulate = async () => {
    const res = await kopisOnA.post('/v2/events/simulate/kopis');
    expect(res.ok()).toBe(true);
    return (await res.json()) as { id: number; uuid: string; alert: { title: string } };
  };

  // dispecer on node A hears of all three live; admin on node B has the first two in its first bundle
  const { page: dispecer, deltas: dispecerDeltas } = await panelOn(browser, a.url, 'dispecer');
  const calls = [await simulate(), await simulate()];
  const { page: admin, deltas: adminDeltas } = await panelOn(browser, b.url, 'admin', true);
  calls.push(await simulate());
  const keys = calls.map((c) => `event:${c.uuid}`);
  for (const page of [dispecer, admin]) {
    for (const key of keys) {
      await expect(page.locator(`[data-testid="alert-card-event"][data-key="${key}"]`)).toBeVisible();
    }
  }
  const ours = async (page: Page) => (await cardKeys(page)).filter((k) => keys.includes(k ?? ''));
  const order = await ours(dispecer);
  expect(order).toHaveLength(3);
  expect(await ours(admin)).toEqual(order);

  // from here the panels cannot pull: only the push can tell them
  for (const page of [dispecer, admin]) await page.route('**/v2/app', (route) => route.abort());

  // dispecer (node A) takes the middle call: it leaves admin's panel (node B), naming who took it
  const middle = calls[1];
  const left = goneAt(admin, `event:${middle.uuid}`);
  const saved = dispecer.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/v2/events/'));
  const clickedAt = Date.now(); // the pages and the test share the machine's clock
  await dispecer
    .locator(`[data-testid="alert-card-event"][data-key="event:${middle.uuid}"]`)
    .getByRole('button', { name: 'Přijmout zprávu' })
    .click();
  expect((await saved).status()).toBe(200);
  const answeredAt = Date.now();
  const delayAB = (await left) - clickedAt;
  const deltaAB = adminDeltas.last - clickedAt;
  await expect(admin.getByText(`Přijal(a): Petra Nováková (${middle.alert.title})`).first()).toBeVisible();

  // and back: admin (node B) takes the newest, it leaves dispecer's panel on node A
  const newest = calls[2];
  const leftA = goneAt(dispecer, `event:${newest.uuid}`);
  const savedB = admin.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/v2/events/'));
  const clickedAtB = Date.now();
  await admin
    .locator(`[data-testid="alert-card-event"][data-key="event:${newest.uuid}"]`)
    .getByRole('button', { name: 'Přijmout zprávu' })
    .click();
  expect((await savedB).status()).toBe(200);
  const answeredAtB = Date.now();
  const delayBA = (await leftA) - clickedAtB;
  const deltaBA = dispecerDeltas.last - clickedAtB;
  await expect(dispecer.getByText(`Přijal(a): Jan Správce (${newest.alert.title})`).first()).toBeVisible();
  // the figure (the house measures speed by benches; this is what a user waits on two nodes): printed, and the
  // state above is asserted; both came by push, the pulls being cut off
  // (of which the accepting PUT's answer took the first part, seen by this test process a little late)
  console.log(
    `[alertsNodes] from 'Přijmout zprávu' to the card leaving the other node's panel: ${delayAB} ms (A→B; ` +
      `PUT answered after ${answeredAt - clickedAt} ms, last delta received after ${deltaAB} ms), ` +
      `${delayBA} ms (B→A; PUT ${answeredAtB - clickedAtB} ms, delta ${deltaBA} ms)`,
  );

  // the one left is still in the same place on both panels
  expect(await ours(admin)).toEqual(await ours(dispecer));
  expect(await ours(admin)).toEqual([`event:${calls[0].uuid}`]);
  await kopisOnA.dispose();
});
