/**
 * Deltas in the push (deltaPush.ts) with the real hub over the demo data: a panel taking deltas gets, for each
 * commit, exactly the POST /v2/app answer of its uid (its own unread counts included), a panel of another unit
 * gets nothing of an event it may not see, a legacy panel still gets `invalidate`, a delta over the plain limit
 * comes gzip-compressed and inflates to that same answer, and a delta over the (compressed) size limit is pushed
 * as data null (the panel pulls).
 */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushFit, type AppBundle, type PushedDelta } from '@panel/domain/sync';
import { sessionStoreFor, type SessionCredentials } from '../modules/auth/sessions.js';
import { runCommand } from '../sync/commands.js';
import { createTestApp, login, type TestApp, type TestSession } from '../test/factory.js';
import { createDeltaPusher, DELTA_ROOM, PUSH_EMIT_SLICE, type DeltaPusherOptions } from './deltaPush.js';
import { countTurns } from '../test/loopTurns.js';
import { asTaken } from '../test/pushed.js';
import { PUSH_SPAN_PHASES, type PushSpanPhase } from '../context.js';
import { createHub, type Hub, type HubOptions } from './hub.js';
import { backgroundMayStart } from '../db/precedence.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('deltas in the push', () => {
  let t: TestApp;
  let hub: Hub;
  let url: string;
  let dispecer: TestSession;
  let mng: TestSession;
  let brno: TestSession;
  let eventId: number;
  const sockets: Socket[] = [];

  /** a panel's socket to the hub at `path` (the main hub's unless a test started its own) */
  const open = (session: TestSession, pushDeltas: boolean, path = '/socket.io') =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, {
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
    const res = await t.app.inject({ method: 'POST', url: '/v2/app', headers: session.headers, payload: { uid } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AppBundle;
  };

  /** a write through the app, then what the app's hub recorded handed to the real hub (as server.ts binds it) */
  const write = async (session: TestSession, method: 'PUT' | 'POST', path: string, payload: object) => {
    const before = t.hub.invalidations.length;
    const res = await t.app.inject({ method, url: path, headers: session.headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    for (const inv of t.hub.invalidations.slice(before)) {
      // the test app's null hub names channels base.{id}: the real hub's channels of those bases
      const baseIds = inv.channels.map((c) => Number(c.slice('base.'.length)));
      hub.invalidate(await hub.channelsForBases(baseIds), inv);
    }
    await hub.deltas.idle();
    await new Promise((r) => setTimeout(r, 100)); // the packets' way through the sockets
  };

  /** the dispatcher's write of the event's description, committed; its invalidations, handed to no pusher */
  const commitOnly = async (description: string) => {
    const before = t.hub.invalidations.length;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v2/events/${eventId}`,
      headers: dispecer.headers,
      payload: { description },
    });
    expect(res.statusCode).toBe(200);
    return t.hub.invalidations.slice(before);
  };

  /** a revision of moves alone (as a tracker batch) that moved `vehicle`, committed; its invalidation */
  const commitMoves = async (vehicle: number) => {
    await runCommand(
      { db: t.db, hub: t.hub },
      { userId: null, deviceId: null },
      { type: 'position.report' },
      (_, rec) => {
        rec.moved('resources', vehicle);
        return Promise.resolve();
      },
    );
    return t.hub.invalidations.at(-1)!;
  };

  /** a pusher of its own on the hub's sockets (the hub's own is driven by `write`) */
  const ownPusher = (hooks: Partial<Pick<DeltaPusherOptions, 'onEmit' | 'onPushed' | 'verifySession'>>) =>
    createDeltaPusher({
      io: hub.io,
      db: t.db,
      verifySession: (c) => sessionStoreFor(t.db).verify(c),
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
    t = await createTestApp();
    hub = await createHub(t.app.server, {
      db: t.db,
      verifySession: (c) => sessionStoreFor(t.db).verify(c),
      sessions: sessionStoreFor(t.db),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dispecer = await login(t.app, 'dispecer');
    mng = await login(t.app, 'mng');
    brno = await login(t.app, 'brno');
    // an event of the central base the dispatcher may edit, which the Brno unit does not see
    const brnoEvents = new Set((await pull(brno, null)).events.map((e) => e.id));
    for (const e of (await pull(dispecer, null)).events) {
      if (brnoEvents.has(e.id!)) continue;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/v2/events/${e.id}`,
        headers: dispecer.headers,
        payload: { description: 'delta push' },
      });
      if (res.statusCode === 200) {
        eventId = e.id!;
        break;
      }
    }
    expect(eventId).toBeDefined();
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await hub?.close();
    await t?.close();
  });

  it('pushes each panel the pull answer of its uid; another unit gets nothing of the event', async () => {
    const [central, manager, unit, legacy] = await Promise.all([
      open(dispecer, true),
      open(mng, true),
      open(brno, true),
      open(dispecer, false),
    ]);
    // the web subscribes its channels too: a panel taking deltas must not get invalidations through them
    for (const s of [central, legacy]) await s.emitWithAck('subscribe', { channel: 'group.COIS' });
    const got = { central: record(central), manager: record(manager), unit: record(unit), legacy: record(legacy) };
    const from = (await pull(dispecer, null)).uid;

    await write(dispecer, 'PUT', `/v2/events/${eventId}`, { description: 'Tajný popis pro centrálu' });
    const [d] = got.central.deltas;
    expect(got.central.deltas).toHaveLength(1);
    expect(d.from).toBe(from);
    expect(d.data).not.toBeNull();
    expect(d.data!.events.find((e) => e.id === eventId)?.description).toBe('Tajný popis pro centrálu');
    // exactly what the pull from that uid answers now
    expect(d.data).toEqual(await pull(dispecer, from));
    expect(got.manager.deltas[0].data).toEqual(await pull(mng, from));
    // the unit that does not see the event: an (empty) delta that advances it, nothing of the event
    const [u] = got.unit.deltas;
    expect(u.uid).toBe(d.uid);
    expect(u.data).toEqual(await pull(brno, from));
    expect(u.data!.events).toEqual([]);
    expect(JSON.stringify(u)).not.toContain('Tajný popis');
    // invalidations only to the legacy socket
    expect(got.central.invalidations).toEqual([]);
    expect(got.legacy.invalidations).toHaveLength(1);
    expect(got.legacy.deltas).toEqual([]);
    // the hub timed the span for /metrics (panel_push_span_seconds)
    expect(hub.stats?.().spans?.at(-1)).toMatchObject({ kind: 'write', seconds: expect.any(Number) });
  });

  it("carries each user's own unread counts and read flags with a new message", async () => {
    const [central, manager, unit] = await Promise.all([open(dispecer, true), open(mng, true), open(brno, true)]);
    const got = { central: record(central), manager: record(manager), unit: record(unit) };
    const from = (await pull(dispecer, null)).uid;
    await write(dispecer, 'POST', '/v2/messages', {
      uuid: crypto.randomUUID(),
      eventId,
      messageCategoryId: 1,
      content: 'Zpráva jen pro centrálu',
    });
    const own = got.central.deltas[0].data!;
    const other = got.manager.deltas[0].data!;
    expect(own).toEqual(await pull(dispecer, from));
    expect(other).toEqual(await pull(mng, from));
    // the author has read it, the manager has not: the same message, two users' flags
    expect(own.messages.find((m) => m.content === 'Zpráva jen pro centrálu')?.read).toBe(1);
    expect(other.messages.find((m) => m.content === 'Zpráva jen pro centrálu')?.read).toBe(0);
    expect(JSON.stringify(got.unit.deltas)).not.toContain('Zpráva jen pro centrálu');
  });

  it('reaches every socket of a group larger than one emit slice', async () => {
    const many = await Promise.all(Array.from({ length: PUSH_EMIT_SLICE + 5 }, () => open(mng, true)));
    const got = many.map(record);
    const from = (await pull(mng, null)).uid;
    await write(dispecer, 'PUT', `/v2/events/${eventId}`, { description: 'Pro všechny panely' });
    const expected = await pull(mng, from);
    for (const g of got) {
      expect(g.deltas).toHaveLength(1);
      expect(g.deltas[0].data).toEqual(expected);
    }
  });

  it('writes one slice of sockets a turn whatever their answers, none in the turn that learnt the revision', async () => {
    // three users, three answers, each more sockets than a slice
    const panels = await Promise.all(
      [dispecer, mng, brno].flatMap((s) => Array.from({ length: PUSH_EMIT_SLICE + 1 }, () => open(s, true))),
    );
    const { revision } = (await commitOnly('Po řezech')).at(-1)!;

    const loop = countTurns();
    const perTurn = new Map<number, number>();
    const timed: [string, number, Record<PushSpanPhase, number>][] = [];
    const pusher = ownPusher({
      onEmit: (n) => perTurn.set(loop.turns, (perTurn.get(loop.turns) ?? 0) + n),
      onPushed: (kind, seconds, phases) => timed.push([kind, seconds, phases]),
    });
    const got = panels.map(record);
    const learnt = loop.turns;
    pusher.onRevision(revision);
    await pusher.idle();
    loop.stop();
    await new Promise((r) => setTimeout(r, 100));

    // every socket taking deltas (earlier tests' too) got it once
    const room = hub.io.of('/').adapter.rooms.get(DELTA_ROOM)?.size;
    expect([...perTurn.values()].reduce((a, n) => a + n, 0)).toBe(room);
    // sent side by side, each answer's first slice went in one turn: 3 slices at once
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(PUSH_EMIT_SLICE);
    expect(Math.min(...perTurn.keys())).toBeGreaterThan(learnt);
    expect(got.every((g) => g.deltas.at(-1)?.revision === revision)).toBe(true);
    // one span, timed from learning the revision to the last slice: at least the turns it took
    expect(timed).toHaveLength(1);
    expect(timed[0][0]).toBe('write');
    expect(timed[0][1]).toBeGreaterThan(0);
    expect(timed[0][1]).toBeLessThan(10);
    // and where its time went: every step, adding up to the whole; the slices took turns of their own
    const phases = timed[0][2];
    expect(Object.keys(phases).sort()).toEqual([...PUSH_SPAN_PHASES].sort());
    expect(Object.values(phases).every((v) => v >= 0)).toBe(true);
    expect(Object.values(phases).reduce((a, v) => a + v, 0)).toBeCloseTo(timed[0][1], 6);
    expect(phases.queued).toBeGreaterThan(0); // the commit's own turn came first
    expect(phases.answers).toBeGreaterThan(0);
    expect(phases.writes).toBeGreaterThan(0);
    for (const s of panels) s.disconnect();
  });

  it('a push of positions gives way to a write: the sockets it did not reach get both in one delta', async () => {
    const many = await Promise.all(Array.from({ length: 3 * PUSH_EMIT_SLICE }, () => open(mng, true)));
    const start = (await pull(mng, null)).uid;
    const p = revisionOf(start);
    const vehicle = (await pull(mng, null)).resources[0].id!;
    // committed but not yet pushed: a revision of moves alone (as a tracker batch), then a write
    const moved = await commitMoves(vehicle);
    expect(moved).toMatchObject({ revision: p + 1, moves: true });
    const written = (await commitOnly('Zápis před polohami')).at(-1)!;
    expect(written.moves).toBeUndefined();

    // a pusher of its own on the hub's sockets; the write is learnt once the first slice of positions is out
    let slicesOfMoves = 0;
    let writeLearnt = false;
    const timed: string[] = [];
    const pusher = ownPusher({
      onEmit: () => {
        if (writeLearnt) return;
        slicesOfMoves += 1;
        writeLearnt = true;
        pusher.onRevision(written.revision);
      },
      onPushed: (kind) => timed.push(kind),
    });
    // the pusher starts at p (its first span is p's alone), then hears of the moves
    const primed = many.map(record);
    writeLearnt = true;
    pusher.onRevision(p, true);
    await pusher.idle();
    await new Promise((r) => setTimeout(r, 100));
    expect(primed.every((g) => g.deltas.at(-1)?.uid === start)).toBe(true);
    const got = many.map(record);
    writeLearnt = false;
    pusher.onRevision(moved.revision, true);
    await pusher.idle();
    await new Promise((r) => setTimeout(r, 100));

    // one slice of positions went out, to at most a slice of sockets; the rest did not wait for them
    expect(slicesOfMoves).toBe(1);
    // timed: the first span (positions alone) and the write's, not the positions' span that gave way to it
    expect(timed).toEqual(['moves', 'write']);
    const reached = got.filter((g) => g.deltas.some((d) => revisionOf(d.uid) === moved.revision));
    expect(reached.length).toBeLessThanOrEqual(PUSH_EMIT_SLICE);
    // every socket ends at the write, from p, with the answer a pull from p gets: positions and the write
    const expected = await pull(mng, start);
    expect(expected.events.find((e) => e.id === eventId)?.description).toBe('Zápis před polohami');
    for (const g of got) {
      const last = g.deltas.at(-1)!;
      expect(revisionOf(last.uid)).toBe(written.revision);
      expect(last.from).toBe(start);
      expect(last.data).toEqual(expected);
      // a panel at p applies each delta it gets in turn, also the write's after the positions
      expectAppliedInTurn(g.deltas, start);
    }
  });

  it('a write gives way to a newer one once: the sockets it did not reach get both, a third write waits', async () => {
    const many = await Promise.all(Array.from({ length: 3 * PUSH_EMIT_SLICE }, () => open(mng, true)));
    const start = (await pull(mng, null)).uid;
    const p = revisionOf(start);
    // committed, not yet pushed: three writes (as a vehicle's ETA, then a dispatcher's edits)
    const first = (await commitOnly('První zápis')).at(-1)!;
    const second = (await commitOnly('Druhý zápis')).at(-1)!;
    const third = (await commitOnly('Třetí zápis')).at(-1)!;
    expect([first.revision, second.revision, third.revision]).toEqual([p + 1, p + 2, p + 3]);

    // the second write is learnt once the first span's first slice is out, the third at the second span's
    let priming = true;
    const slicesAt: number[] = [];
    const timed: string[] = [];
    const pusher = ownPusher({
      onEmit: () => {
        if (priming) return;
        slicesAt.push(slicesAt.length);
        if (slicesAt.length === 1) pusher.onRevision(second.revision);
        else if (slicesAt.length === 2) pusher.onRevision(third.revision);
      },
      onPushed: (kind) => timed.push(kind),
    });
    pusher.onRevision(p, true);
    await pusher.idle();
    await new Promise((r) => setTimeout(r, 100)); // the priming deltas' way through the sockets
    priming = false;
    timed.length = 0;
    const got = many.map(record);
    pusher.onRevision(first.revision);
    await pusher.idle();
    await new Promise((r) => setTimeout(r, 100));

    // the first span sent one slice and was left; the second (from where the first started) was not left for
    // the third: it reached every socket, then the third's span did
    expect(timed).toEqual(['write', 'write']);
    const reachedByFirst = got.filter((g) => g.deltas.some((d) => revisionOf(d.uid) === first.revision));
    expect(reachedByFirst.length).toBeLessThanOrEqual(PUSH_EMIT_SLICE);
    const both = await pull(mng, start);
    expect(both.events.find((e) => e.id === eventId)?.description).toBe('Třetí zápis');
    for (const g of got) {
      const ofSecond = g.deltas.find((d) => revisionOf(d.uid) === second.revision)!;
      expect(ofSecond.from).toBe(start);
      expect(g.deltas.at(-1)!.uid).toBe(both.uid);
      expect(g.deltas.at(-1)!.from).toBe(ofSecond.uid);
      // a panel at p applies each delta it gets in turn
      expectAppliedInTurn(g.deltas, start);
    }
  });

  it('a write learnt while a push of positions still checks its sessions does not wait for it', async () => {
    const many = await Promise.all(Array.from({ length: 2 * PUSH_EMIT_SLICE }, () => open(mng, true)));
    const start = (await pull(mng, null)).uid;
    const vehicle = (await pull(mng, null)).resources[0].id!;
    // the positions' span checks its sessions until the test lets it: as a slow check under load
    let hold = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const store = sessionStoreFor(t.db);
    const pusher = ownPusher({
      verifySession: async (c) => {
        if (hold) await held;
        return store.verify(c);
      },
    });
    pusher.onRevision(revisionOf(start));
    await pusher.idle();

    const moved = await commitMoves(vehicle);
    const written = (await commitOnly('Zápis za polohami')).at(-1)!;
    const got = many.map(record);
    hold = true;
    pusher.onRevision(moved.revision, true);
    await new Promise((r) => setTimeout(r, 50)); // the span waits in its session check
    hold = false;
    pusher.onRevision(written.revision);
    // every socket holds the write while the positions' span still waits
    await expect
      .poll(() => got.every((g) => g.deltas.some((d) => revisionOf(d.uid) === written.revision)), { timeout: 5_000 })
      .toBe(true);
    release();
    await pusher.idle();
    await new Promise((r) => setTimeout(r, 100));
    const expected = await pull(mng, start);
    for (const g of got) {
      // one delta each: the write's from where the positions started, positions included; the span left
      // behind sent nothing
      expect(g.deltas).toHaveLength(1);
      expect(g.deltas[0].from).toBe(start);
      expect(g.deltas[0].data).toEqual(expected);
    }
  });

  it('checks the sessions its cache vouches for without a promise each; only the others are verified', async () => {
    const panels = await Promise.all([open(dispecer, true), open(brno, true)]);
    const { revision } = (await commitOnly('Z paměti')).at(-1)!;
    const store = sessionStoreFor(t.db);
    // every session with sockets (earlier tests' too) cached now
    for (const s of [dispecer, mng, brno]) {
      await store.verify({ token: s.token, instance: s.instance, appCode: 'panel' });
    }
    const verified: string[] = [];
    const pusher = createDeltaPusher({
      io: hub.io,
      db: t.db,
      verifySession: (c) => {
        verified.push(c.token);
        return store.verify(c);
      },
      // the unit's session as one the cache cannot vouch for (not cached, or Redis away)
      cachedSession: (c) => (c.token === brno.token ? undefined : store.cached(c)),
      credentialsOf: (socket) => (socket.data as { credentials: SessionCredentials }).credentials,
    });
    const got = panels.map(record);
    pusher.onRevision(revision);
    await pusher.idle();
    await new Promise((r) => setTimeout(r, 100));
    expect(verified).toEqual([brno.token]); // once for the session, whatever its sockets
    expect(got.map((g) => g.deltas.at(-1)?.revision)).toEqual([revision, revision]);
    for (const s of panels) s.disconnect();
  });

  it('holds background writes back from a write learnt until its span reached every socket', async () => {
    const many = await Promise.all(Array.from({ length: 2 * PUSH_EMIT_SLICE }, () => open(mng, true)));
    const vehicle = (await pull(mng, null)).resources[0].id!;
    let lastSlice = 0;
    const pusher = ownPusher({ onEmit: () => (lastSlice = performance.now()) });
    // positions alone hold nothing back
    const moved = await commitMoves(vehicle);
    pusher.onRevision(moved.revision, true);
    let started = false;
    await backgroundMayStart(t.db, 60_000).then(() => (started = true));
    expect(started).toBe(true);
    await pusher.idle();

    const written = (await commitOnly('Napřed zápis')).at(-1)!;
    pusher.onRevision(written.revision);
    const mayStart = backgroundMayStart(t.db, 60_000).then(() => performance.now());
    await pusher.idle();
    // a batch of positions waiting to begin began after the write's last slice, not meanwhile
    expect(await mayStart).toBeGreaterThanOrEqual(lastSlice);
    // and once it was pushed, nothing holds them back any more
    expect(
      await Promise.race([backgroundMayStart(t.db, 60_000).then(() => 'free'), sleep(1000).then(() => 'held')]),
    ).toBe('free');
    for (const s of many) s.disconnect();
  });

  /** a second hub on its own path with other limits; the write's revision is handed to it alone */
  const withHub = async (
    limits: Pick<HubOptions, 'pushDeltaMaxBytes' | 'pushDeltaPlainMaxBytes'>,
    path: string,
    run: (pushWrite: (description: string) => Promise<void>, socket: Socket) => Promise<void>,
  ) => {
    const other = await createHub(t.app.server, {
      db: t.db,
      verifySession: (c) => sessionStoreFor(t.db).verify(c),
      ...limits,
      path,
    });
    try {
      const socket = await open(dispecer, true, path);
      await run(async (description) => {
        for (const inv of await commitOnly(description)) other.invalidate(inv.channels, inv);
        await other.deltas.idle();
        await new Promise((r) => setTimeout(r, 100));
      }, socket);
    } finally {
      await other.close();
    }
  };

  it('pushes data null past the size limit: the panel pulls', async () => {
    await withHub({ pushDeltaMaxBytes: 10 }, '/socket-small', async (pushWrite, socket) => {
      const got = recordAsSent(socket);
      await pushWrite('Příliš velké');
      expect(got.deltas).toHaveLength(1);
      expect(got.deltas[0].data).toBeNull();
      expect(got.deltas[0].uid).toBe((await pull(dispecer, null)).uid);
    });
  });

  it('pushes a delta over the plain limit gzip-compressed: it inflates to the pull answer', async () => {
    await withHub({ pushDeltaPlainMaxBytes: 10 }, '/socket-gz', async (pushWrite, socket) => {
      const got = recordAsSent(socket);
      const frames: unknown[] = [];
      socket.io.engine.on('data', (frame: unknown) => frames.push(frame));
      const from = (await pull(dispecer, null)).uid;
      await pushWrite('Komprimovaný popis');
      expect(got.deltas).toHaveLength(1);
      const [d] = got.deltas;
      expect(d.data).toBeNull();
      // base64 in the packet's one text frame: no binary attachment, which would be a second frame (and a
      // second socket write per panel)
      expect(typeof d.gz).toBe('string');
      expect(frames.filter((f) => typeof f !== 'string')).toEqual([]);
      expect(d.from).toBe(from);
      const inflated = asTaken(d).data!;
      expect(inflated.events.find((e) => e.id === eventId)?.description).toBe('Komprimovaný popis');
      // the pull answers the same, but for the positions it takes from the start of its bucket (span.ts)
      const { positions: _bucketPositions, ...pulled } = await pull(dispecer, from);
      expect(inflated).toEqual(pulled);
      expect(inflated.uid).toBe(d.uid);
    });
  });

  it('pushes data null without gz past the compressed limit: the panel pulls', async () => {
    await withHub({ pushDeltaPlainMaxBytes: 10, pushDeltaMaxBytes: 64 }, '/socket-over', async (pushWrite, socket) => {
      const got = recordAsSent(socket);
      await pushWrite('Ani komprimovaný se nevejde');
      expect(got.deltas).toHaveLength(1);
      expect(got.deltas[0].data).toBeNull();
      expect(got.deltas[0].gz).toBeUndefined();
      expect(got.deltas[0].uid).toBe((await pull(dispecer, null)).uid);
    });
  });
});
