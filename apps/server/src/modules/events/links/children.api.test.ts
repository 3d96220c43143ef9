/**
 * Issue 12 item 8: after linking, the parent is still an active event (so the panel can make it the active one,
 * 000 §4) and its children reach every panel in the bundle — the link rows into the parent with a summary of
 * the child that says it hangs on the parent (parentId, state 4) — though the child itself, inactive, is not
 * among the synced events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childLinksOf, type AppBundle, type Event } from '@panel/domain/sync';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';

type Saved = Omit<Event, 'id'> & { id: number };

describe('a parent and its children after linking', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['dispecer', 'mng']) sessions[u] = await login(t.app, u);
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (): Promise<Saved> => {
    seq += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: sessions.dispecer.headers,
      payload: { uuid: `c41d0000-0000-4000-8000-${String(seq).padStart(12, '0')}`, description: `dítě ${seq}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Saved;
  };
  const bundle = async (user: string, uid: string | null) =>
    (
      await t.app.inject({ method: 'POST', url: '/v2/app', headers: sessions[user].headers, payload: { uid } })
    ).json() as AppBundle;

  it('keeps the parent active and sends its children with it, in the full bundle and in the delta', async () => {
    const parent = await create();
    const first = await create();
    const second = await create();
    const { uid } = await bundle('dispecer', null);

    for (const child of [first, second]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v2/event-to-events/${child.id}/${parent.id}`,
        headers: sessions.dispecer.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ event: { id: child.id, parentId: parent.id, eventStateId: 4 } });
    }

    // the linking dispatcher's delta: the parent unchanged and active, the children dropped, the links in
    const delta = await bundle('dispecer', uid);
    expect(delta.events.find((e) => e.id === first.id)).toMatchObject({ eventStateId: 4, parentId: parent.id });
    const deltaChildren = childLinksOf(delta.eventToEvent, parent.id);
    expect(deltaChildren.map((l) => l.sourceEventId).sort()).toEqual([first.id, second.id].sort());

    // a viewer who opens the panel afterwards (full bundle): the parent active, its two children listed
    const full = await bundle('mng', null);
    expect(full.events.find((e) => e.id === parent.id)).toMatchObject({ eventStateId: 1, parentId: null });
    expect(full.events.some((e) => e.id === first.id || e.id === second.id)).toBe(false);
    const children = childLinksOf(full.eventToEvent, parent.id);
    expect(children).toHaveLength(2);
    for (const l of children) {
      expect(l.sourceEvent).toMatchObject({ parentId: parent.id, eventStateId: 4 });
      expect(l.sourceEvent?.uuid).toEqual(expect.any(String));
    }
  });

  it('does not count a link whose source is not attached (the linked-events summary) as a child', async () => {
    const full = await bundle('mng', null);
    const summary = full.eventToEvent.find((l) => l.sourceEvent?.eventCategoryId === 17);
    expect(summary).toBeDefined();
    expect(summary!.sourceEvent?.parentId ?? null).toBeNull();
    expect(childLinksOf(full.eventToEvent, summary!.targetEventId)).not.toContainEqual(summary);
  });
});
