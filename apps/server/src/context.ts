/**
 * Types shared by every server module: what the app carries (deps) and what an authenticated request knows
 * (auth). Platform code (app.ts, auth, realtime) fills them; modules only read them.
 */
import type { AuthUser, AppAbility } from '@panel/domain/auth';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { DatabaseMonitor } from './db/monitor.js';

/** Publishes invalidations to channels; implemented by realtime/hub.ts (socket.io, Redis adapter). */
export interface PushHub {
  /**
   * Emit `invalidate {revision, tables}` to the given channels (e.g. `base.{uid}`, `group.COIS`). `moves`: the
   * revision only moved vehicles and devices (sync/commands.ts), a push that may yield to a write (deltaPush.ts).
   */
  invalidate(channels: string[], payload: InvalidationPayload): void;
  /** Channels that see a change of rows owned by these base ids (their base channels, central base, groups). */
  channelsForBases(baseIds: number[]): Promise<string[]>;
  /**
   * Emit `event` with `payload` to the sockets of every session whose confirmed device is `deviceId` (room
   * `device.{id}`, across nodes with the Redis adapter). Optional: per-command hub views may leave it out.
   */
  emitToDevice?(deviceId: number, event: string, payload: unknown): void;
  /**
   * State of the cross-node fan-out: 'off' without REDIS_URL, 'up' while Redis answers, 'down' while it does
   * not (the node then pushes to its own sockets only). Read by /readyz and the session cache.
   */
  redisState?(): 'off' | 'up' | 'down';
  /** this node's connected sockets and the pushes it sent since start, read by /metrics (metrics/) */
  stats?(): PushStats;
  close(): Promise<void>;
}

export interface InvalidationPayload {
  revision: number;
  tables: string[];
  moves?: boolean;
  /**
   * the notice stands for several revisions up to `revision` (modules/positions/coalesce.ts): `moves` is true
   * only when every one of them moved positions alone, so a false says nothing of `revision` itself
   */
  merged?: boolean;
}

/** Push kinds: invalidations, deltas carried in the push, emits to a device's sockets, "your session ended". */
export type PushKind = 'invalidate' | 'delta' | 'device' | 'sessionEnded';

export interface PushStats {
  sockets: number;
  /** emits made by this node: a room emit (invalidate, device) counts once, a delta once per socket it went to */
  pushes: Record<PushKind, number>;
  /** the delta spans this node finished last, oldest first (a bounded ring: /metrics observes the new ones) */
  spans?: PushSpanRecord[];
}

/**
 * A delta span pushed to every socket taking deltas: how long its oldest revision waited from this node learning
 * it to the last socket's write. `write`: the span carries a change users wait for; `moves`: positions alone.
 */
export interface PushSpanRecord {
  seq: number;
  kind: 'write' | 'moves';
  seconds: number;
  /** where the seconds went (they add up to `seconds`): an operator's answer to "why was this push late" */
  phases: Record<PushSpanPhase, number>;
}

/**
 * The steps of a delta span, in order: `queued` from learning the oldest revision to the span's start (behind the
 * span before it, and the commit's own turn); `sessions` the check of every socket's session; `answers` the
 * answers read, cut per user and compressed; `writes` from the first slice of sockets to the last, with the other
 * work the event loop did between the slices.
 */
export const PUSH_SPAN_PHASES = ['queued', 'sessions', 'answers', 'writes'] as const;
export type PushSpanPhase = (typeof PUSH_SPAN_PHASES)[number];

export interface AppDeps {
  config: Config;
  db: Database;
  hub: PushHub;
  /** whether the database can serve now (gate, /readyz, 503s); see db/monitor.ts */
  database: DatabaseMonitor;
}

export interface AuthContext {
  sessionId: number;
  instance: string;
  appCode: string;
  user: AuthUser;
  /** server permission strings `subject.action` of the user's roles and groups */
  permissions: string[];
  deviceId: number | null;
  deviceCode: string | null;
  ability: AppAbility;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    auth: AuthContext;
  }
}
