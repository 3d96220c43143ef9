/**
 * A reconnect storm costs a statement per batch, not a read per socket (issue 28 item 7): after a node restart
 * every panel's socket checks its session against an empty cache at once. The checks are read together
 * (sessionReads.ts): sessions, users' profiles, devices and `last_seen_at` touches each in a handful of
 * statements, and every panel still gets exactly its own session and permissions.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { groups, roles, sessions, userDevices, userGroups, userRoles, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/factory.js';
import { loadActiveProfiles, loadProfile } from './repository.js';
import { SessionStore, TOUCH_MS } from './sessions.js';

const PANELS = 600;

describe('session checks in a reconnect storm', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** `count` sessions of the seed's users in turn, each with its user's first device confirmed */
  async function panels(count: number) {
    const people = await t.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.username, ['dispecer', 'jednotka', 'mng']));
    const devices = await t.db.select().from(userDevices);
    const writer = new SessionStore(t.db);
    const out: {
      credentials: { token: string; instance: string; appCode: string };
      userId: number;
      deviceId: number;
    }[] = [];
    for (let i = 0; i < count; i++) {
      const person = people[i % people.length];
      const deviceId = devices.find((d) => d.userId === person.id)!.deviceId;
      const session = await writer.create(person.id, 'panel');
      await writer.confirmDevice(session.id, deviceId);
      out.push({
        credentials: { token: session.token, instance: session.instance, appCode: 'panel' },
        userId: person.id,
        deviceId,
      });
    }
    return out;
  }

  it('a cold node checks 600 sessions in a few statements, each panel getting its own', async () => {
    const fleet = await panels(PANELS);
    // last seen long ago: each check must also write last_seen_at
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 2 * TOUCH_MS) });
    const store = new SessionStore(t.db); // a restarted node: nothing cached
    const select = vi.spyOn(t.db, 'select');
    const update = vi.spyOn(t.db, 'update');
    try {
      const answers = await Promise.all(fleet.map((p) => store.verify(p.credentials)));
      answers.forEach((auth, i) => {
        expect(auth?.user.id).toBe(fleet[i].userId);
        expect(auth?.deviceId).toBe(fleet[i].deviceId);
        expect(auth?.instance).toBe(fleet[i].credentials.instance);
      });
      // one by one this was ≥ 2 selects (session, device) and 1 update per panel: 1,200 and 600
      expect(select.mock.calls.length).toBeLessThan(30);
      expect(update.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      select.mockRestore();
      update.mockRestore();
    }
    const seen = await t.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions);
    expect(seen.every((s) => Date.now() - s.lastSeenAt.getTime() < TOUCH_MS)).toBe(true);
  });

  it('a wrong instance or an unknown token in the same batch is refused, the others are not', async () => {
    const fleet = await panels(3);
    const store = new SessionStore(t.db);
    const [good, wrongInstance, unknown] = await Promise.all([
      store.verify(fleet[0].credentials),
      store.verify({ ...fleet[1].credentials, instance: 'someone-else' }),
      store.verify({ ...fleet[2].credentials, token: 'not-a-token' }),
    ]);
    expect(good?.user.id).toBe(fleet[0].userId);
    expect(wrongInstance).toBeNull();
    expect(unknown).toBeNull();
  });

  it('profiles read together equal each user read alone; an inactive user has none', async () => {
    const everyone = await t.db.select().from(users);
    const [someone] = everyone;
    await t.db
      .update(users)
      .set({ active: false })
      .where(inArray(users.id, [someone.id]));
    try {
      const together = await loadActiveProfiles(
        t.db,
        everyone.map((u) => u.id),
      );
      expect(together.has(someone.id)).toBe(false);
      for (const user of everyone.slice(1)) {
        expect(together.get(user.id), user.username).toEqual(await loadProfile(t.db, user));
      }
    } finally {
      await t.db
        .update(users)
        .set({ active: true })
        .where(inArray(users.id, [someone.id]));
    }
  });

  it('sixty users reconnecting at once cost a few statements, not four per user', async () => {
    const [role] = await t.db.select().from(roles).limit(1);
    const [group] = await t.db.select().from(groups).limit(1);
    const [{ passwordHash }] = await t.db.select({ passwordHash: users.passwordHash }).from(users).limit(1);
    const people = await t.db
      .insert(users)
      .values(Array.from({ length: 60 }, (_, i) => ({ username: `storm-${i}`, passwordHash })))
      .returning();
    await t.db.insert(userRoles).values(people.map((p) => ({ userId: p.id, roleId: role.id })));
    await t.db
      .insert(userGroups)
      .values(people.filter((_, i) => i % 2).map((p) => ({ userId: p.id, groupId: group.id })));
    const writer = new SessionStore(t.db);
    const fleet = await Promise.all(people.map((p) => writer.create(p.id, 'panel')));
    const store = new SessionStore(t.db);
    const select = vi.spyOn(t.db, 'select');
    try {
      const answers = await Promise.all(
        fleet.map((s) => store.verify({ token: s.token, instance: s.instance, appCode: 'panel' })),
      );
      answers.forEach((auth, i) => {
        expect(auth?.user.username).toBe(`storm-${i}`);
        expect(auth?.user.roles).toEqual([role.name]);
        expect(auth?.user.groups).toEqual(i % 2 ? [group.name] : []);
      });
      // one by one: a session read and four profile reads per user, 300 in all
      expect(select.mock.calls.length).toBeLessThan(20);
    } finally {
      select.mockRestore();
    }
  });
});
