/**
 * Deltas in the push (deltaPush.ts) with the real hub over the demo data: a panel taking deltas gets, for each
 * commit, exactly the POST /v2/app answer of its uid (its own unread counts included), a panel of another unit
 * gets nothing of an event it may not see, a legacy panel still gets `invalidate`, a delta over the plain limit
 * comes gzip-compressed and inflates to that same answer, and a delta over the (compressed) size limit is pushed
 * as data null (the panel pulls). Which span goes first is deltaPushOrder.test.ts.
 */
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { sessionStoreFor } from '../modules/auth/sessions.js';
import { DELTA_ROOM, PUSH_EMIT_SLICE } from './deltaPush.js';
import { countTurns } from '../test/loopTurns.js';
import { PUSH_SPAN_PHASES, type PushSpanPhase } from '../context.js';
import { createHub, type HubOptions } from './hub.js';
import { asTaken } from '../test/pushed.js';
import { useDeltaPush } from './deltaPush.fixtures.js';

describe('deltas in the push', () => {
  const { f, open, record, recordAsSent, pull, write, commitOnly, ownPusher } = useDeltaPush();

  it('pushes each panel the pull answer of its uid; another unit gets nothing of the event', async () => {
    const [central, manager, unit, legacy] = await Promise.all([
      open(f.dispecer, true),
      open(f.mng, true),
      open(f.brno, true),
      open(f.dispecer, false),
    ]);
    // the web subscribes its channels too: a panel taking deltas must not get invalidations through them
    for (const s of [central, legacy]) await s.emitWithAck('subscribe', { channel: 'group.COIS' });
    const got = { central: record(central), manager: record(manager), unit: record(unit), legacy: record(legacy) };
    const from = (await pull(f.dispecer, null)).uid;

    await write(f.dispecer, 'PUT', `/v2/events/${f.eventId}`, { description: 'Tajný popis pro centrálu' });
    const [d] = got.central.deltas;
    expect(got.central.deltas).toHaveLength(1);
    expect(d.from).toBe(from);
    expect(d.data).not.toBeNull();
    expect(d.data!.events.find((e) => e.id === f.eventId)?.description).toBe('Tajný popis pro centrálu');
    // exactly what the pull from that uid answers now
    expect(d.data).toEqual(await pull(f.dispecer, from));
    expect(got.manager.deltas[0].data).toEqual(await pull(f.mng, from));
    // the unit that does not see the event: an (empty) delta that advances it, nothing of the event
    const [u] = got.unit.deltas;
    expect(u.uid).toBe(d.uid);
    expect(u.data).toEqual(await pull(f.brno, from));
    expect(u.data!.events).toEqual([]);
    expect(JSON.stringify(u)).not.toContain('Tajný popis');
    // invalidations only to the legacy socket
    expect(got.central.invalidations).toEqual([]);
    expect(got.legacy.invalidations).toHaveLength(1);
    expect(got.legacy.deltas).toEqual([]);
    // the hub timed the span for /metrics (panel_push_span_seconds)
    expect(f.hub.stats?.().spans?.at(-1)).toMatchObject({ kind: 'write', seconds: expect.any(Number) });
  });

  it("carries each user's own unread counts and read flags with a new message", async () => {
    const [central, manager, unit] = await Promise.all([open(f.dispecer, true), open(f.mng, true), open(f.brno, true)]);
    const got = { central: record(central), manager: record(manager), unit: record(unit) };
    const from = (await pull(f.dispecer, null)).uid;
    await write(f.dispecer, 'POST', '/v2/messages', {
      uuid: crypto.randomUUID(),
      eventId: f.eventId,
      messageCategoryId: 1,
      content: 'Zpráva jen pro centrálu',
    });
    const own = got.central.deltas[0].data!;
    const other = got.manager.deltas[0].data!;
    expect(own).toEqual(await pull(f.dispecer, from));
    expect(other).toEqual(await pull(f.mng, from));
    // the author has read it, the manager has not: the same message, two users' flags
    expect(own.messages.find((m) => m.content === 'Zpráva jen pro centrálu')?.read).toBe(1);
    expect(other.messages.find((m) => m.content === 'Zpráva jen pro centrálu')?.read).toBe(0);
    expect(JSON.stringify(got.unit.deltas)).not.toContain('Zpráva jen pro centrálu');
  });

  it('reaches every socket of a group larger than one emit slice', async () => {
    const many = await Promise.all(Array.from({ length: PUSH_EMIT_SLICE + 5 }, () => open(f.mng, true)));
    const got = many.map(record);
    const from = (await pull(f.mng, null)).uid;
    await write(f.dispecer, 'PUT', `/v2/events/${f.eventId}`, { description: 'Pro všechny panely' });
    const expected = await pull(f.mng, from);
    for (const g of got) {
      expect(g.deltas).toHaveLength(1);
      expect(g.deltas[0].data).toEqual(expected);
    }
  });

  it('writes one slice of sockets a turn whatever their answers, none in the turn that learnt the revision', async () => {
    // three users, three answers, each more sockets than a slice
    const panels = await Promise.all(
      [f.dispecer, f.mng, f.brno].flatMap((s) => Array.from({ length: PUSH_EMIT_SLICE + 1 }, () => open(s, true))),
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
    const room = f.hub.io.of('/').adapter.rooms.get(DELTA_ROOM)?.size;
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

  /** a second hub on its own path with other limits; the write's revision is handed to it alone */
  const withHub = async (
    limits: Pick<HubOptions, 'pushDeltaMaxBytes' | 'pushDeltaPlainMaxBytes'>,
    path: string,
    run: (pushWrite: (description: string) => Promise<void>, socket: Socket) => Promise<void>,
  ) => {
    const other = await createHub(f.t.app.server, {
      db: f.t.db,
      verifySession: (c) => sessionStoreFor(f.t.db).verify(c),
      ...limits,
      path,
    });
    try {
      const socket = await open(f.dispecer, true, path);
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
      expect(got.deltas[0].uid).toBe((await pull(f.dispecer, null)).uid);
    });
  });

  it('pushes a delta over the plain limit gzip-compressed: it inflates to the pull answer', async () => {
    await withHub({ pushDeltaPlainMaxBytes: 10 }, '/socket-gz', async (pushWrite, socket) => {
      const got = recordAsSent(socket);
      const frames: unknown[] = [];
      socket.io.engine.on('data', (frame: unknown) => frames.push(frame));
      const from = (await pull(f.dispecer, null)).uid;
      await pushWrite('Komprimovaný popis');
      expect(got.deltas).toHaveLength(1);
      const [d] = got.deltas;
      expect(d.data).toBeNull();
      // base64 in the packet's one text frame: no binary attachment, which would be a second frame (and a
      // second socket write per panel)
      expect(typeof d.gz).toBe('string');
      expect(frames.filter((frame) => typeof frame !== 'string')).toEqual([]);
      expect(d.from).toBe(from);
      const inflated = asTaken(d).data!;
      expect(inflated.events.find((e) => e.id === f.eventId)?.description).toBe('Komprimovaný popis');
      // the pull answers the same, but for the positions it takes from the start of its bucket (span.ts)
      const { positions: _bucketPositions, ...pulled } = await pull(f.dispecer, from);
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
      expect(got.deltas[0].uid).toBe((await pull(f.dispecer, null)).uid);
    });
  });
});
