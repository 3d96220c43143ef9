/**
 * Shared deltas, kept per database for a short while: the thousand panels that poll after a change ask for a
 * handful of spans (one per revision they hold), and each is read once. Two levels (span.ts): the data of
 * (dataSince, dataUpTo] — read from the database once, with the read state of its users — and the span itself,
 * that data with the positions moved after positionsSince from the board (in memory), cut per class and kept
 * with its answers. A new position batch makes new spans, never a new read of the data. A part still being
 * read is shared too (the promise is kept), so a stampede after a push costs one read.
 */
import type { Database } from '../../../db/client.js';
import { visibilityClass, type Viewer } from '../../../sync/visibility.js';
import { loadDataCore, withPositions, type DataCore, type DeltaCore } from './core.js';
import { prefetchMoves } from './positionBoard.js';
import type { Span } from './span.js';
import { syncCountersOf } from '../../../sync/counters.js';
import { createReadBatcher, type UserReadState } from './readState.js';
import type { EncodedAnswer } from '../../../sync/encodedAnswer.js';
import { classFragments, classView, type ClassView } from './view.js';

/** How long a span is kept after it was read: panels poll every 8 s, the push makes them ask within a second. */
export const DELTA_TTL_MS = 15_000;
/** Spans (and data cores) kept at most; beyond it the oldest go (a burst of revisions must not grow memory). */
export const DELTA_MAX_SPANS = 64;

export interface SharedDelta {
  /** the revisions it holds (span.ts) */
  span: Span;
  core: DeltaCore;
  viewOf(viewer: Viewer): ClassView;
  /** the class view's JSON fragments (view.ts classFragments), made once per class */
  fragmentsOf(viewer: Viewer): (string | null)[];
  readStateOf(userId: number): Promise<UserReadState>;
  /**
   * whether answers differ by user within a class: the span sends events (unread counts) or messages (read
   * flags). A span of positions alone does not: one answer per class and permissions serves every user.
   */
  personal: boolean;
  /** finished answers per (user or class, permissions, settings), kept as long as the span (encoded.ts) */
  answers: Map<string, Promise<EncodedAnswer>>;
}

interface Entry {
  at: number;
  delta: Promise<SharedDelta>;
  /** the delta once made */
  ready: SharedDelta | null;
}

/** The newest span made of one data core and bucket (positions alone differ between such spans). */
interface Ready {
  at: number;
  shared: SharedDelta;
}

/** A data core and its users' read state (the span's messages and events are the data's). */
interface Data {
  core: DataCore;
  readStateOf(userId: number): Promise<UserReadState>;
  personal: boolean;
}
interface DataEntry {
  at: number;
  data: Promise<Data>;
}

/** A pull's answer whose compressed bytes are made, standing in for newer ones of its base (standIn.ts). */
export interface StandIn {
  at: number;
  upTo: number;
  answer: EncodedAnswer;
}

interface Cache {
  spans: Map<string, Entry>;
  data: Map<string, DataEntry>;
  /** by data core and positionsSince */
  ready: Map<string, Ready>;
  /** by base, answer key and encoding (standIn.ts) */
  standIns: Map<string, StandIn>;
  sweptAt: number;
}
const caches = new WeakMap<Database, Cache>();

function sweep(cache: Map<string, { at: number }>, now: number): void {
  for (const [key, entry] of cache) if (now - entry.at > DELTA_TTL_MS) cache.delete(key);
}

/**
 * Sweeps a database's spans every DELTA_TTL_MS while it keeps any (issue 28 item 6). The sweep on each ask does
 * not run once the polls stop, and then the last 64 spans — a fleet's positions and each class's answer with its
 * compressed bytes, tens of MB under load — stayed for as long as the server stayed idle. Unref'd: it never holds
 * a process open; it stops itself when the cache is empty and starts again with the next span.
 */
const sweepers = new WeakSet<Cache>();
function sweepWhileKept(cache: Cache): void {
  if (sweepers.has(cache)) return;
  sweepers.add(cache);
  const timer = setInterval(() => {
    sweepAll(cache, Date.now());
    if (cache.spans.size + cache.data.size + cache.standIns.size > 0) return;
    clearInterval(timer);
    sweepers.delete(cache);
  }, DELTA_TTL_MS);
  timer.unref();
}

function dataOf(db: Database, core: DataCore): Data {
  const messageIds = new Set<number>();
  for (const rows of [core.childRows.get('messages')!.values(), core.childExtras.get('messages')!]) {
    for (const m of rows) messageIds.add(m.id);
  }
  return {
    core,
    personal: core.sendEvents.length > 0 || messageIds.size > 0,
    readStateOf: createReadBatcher(db, { eventIds: core.sendEvents, messageIds: [...messageIds] }),
  };
}

function share(span: Span, data: Data, core: DeltaCore): SharedDelta {
  const views = new Map<string, ClassView>();
  const fragments = new Map<string, (string | null)[]>();
  const viewOf = (viewer: Viewer): ClassView => {
    const key = visibilityClass(viewer);
    let view = views.get(key);
    if (!view) views.set(key, (view = classView(core, viewer)));
    return view;
  };
  return {
    span,
    core,
    viewOf,
    fragmentsOf(viewer) {
      const key = visibilityClass(viewer);
      let f = fragments.get(key);
      if (!f) fragments.set(key, (f = classFragments(viewOf(viewer))));
      return f;
    },
    readStateOf: data.readStateOf,
    personal: data.personal,
    answers: new Map(),
  };
}

