/**
 * The full bundle (POST /v2/app without a usable uid) as encoded bytes: the shared full bundle (state.ts) kept
 * per database and brought forward to the current revision by the change log, cut once per visibility class
 * (cut.ts), with the user's counts, read flags and unread messages spliced in (personal.ts). The bytes equal
 * JSON.stringify of buildFull's answer (full.test.ts holds that for every demo role after every kind of write).
 */
import type { Database } from '../../../db/client.js';
import { EncodedAnswer } from '../../../sync/encodedAnswer.js';
import { loadSettings } from '../loaders.js';
import { formatUid, freshState, type RevisionState } from '../../../sync/revision.js';
import { presentSettings } from '../../../sync/settingsPresenter.js';
import { visibilityClass, type BundleAuth, type Viewer } from '../../../sync/visibility.js';
import { classCut } from './cut.js';
import { forgetReadStates, personalParts } from './personal.js';
import { loadFullState, patchFullState, type FullState } from './state.js';
import { withWaypointsNow } from './waypoints.js';

/** Without a full bundle asked for this long the shared state is dropped (its memory; the next one reads it). */
export const FULL_IDLE_MS = 10 * 60_000;

interface Holder {
  /** the newest state asked for, or being made; null: none (never made, dropped, or the last attempt failed) */
  state: Promise<FullState | null>;
  idle: NodeJS.Timeout | null;
}

const holders = new WeakMap<Database, Holder>();

/**
 * The shared state at the revision of `rs` or newer: kept, patched from the kept one, or read whole (first
 * use, another epoch, a kept revision the change log no longer covers). One at a time per database: a request
 * arriving while a state is being made waits for it and, when it is new enough, takes it as it is.
 */
export function fullStateAt(db: Database, rs: RevisionState): Promise<FullState> {
  const epoch = rs.epoch!;
  const target = rs.revision;
  const minRevision = rs.minRevision;
  let holder = holders.get(db);
  if (!holder) holders.set(db, (holder = { state: Promise.resolve(null), idle: null }));
  const next = holder.state.then((kept) => {
    if (kept && kept.epoch === epoch && kept.revision >= target) return kept;
    if (!kept || kept.epoch !== epoch || kept.revision < minRevision) return loadFullState(db, epoch, target);
    return patchFullState(db, kept, target);
  });
  holder.state = next.catch(() => null);
  if (holder.idle) clearTimeout(holder.idle);
  const h = holder;
  holder.idle = setTimeout(() => {
    h.state = Promise.resolve(null);
    h.idle = null;
  }, FULL_IDLE_MS);
  holder.idle.unref();
  return next;
}

/**
 * Reads the shared state ahead of the first full bundle (server.ts, after listen): after a restart every panel
 * asks for one within seconds, and the first of them waited for the whole read — 1.1 s at 1,000 events and
 * 50,000 messages (issue 28 item 4, goal < 1 s). A request arriving meanwhile joins this read. Unused, the state
 * is dropped after FULL_IDLE_MS like any other.
 */
export async function warmFullState(db: Database): Promise<void> {
  await fullStateAt(db, await freshState(db));
}

/** Forgets the shared full bundle of a database (tests, a replaced embedded database). */
export function forgetFullState(db: Database): void {
  const holder = holders.get(db);
  if (holder?.idle) clearTimeout(holder.idle);
  holders.delete(db);
  forgetReadStates(db);
}

/** Finished answers kept per state (a panel reloading, a second panel of the user); 6 MB each at 1,000 events. */
export const FULL_ANSWERS_PER_STATE = 4;
const answers = new WeakMap<FullState, Map<string, EncodedAnswer>>();

/** The user's full bundle as the bytes JSON.stringify(buildFull(…)) gives, encoded fast (encodedAnswer.ts). */
export async function fullAnswer(db: Database, auth: BundleAuth, rs: RevisionState): Promise<EncodedAnswer> {
  const viewer: Viewer = { ...auth.user, permissions: auth.permissions };
  const state = await withWaypointsNow(db, await fullStateAt(db, rs));
  // read on each full bundle, as buildFull does (a settings row may be written outside a command at start)
  rs.settings = await loadSettings(db);
  const settingsJson = JSON.stringify(await presentSettings(db, rs.settings));
  // everything the answer depends on besides the state: the user (read state), class, permissions, settings
  const key = `${viewer.id}|${visibilityClass(viewer)}|${auth.permissions.join(',')}|${settingsJson}`;
  let kept = answers.get(state);
  if (!kept) answers.set(state, (kept = new Map()));
  const found = kept.get(key);
  if (found) return found;
  const cut = classCut(state, viewer);
  const personal = await personalParts(db, state, cut, viewer);
  const uid = formatUid(state.epoch, state.revision);
  const permissions = JSON.stringify(auth.permissions);
  const tail = `,"settings":${settingsJson},"userPermissions":${permissions},"resetData":true,"uid":${JSON.stringify(uid)}}`;
  const body = Buffer.concat([
    cut.beforeEvents,
    personal.events,
    cut.beforeMessages,
    personal.messages,
    Buffer.from(tail),
  ]);
  const answer = new EncodedAnswer(body, 'fast');
  if (kept.size >= FULL_ANSWERS_PER_STATE) kept.delete(kept.keys().next().value!);
  kept.set(key, answer);
  return answer;
}
