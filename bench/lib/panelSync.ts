/**
 * A simulated panel's sync state, as the web's sync engine keeps it (apps/web/src/features/sync/syncEngine.ts), shared by
 * the push and positions benchmarks so both measure what the real panel does:
 *  - one POST /v2/app at a time; a push that arrives while one is pending asks for one more afterwards;
 *  - `invalidate` (a panel without `pushDeltas`, or a write it was told of that way): pull;
 *  - `delta` {revision, from, uid, data} (handshake `pushDeltas: true`): applied when `data` is there, no pull is
 *    pending and the panel holds `from` or a later revision before `uid` (domain pushFit: the server built `data`
 *    as the answer to a pull from `from`); nothing when the panel already holds `uid` or later; else pull;
 *  - a `delta` with `gz` (a larger answer, gzip-compressed): inflated off the thread (zlib here,
 *    DecompressionStream in the browser), then as above; deltas are taken in the order they came, so a plain
 *    one never overtakes a compressed one being inflated; an inflate that fails counts as data null (pull).
 * The caller supplies the pull (its own HTTP client) and hears every answer it takes, from a push or a pull.
 */
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import type { Socket } from 'socket.io-client';
import { pushFit } from '@panel/domain/sync';

const gunzip = promisify(gunzipCallback);

/** What the server pushes (domain `PushedDelta`; `data` left opaque: the benches read only a few fields). */
export interface BenchPushedDelta {
  revision: number;
  from?: string;
  uid?: string;
  data?: unknown;
  /** `data` gzip-compressed, in base64 */
  gz?: string;
}

/** A pushed `gz` as the answer it carries (and its JSON's size), or null when it does not inflate (pull). */
async function inflated(gz: string): Promise<{ data: unknown; bytes: number }> {
  try {
    const json = await gunzip(Buffer.from(gz, 'base64'));
    return { data: JSON.parse(json.toString('utf8')) as unknown, bytes: json.length };
  } catch {
    return { data: null, bytes: 0 };
  }
}

export type DeltaSource = 'push' | 'pull';

export interface PanelSyncOptions {
  uid: string | null;
  /** POST /v2/app {uid}: the parsed answer (must carry `uid`), or null when it failed */
  pull: (uid: string | null) => Promise<({ uid: string } & Record<string, unknown>) | null>;
  /** every answer the panel took: pulled, or pushed and applied */
  onData?: (data: Record<string, unknown>, source: DeltaSource) => void;
  /**
   * false: a pushed `gz` is taken as the answer it carries without inflating it (onData is not told of it) —
   * for a generator playing thousands of panels on the server's cores, where inflating and parsing every
   * push would cost more than the server's side of it. The server does the same work either way.
   */
  inflate?: boolean;
  /** every revision the panel took, from a pull or a push — also one taken without inflating its data */
  onTaken?: (uid: string, source: DeltaSource) => void;
}

export interface PanelSync {
  readonly uid: string | null;
  /** a pull is in flight (a bench waits for none before it measures) */
  readonly pulling: boolean;
  /** the web's request(): a pull, or one more after the pending one */
  pull(): Promise<void>;
  onInvalidate(): void;
  /** `wireBytes`: what the push cost on the wire (its text and attachments, as `listen` counts them) */
  onDelta(payload: BenchPushedDelta, wireBytes: number): void;
  /** sets the uid from outside (a bench catching a panel up between rounds) */
  setUid(uid: string): void;
  counts: PanelCounts;
}

/**
 * pushNull: pushes without data (not compressed either); compressed: pushes that came as `gz`; gzBytes and
 * inflatedBytes: the `gz` attachments' sizes, and the JSON they inflate to.
 */
export type PanelCounts = ReturnType<typeof emptyCounts>;

/** A panel's counters at zero (a benchmark resets them when its measured window starts). */
export function emptyCounts() {
  return {
    pushes: 0,
    applied: 0,
    pushNull: 0,
    compressed: 0,
    pulls: 0,
    pushBytes: [] as number[],
    gzBytes: [] as number[],
    inflatedBytes: [] as number[],
  };
}

