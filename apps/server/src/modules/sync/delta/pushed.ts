/**
 * The delta a push carries (realtime/deltaPush.ts): for a span (since, upTo] fixed by the commit, exactly what
 * POST /v2/app answers a panel at `since` — not a copy of it but the same kept answer (encoded.ts deltaAnswer),
 * with the positions moved in the span exactly (a pull takes them from the start of its bucket, span.ts):
 * the span's shared core read once (cache.ts), cut for the viewer's visibility class, completed with the
 * user's read state when the span has any (batched with the other users pushed to in the same turn), settings
 * and the user's permissions, serialised once and compressed once. So a pushed delta can never show a user more
 * (or other) than a pull would, and the pulls that still follow a push (a panel elsewhere) are served from it.
 */
import type { Database } from '../../../db/client.js';
import type { BundleAuth } from '../../../sync/visibility.js';
import { freshState } from '../../../sync/revision.js';
import { deltaAnswer, type EncodedAnswer } from './encoded.js';

/** The span's answer for this user, or null when a pull must answer (epoch unknown, span no longer logged). */
export async function answerForPush(
  db: Database,
  auth: BundleAuth,
  since: number,
  upTo: number,
): Promise<EncodedAnswer | null> {
  const state = await freshState(db);
  if (!state.epoch || since < state.minRevision || upTo <= since) return null;
  return deltaAnswer(db, auth, state, since, upTo, true);
}
