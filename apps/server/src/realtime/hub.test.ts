/**
 * The push hub in process: a real socket.io server on the app's HTTP server, socket.io-client connections
 * with sessions made through the login call.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bases, devices, groups } from '../db/schema/index.js';
import { sessionStoreFor } from '../modules/auth/sessions.js';
import { createTestApp, createUser, login, type TestApp, type TestSession } from '../test/factory.js';
import { RECEIPTS_SOCKET_EVENT } from '@panel/domain/receipts';
import { createHub, type Hub } from './hub.js';

type Ack = { ok: boolean; members?: { userId: number; username: string; deviceCode: string | null }[] };

describe('push hub', () => {
  let t: TestApp;
  let hub: Hub;
  let url: string;
  let unitBase: { id: number; uid: string };
  let otherBase: { id: number; uid: string };
  let centralUid: string;
  let central: TestSession;
  let unit: TestSession;
  const sockets: Socket[] = [];
  const receiptsHeard: { deviceId: number; body: unknown }[] = [];

  const open = (session: TestSession | { token: string; instance: string }, appCode = 'panel') =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, {
        path: '/socket.io',
        auth: { token: session.token, instance: session.instance, appCode },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => reject(error));
    });

  const subscribe = (socket: Socket, channel: string) => socket.emitWithAck('subscribe', { channel }) as Promise<Ack>;

  /** resolves with the invalidations a socket got within `ms` */
  const collect = (socket: Socket, ms = 300) =>
    new Promise<unknown[]>((resolve) => {
      const got: unknown[] = [];
      const listener = (payload: unknown) => got.push(payload);
      socket.on('invalidate', listener);
      setTimeout(() => {
        socket.off('invalidate', listener);
        resolve(got);
      }, ms);
    });

  beforeAll(async () => {
    t = await createTestApp();
    const [central2] = await t.db.select().from(bases).where(eq(bases.id, 2));
    centralUid = central2.uid;
    const inserted = await t.db
      .insert(bases)
      .values([
        { uid: 'HUB-UNIT', code: 'HU', name: 'Hub jednotka' },
        { uid: 'HUB-OTHER', code: 'HO', name: 'Hub jiná' },
      ])
      .returning({ id: bases.id, uid: bases.uid });
    [unitBase, otherBase] = inserted;
    await t.db.insert(groups).values({ name: 'HUBGRP' }).onConflictDoNothing();
    const [d1, d2] = await t.db
      .insert(devices)
      .values([
        { code: 'HUB-D1', name: 'Hub tablet centrála', baseId: 2 },
        { code: 'HUB-D2', name: 'Hub tablet jednotka', baseId: unitBase.id },
      ])
      .returning({ id: devices.id });
    await createUser(t.db, { username: 'hub-central', baseId: 2, groups: ['HUBGRP'], deviceIds: [d1.id] });
    await createUser(t.db, { username: 'hub-unit', baseId: unitBase.id, deviceIds: [d2.id] });
    await createUser(t.db, { username: 'hub-password', baseId: unitBase.id, deviceIds: [d2.id] });

    hub = await createHub(t.app.server, {
      db: t.db,
      verifySession: (c) => {
        // a session check that cannot reach the database (what the gate answers 503 for on HTTP)
        if (c.token === 'databaze-pryc') {
          throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        }
        return sessionStoreFor(t.db).verify(c);
      },
      sessions: sessionStoreFor(t.db),
      onReceipts: (deviceId, body) => receiptsHeard.push({ deviceId, body }),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    central = await login(t.app, 'hub-central');
    unit = await login(t.app, 'hub-unit');
  });

  afterEach(() => {
    // every test starts with empty channels
    for (const s of sockets.splice(0)) s.disconnect();
  });

  afterAll(async () => {
    await hub?.close();
    await t?.close();
  });

  it("takes a panel's receipts on its socket for the session's device; a bad body or no device is refused", async () => {
    const socket = await open(unit);
    const body = { items: [{ kind: 'message', id: 7, state: 'delivered' }], via: 'push' };
    expect(await socket.emitWithAck(RECEIPTS_SOCKET_EVENT, body)).toEqual({ ok: true });
    expect(receiptsHeard.at(-1)).toEqual({ deviceId: unit.device!.id, body });
    const heard = receiptsHeard.length;
    const bad = { items: [{ kind: 'message', id: -1, state: 'eaten' }] };
    expect(await socket.emitWithAck(RECEIPTS_SOCKET_EVENT, bad)).toEqual({ ok: false });
    const deviceless = await open(await login(t.app, 'hub-unit', { confirmDevice: false }));
    expect(await deviceless.emitWithAck(RECEIPTS_SOCKET_EVENT, body)).toEqual({ ok: false });
    expect(receiptsHeard).toHaveLength(heard);
  });

  it('tells the sockets of a session that ended (logout) and drops them; other sessions stay', async () => {
    const leaving = await login(t.app, 'hub-unit');
    const staying = await login(t.app, 'hub-central');
    const gone = await open(leaving);
    const kept = await open(staying);
    const ended = new Promise<void>((resolve) => gone.once('session-ended', () => resolve()));
    let keptEnded = false;
    kept.once('session-ended', () => (keptEnded = true));
    const res = await t.app.inject({ method: 'POST', url: '/v2/auth/logout', headers: leaving.headers });
    expect(res.statusCode).toBe(200);
    await ended;
    await new Promise<void>((resolve) => gone.once('disconnect', () => resolve()));
    expect(keptEnded).toBe(false);
    expect(kept.connected).toBe(true);
  });

  it('ends the other sessions of a user who changed the password, not the one that changed it', async () => {
    const other = await login(t.app, 'hub-password');
    const changer = await login(t.app, 'hub-password');
    const otherSocket = await open(other);
    const changerSocket = await open(changer);
    let changerEnded = false;
    changerSocket.once('session-ended', () => (changerEnded = true));
    const ended = new Promise<void>((resolve) => otherSocket.once('session-ended', () => resolve()));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v3/user/change-password',
      headers: changer.headers,
      payload: { oldPassword: 'panel-demo', newPassword: 'panel-demo' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await ended;
    expect(changerEnded).toBe(false);
  });

  it('refuses a handshake without a valid session', async () => {
    await expect(open({ token: 'neplatny', instance: central.instance })).rejects.toThrow('unauthorized');
    await expect(open(central, 'jina-aplikace')).rejects.toThrow('unauthorized');
    await expect(open({ token: central.token, instance: unit.instance })).rejects.toThrow('unauthorized');
  });

  it('answers a handshake it cannot check for a database outage as unavailable, not as unauthorized', async () => {
    await expect(open({ token: 'databaze-pryc', instance: central.instance })).rejects.toThrow('unavailable');
  });

  it('lets a unit subscribe only its own base channel and its own groups', async () => {
    const socket = await open(unit);
    expect(await subscribe(socket, `base.${unitBase.uid}`)).toMatchObject({ ok: true });
    expect(await subscribe(socket, `base.${otherBase.uid}`)).toEqual({ ok: false });
    expect(await subscribe(socket, `base.${centralUid}`)).toEqual({ ok: false });
    expect(await subscribe(socket, 'group.HUBGRP')).toEqual({ ok: false });
    expect(await subscribe(socket, 'base.NEEXISTUJE')).toEqual({ ok: false });
    expect(await subscribe(socket, 'jiny.kanal')).toEqual({ ok: false });
    expect(await socket.emitWithAck('subscribe', 'base.x')).toEqual({ ok: false });
  });

  it('lets the central base subscribe any base and its own groups', async () => {
    const socket = await open(central);
    expect(await subscribe(socket, `base.${centralUid}`)).toMatchObject({ ok: true });
    expect(await subscribe(socket, `base.${otherBase.uid}`)).toMatchObject({ ok: true });
    expect(await subscribe(socket, 'group.HUBGRP')).toMatchObject({ ok: true });
    expect(await subscribe(socket, 'group.NENIMOJE')).toEqual({ ok: false });
  });

  it('reports presence of everybody in a channel', async () => {
    const channel = `base.${unitBase.uid}`;
    const a = await open(central);
    const b = await open(unit);
    await subscribe(a, channel);
    const ack = await subscribe(b, channel);
    expect(ack.ok).toBe(true);
    expect(ack.members).toEqual(
      expect.arrayContaining([
        { userId: central.user.id, username: 'hub-central', deviceCode: 'HUB-D1' },
        { userId: unit.user.id, username: 'hub-unit', deviceCode: 'HUB-D2' },
      ]),
    );
    const presence = (await b.emitWithAck('presence', { channel })) as Ack;
    expect(presence.members?.map((m) => m.username).sort()).toEqual(['hub-central', 'hub-unit']);

    await b.emitWithAck('unsubscribe', { channel });
    const after = (await a.emitWithAck('presence', { channel })) as Ack;
    expect(after.members?.map((m) => m.username)).toEqual(['hub-central']);

    // no presence of a channel the user may not join
    expect(await b.emitWithAck('presence', { channel: `base.${otherBase.uid}` })).toEqual({ members: [] });
  });

  it('delivers invalidate to subscribers of the channels only', async () => {
    const onUnit = await open(unit);
    const onOther = await open(central);
    const idle = await open(unit); // connected, not subscribed
    await subscribe(onUnit, `base.${unitBase.uid}`);
    await subscribe(onOther, `base.${otherBase.uid}`);
    const [gotUnit, gotOther, gotIdle] = [collect(onUnit), collect(onOther), collect(idle)];
    hub.invalidate([`base.${unitBase.uid}`], { revision: 7, tables: ['events'] });
    expect(await gotUnit).toEqual([{ revision: 7, tables: ['events'] }]);
    expect(await gotOther).toEqual([]);
    expect(await gotIdle).toEqual([]);
  });

  it('delivers one invalidate to a socket in several of the channels', async () => {
    const socket = await open(central);
    await subscribe(socket, `base.${centralUid}`);
    await subscribe(socket, 'group.HUBGRP');
    const got = collect(socket);
    hub.invalidate([`base.${centralUid}`, 'group.HUBGRP'], { revision: 8, tables: ['messages'] });
    expect(await got).toEqual([{ revision: 8, tables: ['messages'] }]);
  });

  it('names the channels of bases: theirs, the central base and every group', async () => {
    const channels = await hub.channelsForBases([unitBase.id]);
    expect(channels).toEqual(expect.arrayContaining([`base.${unitBase.uid}`, `base.${centralUid}`, 'group.HUBGRP']));
    expect(channels).not.toContain(`base.${otherBase.uid}`);
    const allGroups = await t.db.select({ name: groups.name }).from(groups);
    for (const g of allGroups) expect(channels).toContain(`group.${g.name}`);
  });

  it('refuses subscriptions once the session ended', async () => {
    const s = await login(t.app, 'hub-unit');
    const socket = await open(s);
    await t.app.inject({ method: 'POST', url: '/v2/auth/logout', headers: s.headers });
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    expect(await subscribe(socket, `base.${unitBase.uid}`)).toEqual({ ok: false });
    await disconnected;
  });
});
