/**
 * Deltas carried in the push (issue 13 item 1). A panel whose handshake asked `pushDeltas: true` sits in the
 * node-local room DELTA_ROOM and gets, for every committed revision this node learns of (its own commits, and
 * other nodes' through the Redis revision channel), a `delta` {revision, from, uid, data | gz} instead of the
 * channel `invalidate`: `data` is the POST /v2/app answer for uid `from` (modules/sync/delta/pushed.ts), so a panel at
 * `from` holds the new revision without pulling, and a write no longer starts a stampede of pulls.
 *
 * Safety: nothing is cut by room. At push time each socket's session is verified again through the same cached
 * session check as HTTP (an ended session gets nothing, a changed base or permission is seen as soon as a pull
 * would see it), and its data are the answer a pull with that auth gets (the same kept answer, modules/sync/delta/
 * encoded.ts). Sockets are grouped by (user, visibility class, permissions) for that; groups whose answer is the
 * same object (a span without events or messages is one answer per class and permissions, whatever the user)
 * get one packet, encoded once by socket.io per slice of their sockets (PUSH_EMIT_SLICE).
 *
 * Size (issue 14): one second of ~100 moved vehicles is a 30–80 kB answer (~5 kB gzipped). Up to
 * PUSH_PLAIN_MAX_BYTES the JSON goes as `data`; above it the answer's gzip bytes (made once per answer on
 * libuv's threadpool, and the same bytes a pull asking for gzip is sent) go as `gz` in base64, up to
 * PUSH_DELTA_MAX_BYTES compressed: text in the packet's one websocket frame, one socket write per panel (a binary
 * attachment is a frame of its own, and engine.io writes it apart: two writes per panel, 49–57 ms of writes to
 * 1,000 sockets instead of 32 in bench:push). Base64 costs a third more bytes (a second of 1,000 trackers: 5.0 kB
 * compressed, 6.8 kB pushed; bench:positions 01.12.2026), still a quarter of the plain JSON. Only past that, over
 * PUSH_DELTA_MAX_SPAN revisions, or when it could not be built (database away) is `data` null without `gz`: the
 * panel pulls, as after `invalidate`.
 *
 * Every node pushes to its own sockets only (`io.local`): the data are read from the database by the node
 * itself (one shared core per span, modules/sync/delta/cache.ts), never carried over Redis. Pushes run one at a time,
 * in revision order; revisions learnt meanwhile are merged into one span. A span of moves alone (positions) gives
 * way to a write learnt while it is built or sent: the write's span starts at once, where the positions' started,
 * so the sockets it did not reach get the positions with the write, and the span left behind sends nothing more
 * (it stops at its next step: after its reads, before a slice) (issue 28 item 2). A write's span gives way to a
 * newer write the same way, once: the span that replaces it runs to its end.
 *
 * From a write learnt until its span reached every socket, background writes (a batch of positions) do not begin
 * (db/precedence.ts): on the embedded database a batch begun meanwhile held the span's reads until it committed.
 * Sessions the session cache vouches for are checked without a promise each (SessionStore.cached).
 */
import type { Server, Socket } from 'socket.io';
import type { AppBundle, PushedDelta } from '@panel/domain/sync';
import type { AuthContext, PushSpanPhase } from '../context.js';
import type { Database } from '../db/client.js';
import type { SessionCredentials } from '../modules/auth/sessions.js';
import type { EncodedAnswer } from '../modules/sync/delta/encoded.js';
import { answerForPush } from '../modules/sync/delta/pushed.js';
import { noteRevisionKinds } from '../modules/sync/delta/span.js';
import { formatUid, freshState } from '../sync/revision.js';
import { visibilityClass } from '../sync/visibility.js';
import { runWithoutBudget } from '../db/budget.js';
import { nextTurn } from '../db/nextTurn.js';
import { holdBackground } from '../db/precedence.js';

