/**
 * Delivery receipts (issue 25 item 1) through the real app: panels report delivered/shown, the writer flushes
 * them in one command, the message and the alert carry a summary (in their GET and in a delta), and the
 * per-device list follows the visibility rule per role and base (a unit: all devices for what it sent, else
 * its own; the central base: all; another base's item: 404). Also the read hook, 422s and the overview columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppBundle, Event, Message } from '@panel/domain/sync';
import type { DeviceDeliveries, ReceiptList } from '@panel/domain/receipts';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, nthUuid, type TestApp, type TestSession } from '../../test/factory.js';
import { receiptWriterOf } from './writer.js';
import { queueReceipts } from './record.js';

describe('delivery receipts (issue 25)', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let eventId = 0;
  let baseOf: Map<string, number>;
  let addressed: { id: number; code: string; baseId: number | null }[];
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'dispecer', 'jednotka', 'mng', 'udrp', 'brno']) sessions[u] = await login(t.app, u);
    const [ev] = await t.db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
    eventId = ev.id;
    baseOf = new Map((await t.db.select().from(s.bases)).map((b) => [b.code, b.id]));
    addressed = await t.db
      .select({ id: s.devices.id, code: s.devices.code, baseId: s.devices.baseId })
      .from(s.devices)
      .where(inArray(s.devices.baseId, [baseOf.get('PHA')!, baseOf.get('NYM')!]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const h = (user: string) => sessions[user].headers;
  const flush = () => receiptWriterOf(t.app.deps).flush();
  const send = async (user: string): Promise<Message> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/messages',
      headers: h(user),
      payload: { uuid: nthUuid('4ec00000', ++seq), eventId, messageCategoryId: 1, type: 'X03', content: 'ahoj' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Message;
  };
  const report = (user: string, items: object[]) =>
    t.app.inject({ method: 'POST', url: '/v2/receipts', headers: h(user), payload: { items } });
  const getJson = async <T>(user: string, url: string, status = 200): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: h(user) });
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const list = (user: string, kind: string, id: number) => getJson<ReceiptList>(user, `/v2/receipts/${kind}/${id}`);
  const codesOf = (l: ReceiptList) => l.devices.map((d) => d.code).sort();
  const onBase = (code: string) =>
    addressed
      .filter((d) => d.baseId === baseOf.get(code))
      .map((d) => d.code)
      .sort();
  const otherDevice = (code: string, not: number | undefined) =>
    addressed.find((d) => d.baseId === baseOf.get(code) && d.id !== not)!;

  it('summarises delivered, shown and read per device on the message, in its GET and in a delta', async () => {
    const msg = await send('jednotka');
    expect(msg.receipts).toBeUndefined(); // nothing reported yet: the history carries no summary bytes
    const pulled = await t.app.inject({
      method: 'POST',
      url: '/v2/app',
      headers: h('jednotka'),
      payload: { uid: null },
    });
    const uid = (pulled.json() as AppBundle).uid;

    const nym = otherDevice('NYM', undefined);
    const pha = otherDevice('PHA', sessions.jednotka.device!.id);
    const at = new Date();
    queueReceipts(t.app.deps, nym.id, [{ kind: 'message', id: msg.id, state: 'delivered', via: 'socket', at }]);
    queueReceipts(t.app.deps, pha.id, [{ kind: 'message', id: msg.id, state: 'shown', via: 'view', at }]);
    // the central dispatcher's panel receives it too, but nothing is addressed to it: not counted
    expect((await report('dispecer', [{ kind: 'message', id: msg.id, state: 'delivered' }])).statusCode).toBe(200);
    await flush();

    const expected = addressed.length - 1; // every PHA and NYM device but the sender's
    const got = await getJson<Message>('jednotka', `/v2/messages/${msg.id}`);
    expect(got.receipts).toEqual({ expected, delivered: 2, shown: 1, read: 0 });

    const delta = await t.app.inject({ method: 'POST', url: '/v2/app', headers: h('jednotka'), payload: { uid } });
    const carried = (delta.json() as AppBundle).messages?.find((m) => m.id === msg.id);
    expect(carried?.receipts).toEqual({ expected, delivered: 2, shown: 1, read: 0 });

    const rows = await t.db.select().from(s.deviceReceipts).where(eq(s.deviceReceipts.itemId, msg.id));
    const byDevice = new Map(rows.map((r) => [r.deviceId, r]));
    expect(byDevice.get(nym.id)?.deliveredVia).toBe('socket');
    expect(byDevice.get(pha.id)?.shownAt).not.toBeNull();
    expect(byDevice.get(pha.id)?.deliveredAt).not.toBeNull(); // shown implies delivered
    expect(byDevice.has(sessions.dispecer.device!.id)).toBe(true);
  });

  it('keeps the first time of each state and moves the revision at most once a flush', async () => {
    const msg = await send('jednotka');
    const nym = otherDevice('NYM', undefined);
    const first = new Date(Date.now() - 5000);
    const [before] = await t.db.select().from(s.syncRevision);
    for (let i = 0; i < 50; i++) {
      queueReceipts(t.app.deps, nym.id, [
        { kind: 'message', id: msg.id, state: 'delivered', via: 'poll', at: new Date(first.getTime() + i * 10) },
      ]);
    }
    await flush();
    const [after] = await t.db.select().from(s.syncRevision);
    expect(Number(after.revision) - Number(before.revision)).toBe(1);
    // a later report of the same state changes nothing: no revision
    queueReceipts(t.app.deps, nym.id, [
      { kind: 'message', id: msg.id, state: 'delivered', via: 'push', at: new Date() },
    ]);
    await flush();
    const [still] = await t.db.select().from(s.syncRevision);
    expect(still.revision).toBe(after.revision);
    const [row] = await t.db.select().from(s.deviceReceipts).where(eq(s.deviceReceipts.itemId, msg.id));
    expect(row.deliveredAt?.getTime()).toBe(first.getTime());
    expect(row.deliveredVia).toBe('poll');
  });

  it('takes receipts riding on a pull (POST /v2/app), for the session device', async () => {
    const msg = await send('dispecer');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/app',
      headers: h('jednotka'),
      payload: { uid: null, receipts: [{ kind: 'message', id: msg.id, state: 'shown' }] },
    });
    expect(res.statusCode).toBe(200);
    await flush();
    const [row] = await t.db.select().from(s.deviceReceipts).where(eq(s.deviceReceipts.itemId, msg.id));
    expect(row).toMatchObject({ deviceId: sessions.jednotka.device!.id, deliveredVia: 'poll' });
    expect(row.shownAt).not.toBeNull();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v2/app',
      headers: h('jednotka'),
      payload: { uid: null, receipts: [{ kind: 'zprava', id: msg.id, state: 'shown' }] },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('shows a unit every device of what it sent, else its own devices; the central base all', async () => {
    const fromCentral = await send('dispecer');
    const fromUnit = await send('jednotka');
    const everyone = addressed.map((d) => d.code).sort();

    expect(codesOf(await list('jednotka', 'message', fromUnit.id))).toEqual(
      everyone.filter((c) => c !== sessions.jednotka.device!.code),
    );
    expect(codesOf(await list('jednotka', 'message', fromCentral.id))).toEqual(onBase('PHA'));
    for (const central of ['dispecer', 'admin', 'udrp']) {
      expect(codesOf(await list(central, 'message', fromUnit.id))).toEqual(
        everyone.filter((c) => c !== sessions.jednotka.device!.code),
      );
    }
    // management (group MNG on base RHZ) sees the event but none of its devices is addressed
    expect((await list('mng', 'message', fromUnit.id)).devices).toEqual([]);
    // Brno does not see the Praha event at all
    await getJson('brno', `/v2/receipts/message/${fromUnit.id}`, 404);
    // the summary of the list counts only what the viewer sees
    const own = await list('jednotka', 'message', fromCentral.id);
    expect(own.summary.expected).toBe(onBase('PHA').length);
  });

  it('records a read on the reading device and marks devices missed after 60 s', async () => {
    const msg = await send('dispecer');
    const read = await t.app.inject({ method: 'POST', url: `/v2/messages/${msg.id}/read`, headers: h('jednotka') });
    expect(read.statusCode).toBe(200);
    await flush();
    const got = await getJson<Message>('dispecer', `/v2/messages/${msg.id}`);
    expect(got.receipts?.read).toBe(1);
    expect(got.receipts?.delivered).toBe(1); // read implies delivered
    let l = await list('dispecer', 'message', msg.id);
    const mine = l.devices.find((d) => d.deviceId === sessions.jednotka.device!.id)!;
    expect(mine.readAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(l.devices.every((d) => !d.missed)).toBe(true);

    // 90 s later: delivered 10 s after the message on the reading device, nowhere else
    await t.db.execute(sql`update messages set inserted_at = now() - interval '90 seconds' where id = ${msg.id}`);
    await t.db.execute(sql`update device_receipts set delivered_at = now() - interval '80 seconds'
      where kind = 'message' and item_id = ${msg.id}`);
    l = await list('dispecer', 'message', msg.id);
    const missed = l.devices.filter((d) => d.missed).map((d) => d.deviceId);
    expect(missed).not.toContain(sessions.jednotka.device!.id);
    expect(missed.length).toBe(l.devices.length - 1);

    // the overview: a unit gets its own devices; the missed one counts today
    const overview = await getJson<DeviceDeliveries>('jednotka', '/v2/receipts/devices');
    const ids = overview.items.map((i) => i.deviceId).sort((a, b) => a - b);
    expect(ids).toEqual(
      addressed
        .filter((d) => d.baseId === baseOf.get('PHA'))
        .map((d) => d.id)
        .sort((a, b) => a - b),
    );
    const me = overview.items.find((i) => i.deviceId === sessions.jednotka.device!.id)!;
    expect(me.lastDeliveryAt).not.toBeNull();
    const other = overview.items.find((i) => i.deviceId !== sessions.jednotka.device!.id)!;
    expect(other.missedToday).toBeGreaterThanOrEqual(1);
  });

  it('summarises an alert in its event and lists the accepting device', async () => {
    const alert = { title: 'Požár', subtitle: null, description: null };
    await t.db.update(s.events).set({ alert }).where(eq(s.events.id, eventId));
    const nym = otherDevice('NYM', undefined);
    expect((await report('jednotka', [{ kind: 'alert', id: eventId, state: 'shown' }])).statusCode).toBe(200);
    queueReceipts(t.app.deps, nym.id, [
      { kind: 'alert', id: eventId, state: 'delivered', via: 'push', at: new Date() },
    ]);
    await flush();
    const [row] = await t.db.select().from(s.events).where(eq(s.events.id, eventId));
    const ev = { alert: row.alert as Event['alert'] };
    expect(ev.alert?.receipts).toMatchObject({ expected: addressed.length, delivered: 2, shown: 1, read: 0 });
    expect(ev.alert?.title).toBe('Požár');

    await t.db
      .update(s.events)
      .set({
        alert: {
          ...alert,
          acceptedBy: { userId: 1, name: 'Jan', deviceId: sessions.jednotka.device!.id, at: '2026-11-28 10:00:00' },
          receipts: ev.alert?.receipts,
        },
      })
      .where(eq(s.events.id, eventId));
    const l = await list('dispecer', 'alert', eventId);
    expect(l.devices.find((d) => d.deviceId === sessions.jednotka.device!.id)?.readAt).toBe('2026-11-28 10:00:00');
    expect(l.summary.read).toBe(1);
    // udrp manages messages only: no alert lists
    await getJson('udrp', `/v2/receipts/alert/${eventId}`, 403);
    await getJson('brno', `/v2/receipts/alert/${eventId}`, 404);
  });

  it('refuses bad reports with 422 and a session without a confirmed device', async () => {
    for (const items of [
      [],
      [{ kind: 'zprava', id: 1, state: 'delivered' }],
      [{ kind: 'message', id: -1, state: 'read' }],
    ]) {
      const res = await report('jednotka', items);
      expect(res.statusCode, res.body).toBe(422);
      const errors = res.json() as { field: string; message: string }[];
      expect(errors[0].field).toMatch(/^items/);
    }
    const bare = await login(t.app, 'jednotka', { confirmDevice: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/receipts',
      headers: bare.headers,
      payload: { items: [{ kind: 'message', id: 1, state: 'delivered' }] },
    });
    expect(res.statusCode).toBe(403); // the auth guard: a session must confirm its device first
    // an unknown item is dropped by the flush, never an error
    expect((await report('jednotka', [{ kind: 'message', id: 99_999_999, state: 'delivered' }])).statusCode).toBe(200);
    await flush();
    const rows = await t.db.select().from(s.deviceReceipts).where(eq(s.deviceReceipts.itemId, 99_999_999));
    expect(rows).toEqual([]);
  });
});
