/**
 * The delta a push carries (realtime/deltaPush.ts): for a span (since, upTo] fixed by the commit, exactly what
 * POST /v2/app answers a panel at `since` (bundle.ts buildDelta) — the span's shared core read once
 * (cache.ts), cut for the viewer's visibility class, completed with the user's read state (batched with the
 * other users pushed to in the same turn), plus settings and the user's permissions. `pushed.test.ts` holds it
 * equal to the pull's answer, so a pushed delta can never show a user more (or other) than a pull would.
 */
import type { AppBundle } from '@panel/domain/sync';
import type { Database } from '../../db/client.js';
import type { BundleAuth } from '../bundle.js';
import { loadSettings } from '../loaders.js';
import { formatUid, freshState } from '../revision.js';
import { presentSettings } from '../settingsPresenter.js';
import { sharedDelta } from './cache.js';
import { personalize } from './view.js';

/** The span's delta for this user, or null when a pull must answer (epoch unknown, span no longer logged). */
export async function deltaForPush(
  db: Database,
  auth: BundleAuth,
  since: number,
  upTo: number,
): Promise<AppBundle | null> {
  const state = await freshState(db);
  if (!state.epoch || since < state.minRevision || upTo <= since) return null;
  const viewer = { ...auth.user, permissions: auth.permissions };
  const shared = await sharedDelta(db, state.epoch, since, upTo);
  const view = shared.viewOf(viewer);
  const reads = await shared.readStateOf(viewer.id);
  const settings = shared.core.settings ?? (state.settings ??= await loadSettings(db));
  return {
    ...personalize(shared.core, view, viewer.id, reads),
    settings: (await presentSettings(db, settings)) as AppBundle['settings'],
    userPermissions: auth.permissions,
    resetData: false,
    uid: formatUid(state.epoch, upTo),
    removed: view.removed,
  };
}
