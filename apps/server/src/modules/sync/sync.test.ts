/** POST /v2/app through the real app (createTestApp): session gate, validation, full bundle, deltas, push. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRAL_BASE_ID } from '@panel/domain/constants';
import { BUNDLE_KEYS, type AppBundle, type Event } from '@panel/domain/sync';
import {
  createTestApp,
  login,
  nthUuid,
  postEvent,
  type TestApp,
  type TestSession,
  pullFullBundle,
} from '../../test/factory.js';

describe('POST /v2/app', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'dispecer', 'jednotka', 'brno']) sessions[u] = await login(t.app, u);
  });
  afterAll(async () => {
    await t?.close();
  });

  const app = (user: string, uid: string | null) =>
    t.app.inject({ method: 'POST', url: '/v2/app', headers: sessions[user].headers, payload: { uid } });
  const bundle = async (user: string, uid: string | null = null): Promise<AppBundle> => {
    const res = await app(user, uid);
    expect(res.statusCode).toBe(200);
    return res.json() as AppBundle;
  };
  const create = (user: string, body: Record<string, unknown> = {}) => {
    seq += 1;
    return postEvent<Event>(t, sessions[user], { uuid: nthUuid('5ac0ffee', seq), description: `sync ${seq}`, ...body });
  };
  const ids = (list: { id: number | null }[]) => list.map((e) => e.id);

  it('answers 401 without a session and with a wrong app-instance', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/v2/app', payload: { uid: null } });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ result: false, message: expect.any(String) });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v2/app',
      headers: { ...sessions.dispecer.headers, 'app-instance': '00000000-0000-4000-8000-000000000000' },
      payload: { uid: null },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers 403 before the device is confirmed', async () => {
    const unconfirmed = await login(t.app, 'jednotka', { confirmDevice: false });
    const res = await pullFullBundle(t.app, unconfirmed.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Zařízení není potvrzeno.' });
  });

  it('answers 422 [{field, message}] when uid is not a string', async () => {
    const res = await app('dispecer', 5 as unknown as string);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'uid', message: expect.any(String) }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/v2/app',
      headers: sessions.dispecer.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual([{ field: 'uid', message: expect.any(String) }]);
  });

  it('answers the full bundle with every key for uid null', async () => {
    const b = await bundle('dispecer');
    for (const k of [...BUNDLE_KEYS, 'settings', 'userPermissions', 'resetData', 'uid']) expect(b).toHaveProperty(k);
    expect(b.resetData).toBe(true);
    expect(b.uid).toMatch(/^.+\.\d+$/);
    expect(b.userPermissions).toEqual(expect.any(Array));
    expect(b.events.length).toBeGreaterThan(0);
  });

  it('answers the bundle, then a delta with the new event', async () => {
    const full = await app('jednotka', null);
    expect(full.statusCode).toBe(200);
    const b = full.json();
    expect(b.resetData).toBe(true);
    const created = await create('jednotka', { description: 'do delty' });
    const delta = await bundle('jednotka', b.uid);
    expect(delta.resetData).toBe(false);
    expect(ids(delta.events)).toEqual([created.id]);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v2/app',
      headers: sessions.jednotka.headers,
      payload: { uid: 5 },
    });
    expect(bad.statusCode).toBe(422);
  });

  it("a delta after the admin's create holds exactly that event, the next one nothing", async () => {
    const before = await bundle('dispecer');
    const created = await create('admin');
    const delta = await bundle('dispecer', before.uid);
    expect(delta.resetData).toBe(false);
    expect(ids(delta.events)).toEqual([created.id]);
    expect(delta.events[0]).toMatchObject({ uuid: created.uuid, baseId: CENTRAL_BASE_ID });
    expect(delta.uid).not.toBe(before.uid);

    const next = await bundle('dispecer', delta.uid);
    expect(next.resetData).toBe(false);
    expect(next.uid).toBe(delta.uid);
    expect(next.events).toEqual([]);
    expect(next.messages).toEqual([]);
    expect(next.removed).toEqual({});
  });

  it('a unit sees an event of another base only once it is shared with it', async () => {
    const full = await bundle('jednotka');
    const brnoEvent = await create('brno', { description: 'Brno, jen pro Brno' });
    expect(brnoEvent.baseId).not.toBe(sessions.jednotka.user.baseId);

    const hidden = await bundle('jednotka', full.uid);
    expect(ids(hidden.events)).not.toContain(brnoEvent.id);
    expect((await bundle('jednotka')).events.map((e) => e.id)).not.toContain(brnoEvent.id);

    const share = await t.app.inject({
      method: 'PUT',
      url: `/v2/events/${brnoEvent.id}`,
      headers: sessions.brno.headers,
      payload: { eventToBase: [sessions.jednotka.user.baseId] },
    });
    expect(share.statusCode).toBe(200);

    const shared = await bundle('jednotka', hidden.uid);
    expect(ids(shared.events)).toEqual([brnoEvent.id]);
    expect(shared.events[0].eventToBase).toEqual([sessions.jednotka.user.baseId]);
    expect(shared.removed?.events ?? []).not.toContain(brnoEvent.id);
    expect(ids((await bundle('jednotka')).events)).toContain(brnoEvent.id);
  });

  it("a create invalidates the channels of the event's bases, the central base among them", async () => {
    const count = t.hub.invalidations.length;
    const created = await create('admin');
    expect(t.hub.invalidations.length).toBe(count + 1);
    const last = t.hub.invalidations.at(-1)!;
    // the null hub names channels by base id (the socket.io hub by base uid and adds the groups)
    expect(last.channels).toContain(`base.${CENTRAL_BASE_ID}`);
    expect(last.tables).toContain('events');
    expect(last.revision).toBe(Number((await bundle('dispecer')).uid.split('.').at(-1)));

    const unit = await create('jednotka', { eventToBase: [17] });
    const forUnit = t.hub.invalidations.at(-1)!;
    expect(forUnit.channels.sort()).toEqual([`base.${sessions.jednotka.user.baseId}`, 'base.17'].sort());
    expect(unit.eventToBase).toEqual([17]);
    expect(created.id).not.toBe(unit.id);
  });
});