/** The node-local room of the sockets that take deltas in the push. */
export const DELTA_ROOM = 'push.deltas';
/**
 * Answers up to this (JSON bytes) go plain: a write alone, a kB or so, where compressing would save little. A
 * span with positions is larger (7–16 kB with 1,000 trackers) and goes gzip-compressed (a quarter of the bytes):
 * sent plain to 1,000 panels that was 16 MB a second to write and for the panels to read — 128 ms of a 1 Gbit/s
 * link — and the push bench's thousand panels in one process parsed it at a loop delay p99 of 56–70 ms; as `gz`
 * 18–19 ms, and the last panel told p99 228 / 295 ms → 158 / 173 ms after the write's answer (01.12.2026).
 */
export const PUSH_PLAIN_MAX_BYTES = 2 * 1024;
/**
 * Larger answers go gzip-compressed up to this many compressed bytes; beyond, the panel pulls. Why 256 kB: after
 * a `data: null` every panel at `from` pulls the same answer anyway (br, a little smaller than gzip), so a push up
 * to any size costs the network no more than the pulls it replaces and costs the server one packet instead of a
 * request per panel (the attachment is one Buffer shared by every socket's send queue). A second of 100 moved
 * vehicles is ~60 kB of JSON and gzips to ~5 kB, but a deployed vehicle's row carries its road route (a full
 * GeoJSON line, tens of kB, sent again with each of its positions), so a second of a large incident is several
 * times that. The bound is for the panels that are not at `from` and get bytes they cannot use; what is larger
 * than this (a catalogue import, a span after a Redis outage) is rare and left to the pull.
 */
export const PUSH_DELTA_MAX_BYTES = 256 * 1024;
/** A node that fell this far behind (start, Redis outage) lets its panels pull instead. */
export const PUSH_DELTA_MAX_SPAN = 32;
/**
 * Sockets written to per turn of the event loop, whatever answer they get. A push is a socket write per panel; to
 * 200 panels in one go that held the loop for 5–20 ms, and the position reports that came meanwhile waited behind
 * it (issue 14: ingest p99). Between slices the loop takes its I/O. The slices of all answers follow one another:
 * sent side by side, seven answers' first slices were 175 socket writes in one turn (issue 28 item 3).
 */
export const PUSH_EMIT_SLICE = 25;

export interface DeltaPusherOptions {
  io: Server;
  db: Database;
  verifySession: (credentials: SessionCredentials) => Promise<AuthContext | null>;
  /**
   * verifySession's answer when the session cache alone gives it, without a promise; undefined: verifySession
   * must answer. Same answers, same cache: a thousand awaited checks were 5–9 ms of every span.
   */
  cachedSession?: (credentials: SessionCredentials) => AuthContext | null | undefined;
  credentialsOf: (socket: Socket) => SessionCredentials;
  /** compressed bytes at most (tests); default PUSH_DELTA_MAX_BYTES */
  maxBytes?: number;
  /** plain JSON bytes at most (tests); default PUSH_PLAIN_MAX_BYTES, never above maxBytes */
  plainMaxBytes?: number;
  /** deltas sent to this many sockets (hub stats → /metrics) */
  onEmit?: (sockets: number) => void;
  /**
   * a span reached every socket: seconds from learning its oldest revision to the last socket's write, and the
   * seconds of each of its steps (they add up to the whole; a span of positions that gave way to a write is not
   * one: the write's span carries it)
   */
  onPushed?: (kind: 'write' | 'moves', seconds: number, phases: Record<PushSpanPhase, number>) => void;
}

/** When a span ended each of its steps before the sockets' writes (performance.now(); 0: not reached). */
interface SpanMarks {
  started: number;
  sessions: number;
  answers: number;
}

export interface DeltaPusher {
  /**
   * a revision was committed (here or on another node); `moves`: it moved vehicles and devices alone, so the
   * push of it gives way to a write's that comes while it is being sent; `light`: whether the revision itself
   * moved positions alone, when that is known for sure (a merged notice's `moves` speaks for several)
   */
  onRevision(revision: number, moves?: boolean, light?: boolean): void;
  /** resolves when every revision learnt so far has been pushed (tests) */
  idle(): Promise<void>;
}

/**
 * Sockets of one user, visibility class and permissions get the same answer. Made once per auth context: the
 * session cache hands out the same object until it reads the session again.
 */
