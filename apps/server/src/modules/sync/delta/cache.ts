/**
 * Shared deltas, kept per database and span (epoch, since, upTo) for a short while: the thousand panels that
 * poll after a change ask for a handful of spans (one per revision they hold), and each is read once. A core
 * that is still being read is shared too (the promise is kept), so a stampede after a push costs one read.
 */
import type { Database } from '../../../db/client.js';
import { visibilityClass, type Viewer } from '../../../sync/visibility.js';
import { extendDeltaCore, loadDeltaCore, type DeltaCore } from './core.js';
import { syncCountersOf } from '../../../sync/counters.js';
import { createReadBatcher, type UserReadState } from './readState.js';
import type { EncodedAnswer } from '../../../sync/encodedAnswer.js';
import { classFragments, classView, type ClassView } from './view.js';

/** How long a span is kept after it was read: panels poll every 8 s, the push makes them ask within a second. */
export const DELTA_TTL_MS = 15_000;
/** Spans kept at most; beyond it the oldest go (a burst of revisions must not grow memory without bound). */
export const DELTA_MAX_SPANS = 64;

export interface SharedDelta {
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
  epoch: string;
  since: number;
  upTo: number;
}

const caches = new WeakMap<Database, Map<string, Entry>>();

function sweep(cache: Map<string, Entry>, now: number): void {
  for (const [key, entry] of cache) if (now - entry.at > DELTA_TTL_MS) cache.delete(key);
}

/**
 * Sweeps a database's spans every DELTA_TTL_MS while it keeps any (issue 28 item 6). The sweep on each ask does
 * not run once the polls stop, and then the last 64 spans — a fleet's positions and each class's answer with its
 * compressed bytes, tens of MB under load — stayed for as long as the server stayed idle. Unref'd: it never holds
 * a process open; it stops itself when the cache is empty and starts again with the next span.
 */
const sweepers = new WeakSet<Map<string, Entry>>();
function sweepWhileKept(cache: Map<string, Entry>): void {
  if (sweepers.has(cache)) return;
  sweepers.add(cache);
  const timer = setInterval(() => {
    sweep(cache, Date.now());
    if (cache.size > 0) return;
    clearInterval(timer);
    sweepers.delete(cache);
  }, DELTA_TTL_MS);
  timer.unref();
}

function share(db: Database, core: DeltaCore): SharedDelta {
  const views = new Map<string, ClassView>();
  const fragments = new Map<string, (string | null)[]>();
  const messageIds = new Set<number>();
  for (const rows of [core.childRows.get('messages')!.values(), core.childExtras.get('messages')!]) {
    for (const m of rows) messageIds.add(m.id);
  }
  const personal = core.sendEvents.length > 0 || messageIds.size > 0;
  const readStateOf = createReadBatcher(db, { eventIds: core.sendEvents, messageIds: [...messageIds] });
  const viewOf = (viewer: Viewer): ClassView => {
    const key = visibilityClass(viewer);
    let view = views.get(key);
    if (!view) views.set(key, (view = classView(core, viewer)));
    return view;
  };
  return {
    core,
    viewOf,
    fragmentsOf(viewer) {
      const key = visibilityClass(viewer);
      let f = fragments.get(key);
      if (!f) fragments.set(key, (f = classFragments(viewOf(viewer))));
      return f;
    },
    readStateOf,
    personal,
    answers: new Map(),
  };
}

/** The shared delta of (since, upTo], read now or taken from the cache. */
export function sharedDelta(
  db: Database,
  epoch: string,
  since: number,
  upTo: number,
  now = Date.now(),
): Promise<SharedDelta> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  sweep(cache, now);
  const key = `${epoch}:${since}:${upTo}`;
  const hit = cache.get(key);
  const counted = syncCountersOf(db).sharedDelta; // for /metrics (metrics/)
  if (hit) {
    counted.hits += 1;
    return hit.delta;
  }
  while (cache.size >= DELTA_MAX_SPANS) cache.delete(cache.keys().next().value!);
  const read = () => {
    counted.misses += 1;
    return loadDeltaCore(db, epoch, since, upTo);
  };
  // the newest kept span from the same revision: when only positions moved since, it is extended, not read again
  let base: Entry | undefined;
  for (const entry of cache.values()) {
    if (entry.epoch === epoch && entry.since === since && entry.upTo < upTo && (!base || entry.upTo > base.upTo)) {
      base = entry;
    }
  }
  const core = base
    ? base.delta.then(async (b) => {
        const extended = await extendDeltaCore(db, epoch, b.core, upTo);
        if (!extended) return read();
        counted.extended += 1;
        return extended;
      })
    : read();
  const delta = core.then((c) => share(db, c));
  const entry = { at: now, delta, epoch, since, upTo };
  cache.set(key, entry);
  sweepWhileKept(cache);
  // a failed read is not kept: the next panel tries again
  delta.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return delta;
}

/** Forgets the shared deltas of a database (tests, a replaced embedded database). */
export function forgetDeltas(db: Database): void {
  caches.delete(db);
}

/** Spans kept for a database (benchmarks and tests). */
export function cachedSpans(db: Database): number {
  return caches.get(db)?.size ?? 0;
}
