/**
 * The category rules of 000 §6 and the ISPO locks read from the tags' settings (issue 12 item 11), through the
 * real app: PUT /v2/events/{id} and POST /v2/events answer 422 on eventCategoryId when a unit (not the central
 * base 2) moves an event into or out of a central-only category (14, 15 and their toggles) or into a category it
 * could then not edit; an ISPO/ISPO_QUEUE tag locks exactly the inputs its `options.locked` lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Event } from '@panel/domain/sync';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

type Saved = Omit<Event, 'id'> & { id: number };

describe('category rules and ISPO locks (issue 12 item 11)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'jednotka', 'ostrava']) sessions[u] = await login(t.app, u);
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (id: number, body: object, user: string) =>
    t.app.inject({ method: 'PUT', url: `/v2/events/${id}`, payload: body, headers: sessions[user].headers });
  const post = (user: string, body: Record<string, unknown>) => {
    seq += 1;
    return t.app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: sessions[user].headers,
      payload: { uuid: `12c00000-0000-4000-8000-${String(seq).padStart(12, '0')}`, description: `kat ${seq}`, ...body },
    });
  };
  const create = async (user: string, body: Record<string, unknown> = {}): Promise<Saved> => {
    const res = await post(user, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Saved;
  };
  const categoryOf = async (id: number) =>
    (await t.db.select({ c: s.events.eventCategoryId }).from(s.events).where(eq(s.events.id, id)))[0].c;

  it('a unit cannot move its event into 14 or 15; the event keeps its category', async () => {
    const e = await create('jednotka');
    for (const [to, name] of [
      [14, 'Monitoring'],
      [15, 'Data'],
    ] as const) {
      const res = await put(e.id, { eventCategoryId: to }, 'jednotka');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual([
        { field: 'eventCategoryId', message: `Kategorii ${name} může nastavit nebo změnit jen centrální dispečink.` },
      ]);
    }
    expect(await categoryOf(e.id)).toBe(5);
    // an ordinary move stays allowed to the unit (5 → 1 is one of 5's toggles)
    const ok = await put(e.id, { eventCategoryId: 1, eventTypeId: 1, address: 'Praha hl. n.' }, 'jednotka');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().eventCategoryId).toBe(1);
  });

  it('the central base moves it into 14 and toggles it to 15; the unit then cannot toggle it back', async () => {
    const e = await create('jednotka');
    const into = await put(e.id, { eventCategoryId: 14 }, 'dispecer');
    expect(into.statusCode, into.body).toBe(200);
    const toggle = await put(e.id, { eventCategoryId: 15 }, 'dispecer');
    expect(toggle.statusCode, toggle.body).toBe(200);
    const back = await put(e.id, { eventCategoryId: 5 }, 'jednotka');
    expect(back.statusCode).toBe(422);
    expect(back.json()).toEqual([
      { field: 'eventCategoryId', message: 'Kategorii Data může nastavit nebo změnit jen centrální dispečink.' },
    ]);
    expect(await categoryOf(e.id)).toBe(15);
  });

  it('a unit cannot create an event in a central-only category; the central base can', async () => {
    const unit = await post('jednotka', { eventCategoryId: 14 });
    expect(unit.statusCode).toBe(422);
    expect(unit.json()[0].field).toBe('eventCategoryId');
    const central = await post('dispecer', { eventCategoryId: 14, subject: 'monitoring' });
    expect(central.statusCode, central.body).toBe(201);
  });

  it("a unit's move into a category it could then not edit is refused; the central base's is not", async () => {
    // category 12 (Podpora) with every input readonly: a unit could not edit an event moved there
    const [support] = await t.db.select().from(s.eventCategories).where(eq(s.eventCategories.id, 12));
    const inputs = support.inputs as Record<string, Record<string, unknown>>;
    const readonly = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, { ...v, readonly: 1 }]));
    await t.db.update(s.eventCategories).set({ inputs: readonly }).where(eq(s.eventCategories.id, 12));
    try {
      const e = await create('jednotka');
      const res = await put(e.id, { eventCategoryId: 12 }, 'jednotka');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([
        {
          field: 'eventCategoryId',
          message: 'Do kategorie Podpora nemůžete událost přesunout: nemohli byste ji pak upravovat.',
        },
      ]);
      expect(await categoryOf(e.id)).toBe(5);
      // with its inputs editable again the same move is accepted
      await t.db.update(s.eventCategories).set({ inputs }).where(eq(s.eventCategories.id, 12));
      const ok = await put(e.id, { eventCategoryId: 12, subject: 'podpora' }, 'jednotka');
      expect(ok.statusCode, ok.body).toBe(200);
      await t.db.update(s.eventCategories).set({ inputs: readonly }).where(eq(s.eventCategories.id, 12));
      const central = await create('jednotka', { subject: 'podpora' });
      const res2 = await put(central.id, { eventCategoryId: 12 }, 'dispecer');
      expect(res2.statusCode, res2.body).toBe(200);
    } finally {
      await t.db.update(s.eventCategories).set({ inputs }).where(eq(s.eventCategories.id, 12));
    }
  });

  it("the ISPO_QUEUE lock reads the tag's settings, not a fixed list", async () => {
    const kopis = (await t.db.select().from(s.events).where(eq(s.events.code, 'KOPIS-T-2025-7781')))[0]; // ISPO_QUEUE
    const [tag] = await t.db.select().from(s.tags).where(eq(s.tags.code, 'ISPO_QUEUE'));
    // the demo settings lock the description
    expect((tag.options as { locked: string[] }).locked).toContain('description');
    const locked = await put(kopis.id, { description: 'jiný popis' }, 'ostrava');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().field).toBe('description');
    // settings changed: now only the investigator is locked, the description is free
    await t.db
      .update(s.tags)
      .set({ options: { locked: ['investigator'] } })
      .where(eq(s.tags.id, tag.id));
    try {
      const free = await put(kopis.id, { description: 'popis podle nových nastavení' }, 'ostrava');
      expect(free.statusCode, free.body).toBe(200);
      const investigator = await put(kopis.id, { investigator: 'Novák' }, 'ostrava');
      expect(investigator.statusCode).toBe(403);
      expect(investigator.json().field).toBe('investigator');
      // the category is not listed either: it is no longer locked (ostrava owns the event; 3 → 1 is a toggle)
      const category = await put(kopis.id, { eventCategoryId: 1, address: 'Ostrava hl. n.' }, 'ostrava');
      expect(category.statusCode, category.body).toBe(200);
    } finally {
      await t.db.update(s.tags).set({ options: tag.options }).where(eq(s.tags.id, tag.id));
    }
  });
});