const groupKeys = new WeakMap<AuthContext, string>();
function groupKey(auth: AuthContext): string {
  let key = groupKeys.get(auth);
  if (key === undefined) {
    const visibility = visibilityClass({ ...auth.user, permissions: auth.permissions });
    key = `${auth.user.id}|${visibility}|${auth.permissions.join(',')}`;
    groupKeys.set(auth, key);
  }
  return key;
}

export function createDeltaPusher(opts: DeltaPusherOptions): DeltaPusher {
  const maxBytes = opts.maxBytes ?? PUSH_DELTA_MAX_BYTES;
  const plainMaxBytes = Math.min(opts.plainMaxBytes ?? PUSH_PLAIN_MAX_BYTES, maxBytes);
  /** the newest revision pushed; null until the first one (its span is then the commit alone) */
  let pushed: number | null = null;
  let wanted = 0;
  /** the newest revision learnt that was more than moves (a write) */
  let wantedWrite = 0;
  let running: Promise<void> | null = null;
  /** wakes a span of moves being built or sent when a write is learnt (it is left for the write's) */
  let writeLearnt: (() => void) | null = null;
  /** when each revision not yet pushed was learnt (performance.now()) */
  const learntAt = new Map<number, number>();
  /** whether each revision learnt and not yet in a span moved positions alone (noteRevisionKinds) */
  const kindsLearnt = new Map<number, boolean>();
  /** sockets the running span was written to (a span that reached none is not timed) */
  let spanSockets = 0;
  /**
   * Background writes (a batch of positions) held back from a write learnt until its span reached every socket
   * (db/precedence.ts): a batch that began meanwhile doubled the span
   */
  let holdingBack: (() => void) | null = null;
  const releaseBackground = () => {
    holdingBack?.();
    holdingBack = null;
  };

  /** a span reached every socket: how long its oldest revision waited (onPushed); the pushed are forgotten */
  function finished(since: number, upTo: number, kind: 'write' | 'moves' | null, marks?: SpanMarks): void {
    let oldest = Number.POSITIVE_INFINITY;
    for (const [revision, at] of learntAt) {
      if (revision > upTo) continue;
      if (revision > since && at < oldest) oldest = at;
      learntAt.delete(revision);
    }
    if (!kind || !marks || spanSockets === 0 || !Number.isFinite(oldest)) return;
    const now = performance.now();
    // a step the span skipped (no epoch: no answers) takes no time; each step ends where the next begins
    const started = Math.max(marks.started, oldest);
    const sessions = Math.max(marks.sessions, started);
    const answers = Math.max(marks.answers, sessions);
    const s = (ms: number) => Math.max(0, ms) / 1000;
    opts.onPushed?.(kind, s(now - oldest), {
      queued: s(started - oldest),
      sessions: s(sessions - started),
      answers: s(answers - sessions),
      writes: s(now - answers),
    });
  }

  async function drain(): Promise<void> {
    /** the last span was left for a write: the one that replaces it is not left in turn (no starving) */
    let replacing = false;
    while (pushed === null || wanted > pushed) {
      const upTo = wanted;
      const since = pushed ?? upTo - 1;
      pushed = upTo;
      // a span gives way to a write learnt while it is built or sent (issue 28 item 2): a span of positions
      // took 100–390 ms to reach 1,000 sockets and a write waited behind it; so did a write behind another's
      // (a vehicle's ETA, written by the tracking of its positions: 2–4 writes in 100 of bench:push waited
      // 60–80 ms). Positions always give way; a write's span once, so every other span at least ends.
      const movesOnly = wantedWrite <= since;
      const leavable: boolean = movesOnly || !replacing;
      const giveWay = () => leavable && wantedWrite > upTo;
      spanSockets = 0;
      // a span's own: one left behind for a write (below) may still finish a step while the write's runs
      const marks: SpanMarks = { started: 0, sessions: 0, answers: 0 };
      try {
        const push = pushSpan(since, upTo, giveWay, marks);
        // a write learnt while the span still checks sessions or builds its answers (tens of ms on 2 cores, up
        // to ~180 ms measured) does not wait for it: the span is left (it sends nothing more, its next step
        // sees giveWay) and the write's span starts at once
        const done: boolean = leavable ? await Promise.race([push, writeArrives(push, giveWay)]) : await push;
        // the sockets not reached stay at `since`: the next span starts there, and one that was reached (at
        // upTo) applies it as well (domain pushFit), so it is one answer per class for all of them
        replacing = !done;
        if (!done) pushed = since;
        else finished(since, upTo, movesOnly ? 'moves' : 'write', marks);
        if (pushed >= wantedWrite) releaseBackground();
      } catch (error) {
        console.error('[panel] delta push failed', { since, upTo }, error);
        finished(since, upTo, null);
      }
    }
  }

  /**
   * Resolves false when a write the span does not hold is learnt while `push` (a span that may give way) runs: a
   * commit announced late (an earlier revision after a later one) is already in it. The span left behind sends
   * nothing more (each of its steps checks giveWay); if it fails afterwards, that is logged here, as drain logs
   * its own.
   */
  function writeArrives(push: Promise<boolean>, giveWay: () => boolean): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      let left = false;
      const wake = () => {
        if (!giveWay()) return;
        left = true;
        resolve(false);
      };
      writeLearnt = wake;
      const settled = () => {
        if (writeLearnt === wake) writeLearnt = null;
      };
      push.then(settled, (error: unknown) => {
        settled();
        if (left) console.error('[panel] delta push failed after a write took its place', error);
      });
    });
  }

  function kick(): void {
    if (running) return;
    // the loop outlives the write that kicked it and serves every later revision: outside that call's database
    // budget (db/budget.ts), which would otherwise cut its queries 5 s after the write arrived and stall pushes
    running = runWithoutBudget(() => drain()).finally(() => {
      running = null;
      releaseBackground();
      // a revision learnt after the loop's last check and before this callback
      if (pushed !== null && wanted > pushed) kick();
    });
  }

  /** The kinds learnt of revisions up to `upTo`, forgotten here (a span that gives way has noted them already). */
  function takeKinds(upTo: number): [number, boolean][] {
    const taken: [number, boolean][] = [];
    for (const entry of kindsLearnt) {
      if (entry[0] > upTo) continue;
      taken.push(entry);
      kindsLearnt.delete(entry[0]);
    }
    return taken;
  }

  /** The local sockets that take deltas, by session (a session's tabs share one verification). */
  function socketsBySession(): Map<string, Socket[]> {
    const out = new Map<string, Socket[]>();
    const nsp = opts.io.of('/');
    for (const id of nsp.adapter.rooms.get(DELTA_ROOM) ?? []) {
      const socket = nsp.sockets.get(id);
      if (!socket) continue;
      const { token } = opts.credentialsOf(socket);
      const list = out.get(token);
      if (list) list.push(socket);
      else out.set(token, [socket]);
    }
    return out;
  }

  /** Pushes (since, upTo]; false when it stopped early because `giveWay` said a write waits. */
  async function pushSpan(since: number, upTo: number, giveWay: () => boolean, marks: SpanMarks): Promise<boolean> {
    // the commit that learnt this revision ends its turn first: on the embedded database its statements, the
    // push's reads and its first socket writes otherwise held the loop as one block of 30–50 ms (db/nextTurn.ts)
    await nextTurn();
    marks.started = performance.now();
    const kinds = takeKinds(upTo);
    const sessions = socketsBySession();
    if (sessions.size === 0) return true;
    const epoch = (await freshState(opts.db).catch(() => null))?.epoch ?? null;
    if (epoch) noteRevisionKinds(opts.db, epoch, kinds);
    const groups = new Map<string, { auth: AuthContext; socketIds: string[] }>();
    const pullOnly: string[] = [];
    const place = (auth: AuthContext | null, sockets: Socket[]) => {
      // an ended session gets nothing (its sockets are being ended); no device yet: POST /v2/app is refused
      if (!auth || auth.deviceId == null) return;
      const key = groupKey(auth);
      const group = groups.get(key);
      if (group) group.socketIds.push(...sockets.map((s) => s.id));
      else groups.set(key, { auth, socketIds: sockets.map((s) => s.id) });
    };
    // the cached sessions at once; only the others wait for the database (all of them in one turn: batched)
    const unknown: Socket[][] = [];
    for (const sockets of sessions.values()) {
      const known = opts.cachedSession?.(opts.credentialsOf(sockets[0]));
      if (known === undefined) unknown.push(sockets);
      else place(known, sockets);
    }
    await Promise.all(
      unknown.map(async (sockets) => {
        let auth: AuthContext | null;
        try {
          auth = await opts.verifySession(opts.credentialsOf(sockets[0]));
        } catch {
          // the session could not be checked: let the panel ask (HTTP answers 503 until the database is back)
          pullOnly.push(...sockets.map((s) => s.id));
          return;
        }
        place(auth, sockets);
      }),
    );
    marks.sessions = performance.now();
    if (!epoch) {
      const socketIds = [...pullOnly, ...[...groups.values()].flatMap((g) => g.socketIds)];
      return emitAll([{ socketIds, payload: { revision: upTo, from: '', uid: '', data: null } }], giveWay);
    }
    if (giveWay()) return false;
    const from = formatUid(epoch, since);
    const uid = formatUid(epoch, upTo);
    const head = { revision: upTo, from, uid };
    const tooLong = upTo - since > PUSH_DELTA_MAX_SPAN;
    // all groups in one turn: the read state of their users is read by one batch (modules/sync/delta/readState.ts)
    const byAnswer = new Map<EncodedAnswer, string[]>();
    await Promise.all(
      [...groups.values()].map(async ({ auth, socketIds }) => {
        const answer = tooLong ? null : await answerForPush(opts.db, auth, since, upTo).catch(() => null);
        if (!answer) return void pullOnly.push(...socketIds);
        const list = byAnswer.get(answer);
        if (list) list.push(...socketIds);
        else byAnswer.set(answer, [...socketIds]);
      }),
    );
    if (giveWay()) return false;
    const payloads = await Promise.all(
      [...byAnswer].map(async ([answer, socketIds]) => ({ socketIds, payload: await carried(head, answer) })),
    );
    payloads.push({ socketIds: pullOnly, payload: { ...head, data: null } });
    marks.answers = performance.now();
    return emitAll(payloads, giveWay);
  }

  /** The answer as the push carries it: plain, gzip-compressed, or not at all (data null: pull). */
  async function carried(head: Omit<PushedDelta, 'data'>, answer: EncodedAnswer): Promise<PushedDelta> {
    if (answer.body.length <= plainMaxBytes) return { ...head, data: JSON.parse(answer.json) as AppBundle };
    const gz = await answer.encoded('gzip').catch((error: unknown) => {
      console.error('[panel] delta push: gzip failed', error);
      return null;
    });
    return gz && gz.length <= maxBytes ? { ...head, data: null, gz: gz.toString('base64') } : { ...head, data: null };
  }

  /**
   * Sends each payload to its sockets, PUSH_EMIT_SLICE sockets a turn, one slice after another (a turn before
   * each: the answers were just built); false when `giveWay` stopped it before the last slice.
   */
  async function emitAll(
    jobs: { socketIds: string[]; payload: PushedDelta }[],
    giveWay = () => false,
  ): Promise<boolean> {
    for (const { socketIds, payload } of jobs) {
      for (let i = 0; i < socketIds.length; i += PUSH_EMIT_SLICE) {
        await nextTurn();
        if (giveWay()) return false;
        // a socket's own id is a room: one broadcast encodes the packet once for the slice
        const slice = socketIds.slice(i, i + PUSH_EMIT_SLICE);
        opts.io.local.to(slice).emit('delta', payload);
        spanSockets += slice.length;
        opts.onEmit?.(slice.length);
      }
    }
    return true;
  }

  return {
    onRevision(revision, moves = false, light) {
      // a revision heard again (its own commit, then Redis) keeps the first time
      if ((pushed === null || revision > pushed) && !learntAt.has(revision)) learntAt.set(revision, performance.now());
      if (light !== undefined && (pushed === null || revision > pushed)) kindsLearnt.set(revision, light);
      if (revision > wanted) wanted = revision;
      if (!moves && revision > wantedWrite) {
        wantedWrite = revision;
        holdingBack ??= holdBackground(opts.db);
        writeLearnt?.();
      }
      kick();
    },
    async idle() {
      while (running) await running;
    },
  };
}
