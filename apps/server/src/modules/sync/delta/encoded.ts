/**
 * POST /v2/app answers encoded once and served as bytes (issue 13): after a change
 * a thousand panels ask for the same span, and serialising and brotli-compressing each answer on the event loop
 * cost more than reading the span itself.
 *
 * - Delta: the JSON is spliced from fragments. The class part (every key but `events` and `messages`, and
 *   `removed`) is stringified once per span and visibility class; only the user's `events` (unread counts) and
 *   `messages` (read flags) are stringified per user. The finished answer is kept per (user, class,
 *   permissions) with the span (cache.ts), so the read state behind it is read once per span per user, and its
 *   br/gzip bytes are made once, on libuv's threadpool, for all of that user's panels.
 * - Nothing changed: one answer per (revision, permissions), kept until the revision or the settings move.
 * - Full bundle: joined from the shared full bundle's texts with the user's parts (../full/answer.ts).
 *
 * The bytes equal `JSON.stringify` of what `buildAppData` answers (encoded.test.ts holds that per demo role),
 * in the same key order.
 */
import type { AppBundle } from '@panel/domain/sync';
import { BUNDLE_KEYS } from '@panel/domain/sync';
import type { Database } from '../../../db/client.js';
import { loadSettings } from '../loaders.js';
import { answerFor, formatUid, type RevisionState } from '../../../sync/revision.js';
import { presentSettings } from '../../../sync/settingsPresenter.js';
import { visibilityClass, type BundleAuth, type Viewer } from '../../../sync/visibility.js';
import { EncodedAnswer } from '../../../sync/encodedAnswer.js';
import type { Encoding } from '../../../sync/encodedAnswer.js';
import { fullAnswer } from '../full/answer.js';
import { syncCountersOf } from '../../../sync/counters.js';
import { baseOf, sharedDelta, type SharedDelta } from './cache.js';
import { spanOf } from './span.js';
import { personalize } from './view.js';
import { noteOrigin, readyOrStandIn } from './standIn.js';

/** Answers below this are sent as they are (as the compression plugin's threshold, http/compression.ts). */
export const ENCODE_THRESHOLD = 1024;
/**
 * Per span, answers kept at most (a few kB each; spans live 15 s, at most 64): beyond it an answer is built for
 * its request only, so memory stays bounded however many users poll.
 */
export const MAX_ANSWERS_PER_SPAN = 2_000;

export { EncodedAnswer, type Encoding } from '../../../sync/encodedAnswer.js';

/** Presented settings objects (stable while nothing changed) with an id and their JSON, made once. */
const settingsEntries = new WeakMap<object, { id: number; json: string }>();
let lastSettingsId = 0;
function settingsEntry(settings: unknown): { id: number; json: string } {
  const target = (settings ?? {}) as object;
  let entry = settingsEntries.get(target);
  if (!entry) {
    entry = { id: ++lastSettingsId, json: JSON.stringify(settings) };
    settingsEntries.set(target, entry);
  }
  return entry;
}

/**
 * Whose answer this is: the user's own when the span sends events or messages (their unread counts and read
 * flags, view.ts personalize), else any user's of the same class and permissions (a span of positions alone is
 * the same for all of them, so it is built, kept and compressed once for all).
 */
function answerKey(shared: SharedDelta, viewer: Viewer): string {
  return `${shared.personal ? viewer.id : '*'}|${visibilityClass(viewer)}|${viewer.permissions.join(',')}`;
}

function tail(settingsJson: string, permissions: string[], uid: string): string {
  return `"settings":${settingsJson},"userPermissions":${JSON.stringify(permissions)},"resetData":false,"uid":${JSON.stringify(uid)}`;
}

async function buildDeltaAnswer(shared: SharedDelta, viewer: Viewer, settingsJson: string, uid: string) {
  const view = shared.viewOf(viewer);
  const reads = await shared.readStateOf(viewer.id);
  const personal = personalize(shared.core, view, viewer.id, reads);
  const parts = shared
    .fragmentsOf(viewer)
    .map((fragment, i) => fragment ?? `${JSON.stringify(BUNDLE_KEYS[i])}:${JSON.stringify(personal[BUNDLE_KEYS[i]])}`);
  const removed = JSON.stringify(view.removed);
  const positions = view.positions ? `,"positions":${JSON.stringify(view.positions)}` : '';
  return new EncodedAnswer(
    `{${parts.join(',')},${tail(settingsJson, viewer.permissions, uid)},"removed":${removed}${positions}}`,
  );
}

/**
 * The delta (since, upTo] for this user, built once per span (span.ts) and user (or class, answerKey) and kept
 * with the span: a pull's answer (upTo = the newest revision, positions from the start of its bucket) and a
 * push's (realtime/deltaPush.ts, upTo fixed by the commit, `exact` positions) share the data part and, when
 * their spans are the same, the answer itself, so what the push carries is byte for byte what a pull answers.
 */
