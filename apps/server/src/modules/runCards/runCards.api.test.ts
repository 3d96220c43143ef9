/**
 * Run cards (issue 26 item 1) through the real app: the administrator's routes (admin only; Czech 422, nothing
 * written; journaled), the proposal of GET /v2/events/{id}/run-card (the matching card, own base first, mutual
 * aid, the shortfall) and POST …/run-card/deploy (one revision, one journal row; busy, unknown, wrong type → 422
 * and nothing changed; permissions as for a single deployment).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import type { RunCard, RunCardProposal } from '@panel/domain/runCards';
import type { Event, EventJob } from '@panel/domain/sync';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

let t: TestApp;
const sessions: Record<string, TestSession> = {};
let vehicle: Record<string, { id: number; baseId: number | null }>;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'dispecer', 'jednotka', 'mng', 'brno']) sessions[u] = await login(t.app, u);
  // every demo job ended, so the whole fleet is free and the proposals below do not depend on the seed's jobs
  await t.db.update(s.eventJobs).set({ endedAt: new Date(), eventJobStatusId: 20 }).where(isNull(s.eventJobs.endedAt));
  const rows = await t.db.select().from(s.resources);
  vehicle = Object.fromEntries(rows.map((r) => [r.name, { id: r.id, baseId: r.baseId }]));
});
afterAll(async () => t?.close());

const call = (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: sessions[user].headers, ...(payload ? { payload } : {}) });

const revision = async () => (await t.db.select().from(s.syncRevision))[0]!.revision;
const jobCount = async () => (await t.db.select({ id: s.eventJobs.id }).from(s.eventJobs)).length;
const cardCount = async () => (await t.db.select({ id: s.runCards.id }).from(s.runCards)).length;

/** A new event of Praha (base 3) at the station, as the unit makes it. */
async function newEvent(extra: Partial<Event> = {}): Promise<Event> {
  const res = await call('jednotka', 'POST', '/v2/events', {
    uuid: crypto.randomUUID(),
    eventCategoryId: 1,
    eventTypeId: 9,
    subject: 'Požár lokomotivy',
    address: 'Praha hl.n.',
    description: 'zkouška poplachového plánu',
    targetLatitude: 50.0831,
    targetLongitude: 14.4353,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Event;
}

const proposal = async (eventId: number, user = 'dispecer') => {
  const res = await call(user, 'GET', `/v2/events/${eventId}/run-card`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RunCardProposal;
};

describe('the administrator keeps the cards', () => {
  const body = {
    name: 'Zkušební plán',
    eventCategoryId: 5,
    eventTypeId: 2,
    words: ['most'],
    lines: [{ resourceTypeId: 2, count: 1, maxEtaMinutes: 30 }],
  };

  it('admin only: dispatcher, unit and MNG get 403 and nothing changes', async () => {
    const before = await cardCount();
    for (const who of ['dispecer', 'jednotka', 'mng']) {
      expect((await call(who, 'GET', '/v2/run-cards')).statusCode).toBe(403);
      expect((await call(who, 'POST', '/v2/run-cards', body)).statusCode).toBe(403);
      expect((await call(who, 'PUT', '/v2/run-cards/1', body)).statusCode).toBe(403);
      expect((await call(who, 'DELETE', '/v2/run-cards/1')).statusCode).toBe(403);
    }
    expect(await cardCount()).toBe(before);
  });

  it('lists the demo cards, creates, replaces and deletes a card, each journaled', async () => {
    const list = (await call('admin', 'GET', '/v2/run-cards')).json() as RunCard[];
    expect(list.map((c) => c.name)).toContain('Požár kolejového vozidla');
    const made = await call('admin', 'POST', '/v2/run-cards', body);
    expect(made.statusCode, made.body).toBe(201);
    const card = made.json() as RunCard;
    expect(card).toMatchObject({ ...body, eventTerrainId: null });
    const changed = await call('admin', 'PUT', `/v2/run-cards/${card.id}`, { ...body, name: 'Jiný název' });
    expect(changed.json()).toMatchObject({ id: card.id, name: 'Jiný název' });
    expect((await call('admin', 'DELETE', `/v2/run-cards/${card.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/v2/run-cards/${card.id}`)).json()).toEqual({
      message: 'Poplachový plán neexistuje.',
    });
    const journal = await t.db.select().from(s.journal).where(eq(s.journal.tableName, 'run_cards'));
    expect(journal.map((j) => j.type)).toEqual(['runCard.create', 'runCard.update', 'runCard.delete']);
  });

  it('bad input is a Czech 422 per field and writes nothing', async () => {
    const before = [await cardCount(), await revision()];
    const res = await call('admin', 'POST', '/v2/run-cards', {
      ...body,
      eventCategoryId: 999,
      lines: [
        { resourceTypeId: 99, count: -1, maxEtaMinutes: 0 },
        { resourceTypeId: 2, count: 1.5, maxEtaMinutes: -3 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      { field: 'eventCategoryId', message: 'Kategorie události neexistuje.' },
      { field: 'lines.0.resourceTypeId', message: 'Neznámý druh techniky.' },
      { field: 'lines.0.count', message: 'Počet musí být celé číslo od 1 do 20.' },
      { field: 'lines.0.maxEtaMinutes', message: 'Dojezd musí být celý počet minut větší než 0 (nejvýše 240).' },
      { field: 'lines.1.count', message: 'Počet musí být celé číslo od 1 do 20.' },
      { field: 'lines.1.maxEtaMinutes', message: 'Dojezd musí být celý počet minut větší než 0 (nejvýše 240).' },
    ]);
    const empty = await call('admin', 'POST', '/v2/run-cards', { name: ' ', eventCategoryId: 1, lines: [] });
    expect(empty.json()).toEqual([
      { field: 'name', message: 'Zadejte název plánu (nejvýše 120 znaků).' },
      { field: 'lines', message: 'Plán musí obsahovat alespoň jeden druh techniky.' },
    ]);
    expect([await cardCount(), await revision()]).toEqual(before);
  });
});

describe('proposal and deployment by plan', () => {
  it('the most specific card matches; own base vehicles are proposed within the limits', async () => {
    const ev = await newEvent();
    const p = await proposal(ev.id!);
    expect(p.card?.name).toBe('Požár lokomotivy');
    const [cas, ta, insp] = p.lines;
    expect(cas).toMatchObject({ code: 'CAS', count: 2, missing: 0, shortfall: null });
    expect(cas.vehicles.map((v) => v.resourceId).sort()).toEqual(
      [vehicle['CAS 30 Tatra 815-7 PHA'].id, vehicle['CAS 20 Scania P 360 PHA'].id].sort(),
    );
    expect(ta.vehicles).toMatchObject([{ resourceId: vehicle['TA-L VW Crafter PHA'].id, mutualAid: false }]);
    expect(insp.vehicles).toMatchObject([{ resourceId: vehicle['Inspektor Škoda Kodiaq PHA'].id, mutualAid: false }]);
    // no card for a category without one
    const chat = await newEvent({ eventCategoryId: 5, eventTypeId: 1 });
    expect(await proposal(chat.id!)).toEqual({ card: null, lines: [] });
  });

  it('mutual aid fills what the own base lacks, and the shortfall says what is missing', async () => {
    const made = await call('admin', 'POST', '/v2/run-cards', {
      name: 'Velký požár v tunelu',
      eventCategoryId: 1,
      eventTypeId: 1,
      eventTerrainId: 5,
      lines: [
        { resourceTypeId: 1, count: 3, maxEtaMinutes: 240 },
        { resourceTypeId: 7, count: 20, maxEtaMinutes: 240 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const ev = await newEvent({ eventTypeId: 1, eventTerrainId: 5, subject: 'Požár v tunelu' });
    const p = await proposal(ev.id!);
    expect(p.card?.name).toBe('Velký požár v tunelu');
    const [cas, kv] = p.lines;
    expect(cas.vehicles.map((v) => v.mutualAid)).toEqual([false, false, true]);
    expect(cas.vehicles[2].baseId).not.toBe(3);
    expect(kv.missing).toBe(20 - kv.vehicles.length);
    expect(kv.shortfall).toBe(`chybí ${kv.missing}× KV do 240 min`);
  });

  it('deploys the plan in one command: one revision, one journal row, the vehicles on their way', async () => {
    const ev = await newEvent();
    const p = await proposal(ev.id!);
    const lines = p.lines.map((l) => ({
      resourceTypeId: l.resourceTypeId,
      resourceIds: l.vehicles.map((v) => v.resourceId),
    }));
    const [rev, jobs] = [await revision(), await jobCount()];
    const res = await call('jednotka', 'POST', `/v2/events/${ev.id}/run-card/deploy`, { lines });
    expect(res.statusCode, res.body).toBe(201);
    const made = (res.json() as { jobs: EventJob[] }).jobs;
    expect(made).toHaveLength(4);
    expect(made.every((j) => j.eventId === ev.id && j.eventJobStatusId === 14)).toBe(true);
    expect(await revision()).toBe(rev + 1);
    expect(await jobCount()).toBe(jobs + 4);
    const journal = await t.db.select().from(s.journal).where(eq(s.journal.eventId, ev.id!));
    const plan = journal.filter((j) => j.type === 'eventJob.createByPlan');
    expect(plan).toHaveLength(1);
    expect((plan[0].data as { jobs: unknown[] }).jobs).toHaveLength(4);
    expect(journal.filter((j) => j.type === 'eventJob.create')).toHaveLength(0);
    // the plan is fulfilled: its lines count the deployed vehicles and propose nothing more
    const after = await proposal(ev.id!);
    expect(after.lines.map((l) => [l.deployed, l.vehicles.length, l.missing])).toEqual([
      [2, 0, 0],
      [1, 0, 0],
      [1, 0, 0],
    ]);
    // the deployed vehicles are no longer free: the next event's proposal leaves them out
    const next = await proposal((await newEvent()).id!);
    const again = next.lines.flatMap((l) => l.vehicles.map((v) => v.resourceId));
    expect(again.some((id) => made.some((j) => j.resourceId === id))).toBe(false);
  });

  it('a busy, unknown, doubled or wrong-type vehicle is a Czech 422 and nothing changes', async () => {
    const ev = await newEvent();
    const before = [await revision(), await jobCount()];
    const tries: [object, string, string][] = [
      [
        { lines: [{ resourceTypeId: 1, resourceIds: [999999] }] },
        'lines.0.resourceIds.0',
        'Vozidlo neexistuje nebo není v provozu.',
      ],
      [
        { lines: [{ resourceTypeId: 1, resourceIds: [vehicle['TA-L VW Crafter BRN'].id] }] },
        'lines.0.resourceIds.0',
        'Vozidlo TA-L VW Crafter BRN není požadovaného druhu.',
      ],
      [
        {
          lines: [
            { resourceTypeId: 2, resourceIds: [vehicle['TA-L VW Crafter BRN'].id] },
            { resourceTypeId: 2, resourceIds: [vehicle['TA-L VW Crafter BRN'].id] },
          ],
        },
        'lines.1.resourceIds.0',
        'Vozidlo je v plánu vybráno vícekrát.',
      ],
      [{ lines: [{ resourceTypeId: 1, resourceIds: [] }] }, 'lines', 'Vyberte alespoň jedno vozidlo.'],
    ];
    for (const [payload, field, message] of tries) {
      const res = await call('dispecer', 'POST', `/v2/events/${ev.id}/run-card/deploy`, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual([{ field, message }]);
    }
    // a free vehicle, then one the previous test deployed (a higher id, so it is checked second): the free one's
    // job is rolled back with the refusal
    expect(vehicle['Inspektor Škoda Kodiaq PHA'].id).toBeGreaterThan(vehicle['TA-L VW Crafter BRN'].id);
    const res = await call('dispecer', 'POST', `/v2/events/${ev.id}/run-card/deploy`, {
      lines: [
        { resourceTypeId: 2, resourceIds: [vehicle['TA-L VW Crafter BRN'].id] },
        { resourceTypeId: 6, resourceIds: [vehicle['Inspektor Škoda Kodiaq PHA'].id] },
      ],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual([
      { field: 'lines.1.resourceIds.0', message: 'Vozidlo Inspektor Škoda Kodiaq PHA už zasahuje u jiné události.' },
    ]);
    expect([await revision(), await jobCount()]).toEqual(before);
  });

  it('permissions: MNG cannot deploy (403), another base’s unit sees a 404, nothing changes', async () => {
    const ev = await newEvent();
    const body = { lines: [{ resourceTypeId: 2, resourceIds: [vehicle['TA-L VW Crafter PHA'].id] }] };
    const before = [await revision(), await jobCount()];
    expect((await call('mng', 'POST', `/v2/events/${ev.id}/run-card/deploy`, body)).statusCode).toBe(403);
    expect((await call('mng', 'GET', `/v2/events/${ev.id}/run-card`)).statusCode).toBe(403);
    expect((await call('brno', 'POST', `/v2/events/${ev.id}/run-card/deploy`, body)).statusCode).toBe(404);
    expect((await call('brno', 'GET', `/v2/events/${ev.id}/run-card`)).statusCode).toBe(404);
    expect([await revision(), await jobCount()]).toEqual(before);
    const bad = await call('dispecer', 'POST', `/v2/events/${ev.id}/run-card/deploy`, {
      lines: [{ resourceTypeId: -1, resourceIds: [1] }],
    });
    expect(bad.statusCode).toBe(422);
  });
});
