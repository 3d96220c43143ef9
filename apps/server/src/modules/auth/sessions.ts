/**
 * Sessions: an opaque random token (only its SHA-256 is stored), an instance uuid, the user, the app code and
 * the confirmed device, valid 3 days. Validated sessions are kept in memory for 30 s so thousands of panels
 * polling `POST /v2/app` do not each cost a database round trip. Logout and password change are announced as
 * a revocation: this node drops the cached entries at once, and the push hub ends the sessions' sockets and
 * forwards the revocation to the other nodes (Redis), which drop theirs too.
 *
 * The cache is only a fast path while that revocation channel works. The push hub says when it does
 * (`trustCacheWhile`); while it does not (Redis down), a cached session is proven against its row on every
 * request (one indexed read: a revoked session's row is gone), so a logout on another node holds at once.
 *
 * No storm on the hot path: a cached session past its period is still answered from memory while it is read
 * again in the background (once, for all its requests), and each session's period is jittered, so sessions
 * cached together are not re-read together. The re-read writes `last_seen_at` at most every TOUCH_MS. Only an
 * entry left unused for a whole further period is read before answering. The user's rows (user, roles, groups,
 * grants) and the device's are read once for all sessions re-read within a third of a period (`shared`), so a
 * re-read costs one statement per session, not six.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { buildAbility } from '@panel/domain/auth';
import { dropOtherDeviceSubscriptions } from '../webPush/subscriptions.js';
import type { AuthContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { presentUser } from './presenter.js';
import { createSessionReads, type SessionReads } from './sessionReads.js';
import {
  deleteExpiredSessions,
  deleteOtherSessions,
  deleteSession,
  insertSession,
  listEventRolePermissions,
  setSessionDevice,
  type DeviceRow,
  type UserProfile,
  type UserRow,
} from './repository.js';

export const SESSION_TTL_MS = 3 * 24 * 60 * 60 * 1000;
export const SESSION_CACHE_MS = 30_000;
/** `last_seen_at` is written at most this often per session (it orders the device's sessions, nothing finer). */
export const TOUCH_MS = 5 * 60_000;

/** A cache period of ±25 %: sessions cached in the same second are re-read spread over fifteen. */
export const jitteredPeriod = (cacheMs: number, random = Math.random()): number =>
  Math.round(cacheMs * (0.75 + random * 0.5));

export interface SessionCredentials {
  token: string;
  instance: string;
  appCode: string;
}

export interface NewSession {
  id: number;
  token: string;
  instance: string;
  expiresAt: Date;
}

/** Sessions that ended: these ids, or every session of a user but one (after a password change). */
export interface Revocation {
  sessionIds?: number[];
  userId?: number;
  exceptSessionId?: number;
}

export function revokes(r: Revocation, session: { sessionId: number; userId: number }): boolean {
  if (r.sessionIds?.includes(session.sessionId)) return true;
  return r.userId === session.userId && session.sessionId !== r.exceptSessionId;
}

/** Users' and devices' rows are shared by sessions re-read within this share of the cache period. */
const SHARED_SHARE = 1 / 3;
/** more ids than this kept (a burst of one-off logins): start over rather than grow */
const SHARED_MAX = 10_000;

interface SharedRead<V> {
  at: number;
  generation: number;
  value: Promise<V>;
}

