/**
 * The sync revision: a monotonic counter in the one-row table `sync_revision`, bumped once per command, plus
 * the database epoch (random id in settings). Both are kept in memory per database so that a delta poll with an
 * unchanged revision needs no query. Memory follows local commits (`noteCommitted`) and other nodes'
 * announcements (`noteRevision`, called by the realtime layer); after `REVALIDATE_MS` without news the next poll
 * re-reads the counter once, so a missed announcement delays a delta by at most that long.
 *
 * With several nodes the announcements travel over Redis. While that channel is down another node's commits are
 * not announced, so memory must not answer "nothing changed": the realtime layer says whether announcements can
 * be trusted (`trustAnnouncementsWhile`) and every poll reads the counter while they cannot; on Redis' return
 * the memory is marked stale (`markRevisionStale`) so the next poll reads it once more.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import { EPOCH_KEY } from '../db/migrate.js';
import { settings, syncRevision } from '../db/schema/index.js';

export const REVALIDATE_MS = 2000;

export interface RevisionState {
  epoch: string | null;
  revision: number;
  minRevision: number;
  /** Date.now() of the last read of the counter from the database (0 = never) */
  checkedAt: number;
  /** panel settings as last read (bundle `settings`), null until the first full bundle */
  settings: Record<string, unknown> | null;
}

const states = new WeakMap<object, RevisionState>();
let lastState: RevisionState | null = null;
/** per database: are other nodes' announcements arriving? (absent: a single node, memory is the truth) */
const announcementsLive = new WeakMap<object, () => boolean>();

/** Memory may answer from announcements only while `live()`; null: a single node again (always trusted). */
export function trustAnnouncementsWhile(db: Database, live: (() => boolean) | null): void {
  if (live) announcementsLive.set(db, live);
  else announcementsLive.delete(db);
}

/** The next poll reads the counter from the database (announcements may have been missed). */
export function markRevisionStale(db: Database): void {
  stateOf(db).checkedAt = 0;
}

/** The in-memory sync state of a database (created empty on first use). */
export function stateOf(db: Database): RevisionState {
  let s = states.get(db);
  if (!s) {
    s = { epoch: null, revision: 0, minRevision: 0, checkedAt: 0, settings: null };
    states.set(db, s);
  }
  lastState = s;
  return s;
}

/**
 * Forgets the in-memory state of a database whose instance was replaced (an embedded PGlite reopened after a
 * crash: an in-memory one comes back empty, with a new epoch); the next read loads it afresh.
 */
export function dropState(db: Database): void {
  const s = states.get(db);
  states.delete(db);
  if (lastState === s) lastState = null;
}

/** The latest revision this process knows (of the database it used last; one per process in production). */
export function currentRevision(db?: Database): number {
  return (db ? stateOf(db) : lastState)?.revision ?? 0;
}

/** Another node announced a newer revision (realtime layer). */
export function noteRevision(n: number, db?: Database): void {
  const s = db ? stateOf(db) : lastState;
  if (s && n > s.revision) s.revision = n;
}

/** A local command committed revision `n`. */
export function noteCommitted(db: Database, n: number): void {
  const s = stateOf(db);
  if (n > s.revision) s.revision = n;
}

/** Reads the counter and epoch from the database into memory; returns the state. */
export async function loadRevision(db: Database): Promise<RevisionState> {
  const s = stateOf(db);
  const [row] = await db.select().from(syncRevision).where(eq(syncRevision.id, 1));
  if (row) {
    if (row.revision > s.revision) s.revision = row.revision;
    s.minRevision = row.minRevision;
  }
  if (!s.epoch) s.epoch = await readEpoch(db);
  s.checkedAt = Date.now();
  return s;
}

/** Reads in flight per database: panels polling together share one read of the counter. */
const reading = new WeakMap<object, Promise<RevisionState>>();

/** loadRevision, shared by every caller while one is running. */
function loadRevisionOnce(db: Database): Promise<RevisionState> {
  let pending = reading.get(db);
  if (!pending) {
    pending = loadRevision(db).finally(() => reading.delete(db));
    reading.set(db, pending);
  }
  return pending;
}

/** Memory state, re-read from the database when older than REVALIDATE_MS or never read. */
export async function freshState(db: Database): Promise<RevisionState> {
  const s = stateOf(db);
  if (!s.epoch || Date.now() - s.checkedAt > REVALIDATE_MS) return loadRevisionOnce(db);
  const live = announcementsLive.get(db);
  if (live && !live()) return loadRevisionOnce(db);
  return s;
}

async function readEpoch(db: Database): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, EPOCH_KEY));
  if (!row) throw new Error('sync epoch missing: run migrate() first');
  return String(row.value);
}

/**
 * Bumps the counter inside a command's transaction. The row lock is held until commit, so concurrent
 * commands get revisions in commit order (call it last in the transaction to keep the lock short).
 */
export async function bumpRevision(tx: Queryable): Promise<number> {
  const [row] = await tx
    .update(syncRevision)
    .set({ revision: sql`${syncRevision.revision} + 1` })
    .where(eq(syncRevision.id, 1))
    .returning({ revision: syncRevision.revision });
  if (!row) throw new Error('sync_revision row missing: run migrate() first');
  return Number(row.revision);
}

export function formatUid(epoch: string, revision: number): string {
  return `${epoch}.${revision}`;
}

/** `"{epoch}.{revision}"` → parts, or null when malformed. */
export function parseUid(uid: string): { epoch: string; revision: number } | null {
  const dot = uid.lastIndexOf('.');
  if (dot <= 0) return null;
  const revision = Number(uid.slice(dot + 1));
  if (!Number.isSafeInteger(revision) || revision < 0) return null;
  return { epoch: uid.slice(0, dot), revision };
}

/** What a panel holding a uid is answered, with the revision state the answer is made at. */
export type UidAnswer =
  | { kind: 'full'; state: RevisionState }
  | { kind: 'unchanged'; state: RevisionState }
  | { kind: 'delta'; state: RevisionState; since: number };

/**
 * The one decision of POST /v2/app, for the built answer (bundle.ts) and the encoded one (delta/encoded.ts)
 * alike: the full bundle for no uid, another epoch or a revision the change log no longer covers; nothing when
 * the revision has not moved; else the delta since the uid's revision.
 */
export async function answerFor(db: Database, uid: string | null): Promise<UidAnswer> {
  const parsed = uid ? parseUid(uid) : null;
  let state = await freshState(db);
  // another node committed a revision this one has not heard of yet
  if (parsed && parsed.epoch === state.epoch && parsed.revision > state.revision) state = await loadRevision(db);
  if (
    !parsed ||
    parsed.epoch !== state.epoch ||
    parsed.revision < state.minRevision ||
    parsed.revision > state.revision
  ) {
    return { kind: 'full', state };
  }
  if (parsed.revision === state.revision) return { kind: 'unchanged', state };
  return { kind: 'delta', state, since: parsed.revision };
}
