/** POST /v2/messages/user/read through the real app: session gate, permission, read marks, delta, push. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppBundle, Event } from '@panel/domain/sync';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, userIdOf, type TestApp, type TestSession } from '../../test/factory.js';
import { sessionStoreFor } from '../auth/sessions.js';

const URL = '/v2/messages/user/read';

const unreadOf = (e: Event): number => Object.values(e.messages?.unread ?? {}).reduce((a, b) => a + b, 0);

describe('POST /v2/messages/user/read', () => {
  let t: TestApp;
  let eventIdByCode: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp();
    eventIdByCode = Object.fromEntries((await t.db.select().from(s.events)).map((e) => [e.code!, e.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const bundle = async (session: TestSession, uid: string | null = null): Promise<AppBundle> => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/app', headers: session.headers, payload: { uid } });
    expect(res.statusCode).toBe(200);
    return res.json() as AppBundle;
  };
  const markAll = (session: TestSession) => t.app.inject({ method: 'POST', url: URL, headers: session.headers });
  const readsOf = async (username: string, eventCode: string) => {
    const userId = await userIdOf(t.db, username);
    const ids = (
      await t.db.select({ id: s.messages.id }).from(s.messages).where(eq(s.messages.eventId, eventIdByCode[eventCode]))
    ).map((m) => m.id);
    const reads = await t.db
      .select()
      .from(s.messageReads)
      .where(and(eq(s.messageReads.userId, userId), inArray(s.messageReads.messageId, ids.length ? ids : [-1])));
    return { total: ids.length, read: reads.length };
  };

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ result: false, message: expect.any(String) });
  });

  it('answers 403 before the device is confirmed', async () => {
    const s0 = await login(t.app, 'dispecer', { confirmDevice: false });
    const res = await markAll(s0);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Zařízení není potvrzeno.' });
  });

  it('answers 403 when the ability grants neither view nor manage Message', async () => {
    // 000 §6 gives every role one of them (MNG views, udrp and the rest manage Message), so no demo or
    // creatable user lacks it: the session's ability is narrowed instead, the rest of the app stays real.
    const session = await login(t.app, 'jednotka');
    const store = sessionStoreFor(t.db);
    const verify = store.verify.bind(store);
    const spy = vi.spyOn(store, 'verify').mockImplementation(async (credentials) => {
      const auth = await verify(credentials);
      if (!auth) return auth;
      const real = auth.ability;
      const narrowed = Object.create(real) as typeof real;
      narrowed.can = (action, subject) => subject !== 'Message' && real.can(action, subject);
      return { ...auth, ability: narrowed };
    });
    try {
      const res = await markAll(session);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    } finally {
      spy.mockRestore();
    }
    expect((await readsOf('jednotka', 'PHA-2025-0412')).read).toBe(0);
  });

  it('marks every visible unread message of active events read; the delta brings unread 0', async () => {
    const dispecer = await login(t.app, 'dispecer');
    const admin = await login(t.app, 'admin');
    const adminBefore = await bundle(admin);
    const before = await bundle(dispecer);
    const unreadEvents = before.events.filter((e) => unreadOf(e) > 0);
    expect(unreadEvents.length).toBeGreaterThan(1);
    const expected = unreadEvents.reduce((n, e) => n + unreadOf(e), 0);
    const invalidations = t.hub.invalidations.length;

    const res = await markAll(dispecer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, count: expected });

    const delta = await bundle(dispecer, before.uid);
    expect(delta.resetData).toBe(false);
    expect(delta.events.map((e) => e.id).sort()).toEqual(unreadEvents.map((e) => e.id).sort());
    for (const e of delta.events) expect(unreadOf(e)).toBe(0);
    expect(delta.messages.length).toBe(expected);
    expect(delta.messages.every((m) => m.read === 1)).toBe(true);
    // a full bundle agrees
    expect((await bundle(dispecer)).events.every((e) => unreadOf(e) === 0)).toBe(true);
    // a closed event is not touched
    const closed = await readsOf('dispecer', 'PLZ-2025-0233');
    expect(closed.total).toBeGreaterThan(0);
    expect(closed.read).toBe(0);

    // one invalidation, of messages, only to the user's own base channel (COIS, uid hzs-cd)
    expect(t.hub.invalidations.length).toBe(invalidations + 1);
    expect(t.hub.invalidations.at(-1)).toMatchObject({ channels: ['base.hzs-cd'], tables: ['messages'] });

    // another user's unread state is unaffected
    const adminAfter = await bundle(admin);
    const adminUnread = (b: AppBundle) => Object.fromEntries(b.events.map((e) => [e.id, unreadOf(e)]));
    expect(adminUnread(adminAfter)).toEqual(adminUnread(adminBefore));
    expect(adminAfter.events.some((e) => unreadOf(e) > 0)).toBe(true);
    const adminDelta = await bundle(admin, adminBefore.uid);
    for (const e of adminDelta.events) expect(unreadOf(e)).toBe(adminUnread(adminBefore)[String(e.id)]);
    expect(adminDelta.messages.every((m) => m.read === 0)).toBe(true);
  });

  it('a second call marks nothing, bumps no revision and pushes nothing', async () => {
    const dispecer = await login(t.app, 'dispecer');
    const before = await bundle(dispecer);
    const invalidations = t.hub.invalidations.length;
    const res = await markAll(dispecer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, count: 0 });
    expect(t.hub.invalidations.length).toBe(invalidations);
    const delta = await bundle(dispecer, before.uid);
    expect(delta.uid).toBe(before.uid);
    expect(delta.events).toEqual([]);
  });

  it('a unit marks only the events it may see', async () => {
    const jednotka = await login(t.app, 'jednotka');
    const before = await bundle(jednotka);
    // its fire and its own incoming call (issue 12 item 1; the call has no messages)
    expect(before.events.map((e) => e.code).sort()).toEqual(['CALL-2025-55121', 'PHA-2025-0412']);
    const res = await markAll(jednotka);
    expect(res.json()).toEqual({ result: true, count: before.events.reduce((n, e) => n + unreadOf(e), 0) });
    const own = await readsOf('jednotka', 'PHA-2025-0412');
    expect(own.read).toBe(own.total);
    expect((await readsOf('jednotka', 'BRN-2025-0198')).read).toBe(0);
    // PHA unit's channel (uid of base 3), not the central base or the groups
    const [pha] = await t.db.select({ uid: s.bases.uid }).from(s.bases).where(eq(s.bases.id, 3));
    expect(t.hub.invalidations.at(-1)?.channels).toEqual([`base.${pha.uid}`]);
  });

  it('view Message is enough (group MNG) and manage Message too (role udrp)', async () => {
    for (const username of ['mng', 'udrp']) {
      const session = await login(t.app, username);
      const res = await markAll(session);
      expect(res.statusCode).toBe(200);
      expect(res.json().count).toBeGreaterThan(0);
      expect((await bundle(session)).events.every((e) => unreadOf(e) === 0)).toBe(true);
    }
  });
});
