/**
 * Session checks read in batches (issue 28 item 7, reconnect storms): the session rows, the users' profiles
 * (roles, groups, permissions), the devices and the `last_seen_at` touches. When a node restarts behind the proxy,
 * a thousand panels reconnect within seconds and every socket's handshake checks its session. Read one by one,
 * those checks took every pool slot and waited past the acquire timeout: most sockets were refused
 * `unavailable`. Here the checks that arrive while a batch is being read wait for it and go together in the
 * next one: one statement per batch, whatever the storm's size (DataLoader does the collecting). A calm node
 * pays one turn of the event loop: a lone check goes at the next `setImmediate`.
 */
import DataLoader from 'dataloader';
import type { Database } from '../../db/client.js';
import {
  findDevices,
  findSessionsByTokenHashes,
  loadActiveProfiles,
  touchSessions,
  type DeviceRow,
  type SessionRow,
  type UserProfile,
} from './repository.js';

/** a storm of thousands is read in statements of at most this many keys */
const MAX_BATCH = 500;

/**
 * A loader whose batches run one after another: the next is dispatched when the one being read ends (at once
 * when none is), so the keys asked for meanwhile all join it. No cache: the session store keeps its own.
 */
function batched<K, V>(read: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  let inFlight: Promise<unknown> | null = null;
  return new DataLoader<K, V>(
    (keys) => {
      const reading = read(keys);
      inFlight = reading;
      const done = () => {
        if (inFlight === reading) inFlight = null;
      };
      reading.then(done, done);
      return reading;
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (dispatch) => {
        const next = () => setImmediate(dispatch);
        if (inFlight) void inFlight.then(next, next);
        else next();
      },
    },
  );
}

export interface SessionReads {
  /** the session row of a token's hash, or null */
  session(tokenHash: string): Promise<SessionRow | null>;
  device(id: number): Promise<DeviceRow | null>;
  /** an active user with roles, groups and permissions, or null */
  profile(userId: number): Promise<UserProfile | null>;
  /** `last_seen_at` set to the batch's time */
  touch(sessionId: number): Promise<void>;
}

export function createSessionReads(db: Database): SessionReads {
  const sessions = batched<string, SessionRow | null>(async (hashes) => {
    const rows = await findSessionsByTokenHashes(db, [...new Set(hashes)]);
    const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
    return hashes.map((hash) => byHash.get(hash) ?? null);
  });
  const devices = batched<number, DeviceRow | null>(async (ids) => {
    const rows = await findDevices(db, [...new Set(ids)]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });
  const profiles = batched<number, UserProfile | null>(async (ids) => {
    const byId = await loadActiveProfiles(db, [...new Set(ids)]);
    return ids.map((id) => byId.get(id) ?? null);
  });
  const touches = batched<number, null>(async (ids) => {
    await touchSessions(db, [...new Set(ids)], new Date());
    return ids.map(() => null);
  });
  return {
    session: (tokenHash) => sessions.load(tokenHash),
    device: (id) => devices.load(id),
    profile: (userId) => profiles.load(userId),
    touch: async (sessionId) => {
      await touches.load(sessionId);
    },
  };
}
