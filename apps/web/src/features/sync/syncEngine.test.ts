import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../stores/appStore';
import { useEntitiesStore, type BundleInput } from '../../stores/entitiesStore';
import { useSetupStore } from '../../stores/setupStore';
import { makeEvent } from '../../test/factories';
import { resetStores } from '../../test/utils';
import type { AppBundle } from '@panel/domain/sync';
import { createSyncEngine, isStale, type SyncEngine } from './syncEngine';

/** a delta answer with nothing in it (what the server pushes to a panel the write does not concern) */
function emptyDelta(uid: string): Partial<AppBundle> {
  return { resetData: false, uid, removed: {} };
}

/** a delta answer that brings event `id` */
function deltaWith(uid: string, id: number): AppBundle {
  return { ...(emptyDelta(uid) as AppBundle), events: [makeEvent(id)] };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('syncEngine', () => {
  let engine: SyncEngine;
  let calls: (string | null)[];
  let answers: ((uid: string | null, signal: AbortSignal) => Promise<BundleInput>)[];

  const fakeApi = {
    fetchApp: (uid: string | null, signal: AbortSignal) => {
      calls.push(uid);
      const next = answers.shift();
      return next ? next(uid, signal) : Promise.resolve({ resetData: false, uid: uid ?? 'e.1' });
    },
  };

  beforeEach(() => {
    vi.useFakeTimers();
    resetStores();
    calls = [];
    answers = [];
    engine = createSyncEngine(fakeApi);
  });
  afterEach(() => {
    engine.stop();
    vi.useRealTimers();
  });

  /** The panel started: the full bundle with event 1 loaded, at uid e.1. */
  const startAtE1 = async () => {
    answers.push(async () => ({ resetData: true, uid: 'e.1', events: [makeEvent(1)] }));
    engine.start();
    await vi.advanceTimersByTimeAsync(0);
  };

  it('loads the full bundle with uid null, then asks for deltas with the stored uid every period', async () => {
    answers.push(async () => ({ resetData: true, uid: 'e.1', events: [makeEvent(1)] }));
    answers.push(async () => ({ resetData: false, uid: 'e.2', events: [makeEvent(2)] }));
    engine.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([null]);
    expect(useAppStore.getState().loaded).toBe(true);
    expect(useAppStore.getState().lastUpdate).toBe(Date.now());

    await vi.advanceTimersByTimeAsync(8000);
    expect(calls).toEqual([null, 'e.1']);
    expect(Object.keys(useEntitiesStore.getState().events)).toEqual(['1', '2']);
    expect(useEntitiesStore.getState().uid).toBe('e.2');
  });

  it('refresh (push invalidate) asks at once; while pending it queues one more request', async () => {
    engine.start();
    await vi.advanceTimersByTimeAsync(0);
    const slow = deferred<BundleInput>();
    answers.push(() => slow.promise);
    engine.refresh();
    engine.refresh();
    engine.refresh();
    expect(calls).toHaveLength(2);
    slow.resolve({ uid: 'e.3' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([null, 'e.1', 'e.3']);
  });

  it('applies a pushed delta at its from uid without a pull, and pulls when the panel is elsewhere', async () => {
    await startAtE1();
    expect(calls).toEqual([null]);

    const pushed = deltaWith('e.2', 2);
    engine.applyPushed({ revision: 2, from: 'e.1', uid: 'e.2', data: pushed });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([null]); // no pull
    expect(useEntitiesStore.getState().uid).toBe('e.2');
    expect(Object.keys(useEntitiesStore.getState().events)).toEqual(['1', '2']);

    // a gap: the panel is not at `from` — the data are not applied, the panel pulls from its own uid
    engine.applyPushed({ revision: 4, from: 'e.3', uid: 'e.4', data: { ...pushed, events: [makeEvent(4)] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([null, 'e.2']);
    expect(useEntitiesStore.getState().events[4]).toBeUndefined();

    // no data (too big for the push): pull
    engine.applyPushed({ revision: 5, from: 'e.2', uid: 'e.5', data: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([null, 'e.2', 'e.2']);
  });

  it('applies a fitting push at once while a slow pull is pending, and drops the pull answer it went past', async () => {
    await startAtE1();
    // the periodic poll is slow (a loaded machine): it answers e.2 only after the push below came
    const slow = deferred<BundleInput>();
    answers.push(() => slow.promise);
    engine.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([null, 'e.1']);

    // an acceptance elsewhere (revision 3) arrives in the push: applied now, without waiting for the pull
    const accepted = { ...makeEvent(1), eventStateId: 1 };
    engine.applyPushed({
      revision: 3,
      from: 'e.1',
      uid: 'e.3',
      data: { ...(emptyDelta('e.3') as AppBundle), events: [accepted] },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(useEntitiesStore.getState().uid).toBe('e.3');
    expect(useEntitiesStore.getState().events[1].eventStateId).toBe(1);

    // the pull's answer (e.2, the event still waiting) is older than the store: not applied, no second pull
    slow.resolve({ ...(emptyDelta('e.2') as AppBundle), events: [{ ...makeEvent(1), eventStateId: 0 }] });
    await vi.advanceTimersByTimeAsync(0);
    expect(useEntitiesStore.getState().uid).toBe('e.3');
    expect(useEntitiesStore.getState().events[1].eventStateId).toBe(1);
    expect(calls).toEqual([null, 'e.1']);

    // a pull answer that goes further than the push is applied
    answers.push(() => Promise.resolve(deltaWith('e.4', 4)));
    engine.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(useEntitiesStore.getState().uid).toBe('e.4');
    expect(useEntitiesStore.getState().events[4]).toBeDefined();
  });

  it('applies a push after its own poll left it between two pushes, and ignores one it is already past', async () => {
    await startAtE1();
    // the periodic poll answered e.3: revisions (position batches) moved faster than the pushes go out
    answers.push(() => Promise.resolve(deltaWith('e.3', 3)));
    engine.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(useEntitiesStore.getState().uid).toBe('e.3');

    // the next push was built from the previous push's revision e.2: it holds all e.3 misses — applied, no pull
    engine.applyPushed({ revision: 5, from: 'e.2', uid: 'e.5', data: deltaWith('e.5', 5) });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([null, 'e.1']);
    expect(useEntitiesStore.getState().uid).toBe('e.5');
    expect(Object.keys(useEntitiesStore.getState().events)).toEqual(['1', '3', '5']);

    // a push the panel is already past (a pull overtook it): nothing, and no pull
    engine.applyPushed({ revision: 4, from: 'e.2', uid: 'e.4', data: deltaWith('e.4', 4) });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([null, 'e.1']);
    expect(useEntitiesStore.getState().uid).toBe('e.5');
    expect(useEntitiesStore.getState().events[4]).toBeUndefined();
  });

  it('inflates a compressed pushed delta and applies it; a later plain one waits behind it', async () => {
    await startAtE1();

    // what the server sends: the gzip bytes in base64
    const gz = gzipSync(JSON.stringify(deltaWith('e.2', 2))).toString('base64');
    engine.applyPushed({ revision: 2, from: 'e.1', uid: 'e.2', data: null, gz });
    // pushed right behind it, at the uid the compressed one leads to: applied after it, not before (a pull)
    engine.applyPushed({
      revision: 3,
      from: 'e.2',
      uid: 'e.3',
      data: deltaWith('e.3', 3),
    });
    await vi.waitFor(() => expect(useEntitiesStore.getState().uid).toBe('e.3'));
    expect(calls).toEqual([null]); // no pull
    expect(Object.keys(useEntitiesStore.getState().events)).toEqual(['1', '2', '3']);
  });

  it('pulls when a compressed delta does not inflate, and when one came without data (over the limit)', async () => {
    await startAtE1();

    const corrupt = Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5]).toString('base64');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answers.push(async () => ({ resetData: false, uid: 'e.3' }));
    engine.applyPushed({ revision: 2, from: 'e.1', uid: 'e.2', data: null, gz: corrupt });
    await vi.waitFor(() => expect(useEntitiesStore.getState().uid).toBe('e.3'));
    expect(calls).toEqual([null, 'e.1']);
    expect(useEntitiesStore.getState().events[2]).toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();

    // the server found it too big even compressed: data null and no gz
    engine.applyPushed({ revision: 4, from: 'e.3', uid: 'e.4', data: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([null, 'e.1', 'e.3']);
  });

  it('pulls instead where the browser has no DecompressionStream', async () => {
    await startAtE1();
    vi.stubGlobal('DecompressionStream', undefined);
    try {
      const gz = gzipSync(JSON.stringify(deltaWith('e.2', 2))).toString('base64');
      engine.applyPushed({ revision: 2, from: 'e.1', uid: 'e.2', data: null, gz });
      await vi.waitFor(() => expect(calls).toEqual([null, 'e.1']));
      expect(useEntitiesStore.getState().events[2]).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ticks skip while a request is pending and force a reset after more than 4 ticks', async () => {
    engine.start();
    await vi.advanceTimersByTimeAsync(0);
    let aborted = false;
    answers.push(
      (_uid, signal) =>
        new Promise<BundleInput>(() => {
          signal.addEventListener('abort', () => (aborted = true));
        }),
    );
    await vi.advanceTimersByTimeAsync(8000); // request 2 starts and hangs
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(4 * 8000); // 4 ticks: still waiting
    expect(calls).toHaveLength(2);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(8000); // 5th tick: more than 4 → reset
    expect(aborted).toBe(true);
    expect(calls).toHaveLength(3);
  });

  it('does not tick with auto refresh off and follows a period change', async () => {
    useSetupStore.getState().setAutoRefresh(false);
    engine.start();
    await vi.advanceTimersByTimeAsync(30000);
    expect(calls).toHaveLength(1);
    useSetupStore.getState().setAutoRefresh(true);
    useSetupStore.getState().setAutoRefreshPeriod(1000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toHaveLength(4);
  });

  it('stop aborts and ignores a late answer', async () => {
    const slow = deferred<BundleInput>();
    answers.push(() => slow.promise);
    engine.start();
    engine.stop();
    slow.resolve({ resetData: true, uid: 'e.9', events: [makeEvent(1)] });
    await vi.advanceTimersByTimeAsync(0);
    expect(useAppStore.getState().loaded).toBe(false);
    expect(useEntitiesStore.getState().events).toEqual({});
  });

  it('isStale: more than 5 periods since the last update', () => {
    expect(isStale(40000, 0, 8000)).toBe(false);
    expect(isStale(40001, 0, 8000)).toBe(true);
    expect(isStale(999999, null, 8000)).toBe(false);
  });
});
