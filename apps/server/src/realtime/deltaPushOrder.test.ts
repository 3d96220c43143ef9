/**
 * Which push goes first (deltaPush.ts): a span of positions gives way to a write, a write's span to a newer write
 * once, and a write learnt while positions still check their sessions does not wait for them; sessions the cache
 * vouches for are checked without a promise each; from a write learnt until its span reached every socket no
 * batch of positions begins (db/precedence.ts). The stage is deltaPush.fixtures.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { sessionStoreFor, type SessionCredentials } from '../modules/auth/sessions.js';
import { createDeltaPusher, PUSH_EMIT_SLICE } from './deltaPush.js';
import { backgroundMayStart } from '../db/precedence.js';
import { useDeltaPush } from './deltaPush.fixtures.js';
import { dataFloor } from '../modules/sync/delta/span.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('which push goes first', () => {
  const { f, open, record, pull, commitOnly, commitMoves, ownPusher, revisionOf, expectAppliedInTurn } = useDeltaPush();

  it('a push of positions gives way to a write: the sockets it did not reach get both in one delta', async () => {
    const many = await Promise.all(Array.from({ length: 3 * PUSH_EMIT_SLICE }, () => open(f.mng, true)));
    const start = (await pull(f.mng, null)).uid;
    const p = revisionOf(start);
    const vehicle = (await pull(f.mng, null)).resources[0].id!;
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
    const expected = await pull(f.mng, start);
    expect(expected.events.find((e) => e.id === f.eventId)?.description).toBe('Zápis před polohami');
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
    const many = await Promise.all(Array.from({ length: 3 * PUSH_EMIT_SLICE }, () => open(f.mng, true)));
    const start = (await pull(f.mng, null)).uid;
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
    const both = await pull(f.mng, start);
    expect(both.events.find((e) => e.id === f.eventId)?.description).toBe('Třetí zápis');
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
    const many = await Promise.all(Array.from({ length: 2 * PUSH_EMIT_SLICE }, () => open(f.mng, true)));
    const start = (await pull(f.mng, null)).uid;
    const vehicle = (await pull(f.mng, null)).resources[0].id!;
    // the positions' span checks its sessions until the test lets it: as a slow check under load
    let hold = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const store = sessionStoreFor(f.t.db);
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
    const expected = await pull(f.mng, start);
    for (const g of got) {
      // one delta each: the write's from where the positions started, positions included; the span left
      // behind sent nothing
      expect(g.deltas).toHaveLength(1);
      expect(g.deltas[0].from).toBe(start);
      expect(g.deltas[0].data).toEqual(expected);
    }
  });

  it('checks the sessions its cache vouches for without a promise each; only the others are verified', async () => {
    const panels = await Promise.all([open(f.dispecer, true), open(f.brno, true)]);
    const { revision } = (await commitOnly('Z paměti')).at(-1)!;
    const store = sessionStoreFor(f.t.db);
    // every session with sockets (earlier tests' too) cached now
    for (const s of [f.dispecer, f.mng, f.brno]) {
      await store.verify({ token: s.token, instance: s.instance, appCode: 'panel' });
    }
    const verified: string[] = [];
    const pusher = createDeltaPusher({
      io: f.hub.io,
      db: f.t.db,
      verifySession: (c) => {
        verified.push(c.token);
        return store.verify(c);
      },
      // the unit's session as one the cache cannot vouch for (not cached, or Redis away)
      cachedSession: (c) => (c.token === f.brno.token ? undefined : store.cached(c)),
      credentialsOf: (socket) => (socket.data as { credentials: SessionCredentials }).credentials,
    });
    const got = panels.map(record);
    pusher.onRevision(revision);
    await pusher.idle();
    await new Promise((r) => setTimeout(r, 100));
    expect(verified).toEqual([f.brno.token]); // once for the session, whatever its sockets
    expect(got.map((g) => g.deltas.at(-1)?.revision)).toEqual([revision, revision]);
    for (const s of panels) s.disconnect();
  });

  it('holds background writes back from a write learnt until its span reached every socket', async () => {
    const many = await Promise.all(Array.from({ length: 2 * PUSH_EMIT_SLICE }, () => open(f.mng, true)));
    const vehicle = (await pull(f.mng, null)).resources[0].id!;
    let lastSlice = 0;
    const pusher = ownPusher({ onEmit: () => (lastSlice = performance.now()) });
    // positions alone hold nothing back
    const moved = await commitMoves(vehicle);
    pusher.onRevision(moved.revision, true);
    let started = false;
    await backgroundMayStart(f.t.db, 60_000).then(() => (started = true));
    expect(started).toBe(true);
    await pusher.idle();

    const written = (await commitOnly('Napřed zápis')).at(-1)!;
    pusher.onRevision(written.revision);
    const mayStart = backgroundMayStart(f.t.db, 60_000).then(() => performance.now());
    await pusher.idle();
    // a batch of positions waiting to begin began after the write's last slice, not meanwhile
    expect(await mayStart).toBeGreaterThanOrEqual(lastSlice);
    // and once it was pushed, nothing holds them back any more
    expect(
      await Promise.race([backgroundMayStart(f.t.db, 60_000).then(() => 'free'), sleep(1000).then(() => 'held')]),
    ).toBe('free');
    for (const s of many) s.disconnect();
  });

  it('knows the kinds of the revisions it was told exactly: a write pushed reads no change log for them', async () => {
    const socket = await open(f.mng, true);
    const start = (await pull(f.mng, null)).uid;
    const epoch = start.slice(0, start.lastIndexOf('.'));
    const vehicle = (await pull(f.mng, null)).resources[0].id!;
    // the kinds below are known (read once, as the pull above read them)
    await dataFloor(f.t.db, epoch, revisionOf(start), 0);
    const pusher = ownPusher({});
    /** the reads of revision kinds (span.ts classify) while the pusher pushes what it was told */
    const kindReadsOf = async (told: () => void, by: { idle(): Promise<void> } = pusher) => {
      const reads = vi.spyOn(f.t.db, 'select');
      told();
      await by.idle();
      const kindReads = reads.mock.calls.filter(([fields]) => fields !== undefined && 'light' in fields).length;
      reads.mockRestore();
      return kindReads;
    };
    const moved = await commitMoves(vehicle);
    const written = (await commitOnly('Druhy revizí')).at(-1)!;
    const told = await kindReadsOf(() => {
      pusher.onRevision(moved.revision, true, true);
      pusher.onRevision(written.revision, false, false);
    });
    expect(told).toBe(0);
    expect(await dataFloor(f.t.db, epoch, moved.revision, 0)).toBe(revisionOf(start));
    // a merged notice (positions/coalesce.ts) says nothing sure of its revision: the hub's push reads the kind
    const merged = await commitMoves(vehicle);
    const notice = { revision: merged.revision, tables: ['resources'], moves: false, merged: true };
    expect(await kindReadsOf(() => f.hub.invalidate([], notice), f.hub.deltas)).toBe(1);
    // and it is light, as read (taken for a data revision, it would be its own floor)
    expect(await dataFloor(f.t.db, epoch, merged.revision, 0)).toBe(written.revision);
    socket.disconnect();
  });
});
