/**
 * The push hub: socket.io on the server's HTTP server (path /socket.io). Rooms are the panel's channels
 * (`base.{uid}`, `group.{name}`); presence is the sockets in a room (fetchSockets, across nodes with the Redis
 * adapter). It pushes invalidations — the panel pulls the data through the authorized POST /v2/app — or, to
 * panels whose handshake asks `pushDeltas: true`, the delta itself, plain or gzip-compressed (deltaPush.ts).
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { CENTRAL_BASE_ID } from '@panel/domain/constants';
import { RECEIPTS_SOCKET_EVENT, receiptsBody } from '@panel/domain/receipts';
import type { AuthContext, PushHub, PushSpanRecord, PushStats } from '../context.js';
import type { Database } from '../db/client.js';
import { bases, groups } from '../db/schema/index.js';
import { revokes, type Revocation, type SessionCredentials } from '../modules/auth/sessions.js';
import { currentRevision, markRevisionStale, trustAnnouncementsWhile } from '../sync/revision.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import type { RedisFanout } from './redis.js';
import { createDeltaPusher, DELTA_ROOM, type DeltaPusher } from './deltaPush.js';

export interface HubOptions {
  db: Database;
  verifySession: (credentials: SessionCredentials) => Promise<AuthContext | null>;
  /** share emits and presence between server processes */
  redisUrl?: string;
  /** the names of this installation's Redis channels (config REDIS_PREFIX; redis.ts) */
  redisPrefix?: string;
  /** another node announced a committed revision */
  onRemoteRevision?: (revision: number) => void;
  /** revocations (logout, password change): end those sockets here and on the other nodes */
  sessions?: HubSessions;
  /** allowed browser origins (socket.io CORS); default: same origin only */
  corsOrigin?: string | string[];
  /** tests: a smaller limit for deltas carried in the push (deltaPush.ts PUSH_DELTA_MAX_BYTES, compressed) */
  pushDeltaMaxBytes?: number;
  /** tests: a smaller limit for deltas pushed plain, not compressed (deltaPush.ts PUSH_PLAIN_MAX_BYTES) */
  pushDeltaPlainMaxBytes?: number;
  /** tests: another socket.io path (default /socket.io) */
  path?: string;
  /** a panel's delivery receipts sent on its socket (modules/receipts queues them for the session's device) */
  onReceipts?: (deviceId: number, body: z.output<typeof receiptsBody>) => void;
}

/** What the hub needs of the session store (modules/auth/sessions.ts SessionStore). */
export interface HubSessions {
  onRevoked(listener: (r: Revocation) => void): () => void;
  applyRevocation(r: Revocation): void;
  /** the cache may answer without the database only while `trusted()` (the revocation channel works) */
  trustCacheWhile?(trusted: (() => boolean) | null): void;
  clearCache?(): void;
  /** verifySession's answer when the cache alone gives it, else undefined (deltaPush.ts: no promise per socket) */
  cached?(credentials: SessionCredentials): AuthContext | null | undefined;
}

export interface PresenceMember {
  userId: number;
  username: string;
  deviceCode: string | null;
}

export interface InvalidatePayload {
  revision: number;
  tables: string[];
}

interface SocketData {
  sessionId: number;
  deviceId: number | null;
  userId: number;
  username: string;
  baseId: number | null;
  groups: string[];
  deviceCode: string | null;
  credentials: SessionCredentials;
  /** the panel takes deltas in the push (handshake `pushDeltas: true`) instead of invalidations */
  pushDeltas: boolean;
}

export type Hub = PushHub & { io: Server; deltas: DeltaPusher };

type Ack = (answer: unknown) => void;

/** The room of a device's sessions (server-side only: clients cannot subscribe to it). */
export const deviceRoom = (deviceId: number) => `device.${deviceId}`;

const CATALOGUE_TTL_MS = 60_000;
/** finished delta spans kept for /metrics between scrapes (a few a second at most; Prometheus scrapes every 15 s) */
const PUSH_SPANS_KEPT = 256;
const SESSIONS_REVOKED = 'panel:sessions-revoked';
/** "re-check every session you cached": sent by a node that revoked sessions while Redis was down */
const SESSIONS_RECHECK = 'panel:sessions-recheck';
/** a publish this long before Redis was found down may not have been delivered (watchdog period + timeout) */
const UNSURE_DELIVERY_MS = 5000;

