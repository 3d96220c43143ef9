/**
 * Issue 25 item 3, escalation when nobody accepts, on two nodes: two real server processes from source sharing
 * a PostgreSQL database and a redis-server of this test's own, one panel on each — the unit (jednotka, Praha) on
 * node A, the central dispatcher (dispecer, group COIS) on node B. The times are made short through the rule an
 * administrator sets for the unit (T1 3 s, T2 6 s, T3 9 s) and the nodes look for due steps every 200 ms; nothing
 * sleeps a fixed time.
 *
 * 1. A KOPIS alert nobody accepts sounds again on the unit's panel at T1, reaches the central dispatch with the
 *    reason at T2, and at T3 an SMS with the event's code goes to the unit's duty number through the outbox; the
 *    cards on both nodes show the chain. Each step ran once (one journal row, one node) though both nodes run
 *    the loop.
 * 2. The unit accepts a second alert on node A after the first step: the chain stops on node B too — its card
 *    leaves, and past T3 no further step was taken by either node.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { loginAs, plays, stubAudio, test } from './helpers';
import { apiSession, useTwoNodes } from './twoNodes';

const PRAHA = 3;
const DUTY = '601123456';
let sql: pg.Client | undefined;
const two = useTwoNodes('escalation', { ALERT_ESCALATION_TICK_MS: '200' }, async () => {
  await sql?.end();
});
test.beforeAll(async () => {
  if (two.unavailable) return;
  sql = new pg.Client({ connectionString: two.databaseUrl });
  await sql.connect();
});

async function panelOn(browser: Browser, base: string, username: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: base })).newPage();
  await stubAudio(page);
  await loginAs(page, username);
  return page;
}

const card = (page: Page, uuid: string) => page.locator(`[data-testid="alert-card-event"][data-key="event:${uuid}"]`);

interface StepRow {
  step: number;
  outcome: string | null;
  node: string | null;
}
const stepsOf = async (eventId: number) =>
  (
    await sql!.query<StepRow>(
      'select step, outcome, node from alert_escalation_steps where event_id = $1 order by step',
      [eventId],
    )
  ).rows;
const journalSteps = async (eventId: number) =>
  (
    await sql!.query<{ step: number }>(
      "select (data->>'step')::int as step from journal where event_id = $1 and type = 'alert.escalation' order by id",
      [eventId],
    )
  ).rows.map((r) => r.step);

test('an alert nobody accepts re-sounds, escalates to COIS and sends the SMS; accepting on one node stops the chain on the other', async ({
  browser,
}) => {
  test.skip(two.unavailable !== null, two.unavailable ?? '');
  test.setTimeout(240_000);
  const [a, b] = two.nodes;

  // the administrator sets the unit's rule on node B: short times and the duty number
  const admin = await apiSession(b.url, 'admin');
  const bundle = await (await admin.post('/v2/app', { data: { uid: null } })).json();
  const kopisCategory = (bundle.eventCategories as { id: number; code: string }[]).find((c) => c.code === 'KOPIS')!;
  const rule = await admin.post('/v2/alerts/escalation-rules', {
    data: { categoryId: kopisCategory.id, baseId: PRAHA, t1: 3, t2: 6, t3: 9, smsNumbers: [DUTY] },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const refused = await admin.post('/v2/alerts/escalation-rules', {
    data: { categoryId: kopisCategory.id, baseId: PRAHA, t1: 9, t2: 6, t3: 3 },
  });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toContainEqual({ field: 't2', message: 'T2 musí být později než T1.' });

  const unitPage = await panelOn(browser, a.url, 'jednotka');
  const centralPage = await panelOn(browser, b.url, 'dispecer');
  const unitApi = await apiSession(a.url, 'jednotka');
  const simulate = async () => {
    const res = await unitApi.post('/v2/events/simulate/kopis');
    expect(res.ok()).toBe(true);
    return (await res.json()) as { id: number; uuid: string; code: string };
  };

  // 1. nobody accepts
  const playsBefore = await plays(unitPage);
  const first = await simulate();
  await expect(card(unitPage, first.uuid)).toBeVisible();
  await expect(card(unitPage, first.uuid).getByTestId('alert-escalation-done')).toContainText('znovu zaznělo', {
    timeout: 30_000,
  });
  await expect.poll(() => plays(unitPage), { timeout: 20_000 }).toBeGreaterThan(playsBefore + 1); // first + again
  const central = card(centralPage, first.uuid);
  await expect(central.getByTestId('alert-escalation-reason')).toHaveText(
    'Stanice HZS SŽ Praha nepřijala upozornění do 6 s',
    { timeout: 30_000 },
  );
  await expect(central.getByTestId('alert-escalation-sms')).toHaveText(`SMS na +420${DUTY}`, { timeout: 30_000 });
  await expect(card(unitPage, first.uuid).getByTestId('alert-escalation-done')).toContainText('znovu zaznělo');
  await expect(card(unitPage, first.uuid).getByTestId('alert-escalation-next')).toHaveCount(0);
  const outbox = await sql!.query<{ payload: { to: string; content: string; eventId: number } }>(
    "select payload from outbox where kind = 'sms' and (payload->>'eventId')::int = $1",
    [first.id],
  );
  expect(outbox.rows).toHaveLength(1);
  expect(outbox.rows[0].payload.to).toBe(`+420${DUTY}`);
  expect(outbox.rows[0].payload.content.startsWith(`${first.code} `)).toBe(true);
  // exactly once on two nodes: one taken row and one journal row per step
  const taken = await stepsOf(first.id);
  expect(taken.map((r) => [r.step, r.outcome])).toEqual([
    [1, 'taken'],
    [2, 'taken'],
    [3, 'taken'],
  ]);
  expect(taken.every((r) => r.node)).toBe(true);
  expect(await journalSteps(first.id)).toEqual([1, 2, 3]);

  // 2. the unit accepts on node A after the first step: the chain stops on node B too (T2 later, so that the
  // acceptance comes between T1 and T2 also on a loaded machine)
  const { id: ruleId } = (await rule.json()) as { id: number };
  const later = await admin.put(`/v2/alerts/escalation-rules/${ruleId}`, {
    data: { categoryId: kopisCategory.id, baseId: PRAHA, t1: 3, t2: 30, t3: 35, smsNumbers: [DUTY] },
  });
  expect(later.status(), await later.text()).toBe(200);
  const second = await simulate();
  await expect(card(unitPage, second.uuid).getByTestId('alert-escalation-done')).toContainText('znovu zaznělo', {
    timeout: 30_000,
  });
  await expect(card(centralPage, second.uuid)).toBeVisible();
  await card(unitPage, second.uuid).getByRole('button', { name: 'Přijmout zprávu' }).click();
  await expect(card(centralPage, second.uuid)).toHaveCount(0);
  const stopped = await stepsOf(second.id);
  expect(stopped.map((r) => [r.step, r.outcome])).toEqual([
    [1, 'taken'],
    [2, 'stopped'],
    [3, 'stopped'],
  ]);
  // past T3 nothing more was taken by either node
  await expect
    .poll(
      async () =>
        (
          await sql!.query<{ late: boolean }>(
            "select now() > inserted_at + interval '36 seconds' as late from events where id = $1",
            [second.id],
          )
        ).rows[0].late,
      { timeout: 60_000 },
    )
    .toBe(true);
  expect(await stepsOf(second.id)).toEqual(stopped);
  expect(await journalSteps(second.id)).toEqual([1]);
  await admin.dispose();
  await unitApi.dispose();
});
