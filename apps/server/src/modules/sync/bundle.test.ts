import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { BUNDLE_KEYS } from '@panel/domain/sync';
import type { DatabaseHandle } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import { createNullHub } from '../../nullHub.js';
import { buildAppData } from './bundle.js';
import { runCommand } from '../../sync/commands.js';
import { authFor, closeEvent, eventIdsByCode, openSeeded, shareWithBase4 } from '../../sync/testkit.js';
import { parseUid } from '../../sync/revision.js';
import type { AuthContext } from '../../context.js';

describe('buildAppData', () => {
  let h: DatabaseHandle;
  const hub = createNullHub();
  let dispecer: AuthContext;
  let jednotka: AuthContext;
  let brno: AuthContext;
  let ev: Record<string, number>;
  const cmd = <T>(fn: Parameters<typeof runCommand<T>>[3], eventId?: number) =>
    runCommand({ db: h.db, hub }, { userId: dispecer.user.id, deviceId: null }, { type: 'test', eventId }, fn);

  beforeAll(async () => {
    h = await openSeeded();
    dispecer = await authFor(h.db, 'dispecer');
    jednotka = await authFor(h.db, 'jednotka');
    brno = await authFor(h.db, 'brno');
    ev = await eventIdsByCode(h.db);
  });
  afterAll(() => h.close());

  it('full bundle has every key, resetData and a uid', async () => {
    const b = await buildAppData(h.db, dispecer, null);
    for (const k of [...BUNDLE_KEYS, 'settings', 'userPermissions', 'resetData', 'uid']) expect(b).toHaveProperty(k);
    expect(b.resetData).toBe(true);
    expect(parseUid(b.uid)).not.toBeNull();
    expect(b.settings).toMatchObject({ autoRefresh: true, autoRefreshPeriod: 8000, environment: 'demo' });
    expect(b.userPermissions).toContain('device.all');
    expect(b.bases.length).toBeGreaterThanOrEqual(14);
    expect(b.eventCategories.find((c) => c.id === 5)?.inputs.description.required).toBe(1);
    expect(b.resources.length).toBeGreaterThanOrEqual(30);
  });

  it('the central dispatcher sees every active event but no closed one', async () => {
    const b = await buildAppData(h.db, dispecer, null);
    const codes = b.events.map((e) => e.code);
    expect(codes).toEqual(
      expect.arrayContaining(['PHA-2025-0412', 'BRN-2025-0198', 'DZIN-118840', 'KOPIS-T-2025-7781', 'CALL-2025-55120']),
    );
    expect(codes).not.toContain('PLZ-2025-0233');
    const fire = b.events.find((e) => e.code === 'PHA-2025-0412')!;
    expect(fire.eventToBase).toEqual([17]);
    expect(fire.conversations.map((c) => c.type)).toEqual([1, 2]);
    expect(fire.messages?.total).toBe(6);
    expect(fire.jobs).toHaveLength(3);
    expect(fire.header.title.value).toBe('Požár lokomotivy řady 363');
    expect(fire.start).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(b.messages.filter((m) => m.eventId === fire.id)).toHaveLength(6);
    const tagged = b.messages.find((m) => m.content?.startsWith('Vyjíždíme'))!;
    // applied tags only; their definitions are the messageTags catalogue (issue 13 item 2)
    const conf = b.messageTags.find((t) => t.code === 'CONF')!;
    expect(tagged.tags).toEqual([{ id: conf.id, state: 1 }]);
    expect(b.eventContacts.some((c) => c.contactTypeId === 22 && c.eventId === fire.id)).toBe(true);
    expect(b.eventToEvent).toHaveLength(1);
    expect(b.devices.length).toBeGreaterThan(40);
    const cas = b.resources.find((r) => r.name === 'CAS 30 Tatra 815-7 PHA')!;
    expect(cas.event).toBe(fire.id);
    expect(cas.pnt?.latitude).toBeCloseTo(50.1012, 3);
  });

  it('a unit sees only its own and shared events, and only its devices', async () => {
    const b = await buildAppData(h.db, jednotka, null);
    // its fire and its own incoming call (issue 12 item 1)
    expect(b.events.map((e) => e.code).sort()).toEqual(['CALL-2025-55121', 'PHA-2025-0412']);
    expect(new Set(b.messages.map((m) => m.eventId))).toEqual(new Set([ev['PHA-2025-0412']]));
    expect(b.devices.every((d) => d.baseId === 3)).toBe(true);
    expect(b.resources.length).toBeGreaterThanOrEqual(30);
  });

  it('a delta with an unchanged revision needs no database', async () => {
    const full = await buildAppData(h.db, jednotka, null);
    const spies = [vi.spyOn(h.db, 'select'), vi.spyOn(h.db, 'execute')];
    const d = await buildAppData(h.db, jednotka, full.uid);
    for (const sp of spies) {
      expect(sp).not.toHaveBeenCalled();
      sp.mockRestore();
    }
    expect(d.resetData).toBe(false);
    expect(d.uid).toBe(full.uid);
    expect(d.events).toEqual([]);
    expect(d.removed).toEqual({});
  });

  it('unknown epoch or malformed uid gives a full bundle', async () => {
    expect((await buildAppData(h.db, jednotka, 'other.5')).resetData).toBe(true);
    expect((await buildAppData(h.db, jednotka, 'garbage')).resetData).toBe(true);
  });

  it('a delta carries only changed visible rows, and removals', async () => {
    const base = await buildAppData(h.db, jednotka, null);
    const baseBrno = await buildAppData(h.db, brno, null);
    const fireId = ev['PHA-2025-0412'];
    let msgId = 0;
    await cmd(async (tx, rec) => {
      const [m] = await tx
        .insert(s.messages)
        .values({ eventId: fireId, messageCategoryId: 1, content: 'nová zpráva', type: 'X03' })
        .returning();
      msgId = m.id;
      rec.changed('messages', m.id);
    }, fireId);
    const contact = (await h.db.select().from(s.eventContacts).where(eq(s.eventContacts.eventId, fireId)))[0];
    await cmd(async (tx, rec) => {
      await tx.delete(s.eventContacts).where(eq(s.eventContacts.id, contact.id));
      rec.removed('eventContacts', contact.id);
    }, fireId);

    const d = await buildAppData(h.db, jednotka, base.uid);
    expect(d.resetData).toBe(false);
    expect(d.messages.map((m) => m.id)).toEqual([msgId]);
    expect(d.events.map((e) => e.id)).toEqual([fireId]);
    expect(d.events[0].messages?.unread['1']).toBeGreaterThan(0);
    expect(d.removed?.eventContacts).toEqual([contact.id]);
    expect(d.eventJobs).toEqual([]);
    expect(d.bases).toEqual([]);
    expect(parseUid(d.uid)!.revision).toBe(parseUid(base.uid)!.revision + 2);

    // Brno does not see the fire: the message is not sent to it
    const db2 = await buildAppData(h.db, brno, baseBrno.uid);
    expect(db2.messages).toEqual([]);
    expect(db2.events).toEqual([]);
  });

  it('an event shared with a new unit arrives there with its children; unsharing removes it', async () => {
    const start = await buildAppData(h.db, brno, null);
    const fireId = ev['PHA-2025-0412'];
    await cmd((tx, rec) => shareWithBase4(tx, rec, fireId, true), fireId);
    const d = await buildAppData(h.db, brno, start.uid);
    expect(d.events.map((e) => e.id)).toEqual([fireId]);
    expect(d.messages.length).toBeGreaterThanOrEqual(6);
    expect(d.eventJobs.length).toBe(3);
    expect(d.eventContacts.length).toBeGreaterThan(0);

    await cmd((tx, rec) => shareWithBase4(tx, rec, fireId, false), fireId);
    const d2 = await buildAppData(h.db, brno, d.uid);
    expect(d2.events).toEqual([]);
    expect(d2.removed?.events).toEqual([fireId]);
  });

  it('a closed event is sent once in a delta, then left out of full bundles', async () => {
    const start = await buildAppData(h.db, dispecer, null);
    const id = ev['BRN-2025-0198'];
    await cmd((tx, rec) => closeEvent(tx, rec, id), id);
    const d = await buildAppData(h.db, dispecer, start.uid);
    expect(d.events.map((e) => [e.id, e.eventStateId])).toEqual([[id, 5]]);
    const full = await buildAppData(h.db, dispecer, null);
    expect(full.events.some((e) => e.id === id)).toBe(false);
  });

  it('a changed catalogue comes whole', async () => {
    const start = await buildAppData(h.db, jednotka, null);
    await cmd(async (tx, rec) => {
      await tx.update(s.priorities).set({ color: '#000000' }).where(eq(s.priorities.id, 1));
      rec.changed('priorities', 1);
      rec.broadcast();
    });
    const d = await buildAppData(h.db, jednotka, start.uid);
    expect(d.priorities).toHaveLength(4);
    expect(d.priorities.find((p) => p.id === 1)?.color).toBe('#000000');
    expect(d.tags).toEqual([]);
  });
});