interface CacheEntry {
  auth: AuthContext;
  appCode: string;
  expiresAt: number;
  cachedUntil: number;
  /** Date.now() of the last write of last_seen_at */
  touchedAt: number;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export class SessionStore {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly revocationListeners = new Set<(r: Revocation) => void>();
  /** null: single node, local revocation is the whole truth */
  private cacheTrusted: (() => boolean) | null = null;
  /**
   * Bumped by every revocation and cache clear: a verification that read the database before one of them
   * must not put its (possibly revoked) answer into the cache after it.
   */
  private generation = 0;
  private lastSweep = 0;
  /** token hashes being re-read in the background */
  private readonly refreshing = new Set<string>();
  private eventRolesCache: { at: number; value: Promise<{ id: number; permissions: string[] }[]> } | null = null;
  private readonly users = new Map<number, SharedRead<{ user: UserRow; profile: UserProfile } | null>>();
  private readonly devices = new Map<number, SharedRead<DeviceRow | null>>();
  /** sessions, devices and touches read in batches: a reconnect storm costs a statement per batch */
  private readonly reads: SessionReads;
  /** token hashes by credentials object (tokenHashOf) */
  private readonly tokenHashes = new WeakMap<SessionCredentials, { token: string; hash: string }>();

  constructor(
    private readonly db: Database,
    private readonly options: { ttlMs?: number; cacheMs?: number } = {},
  ) {
    this.reads = createSessionReads(db);
  }

  private get ttlMs() {
    return this.options.ttlMs ?? SESSION_TTL_MS;
  }

  private get cacheMs() {
    return this.options.cacheMs ?? SESSION_CACHE_MS;
  }

  async create(userId: number, appCode: string): Promise<NewSession> {
    const token = randomBytes(32).toString('base64url');
    const instance = randomUUID();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    const row = await insertSession(this.db, {
      tokenHash: hashToken(token),
      instance,
      appCode,
      userId,
      expiresAt,
      now,
    });
    void this.sweep(now);
    return { id: row.id, token, instance, expiresAt };
  }

  /** The session's auth context when token, instance and app code match one live session; else null. */
  async verify(credentials: SessionCredentials): Promise<AuthContext | null> {
    const known = this.cached(credentials);
    if (known !== undefined) return known;
    const tokenHash = this.tokenHashOf(credentials);
    const now = Date.now();
    const cached = this.cache.get(tokenHash);
    // a live entry the cache may not vouch for now (revocations may not reach this node): its row decides
    if (cached && this.live(cached, now)) return this.proveCached(tokenHash, cached);
    this.cache.delete(tokenHash);
    return this.load(tokenHash, credentials, now);
  }

  /**
   * What `verify` answers when the cache alone can answer, without a promise; undefined when only `verify` can
   * (not cached, its period over, the cache not vouched for now). The push checks every socket's session before
   * each span (realtime/deltaPush.ts): a thousand awaited checks were 5–9 ms of every span (issue 28 item 2).
   */
  cached(credentials: SessionCredentials): AuthContext | null | undefined {
    const tokenHash = this.tokenHashOf(credentials);
    const now = Date.now();
    const cached = this.cache.get(tokenHash);
    if (!cached || !this.live(cached, now)) return undefined;
    if (cached.auth.instance !== credentials.instance || cached.appCode !== credentials.appCode) return null;
    if (this.cacheTrusted && !this.cacheTrusted()) return undefined;
    if (cached.cachedUntil <= now) this.refresh(tokenHash, cached);
    return cached.auth;
  }

  /** Past its period an entry still answers for one more period while it is read again in the background. */
  private live(cached: CacheEntry, now: number): boolean {
    return cached.cachedUntil + this.cacheMs > now && cached.expiresAt > now;
  }

  /**
   * The token's hash, computed once per credentials object: a socket keeps its credentials for its life, and
   * hashing a thousand tokens was a third of each push's session checks.
   */
  private tokenHashOf(credentials: SessionCredentials): string {
    const kept = this.tokenHashes.get(credentials);
    if (kept?.token === credentials.token) return kept.hash;
    const hash = hashToken(credentials.token);
    this.tokenHashes.set(credentials, { token: credentials.token, hash });
    return hash;
  }

  /** Reads a cached session again without holding up its requests; a session gone by then leaves the cache. */
  private refresh(tokenHash: string, cached: CacheEntry): void {
    if (this.refreshing.has(tokenHash)) return;
    this.refreshing.add(tokenHash);
    this.load(tokenHash, { instance: cached.auth.instance, appCode: cached.appCode }, Date.now(), cached.touchedAt)
      .then((auth) => {
        if (!auth && this.cache.get(tokenHash) === cached) this.cache.delete(tokenHash);
      })
      // the database is away: the entry keeps answering until its extra period ends, then a request reads it
      .catch(() => undefined)
      .finally(() => this.refreshing.delete(tokenHash));
  }

  /** Revocations may not reach this node: the cached answer holds only while the session's row is unchanged. */
  private async proveCached(tokenHash: string, cached: CacheEntry): Promise<AuthContext | null> {
    const session = await this.reads.session(tokenHash);
    if (
      session &&
      session.id === cached.auth.sessionId &&
      session.expiresAt.getTime() > Date.now() &&
      (session.deviceId ?? null) === cached.auth.deviceId
    ) {
      return cached.auth;
    }
    this.cache.delete(tokenHash);
    if (!session) return null;
    // the device changed, or an odd row: read everything again
    return this.load(tokenHash, cached.auth, Date.now());
  }

  private async load(
    tokenHash: string,
    credentials: { instance: string; appCode: string },
    now: number,
    touchedAt = 0,
  ): Promise<AuthContext | null> {
    const generation = this.generation;
    const session = await this.reads.session(tokenHash);
    if (!session) return null;
    if (session.expiresAt.getTime() <= now) {
      await deleteSession(this.db, session.id);
      return null;
    }
    if (session.instance !== credentials.instance || session.appCode !== credentials.appCode) return null;
    const [userPart, device, eventRoles] = await Promise.all([
      this.shared(this.users, session.userId, async (id) => {
        const profile = await this.reads.profile(id);
        return profile ? { user: profile.user, profile } : null;
      }),
      session.deviceId === null ? null : this.shared(this.devices, session.deviceId, (id) => this.reads.device(id)),
      this.eventRoles(),
    ]);
    if (!userPart) return null;
    const { profile } = userPart;
    const authUser = presentUser(profile);
    const auth: AuthContext = {
      sessionId: session.id,
      instance: session.instance,
      appCode: session.appCode,
      user: authUser,
      permissions: profile.permissions,
      deviceId: device?.id ?? null,
      deviceCode: device?.code ?? null,
      ability: buildAbility({
        user: { id: authUser.id, baseId: authUser.baseId, roles: authUser.roles, groups: authUser.groups },
        permissions: profile.permissions,
        activeEvent: null,
        eventRoles,
      }),
    };
    const touch = now - Math.max(touchedAt, session.lastSeenAt.getTime()) >= TOUCH_MS;
    if (touch) await this.reads.touch(session.id);
    if (generation !== this.generation) return auth; // revoked meanwhile? the next request reads again
    this.cache.set(tokenHash, {
      auth,
      appCode: session.appCode,
      expiresAt: session.expiresAt.getTime(),
      cachedUntil: now + jitteredPeriod(this.cacheMs),
      touchedAt: touch ? now : Math.max(touchedAt, session.lastSeenAt.getTime()),
    });
    return auth;
  }

  /**
   * A user's or a device's rows, read once for all the sessions that need them within SHARED_MS: ten thousand
   * panels of a few hundred users re-read their sessions every period, and reading each one's user, roles,
   * groups, grants and device again took the pool's every connection. A revocation or a cache clear drops them.
   */
  private shared<V>(memo: Map<number, SharedRead<V>>, id: number, read: (id: number) => Promise<V>): Promise<V> {
    const now = Date.now();
    const kept = memo.get(id);
    if (kept && kept.generation === this.generation && now - kept.at < this.cacheMs * SHARED_SHARE) return kept.value;
    if (memo.size > SHARED_MAX) memo.clear();
    const value = read(id);
    const entry = { at: now, generation: this.generation, value };
    memo.set(id, entry);
    value.catch(() => {
      if (memo.get(id) === entry) memo.delete(id);
    });
    return value;
  }

  /** event roles change rarely; read at most once per cache period */
  private eventRoles(): Promise<{ id: number; permissions: string[] }[]> {
    const now = Date.now();
    if (!this.eventRolesCache || now - this.eventRolesCache.at > this.cacheMs) {
      const value = listEventRolePermissions(this.db);
      value.catch(() => {
        this.eventRolesCache = null;
      });
      this.eventRolesCache = { at: now, value };
    }
    return this.eventRolesCache.value;
  }

  async confirmDevice(sessionId: number, deviceId: number): Promise<void> {
    await setSessionDevice(this.db, sessionId, deviceId, new Date());
    // a push subscription belongs to the device it was made on: another device's panel must not get its pushes
    await dropOtherDeviceSubscriptions(this.db, sessionId, deviceId);
    this.forgetSession(sessionId);
  }

  async destroy(sessionId: number): Promise<void> {
    await deleteSession(this.db, sessionId);
    this.revoke({ sessionIds: [sessionId] });
  }

  /** After a password change: every other session of the user ends. */
  async destroyOthers(userId: number, keepSessionId: number): Promise<void> {
    await deleteOtherSessions(this.db, userId, keepSessionId);
    this.revoke({ userId, exceptSessionId: keepSessionId });
  }

  /** Listen to revocations made on this node (the hub ends sockets and tells the other nodes). */
  onRevoked(listener: (r: Revocation) => void): () => void {
    this.revocationListeners.add(listener);
    return () => this.revocationListeners.delete(listener);
  }

  /**
   * The cache answers alone only while `trusted()` (the hub: while Redis carries revocations between nodes);
   * null: a single node again, the cache is always trusted.
   */
  trustCacheWhile(trusted: (() => boolean) | null): void {
    this.cacheTrusted = trusted;
  }

  /** Drops the cached sessions a revocation names (one made here or announced by another node). */
  applyRevocation(r: Revocation): void {
    this.generation++;
    for (const [key, entry] of this.cache) {
      if (revokes(r, { sessionId: entry.auth.sessionId, userId: entry.auth.user.id })) this.cache.delete(key);
    }
  }

  private revoke(r: Revocation): void {
    this.applyRevocation(r);
    for (const listener of this.revocationListeners) listener(r);
  }

  forgetSession(sessionId: number): void {
    for (const [key, entry] of this.cache) if (entry.auth.sessionId === sessionId) this.cache.delete(key);
  }

  forgetUser(userId: number): void {
    this.users.delete(userId);
    for (const [key, entry] of this.cache) if (entry.auth.user.id === userId) this.cache.delete(key);
  }

  clearCache(): void {
    this.generation++;
    this.cache.clear();
  }

  /** Expired rows go at most once an hour, piggybacking on logins. */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < 60 * 60 * 1000) return;
    this.lastSweep = now.getTime();
    await deleteExpiredSessions(this.db, now).catch(() => undefined);
  }
}

const stores = new WeakMap<Database, SessionStore>();

/** One store (and cache) per database, shared by the HTTP gate and the socket handshake. */
export function sessionStoreFor(db: Database): SessionStore {
  let store = stores.get(db);
  if (!store) {
    store = new SessionStore(db);
    stores.set(db, store);
  }
  return store;
}
