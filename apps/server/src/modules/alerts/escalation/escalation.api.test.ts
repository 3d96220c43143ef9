/**
 * Escalation when nobody accepts (issue 25 item 3), on the real app with a fake clock: the rules' routes
 * (admin only, Czech 422, journaled), the chain's three steps at T1/T2/T3 (re-sound state on the alert, the
 * central dispatch with the reason, the SMS in the outbox), acceptance stopping it in its transaction, each step
 * taken once when two rounds race, and the schedule read back from the database (a restart).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AlertEscalation } from '@panel/domain/alerts';
import type { Event } from '@panel/domain/sync';
import * as s from '../../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';
import { planChains, takeDueSteps, type EscalationDeps } from './runner.js';

let t: TestApp;
let admin: TestSession;
let unit: TestSession;
let deps: EscalationDeps;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin');
  unit = await login(t.app, 'jednotka');
  deps = { db: t.db, hub: t.hub, node: 'test-a' };
});
afterAll(async () => t.close());

const rulesUrl = '/v2/alerts/escalation-rules';

async function kopis(): Promise<Event> {
  const res = await t.app.inject({ method: 'POST', url: '/v2/events/simulate/kopis', headers: unit.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Event;
}

async function insertedAt(id: number): Promise<Date> {
  const [row] = await t.db.select({ at: s.events.insertedAt }).from(s.events).where(eq(s.events.id, id));
  return row!.at;
}

async function escalationOf(id: number): Promise<AlertEscalation | null | undefined> {
  const [row] = await t.db.select({ alert: s.events.alert }).from(s.events).where(eq(s.events.id, id));
  return (row!.alert as Event['alert'])?.escalation;
}

const after = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);

async function journalOf(eventId: number) {
  return t.db
    .select({ type: s.journal.type, data: s.journal.data })
    .from(s.journal)
    .where(and(eq(s.journal.eventId, eventId), eq(s.journal.type, 'alert.escalation')))
    .orderBy(s.journal.id);
}

describe('escalation rules (admin)', () => {
  it('refuses a unit and the dispatcher', async () => {
    for (const who of [unit, await login(t.app, 'dispecer')]) {
      const res = await t.app.inject({ method: 'GET', url: rulesUrl, headers: who.headers });
      expect(res.statusCode).toBe(403);
    }
  });

  it('answers 422 in Czech and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: rulesUrl,
      headers: admin.headers,
      payload: { categoryId: 99999, baseId: 3, t1: 60, t2: 30, t3: 'x', smsNumbers: ['123'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      { field: 't3', message: 'Zadejte celý počet sekund od 1 do 3600.' },
      { field: 't2', message: 'T2 musí být později než T1.' },
      { field: 'smsNumbers', message: expect.stringContaining('123') },
    ]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: rulesUrl,
      headers: admin.headers,
      payload: { categoryId: 99999, t1: 1, t2: 2, t3: 3 },
    });
    expect(unknown.json()).toEqual([{ field: 'categoryId', message: 'Kategorie události neexistuje.' }]);
    const list = await t.app.inject({ method: 'GET', url: rulesUrl, headers: admin.headers });
    expect(list.json()).toEqual({ rules: [], defaults: { t1: 60, t2: 120, t3: 180 } });
  });

  it('creates, refuses a second rule of the pair, replaces and deletes, journaled', async () => {
    const body = { categoryId: 1, baseId: null, t1: 30, t2: 60, t3: 90 };
    const made = await t.app.inject({ method: 'POST', url: rulesUrl, headers: admin.headers, payload: body });
    expect(made.statusCode, made.body).toBe(201);
    const rule = made.json() as { id: number };
    expect(rule).toMatchObject({ ...body, enabled: true, smsNumbers: [] });
    const twice = await t.app.inject({ method: 'POST', url: rulesUrl, headers: admin.headers, payload: body });
    expect(twice.json()).toEqual([{ field: 'baseId', message: 'Pravidlo pro tuto kategorii a základnu už existuje.' }]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${rulesUrl}/${rule.id}`,
      headers: admin.headers,
      payload: { ...body, t1: 20, enabled: false, smsNumbers: ['+420 601 123 456'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ t1: 20, enabled: false, smsNumbers: ['601123456'] });
    const del = await t.app.inject({ method: 'DELETE', url: `${rulesUrl}/${rule.id}`, headers: admin.headers });
    expect(del.json()).toEqual({ result: true });
    const gone = await t.app.inject({ method: 'DELETE', url: `${rulesUrl}/${rule.id}`, headers: admin.headers });
    expect(gone.statusCode).toBe(404);
    const types = await t.db
      .select({ type: s.journal.type })
      .from(s.journal)
      .where(eq(s.journal.tableName, 'alert_escalation_rules'));
    expect(types.map((r) => r.type)).toEqual([
      'alert.escalationRule.create',
      'alert.escalationRule.update',
      'alert.escalationRule.delete',
    ]);
  });
});

describe('the chain with a fake clock', () => {
  it('re-sounds at T1, escalates to COIS at T2 and sends the SMS at T3 to the outbox', async () => {
    // the Praha unit's duty number for the KOPIS category
    const rule = await t.app.inject({
      method: 'POST',
      url: rulesUrl,
      headers: admin.headers,
      payload: {
        categoryId: (await kopis()).eventCategoryId,
        baseId: 3,
        t1: 60,
        t2: 120,
        t3: 180,
        smsNumbers: ['601123456'],
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    await t.db.delete(s.alertEscalationSteps); // the event made to learn the category is not this test's
    await t.db.update(s.events).set({ eventStateId: 1 }).where(eq(s.events.eventStateId, 0));
    const event = await kopis();
    const start = await insertedAt(event.id!);

    expect(await planChains(deps, after(start, 1))).toBe(1);
    expect(await planChains(deps, after(start, 1))).toBe(0); // planned once
    const steps = await t.db.select().from(s.alertEscalationSteps).where(eq(s.alertEscalationSteps.eventId, event.id!));
    expect(steps.map((r) => [r.step, (r.dueAt.getTime() - start.getTime()) / 1000])).toEqual([
      [1, 60],
      [2, 120],
      [3, 180],
    ]);
    expect((await escalationOf(event.id!))?.next?.step).toBe(1);

    expect(await takeDueSteps(deps, after(start, 59))).toBe(0);
    const revisionBefore = t.hub.invalidations.length;
    expect(await takeDueSteps(deps, after(start, 61))).toBe(1);
    expect(t.hub.invalidations.length).toBe(revisionBefore + 1); // every panel hears of it by the push
    let e = await escalationOf(event.id!);
    expect(e).toMatchObject({ step: 1, next: { step: 2 }, reason: null });

    expect(await takeDueSteps(deps, after(start, 121))).toBe(1);
    e = await escalationOf(event.id!);
    expect(e).toMatchObject({
      step: 2,
      next: { step: 3 },
      reason: 'Stanice HZS SŽ Praha nepřijala upozornění do 120 s',
    });

    expect(await takeDueSteps(deps, after(start, 181))).toBe(1);
    e = await escalationOf(event.id!);
    expect(e).toMatchObject({ step: 3, next: null });
    expect(e?.taken.map((x) => x.step)).toEqual([1, 2, 3]);
    expect(e?.taken[2]?.detail).toBe('SMS na +420601123456');
    const sms = await t.db.select().from(s.outbox).where(eq(s.outbox.kind, 'sms'));
    expect(sms.map((r) => r.payload)).toEqual([
      expect.objectContaining({
        to: '+420601123456',
        eventId: event.id,
        content: expect.stringMatching(new RegExp(`^${event.code} .+Nepřijato, volejte dispečink\\.$`)),
      }),
    ]);
    const journal = await journalOf(event.id!);
    expect(journal.map((j) => (j.data as { step: number }).step)).toEqual([1, 2, 3]);
    expect(await takeDueSteps(deps, after(start, 400))).toBe(0);
  });

  it('accepting stops the chain at once in the same transaction', async () => {
    const event = await kopis();
    const start = await insertedAt(event.id!);
    await planChains(deps, after(start, 1));
    expect(await takeDueSteps(deps, after(start, 61))).toBe(1);
    const current = (await t.db.select().from(s.events).where(eq(s.events.id, event.id!)))[0]!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v2/events/${event.id}`,
      headers: unit.headers,
      payload: { eventStateId: 1, version: current.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    const alert = (res.json() as Event).alert!;
    expect(alert.acceptedBy?.name).toBeTruthy();
    expect(alert.escalation).toMatchObject({ step: 1, next: null });
    const open = await t.db.select().from(s.alertEscalationSteps).where(eq(s.alertEscalationSteps.eventId, event.id!));
    expect(open.map((r) => [r.step, r.outcome])).toEqual([
      [1, 'taken'],
      [2, 'stopped'],
      [3, 'stopped'],
    ]);
    expect(await takeDueSteps(deps, after(start, 400))).toBe(0);
    expect((await journalOf(event.id!)).length).toBe(1);
  });

  it('takes each step once when two rounds race, and resumes from the table after a restart', async () => {
    const event = await kopis();
    const start = await insertedAt(event.id!);
    await Promise.all([planChains(deps, after(start, 1)), planChains({ ...deps, node: 'test-b' }, after(start, 1))]);
    // a "restarted" node knows nothing but the table: both nodes race for every step, all due at once
    const late = after(start, 500);
    const counts = await Promise.all([takeDueSteps(deps, late), takeDueSteps({ ...deps, node: 'test-b' }, late)]);
    const rest = await takeDueSteps(deps, late); // a step skipped behind a lock is taken in the next round
    expect(counts[0] + counts[1] + rest).toBe(3);
    const rows = await t.db.select().from(s.alertEscalationSteps).where(eq(s.alertEscalationSteps.eventId, event.id!));
    expect(rows.every((r) => r.outcome === 'taken' && r.node)).toBe(true);
    expect((await journalOf(event.id!)).map((j) => (j.data as { step: number }).step)).toEqual([1, 2, 3]);
  });

  it('plans no chain for an event that bears no alert or a rule switched off', async () => {
    const event = await kopis();
    await t.db
      .update(s.alertEscalationRules)
      .set({ enabled: false })
      .where(eq(s.alertEscalationRules.categoryId, event.eventCategoryId));
    const start = await insertedAt(event.id!);
    expect(await planChains(deps, after(start, 1))).toBe(0);
  });
});