/** base uid ↔ id and group names, re-read at most once a minute (they change rarely). */
function createCatalogue(db: Database) {
  let loadedAt = 0;
  let loading: Promise<void> | null = null;
  let baseIdByUid = new Map<string, number>();
  let baseUidById = new Map<number, string>();
  let groupNames: string[] = [];

  async function load(force = false): Promise<void> {
    if (!force && Date.now() - loadedAt < CATALOGUE_TTL_MS) return;
    loading ??= (async () => {
      const [baseRows, groupRows] = await Promise.all([
        db.select({ id: bases.id, uid: bases.uid }).from(bases),
        db.select({ name: groups.name }).from(groups),
      ]);
      baseIdByUid = new Map(baseRows.map((b) => [b.uid, b.id]));
      baseUidById = new Map(baseRows.map((b) => [b.id, b.uid]));
      groupNames = groupRows.map((g) => g.name).sort();
      loadedAt = Date.now();
    })().finally(() => {
      loading = null;
    });
    await loading;
  }

  return {
    async baseIdOf(uid: string): Promise<number | undefined> {
      await load();
      if (!baseIdByUid.has(uid)) await load(true); // a base created a moment ago
      return baseIdByUid.get(uid);
    },
    async channelsForBases(baseIds: number[]): Promise<string[]> {
      await load();
      const wanted = new Set([...baseIds, CENTRAL_BASE_ID]);
      if ([...wanted].some((id) => !baseUidById.has(id))) {
        // unknown ids: ask the database for exactly these (fresh bases), keep the cache as is otherwise
        const rows = await db
          .select({ id: bases.id, uid: bases.uid })
          .from(bases)
          .where(inArray(bases.id, [...wanted]));
        for (const r of rows) baseUidById.set(r.id, r.uid);
      }
      const channels = [...wanted].flatMap((id) => (baseUidById.has(id) ? [`base.${baseUidById.get(id)}`] : []));
      return [...new Set([...channels, ...groupNames.map((n) => `group.${n}`)])];
    },
  };
}

function isChannelPayload(p: unknown): p is { channel: string } {
  return typeof p === 'object' && p !== null && typeof (p as { channel?: unknown }).channel === 'string';
}

