/**
 * The stage of the delta push tests (deltaPush.test.ts, deltaPushOrder.test.ts): a test app over the demo data with
 * the real hub listening, the dispatcher, the manager and the Brno unit logged in, an event of the central base the
 * dispatcher may edit and the unit does not see, and the helpers that open panels' sockets, record what they get,
 * pull, write and commit. Call `useDeltaPush()` inside a describe: it registers its beforeAll and afterAll.
 */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { pushFit, type AppBundle, type PushedDelta } from '@panel/domain/sync';
import { sessionStoreFor, type SessionCredentials } from '../modules/auth/sessions.js';
import { runCommand } from '../sync/commands.js';
import { createTestApp, login, type TestApp, type TestSession } from '../test/factory.js';
import { asTaken } from '../test/pushed.js';
import { createDeltaPusher, type DeltaPusherOptions } from './deltaPush.js';
import { createHub, type Hub } from './hub.js';

export interface DeltaPushStage {
  t: TestApp;
  hub: Hub;
  url: string;
  dispecer: TestSession;
  mng: TestSession;
  brno: TestSession;
  eventId: number;
}

export function useDeltaPush() {
  /** filled by beforeAll */
  const f = {} as DeltaPushStage;
  const sockets: Socket[] = [];

  /** a panel's socket to the hub at `path` (the main hub's unless a test started its own) */
  const open = (session: TestSession, pushDeltas: boolean, path = '/socket.io') =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(f.url, {
        path,
        auth: { token: session.token, instance: session.instance, appCode: 'panel', pushDeltas },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  /** every `delta` and `invalidate` a socket gets: deltas as its panel takes them (test/pushed.ts), or as sent */
  const recordAs = (socket: Socket, taken: (p: PushedDelta) => PushedDelta) => {
    const got = { deltas: [] as PushedDelta[], invalidations: [] as unknown[] };
    socket.on('delta', (p: PushedDelta) => got.deltas.push(taken(p)));
    socket.on('invalidate', (p: unknown) => got.invalidations.push(p));
    return got;
  };
  const record = (socket: Socket) => recordAs(socket, asTaken);
  const recordAsSent = (socket: Socket) => recordAs(socket, (p) => p);

  const pull = async (session: TestSession, uid: string | null) => {
    const res = await f.t.app.inject({ method: 'POST', url: '/v2/app', headers: session.headers, payload: { uid } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AppBundle;
  };

  /** a write through the app, then what the app's hub recorded handed to the real hub (as server.ts binds it) */
  const write = async (session: TestSession, method: 'PUT' | 'POST', path: string, payload: object) => {
    const before = f.t.hub.invalidations.length;
    const res = await f.t.app.inject({ method, url: path, headers: session.headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    for (const inv of f.t.hub.invalidations.slice(before)) {
      // the test app's null hub names channels base.{id}: the real hub's channels of those bases
      const baseIds = inv.channels.map((c) => Number(c.slice('base.'.length)));
      f.hub.invalidate(await f.hub.channelsForBases(baseIds), inv);
    }
    await f.hub.deltas.idle();
    await new Promise((r) => setTimeout(r, 100)); // the packets' way through the sockets
  };

  /** the dispatcher's write of the event's description, committed; its invalidations, handed to no pusher */
  const commitOnly = async (description: string) => {
    const before = f.t.hub.invalidations.length;
    const res = await f.t.app.inject({
      method: 'PUT',
      url: `/v2/events/${f.eventId}`,
      headers: f.dispecer.headers,
      payload: { description },
    });
    expect(res.statusCode).toBe(200);
    return f.t.hub.invalidations.slice(before);
  };

  /** a revision of moves alone (as a tracker batch) that moved `vehicle`, committed; its invalidation */
  const commitMoves = async (vehicle: number) => {
    await runCommand(
      { db: f.t.db, hub: f.t.hub },
      { userId: null, deviceId: null },
      { type: 'position.report' },
      (_, rec) => {
        rec.moved('resources', vehicle);
        return Promise.resolve();
      },
    );
    return f.t.hub.invalidations.at(-1)!;
  };

  /** a pusher of its own on the hub's sockets (the hub's own is driven by `write`) */
  const ownPusher = (hooks: Partial<Pick<DeltaPusherOptions, 'onEmit' | 'onPushed' | 'verifySession'>>) =>
    createDeltaPusher({
      io: f.hub.io,
      db: f.t.db,
      verifySession: (c) => sessionStoreFor(f.t.db).verify(c),
      credentialsOf: (socket) => (socket.data as { credentials: SessionCredentials }).credentials,
      ...hooks,
    });

  /** the revision a uid holds */
  const revisionOf = (uid: string) => Number(uid.slice(uid.lastIndexOf('.') + 1));

  /** a panel at `uid` applies each of these deltas in turn (domain pushFit) */
  const expectAppliedInTurn = (deltas: PushedDelta[], uid: string) => {
    for (const d of deltas) {
      expect(pushFit(uid, d.from, d.uid)).toBe('apply');
      uid = d.uid;
    }
  };

  beforeAll(async () => {
    f.t = await createTestApp();
    f.hub = await createHub(f.t.app.server, {
      db: f.t.db,
      verifySession: (c) => sessionStoreFor(f.t.db).verify(c),
      sessions: sessionStoreFor(f.t.db),
    });
    await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    f.url = `http://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}`;
    f.dispecer = await login(f.t.app, 'dispecer');
    f.mng = await login(f.t.app, 'mng');
    f.brno = await login(f.t.app, 'brno');
    // an event of the central base the dispatcher may edit, which the Brno unit does not see
    const brnoEvents = new Set((await pull(f.brno, null)).events.map((e) => e.id));
    for (const e of (await pull(f.dispecer, null)).events) {
      if (brnoEvents.has(e.id!)) continue;
      const res = await f.t.app.inject({
        method: 'PUT',
        url: `/v2/events/${e.id}`,
        headers: f.dispecer.headers,
        payload: { description: 'delta push' },
      });
      if (res.statusCode === 200) {
        f.eventId = e.id!;
        break;
      }
    }
    expect(f.eventId).toBeDefined();
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await f.hub?.close();
    await f.t?.close();
  });

  return {
    f,
    open,
    record,
    recordAsSent,
    pull,
    write,
    commitOnly,
    commitMoves,
    ownPusher,
    revisionOf,
    expectAppliedInTurn,
  };
}