export async function deltaAnswer(
  db: Database,
  auth: BundleAuth,
  state: RevisionState,
  since: number,
  upTo = state.revision,
  exact = false,
): Promise<EncodedAnswer> {
  const viewer: Viewer = { ...auth.user, permissions: auth.permissions };
  // a pull may be answered a little older span than asked (cache.ts newestReady): its uid says which
  const shared = await sharedDelta(
    db,
    await spanOf(db, state.epoch!, since, upTo, state.minRevision, exact),
    Date.now(),
    !exact,
  );
  upTo = shared.span.upTo;
  // settings changed in the span: the newest ones only when the span reaches the newest revision
  const settingsNow =
    shared.core.settings && upTo === state.revision
      ? (state.settings = shared.core.settings)
      : (shared.core.settings ?? (state.settings ??= await loadSettings(db)));
  const settings = settingsEntry(await presentSettings(db, settingsNow));
  // the settings as presented are part of the key: a map outage or recovery changes them without a revision
  const key = `${answerKey(shared, viewer)}|${settings.id}`;
  const kept = shared.answers.get(key);
  if (kept) return kept;
  const settingsJson = settings.json;
  const uid = formatUid(state.epoch!, upTo);
  const origin = `${baseOf(shared.span)}|${key}`;
  const answer = buildDeltaAnswer(shared, viewer, settingsJson, uid).then((built) => {
    noteOrigin(built, origin, upTo); // its bytes may stand in for a newer answer's (standIn.ts)
    return built;
  });
  if (shared.answers.size < MAX_ANSWERS_PER_SPAN) {
    shared.answers.set(key, answer);
    answer.catch(() => shared.answers.delete(key));
  }
  return answer;
}

interface UnchangedAnswers {
  revision: number;
  epoch: string;
  settings: unknown;
  byPermissions: Map<string, EncodedAnswer>;
}
const unchanged = new WeakMap<Database, UnchangedAnswers>();

/** Nothing moved since the panel's uid: empty lists, the settings, the user's permissions (no query). */
async function unchangedAnswer(db: Database, auth: BundleAuth, state: RevisionState): Promise<EncodedAnswer> {
  const settings = await presentSettings(db, (state.settings ??= await loadSettings(db)));
  let kept = unchanged.get(db);
  if (!kept || kept.revision !== state.revision || kept.epoch !== state.epoch || kept.settings !== settings) {
    kept = { revision: state.revision, epoch: state.epoch!, settings, byPermissions: new Map() };
    unchanged.set(db, kept);
  }
  const key = auth.permissions.join(',');
  let answer = kept.byPermissions.get(key);
  if (!answer) {
    const lists = BUNDLE_KEYS.map((k) => `${JSON.stringify(k)}:[]`).join(',');
    const uid = formatUid(state.epoch!, state.revision);
    answer = new EncodedAnswer(`{${lists},${tail(settingsEntry(settings).json, auth.permissions, uid)},"removed":{}}`);
    kept.byPermissions.set(key, answer);
  }
  return answer;
}

/**
 * The encoded answer for a panel holding `uid`: the full bundle (no uid, another epoch, a revision the change
 * log no longer covers; cut from the shared full bundle, ../full/), nothing changed, or the delta (its data and
 * its positions read apart, span.ts) — the same decisions as buildAppData (bundle.ts). Given the `encoding`
 * the client takes, a delta whose bytes are still being made may be answered by a slightly older one whose
 * bytes are made (standIn.ts).
 */
export async function encodedAppAnswer(
  db: Database,
  auth: BundleAuth,
  uid: string | null,
  encoding: Encoding | null = null,
): Promise<EncodedAnswer> {
  const answer = await answerFor(db, uid);
  syncCountersOf(db).answers[answer.kind] += 1; // for /metrics (metrics/)
  if (answer.kind === 'full') return fullAnswer(db, auth, answer.state);
  if (answer.kind === 'unchanged') return unchangedAnswer(db, auth, answer.state);
  const delta = await deltaAnswer(db, auth, answer.state, answer.since);
  // (an answer under the threshold is sent plain: nothing to wait for)
  const compressed = encoding && delta.body.length >= ENCODE_THRESHOLD;
  return compressed ? readyOrStandIn(db, delta, encoding, answer.since) : delta;
}

/** The encodings a client accepts, best first: brotli, then gzip (a q=0 refuses one). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set<string>();
  for (const part of value.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Typed view of an encoded answer (tests). */
export function parseAnswer(answer: EncodedAnswer): AppBundle {
  return JSON.parse(answer.json) as AppBundle;
}