function cacheOf(db: Database): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { spans: new Map(), data: new Map(), ready: new Map(), standIns: new Map(), sweptAt: 0 };
    caches.set(db, cache);
  }
  return cache;
}

/** A database's stand-ins (standIn.ts), swept with its spans. */
export function standInsOf(db: Database): Map<string, StandIn> {
  return cacheOf(db).standIns;
}

/** What spans share when only their newest position batches differ: data, bucket and epoch (newestReady). */
export function baseOf(span: Span): string {
  return `${span.epoch}:${span.dataSince}:${span.dataUpTo}:${span.positionsSince}`;
}

function sweepAll(cache: Cache, now: number): void {
  cache.sweptAt = now;
  sweep(cache.spans, now);
  sweep(cache.data, now);
  sweep(cache.ready, now);
  sweep(cache.standIns, now);
}

/** Drops the oldest entries until one more fits under DELTA_MAX_SPANS. */
function makeRoom(map: Map<string, unknown>): void {
  while (map.size >= DELTA_MAX_SPANS) map.delete(map.keys().next().value!);
}

/** Keeps `entry` under `key`, the oldest going beyond DELTA_MAX_SPANS; a failed read is not kept. */
function keep<E extends { at: number }>(map: Map<string, E>, key: string, entry: E, settled: Promise<unknown>): void {
  makeRoom(map);
  map.set(key, entry);
  settled.catch(() => {
    if (map.get(key) === entry) map.delete(key);
  });
}

/** The data of (dataSince, dataUpTo], read now or kept. */
function sharedData(db: Database, cache: Cache, span: Span, now: number): { data: Promise<Data>; kept: boolean } {
  const key = `${span.epoch}:${span.dataSince}:${span.dataUpTo}`;
  const hit = cache.data.get(key);
  if (hit) return { data: hit.data, kept: true };
  const data = loadDataCore(db, span.dataSince, span.dataUpTo, span.upTo).then((core) => dataOf(db, core));
  keep(cache.data, key, { at: now, data }, data);
  return { data, kept: false };
}

/**
 * How old the newest ready span may be for a pull that finds its own being made (`coalesce`): positions of at
 * most a second ago, as the push tells a panel of positions at most once a second (positions/coalesce.ts).
 */
export const COALESCE_MS = 1_000;

/**
 * A ready span of the same data and bucket that a pull at `span.since` may take instead of waiting for its own:
 * it holds everything but the newest position batches, at most COALESCE_MS old, and never less than the panel has.
 */
function newestReady(cache: Cache, base: string, span: Span, now: number): SharedDelta | null {
  const r = cache.ready.get(base);
  if (!r || now - r.at > COALESCE_MS) return null;
  const upTo = r.shared.span.upTo;
  return upTo >= span.since && upTo < span.upTo ? r.shared : null;
}

/**
 * The shared delta of a span (span.ts), made now or taken from the cache. With `coalesce` (a pull) and the span
 * being made for another panel, the newest ready span of the same data and bucket answers instead (newestReady):
 * while a fleet reports, each position batch makes a new span, and every panel polling meanwhile waited for it.
 */
export function sharedDelta(db: Database, span: Span, now = Date.now(), coalesce = false): Promise<SharedDelta> {
  const cache = cacheOf(db);
  if (now - cache.sweptAt >= 1000) sweepAll(cache, now);
  const base = baseOf(span);
  const key = `${base}:${span.upTo}`;
  const hit = cache.spans.get(key);
  const counted = syncCountersOf(db).sharedDelta; // for /metrics (metrics/)
  if (hit) {
    counted.hits += 1;
    if (hit.ready || !coalesce) return hit.delta;
    const ready = newestReady(cache, base, span, now);
    return ready ? Promise.resolve(ready) : hit.delta;
  }
  const { data, kept } = sharedData(db, cache, span, now);
  // the positions' reads beside the data's, when there are data to read: such a core is as new as span.upTo
  // (loadDataCore's readAt), so withPositions asks the board for (positionsSince, upTo], what is read here
  if (!kept && span.dataSince < span.dataUpTo) prefetchMoves(db, span.epoch, span.positionsSince, span.upTo);
  // a kept (or empty) data core with the newest positions: nothing read but the board's new moves
  if (kept || span.dataSince >= span.dataUpTo) counted.extended += 1;
  else counted.misses += 1;
  const delta = data.then(async (d) =>
    share(span, d, await withPositions(db, span.epoch, d.core, span.positionsSince, span.upTo)),
  );
  const entry: Entry = { at: now, delta, ready: null };
  keep(cache.spans, key, entry, delta);
  delta.then(
    (shared) => {
      entry.ready = shared;
      const newest = cache.ready.get(base);
      if (newest && newest.shared.span.upTo > span.upTo) return;
      if (!newest) makeRoom(cache.ready);
      cache.ready.set(base, { at: Date.now(), shared });
    },
    () => undefined, // not kept (keep); the asker has the error
  );
  sweepWhileKept(cache);
  return delta;
}

/** Forgets the shared deltas of a database (tests, a replaced embedded database). */
export function forgetDeltas(db: Database): void {
  caches.delete(db);
}

/** Spans kept for a database (benchmarks and tests). */
export function cachedSpans(db: Database): number {
  return caches.get(db)?.spans.size ?? 0;
}
