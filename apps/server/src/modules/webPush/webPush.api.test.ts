/**
 * Web Push through the real app against a push service of the test's own (fakePushService.ts: VAPID JWT checked,
 * aes128gcm decrypted with the subscription's keys): keys made once and kept, subscriptions of the session's
 * device, who gets an alert and a message, the ack that makes a push delivered, 404/410 dropping the endpoint,
 * logout and device change unsubscribing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { webPushPayload, type WebPushPayload } from '@panel/domain/webPush';
import * as s from '../../db/schema/index.js';
import { createTestApp, login, nthUuid, type TestApp, type TestSession } from '../../test/factory.js';
import { startFakePushService, type FakeBrowser, type FakePushService } from './fakePushService.js';
import { KEYS_SETTING } from './keys.js';
import { sendAlertPush } from './notify.js';
import { loadRecipients } from './targets.js';
import { loadProfile } from '../auth/repository.js';
import { receiptWriterOf } from '../receipts/writer.js';
import { useAgentForTests } from './sender.js';
import { webPushFor } from './service.js';

describe('Web Push (issue 25 item 2)', () => {
  let t: TestApp;
  let push: FakePushService;
  const sessions: Record<string, TestSession> = {};
  const browsers: Record<string, FakeBrowser> = {};
  let eventId: Record<string, number>;

  beforeAll(async () => {
    push = await startFakePushService();
    useAgentForTests(push.agent);
    t = await createTestApp();
    for (const u of ['jednotka', 'dispecer', 'mng', 'brno']) sessions[u] = await login(t.app, u);
    eventId = Object.fromEntries((await t.db.select().from(s.events)).map((e) => [e.code, e.id]));
  });
  afterAll(async () => {
    await t?.close();
    useAgentForTests(undefined);
    await push?.close();
  });

  const h = (user: string) => sessions[user].headers;
  const subscribe = (user: string, body: unknown) =>
    t.app.inject({ method: 'PUT', url: '/v2/web-push/subscription', headers: h(user), payload: body as object });
  const payloadsFor = (name: string): WebPushPayload[] =>
    push.received.filter((r) => r.path === name).map((r) => webPushPayload.parse(r.payload));
  const idle = () => webPushFor(t.db)!.idle();

  it('makes the VAPID keys once, keeps them out of every bundle, and answers the public key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/web-push/key', headers: h('jednotka') });
    expect(res.statusCode, res.body).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const [row] = await t.db.select().from(s.settings).where(eq(s.settings.key, KEYS_SETTING));
    const stored = row.value as { publicKey: string; privateKey: string };
    expect(stored.publicKey).toBe(publicKey);
    const bundle = await t.app.inject({
      method: 'POST',
      url: '/v2/app',
      headers: h('jednotka'),
      payload: { uid: null },
    });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).not.toContain(stored.privateKey);
    expect((await t.app.inject({ method: 'GET', url: '/v2/web-push/key' })).statusCode).toBe(401);
  });

  it('refuses a bad subscription with 422 and Czech messages, storing nothing', async () => {
    const good = push.subscribe('probe');
    const cases = [
      { ...good, endpoint: good.endpoint.replace('https:', 'http:') },
      { ...good, endpoint: 'nic' },
      { ...good, keys: { ...good.keys, p256dh: 'AAAA' } },
      { ...good, keys: { ...good.keys, auth: 'xyz' } },
      { endpoint: good.endpoint },
    ];
    for (const body of cases) {
      const res = await subscribe('jednotka', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const errors = res.json() as { field: string; message: string }[];
      expect(errors[0].message).toMatch(/[áéíóúůýčďěňřšťž]/);
    }
    expect(await t.db.select().from(s.webPushSubscriptions)).toHaveLength(0);
  });

  it('reads every recipient’s roles, groups and grants in one batch, as the session would', async () => {
    const all = await t.db.select().from(s.users);
    const batch = await loadRecipients(
      t.db,
      all.map((u) => u.id),
    );
    for (const user of all.filter((u) => u.active)) {
      const profile = await loadProfile(t.db, user);
      expect(batch.get(user.id)?.viewer, user.username).toEqual({
        id: user.id,
        baseId: user.baseId,
        roles: profile.roles,
        groups: profile.groups,
        permissions: profile.permissions,
      });
    }
  });

  it('subscribes each session’s device', async () => {
    for (const u of ['jednotka', 'dispecer', 'mng', 'brno']) {
      browsers[u] = push.subscribe(u);
      const res = await subscribe(u, browsers[u]);
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await t.db.select().from(s.webPushSubscriptions);
    expect(rows.map((r) => r.deviceId).sort()).toEqual(
      ['jednotka', 'dispecer', 'mng', 'brno'].map((u) => sessions[u].device!.id).sort(),
    );
  });

  it('pushes an alert to the devices it alerts, signed and encrypted, with who may accept', async () => {
    const outcomes = await sendAlertPush(t.db, eventId['CALL-2025-55121'], 'alert');
    expect(push.refused).toEqual([]);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    // the unit's call: the unit and the central dispatch may accept, management is told; Brno does not see it
    const [unit] = payloadsFor('jednotka');
    expect(unit).toMatchObject({
      kind: 'alert',
      reason: 'alert',
      eventId: eventId['CALL-2025-55121'],
      acceptable: true,
    });
    expect(unit.title).toBeTruthy();
    expect(payloadsFor('dispecer')[0]).toMatchObject({ acceptable: true });
    expect(payloadsFor('mng')[0]).toMatchObject({ acceptable: false });
    expect(payloadsFor('brno')).toEqual([]);
    const sent = push.received.find((r) => r.path === 'jednotka')!;
    expect(sent.urgency).toBe('high');
    expect(sent.ttl).toBe(300);
    const key = (await t.app.inject({ method: 'GET', url: '/v2/web-push/key', headers: h('jednotka') })).json() as {
      publicKey: string;
    };
    expect(sent.vapidKey).toBe(key.publicKey);
    const rows = await t.db.select().from(s.webPushSends).where(eq(s.webPushSends.kind, 'alert'));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.sentAt && r.status === 201 && !r.acknowledgedAt)).toBe(true);
  });

  it('counts a push as delivered only when the worker acknowledges it, once, with a token nobody can forge', async () => {
    const [unit] = payloadsFor('jednotka');
    const ack = (token: string) => t.app.inject({ method: 'POST', url: '/v2/web-push/ack', payload: { token } });
    const forged = unit.ack.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await ack(forged)).statusCode).toBe(422);
    const other = unit.ack.replace(/^\d+/, (id) => String(Number(id) + 1));
    expect((await ack(other)).statusCode).toBe(422);
    const before = await t.db
      .select()
      .from(s.webPushSends)
      .where(eq(s.webPushSends.deviceId, sessions.jednotka.device!.id));
    expect(before[0].acknowledgedAt).toBeNull();

    const first = await ack(unit.ack);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true });
    expect((await ack(unit.ack)).json()).toEqual({ acknowledged: false });
    const after = await t.db
      .select()
      .from(s.webPushSends)
      .where(eq(s.webPushSends.deviceId, sessions.jednotka.device!.id));
    expect(after[0].acknowledgedAt).toBeInstanceOf(Date);
    // the acknowledgement is the device's delivery receipt (modules/receipts), via push
    await receiptWriterOf(t.app.deps).flush();
    const [receipt] = await t.db
      .select()
      .from(s.deviceReceipts)
      .where(
        and(
          eq(s.deviceReceipts.deviceId, sessions.jednotka.device!.id),
          eq(s.deviceReceipts.kind, after[0].kind === 'message' ? 'message' : 'alert'),
          eq(s.deviceReceipts.itemId, after[0].itemId),
        ),
      );
    expect(receipt).toMatchObject({ deliveredVia: 'push' });
    expect(receipt.deliveredAt).toBeInstanceOf(Date);
  });

  it('a new event with an alert is pushed after its save, not to the creating device', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/events',
      headers: h('jednotka'),
      payload: {
        uuid: nthUuid('b0a5f00d', 1),
        eventCategoryId: 1,
        description: 'Hoří vagon',
        subject: 'Požár vagonu',
        address: 'Praha hl. n.',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: number }).id;
    await idle();
    expect(push.refused).toEqual([]);
    expect(payloadsFor('dispecer').map((p) => p.eventId)).toContain(id);
    expect(payloadsFor('jednotka').map((p) => p.eventId)).not.toContain(id);
    expect(payloadsFor('brno').map((p) => p.eventId)).not.toContain(id);
  });

  it('a new message is pushed to the devices of the event’s conversations, never to the sender', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/messages',
      headers: h('dispecer'),
      payload: {
        uuid: nthUuid('b0a5f00d', 2),
        eventId: eventId['PHA-2025-0412'],
        messageCategoryId: 1,
        type: 'X03',
        content: 'Vyjeďte k přejezdu',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const messageId = (res.json() as { id: number }).id;
    await idle();
    const got = payloadsFor('jednotka').find((p) => p.messageId === messageId);
    expect(got).toMatchObject({ kind: 'message', reason: 'message', eventId: eventId['PHA-2025-0412'] });
    expect(got!.body).toContain('Vyjeďte k přejezdu');
    expect(payloadsFor('dispecer').some((p) => p.messageId === messageId)).toBe(false);
    expect(payloadsFor('brno').some((p) => p.messageId === messageId)).toBe(false);
  });

  it('an endpoint answering 410 or 404 is dropped; another failure is recorded and kept', async () => {
    push.answer('mng', 410);
    push.answer('dispecer', 500);
    const outcomes = await sendAlertPush(t.db, eventId['CALL-2025-55121'], 'reminder');
    expect(
      outcomes
        .filter((o) => !o.ok)
        .map((o) => o.status)
        .sort(),
    ).toEqual([410, 500]);
    const subs = await t.db.select().from(s.webPushSubscriptions);
    expect(subs.map((r) => r.endpoint)).not.toContain(browsers.mng.endpoint);
    expect(subs.map((r) => r.endpoint)).toContain(browsers.dispecer.endpoint);
    const failed = await t.db.select().from(s.webPushSends).where(eq(s.webPushSends.status, 410));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ error: 'HTTP 410', subscriptionId: null });
    expect(failed[0].failedAt).toBeInstanceOf(Date);
    push.answer('dispecer', 201);
  });

  it('an escalation reaches the central dispatch group; an accepted alert is pushed to nobody', async () => {
    const before = payloadsFor('dispecer').length;
    await sendAlertPush(t.db, eventId['CALL-2025-55121'], 'escalation');
    expect(payloadsFor('dispecer').at(-1)).toMatchObject({ reason: 'escalation' });
    expect(payloadsFor('dispecer').length).toBe(before + 1);
    await t.db.update(s.events).set({ eventStateId: 1 }).where(eq(s.events.id, eventId['CALL-2025-55121']));
    expect(await sendAlertPush(t.db, eventId['CALL-2025-55121'], 'reminder')).toEqual([]);
  });

  it('a device change and a logout unsubscribe', async () => {
    const dispecer = sessions.dispecer;
    const other = dispecer.devices.find((d) => d.id !== dispecer.device!.id)!;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/v2/auth/device',
      headers: h('dispecer'),
      payload: { deviceId: other.id },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const endpoints = async () => (await t.db.select().from(s.webPushSubscriptions)).map((r) => r.endpoint);
    expect(await endpoints()).not.toContain(browsers.dispecer.endpoint);

    const removed = await t.app.inject({ method: 'DELETE', url: '/v2/web-push/subscription', headers: h('brno') });
    expect(removed.json()).toEqual({ removed: 1 });
    expect(await endpoints()).not.toContain(browsers.brno.endpoint);

    const out = await t.app.inject({ method: 'POST', url: '/v2/auth/logout', headers: h('jednotka') });
    expect(out.statusCode).toBe(200);
    expect(await endpoints()).toEqual([]);
  });
});
