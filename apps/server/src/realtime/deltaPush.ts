/**
 * Deltas carried in the push (issue 13 item 1). A panel whose handshake asked `pushDeltas: true` sits in the
 * node-local room DELTA_ROOM and gets, for every committed revision this node learns of (its own commits, and
 * other nodes' through the Redis revision channel), a `delta` {revision, from, uid, data} instead of the
 * channel `invalidate`: `data` is the POST /v2/app answer for uid `from` (sync/delta/pushed.ts), so a panel at
 * `from` holds the new revision without pulling, and a write no longer starts a stampede of pulls.
 *
 * Safety: nothing is cut by room. At push time each socket's session is verified again through the same cached
 * session check as HTTP (an ended session gets nothing, a changed base or permission is seen as soon as a pull
 * would see it), and its data are built from that auth exactly as a pull would build them. Sockets are grouped
 * by (user, visibility class, permissions) only so that one answer is built and encoded once per group.
 *
 * Every node pushes to its own sockets only (`io.local`): the data are read from the database by the node
 * itself (one shared core per span, sync/delta/cache.ts), never carried over Redis. Pushes run one at a time,
 * in revision order; revisions learnt meanwhile are merged into one span. `data` is null — the panel pulls, as
 * after `invalidate` — when the answer exceeds PUSH_DELTA_MAX_BYTES, the span exceeds PUSH_DELTA_MAX_SPAN, or it
 * could not be built (database away).
 */
import type { Server, Socket } from 'socket.io';
import type { PushedDelta } from '@panel/domain/sync';
import type { AuthContext } from '../context.js';
import type { Database } from '../db/client.js';
import type { SessionCredentials } from '../modules/auth/sessions.js';
import { deltaForPush } from '../sync/delta/pushed.js';
import { formatUid, freshState } from '../sync/revision.js';
import { visibilityClass } from '../sync/visibility.js';

/** The node-local room of the sockets that take deltas in the push. */
export const DELTA_ROOM = 'push.deltas';
/** Larger answers are not pushed (the panel pulls): a push goes to every panel, a pull only to who asks. */
export const PUSH_DELTA_MAX_BYTES = 16 * 1024;
/** A node that fell this far behind (start, Redis outage) lets its panels pull instead. */
export const PUSH_DELTA_MAX_SPAN = 32;

export interface DeltaPusherOptions {
  io: Server;
  db: Database;
  verifySession: (credentials: SessionCredentials) => Promise<AuthContext | null>;
  credentialsOf: (socket: Socket) => SessionCredentials;
  maxBytes?: number;
}

export interface DeltaPusher {
  /** a revision was committed (here or on another node) */
  onRevision(revision: number): void;
  /** resolves when every revision learnt so far has been pushed (tests) */
  idle(): Promise<void>;
}

export function createDeltaPusher(opts: DeltaPusherOptions): DeltaPusher {
  const maxBytes = opts.maxBytes ?? PUSH_DELTA_MAX_BYTES;
  /** the newest revision pushed; null until the first one (its span is then the commit alone) */
  let pushed: number | null = null;
  let wanted = 0;
  let running: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (pushed === null || wanted > pushed) {
      const upTo = wanted;
      const since = pushed ?? upTo - 1;
      pushed = upTo;
      try {
        await pushSpan(since, upTo);
      } catch (error) {
        console.error('[panel] delta push failed', { since, upTo }, error);
      }
    }
  }

  function kick(): void {
    if (running) return;
    running = drain().finally(() => {
      running = null;
      // a revision learnt after the loop's last check and before this callback
      if (pushed !== null && wanted > pushed) kick();
    });
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

  async function pushSpan(since: number, upTo: number): Promise<void> {
    const sessions = socketsBySession();
    if (sessions.size === 0) return;
    const epoch = (await freshState(opts.db).catch(() => null))?.epoch ?? null;
    const groups = new Map<string, { auth: AuthContext; socketIds: string[] }>();
    const pullOnly: string[] = [];
    await Promise.all(
      [...sessions.values()].map(async (sockets) => {
        let auth: AuthContext | null;
        try {
          auth = await opts.verifySession(opts.credentialsOf(sockets[0]));
        } catch {
          // the session could not be checked: let the panel ask (HTTP answers 503 until the database is back)
          pullOnly.push(...sockets.map((s) => s.id));
          return;
        }
        // an ended session gets nothing (its sockets are being ended); no device yet: POST /v2/app is refused
        if (!auth || auth.deviceId == null) return;
        const key = `${auth.user.id}|${visibilityClass({ ...auth.user, permissions: auth.permissions })}|${auth.permissions.join(',')}`;
        const group = groups.get(key);
        if (group) group.socketIds.push(...sockets.map((s) => s.id));
        else groups.set(key, { auth, socketIds: sockets.map((s) => s.id) });
      }),
    );
    if (!epoch) {
      emit([...pullOnly, ...[...groups.values()].flatMap((g) => g.socketIds)], {
        revision: upTo,
        from: '',
        uid: '',
        data: null,
      });
      return;
    }
    const from = formatUid(epoch, since);
    const uid = formatUid(epoch, upTo);
    const tooLong = upTo - since > PUSH_DELTA_MAX_SPAN;
    // all groups in one turn: the read state of their users is read by one batch (sync/delta/readState.ts)
    await Promise.all(
      [...groups.values()].map(async ({ auth, socketIds }) => {
        let data = tooLong ? null : await deltaForPush(opts.db, auth, since, upTo).catch(() => null);
        if (data && Buffer.byteLength(JSON.stringify(data)) > maxBytes) data = null;
        emit(socketIds, { revision: upTo, from, uid, data });
      }),
    );
    if (pullOnly.length) emit(pullOnly, { revision: upTo, from, uid, data: null });
  }

  function emit(socketIds: string[], payload: PushedDelta): void {
    // a socket's own id is a room: one broadcast encodes the packet once for the whole group
    if (socketIds.length) opts.io.local.to(socketIds).emit('delta', payload);
  }

  return {
    onRevision(revision) {
      if (revision > wanted) wanted = revision;
      kick();
    },
    async idle() {
      while (running) await running;
    },
  };
}