export async function createHub(httpServer: HttpServer, opts: HubOptions): Promise<Hub> {
  const io = new Server(httpServer, {
    path: opts.path ?? '/socket.io',
    serveClient: false,
    cors: opts.corsOrigin ? { origin: opts.corsOrigin } : undefined,
    pingInterval: 20_000,
    pingTimeout: 20_000,
  });
  const catalogue = createCatalogue(opts.db);
  // what this node pushed since start, for /metrics (read through stats())
  const pushes: PushStats['pushes'] = { invalidate: 0, delta: 0, device: 0, sessionEnded: 0 };
  // the last delta spans finished, for /metrics' histogram (a scrape every 15 s sees a few dozen)
  const spans: PushSpanRecord[] = [];
  let spanSeq = 0;

  // Redis connects in the background: a node started while Redis is down serves at once and joins later
  const deltas = createDeltaPusher({
    io,
    db: opts.db,
    verifySession: opts.verifySession,
    cachedSession: opts.sessions?.cached?.bind(opts.sessions),
    credentialsOf: (socket) => (socket.data as SocketData).credentials,
    maxBytes: opts.pushDeltaMaxBytes,
    plainMaxBytes: opts.pushDeltaPlainMaxBytes,
    onEmit: (sockets) => (pushes.delta += sockets),
    onPushed: (kind, seconds, phases) => {
      spans.push({ seq: ++spanSeq, kind, seconds, phases });
      if (spans.length > PUSH_SPANS_KEPT) spans.shift();
    },
  });
  let redis: RedisFanout | null = null;
  if (opts.redisUrl) {
    // loaded only when Redis is configured: the client and adapter cost ~0.5 s of a single node's start (issue 28)
    const { createRedisFanout } = await import('./redis.js');
    redis = createRedisFanout(opts.redisUrl, {
      prefix: opts.redisPrefix,
      onRemoteRevision: (revision, moves) => {
        opts.onRemoteRevision?.(revision);
        // another node's notice may be merged (its `moves` false for a revision of positions): only true is sure
        deltas.onRevision(revision, moves, moves ? true : undefined);
      },
    });
    io.adapter(redis.adapter);
  }
  const fanoutDown = () => redis !== null && redis.state() !== 'up';

  io.use(async (socket, next) => {
    const raw = (socket.handshake.auth ?? {}) as Record<string, unknown>;
    const credentials = {
      token: typeof raw.token === 'string' ? raw.token : '',
      instance: typeof raw.instance === 'string' ? raw.instance : '',
      appCode: typeof raw.appCode === 'string' ? raw.appCode : '',
    };
    if (!credentials.token || !credentials.instance || !credentials.appCode) return next(new Error('unauthorized'));
    try {
      const auth = await opts.verifySession(credentials);
      if (!auth) return next(new Error('unauthorized'));
      const data: SocketData = {
        sessionId: auth.sessionId,
        deviceId: auth.deviceId ?? null,
        userId: auth.user.id,
        username: auth.user.username,
        baseId: auth.user.baseId ?? null,
        groups: auth.user.groups,
        deviceCode: auth.deviceCode,
        credentials,
        pushDeltas: raw.pushDeltas === true,
      };
      socket.data = data;
      next();
    } catch (error) {
      // the session could not be checked (database away): not a refusal, the client tries again
      if (isDatabaseUnavailable(error)) return next(new Error('unavailable'));
      console.error('[panel] socket handshake failed', error);
      next(new Error('unauthorized'));
    }
  });

  async function presence(channel: string): Promise<PresenceMember[]> {
    let sockets;
    try {
      sockets = fanoutDown() ? await io.local.in(channel).fetchSockets() : await io.in(channel).fetchSockets();
    } catch {
      // another node did not answer in time (Redis dropped meanwhile): this node's sockets beat no answer
      sockets = await io.local.in(channel).fetchSockets();
    }
    const seen = new Set<string>();
    const members: PresenceMember[] = [];
    for (const s of sockets) {
      const d = s.data as SocketData;
      const key = `${d.userId}/${d.deviceCode ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      members.push({ userId: d.userId, username: d.username, deviceCode: d.deviceCode });
    }
    return members.sort((a, b) => a.username.localeCompare(b.username) || a.userId - b.userId);
  }

  /** true when the socket's user may join the channel; 'ended' when its session is gone (logout, expiry) */
  async function mayJoin(socket: Socket, channel: string): Promise<boolean | 'ended'> {
    const data = socket.data as SocketData;
    const auth = await opts.verifySession(data.credentials);
    if (!auth) return 'ended';
    if (channel.startsWith('base.')) {
      const baseId = await catalogue.baseIdOf(channel.slice('base.'.length));
      if (baseId === undefined) return false;
      return auth.user.baseId === CENTRAL_BASE_ID || auth.user.baseId === baseId;
    }
    if (channel.startsWith('group.')) return auth.user.groups.includes(channel.slice('group.'.length));
    return false;
  }

  /** the device room of the socket's session (its device may have been confirmed after the handshake) */
  async function joinDeviceRoom(socket: Socket): Promise<void> {
    const data = socket.data as SocketData;
    if (data.deviceId != null) return;
    const auth = await opts.verifySession(data.credentials);
    if (auth?.deviceId == null) return;
    data.deviceId = auth.deviceId;
    data.deviceCode = auth.deviceCode;
    await socket.join(deviceRoom(auth.deviceId));
  }

  /** answer first, then drop a socket whose session ended (the ack must still reach the client) */
  function endIfGone(socket: Socket, verdict: boolean | 'ended'): boolean {
    if (verdict === 'ended') setImmediate(() => socket.disconnect(true));
    return verdict === true;
  }

  /** Tells a socket its session ended (the panel logs out at once), then drops it. */
  function endSocket(socket: Socket): void {
    socket.emit('session-ended');
    pushes.sessionEnded += 1;
    setTimeout(() => socket.disconnect(true), 500); // let the notice reach the client first
  }

  function endSessions(r: Revocation): void {
    for (const socket of io.of('/').sockets.values()) if (revokes(r, socket.data as SocketData)) endSocket(socket);
  }

  /** After Redis' return: revocations made elsewhere meanwhile never reached us; the database knows them. */
  async function reverifySockets(): Promise<void> {
    const verdicts = new Map<string, Promise<AuthContext | null>>();
    for (const socket of [...io.of('/').sockets.values()]) {
      const { credentials } = socket.data as SocketData;
      let verdict = verdicts.get(credentials.token);
      if (!verdict) {
        verdict = opts.verifySession(credentials);
        verdicts.set(credentials.token, verdict);
      }
      try {
        if (!(await verdict) && socket.connected) endSocket(socket);
      } catch {
        // database down too: the HTTP gate and the next subscribe still refuse an ended session
      }
    }
  }

  const serverEvents = io as unknown as { on(ev: string, fn: (r: Revocation) => void): void };
  let stopRevocations: (() => void) | null = null;
  /** this node revoked sessions while Redis was down: the other nodes must re-check theirs on its return */
  let revokedWhileDown = false;
  /** when this node last announced a revocation: one sent just before Redis dropped may have been lost */
  let lastRevokedAt = 0;
  if (opts.sessions) {
    const sessions = opts.sessions;
    stopRevocations = sessions.onRevoked((r) => {
      endSessions(r);
      if (!redis) return;
      if (redis.state() === 'up') {
        lastRevokedAt = Date.now();
        io.serverSideEmit(SESSIONS_REVOKED, r);
      } else revokedWhileDown = true;
    });
    // another node revoked sessions: forget them in this node's cache and end their sockets here
    serverEvents.on(SESSIONS_REVOKED, (r) => {
      sessions.applyRevocation(r);
      endSessions(r);
    });
    serverEvents.on(SESSIONS_RECHECK, () => {
      sessions.clearCache?.();
      void reverifySockets();
    });
  }

  if (redis) {
    const fanout = redis;
    // while the revocation and revision channels are down, neither cache may answer from memory alone
    opts.sessions?.trustCacheWhile?.(() => fanout.state() === 'up');
    trustAnnouncementsWhile(opts.db, () => fanout.state() === 'up');
    fanout.onStateChange((state) => {
      if (state !== 'up') {
        if (Date.now() - lastRevokedAt < UNSURE_DELIVERY_MS) revokedWhileDown = true;
        return;
      }
      opts.sessions?.clearCache?.();
      markRevisionStale(opts.db);
      fanout.publishRevision(currentRevision(opts.db));
      if (revokedWhileDown) {
        revokedWhileDown = false;
        io.serverSideEmit(SESSIONS_RECHECK);
      }
      void reverifySockets();
    });
  }

  io.on('connection', (socket) => {
    const own = (socket.data as SocketData).deviceId;
    if (own != null) void socket.join(deviceRoom(own));
    if ((socket.data as SocketData).pushDeltas) void socket.join(DELTA_ROOM);
    socket.on('subscribe', async (payload: unknown, ack?: Ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => undefined;
      try {
        if (!isChannelPayload(payload)) return reply({ ok: false });
        const verdict = await mayJoin(socket, payload.channel);
        if (!endIfGone(socket, verdict)) return reply({ ok: false });
        await joinDeviceRoom(socket);
        await socket.join(payload.channel);
        reply({ ok: true, members: await presence(payload.channel) });
      } catch (error) {
        console.error('[panel] subscribe failed', error);
        reply({ ok: false });
      }
    });

    // delivery receipts on the socket (issue 25): the session's device as it is now, the body as the route takes it
    socket.on(RECEIPTS_SOCKET_EVENT, async (payload: unknown, ack?: Ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => undefined;
      try {
        const body = receiptsBody.safeParse(payload);
        if (!body.success || !opts.onReceipts) return reply({ ok: false });
        const auth = await opts.verifySession((socket.data as SocketData).credentials);
        if (!auth) {
          endIfGone(socket, 'ended');
          return reply({ ok: false });
        }
        if (auth.deviceId == null) return reply({ ok: false });
        opts.onReceipts(auth.deviceId, body.data);
        reply({ ok: true });
      } catch (error) {
        console.error('[panel] receipts on the socket failed', error);
        reply({ ok: false });
      }
    });

    socket.on('unsubscribe', async (payload: unknown, ack?: Ack) => {
      if (isChannelPayload(payload)) await socket.leave(payload.channel);
      if (typeof ack === 'function') ack({ ok: true });
    });

    socket.on('presence', async (payload: unknown, ack?: Ack) => {
      if (typeof ack !== 'function') return;
      try {
        // presence only of channels this user may join
        const allowed =
          isChannelPayload(payload) &&
          (socket.rooms.has(payload.channel) || endIfGone(socket, await mayJoin(socket, payload.channel)));
        if (!allowed) return ack({ members: [] });
        ack({ members: await presence(payload.channel) });
      } catch (error) {
        console.error('[panel] presence failed', error);
        ack({ members: [] });
      }
    });
  });

  return {
    io,
    deltas,
    invalidate(channels, payload) {
      const message: InvalidatePayload = { revision: payload.revision, tables: [...payload.tables] };
      // panels taking deltas hear of every revision from their own node's pusher instead
      if (channels.length) {
        io.to(channels).except(DELTA_ROOM).emit('invalidate', message);
        pushes.invalidate += 1;
      }
      const moves = payload.moves === true;
      redis?.publishRevision(payload.revision, moves);
      deltas.onRevision(payload.revision, moves, moves || !payload.merged ? moves : undefined);
    },
    channelsForBases: (baseIds) => catalogue.channelsForBases(baseIds),
    emitToDevice(deviceId, event, payload) {
      // a room emit: with the Redis adapter it reaches the device's sockets on every node
      io.to(deviceRoom(deviceId)).emit(event, payload);
      pushes.device += 1;
    },
    redisState: () => (redis ? redis.state() : 'off'),
    stats: () => ({ sockets: io.of('/').sockets.size, pushes: { ...pushes }, spans: [...spans] }),
    async close() {
      stopRevocations?.();
      if (redis) {
        opts.sessions?.trustCacheWhile?.(null);
        trustAnnouncementsWhile(opts.db, null);
      }
      // Close the transports, not a server-side disconnect: socket.io clients do not reconnect after
      // "io server disconnect", but do (with their randomized back-off) after "transport close", so panels move
      // to another node or come back when this one restarts. The HTTP server stays with its owner (Fastify).
      io.engine.close();
      await Promise.resolve(io.of('/').adapter.close()).catch(() => undefined);
      await redis?.close();
    },
  };
}
