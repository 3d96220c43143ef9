/**
 * The bundle schemas of `@panel/domain/sync` (issue 16) are true of what POST /v2/app sends: for every demo user
 * with a device, the full bundle and a delta after writes of every kind (event, message with data, contact, link
 * and unlink: a `removed`) parse with `appBundleSchema`, and no row carries a field the schemas do not declare.
 * Through the real route, so the pre-encoded delta bytes are checked too, not only the built object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appBundleSchema, BUNDLE_KEYS, type AppBundle, type Event } from '@panel/domain/sync';
import * as s from '../../db/schema/index.js';
import { undeclaredKey } from '../../http/responseSerializer.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../test/factory.js';

describe('POST /v2/app answers match appBundleSchema', () => {
  let t: TestApp;
  const sessions = new Map<string, TestSession>();
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const names = (await t.db.select({ username: s.users.username }).from(s.users)).map((u) => u.username).sort();
    for (const name of names) {
      const first = await login(t.app, name, { confirmDevice: false });
      // a user without a device gets no bundle (403 until a device is confirmed): nothing to check for it
      if (first.device) sessions.set(name, await login(t.app, name));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async (user: string, uid: string | null): Promise<unknown> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/app',
      headers: sessions.get(user)!.headers,
      payload: { uid },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Parses with the schema and fails on an undeclared field anywhere (as the strict response check does). */
  const expectBundle = (sent: unknown, who: string): AppBundle => {
    const parsed = appBundleSchema.safeParse(sent);
    expect(parsed.error?.message, who).toBeUndefined();
    expect(undeclaredKey(sent, parsed.data), who).toBeNull();
    return parsed.data!;
  };

  const write = async (user: string, method: string, url: string, payload?: Record<string, unknown>) => {
    const res = await t.app.inject({ method: method as 'POST', url, headers: sessions.get(user)!.headers, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as Record<string, unknown>;
  };
  const uuid = () => `b5c4e000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

  it('covers the demo roles: central, unit, MNG, admin', () => {
    expect([...sessions.keys()]).toEqual(expect.arrayContaining(['admin', 'dispecer', 'jednotka', 'mng']));
  });

  it('full bundles of every demo user', async () => {
    for (const user of sessions.keys()) expect(expectBundle(await post(user, null), user).resetData).toBe(true);
  });

  it('deltas after writes of every kind, with removed ids', async () => {
    const uids = new Map<string, string>();
    for (const user of sessions.keys()) uids.set(user, expectBundle(await post(user, null), user).uid);

    const [fire] = await t.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
    const created = (await write('dispecer', 'POST', '/v2/events', {
      uuid: uuid(),
      description: 'schema delta',
      eventToBase: [fire.baseId],
    })) as unknown as Event;
    await write('jednotka', 'POST', '/v2/messages', {
      uuid: uuid(),
      eventId: fire.id,
      messageCategoryId: 1,
      type: 'X03',
      content: 'Na místě',
    });
    await write('jednotka', 'POST', '/v2/event-contacts', {
      eventId: fire.id,
      name: 'Strojvedoucí',
      number: '725000111',
    });
    await write('jednotka', 'POST', '/v2/event-objects', {
      uuid: uuid(),
      eventId: fire.id,
      longitude: 14.47,
      latitude: 50.1,
      content: 'Vstup od ulice',
    });
    await write('jednotka', 'POST', '/v2/event-geos', {
      uuid: uuid(),
      eventId: fire.id,
      geojson: {
        type: 'LineString',
        coordinates: [
          [14.47, 50.1],
          [14.48, 50.11],
        ],
      },
    });
    await write('dispecer', 'POST', `/v2/event-to-events/${created.id}/${fire.id}`);
    const [link] = await t.db.select().from(s.eventToEvent).where(eq(s.eventToEvent.sourceEventId, created.id!));
    await write('dispecer', 'DELETE', `/v2/event-to-events/${link.id}`);

    for (const [user, uid] of uids) {
      const delta = expectBundle(await post(user, uid), user);
      expect(delta.resetData, user).toBe(false);
      if (user === 'dispecer') {
        expect(delta.removed?.eventToEvent).toEqual([link.id]);
        expect(delta.events.map((e) => e.id)).toContain(created.id);
      }
    }
  });

  it('after the writes, full bundles hold rows of every table for somebody: every schema met real rows', async () => {
    const seen = new Set<string>();
    for (const user of sessions.keys()) {
      const bundle = expectBundle(await post(user, null), user);
      for (const key of BUNDLE_KEYS) if (bundle[key].length > 0) seen.add(key);
    }
    expect([...seen].sort()).toEqual([...BUNDLE_KEYS].sort());
  });

  it('the strict check fails a row with a field the schema does not declare', async () => {
    const sent = (await post('dispecer', null)) as AppBundle;
    const tampered = { ...sent, events: [{ ...sent.events[0], secret: 1 }, ...sent.events.slice(1)] };
    const parsed = appBundleSchema.parse(tampered);
    expect(undeclaredKey(tampered, parsed)).toBe('.events[0].secret');
  });
});