export function createPanelSync(opts: PanelSyncOptions): PanelSync {
  let uid = opts.uid;
  let pending = false;
  let again = false;
  const counts = emptyCounts();
  /** compressed deltas being inflated, in order; later deltas wait behind them */
  let inflating: Promise<void> = Promise.resolve();
  let queued = 0;

  const pull = async (): Promise<void> => {
    if (pending) {
      again = true;
      return;
    }
    pending = true;
    try {
      do {
        again = false;
        counts.pulls++;
        const body = await opts.pull(uid).catch(() => null);
        if (body) {
          uid = body.uid;
          opts.onData?.(body, 'pull');
          opts.onTaken?.(body.uid, 'pull');
        }
      } while (again);
    } finally {
      pending = false;
    }
  };

  /** a delta whose data are at hand (or null): applied at its `from`, else a pull */
  const take = (payload: BenchPushedDelta): void => {
    const fit = pushFit(uid, payload.from, payload.uid);
    if (fit === 'apply' && !pending && payload.data && payload.uid) {
      uid = payload.uid;
      counts.applied++;
      if (typeof payload.data === 'object') opts.onData?.(payload.data as Record<string, unknown>, 'push');
      opts.onTaken?.(payload.uid, 'push');
      return;
    }
    if (fit === 'skip') return;
    void pull();
  };

  return {
    get pulling() {
      return pending;
    },
    get uid() {
      return uid;
    },
    pull,
    onInvalidate: () => void pull(),
    onDelta(payload, wireBytes) {
      counts.pushes++;
      counts.pushBytes.push(wireBytes);
      if (payload.gz) {
        counts.compressed++;
        counts.gzBytes.push(Buffer.byteLength(payload.gz, 'base64'));
      } else if (payload.data == null) counts.pushNull++;
      if (!payload.gz && queued === 0) return take(payload);
      queued++;
      const { gz } = payload;
      inflating = inflating
        .then(async () => {
          if (!gz) return take(payload);
          if (opts.inflate === false) return take({ ...payload, gz: undefined, data: true });
          const { data, bytes } = await inflated(gz);
          if (bytes) counts.inflatedBytes.push(bytes);
          take({ ...payload, gz: undefined, data });
        })
        .finally(() => void queued--);
    },
    setUid(next) {
      uid = next;
    },
    counts,
  };
}

/**
 * Wires a socket's `invalidate` and `delta` to a panel's sync; `heard` runs first (the push, null for invalidate).
 * Each push's bytes on the wire go to the sync's counts (`counts.pushBytes`).
 *
 * The bytes are counted as they come off the socket: a socket.io packet is one text frame (engine.io `data`) and
 * then its binary attachments, if any (a delta has none), and the event is emitted as soon as its last frame is
 * in, so the frames since the last text frame are the event's. Serializing each push again to measure it (as it
 * was, twice: here and in the push bench) was a fifth of this generator's busy time (a profile of bench:push,
 * 30.11.2026), and a generator playing a thousand panels on the server's cores must not be what delays the pushes
 * it times.
 */
export function listen(
  socket: Socket,
  sync: PanelSync,
  heard?: (revision: number, pushed: BenchPushedDelta | null) => void,
) {
  let frameBytes = 0;
  const onFrame = (frame: string | ArrayBuffer | Uint8Array) => {
    if (typeof frame === 'string') frameBytes = Buffer.byteLength(frame);
    else frameBytes += frame.byteLength;
  };
  // each connection has an engine of its own (a socket made with autoConnect: false has none yet, a reconnect
  // makes a new one); the manager's 'open' comes before any packet of it
  const counted = new WeakSet<object>();
  const count = () => {
    const engine = socket.io.engine;
    if (!engine || counted.has(engine)) return;
    counted.add(engine);
    engine.on('data', onFrame);
  };
  count();
  socket.io.on('open', count);
  socket.on('invalidate', (payload: { revision: number }) => {
    heard?.(payload.revision, null);
    sync.onInvalidate();
  });
  socket.on('delta', (payload: BenchPushedDelta) => {
    heard?.(payload.revision, payload);
    sync.onDelta(payload, frameBytes);
  });
}
