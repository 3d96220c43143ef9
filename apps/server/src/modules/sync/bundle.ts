/**
 * POST /v2/app: the full bundle (uid null, unknown epoch or a revision the change log no longer covers) or a
 * delta of the rows changed since the uid's revision, both filtered by what the user may see
 * (docs/ARCHITECTURE.md "The flow of a poll"). A delta whose revision has not moved is answered from memory.
 */
import { and, notInArray } from 'drizzle-orm';
import type { AppBundle } from '@panel/domain/sync';
import { CATALOGUE_KEYS } from '@panel/domain/sync';
import { INACTIVE_STATES } from '@panel/domain/constants';
import type { Database } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import { forgetDeltas, sharedDelta } from './delta/cache.js';
import { forgetFullState } from './full/answer.js';
import { CHILD_KEYS, emptyEntities } from './entities.js';
import { personalize } from './delta/view.js';
import {
  loadCatalogue,
  loadChildren,
  loadDevices,
  loadEventLinks,
  loadEventRows,
  loadResources,
  loadSettings,
  presentEvents,
  type CatalogueKey,
  type EventScope,
} from './loaders.js';
import { answerFor, formatUid, freshState, stateOf, type RevisionState } from '../../sync/revision.js';
import { resourcesFor } from './resourceView.js';
import { forgetRevisionKinds, spanOf } from './delta/span.js';
import { forgetPositionBoard } from './delta/positionBoard.js';
import { presentSettings } from '../../sync/settingsPresenter.js';
import { eventVisibleSql, seesAllDevices, seesTag, type BundleAuth, type Viewer } from '../../sync/visibility.js';

export type { BundleAuth };

function viewerOf(auth: BundleAuth): Viewer {
  return { ...auth.user, permissions: auth.permissions };
}

async function settingsOf(db: Database, state: RevisionState): Promise<AppBundle['settings']> {
  state.settings ??= await loadSettings(db);
  return (await presentSettings(db, state.settings)) as AppBundle['settings'];
}

export async function buildAppData(db: Database, auth: BundleAuth, uid: string | null): Promise<AppBundle> {
  const answer = await answerFor(db, uid);
  const { state } = answer;
  if (answer.kind === 'full') return buildFull(db, auth, state);
  if (answer.kind === 'unchanged') {
    // nothing moved: no query (thousands of panels poll this)
    return {
      ...emptyEntities(),
      settings: await settingsOf(db, state),
      userPermissions: auth.permissions,
      resetData: false,
      uid: formatUid(state.epoch!, state.revision),
      removed: {},
    };
  }
  return buildDelta(db, auth, state, answer.since);
}

export async function buildFull(db: Database, auth: BundleAuth, state?: RevisionState): Promise<AppBundle> {
  const st = state ?? (await freshState(db));
  // the revision first: rows read afterwards are at least this new, so the next delta misses nothing
  const revision = st.revision;
  const viewer = viewerOf(auth);
  st.settings = await loadSettings(db);

  const out = emptyEntities();
  const catalogues = await Promise.all(CATALOGUE_KEYS.map((key) => loadCatalogue(db, key as CatalogueKey)));
  CATALOGUE_KEYS.forEach((key, i) => ((out as Record<string, unknown>)[key] = catalogues[i]));
  out.tags = out.tags.filter((tag) => seesTag(viewer, tag));
  [out.devices, out.resources] = await Promise.all([
    loadDevices(db, seesAllDevices(viewer) ? {} : { baseId: viewer.baseId }),
    loadResources(db),
  ]);

  // the active events this viewer sees; their tags, counts, links and children are read by the same condition
  // (one query per table, no id lists) and kept only where the event itself was read
  const scope: EventScope = {
    eventsWhere: and(notInArray(events.eventStateId, [...INACTIVE_STATES]), eventVisibleSql(viewer)),
  };
  const loaded = await loadEventRows(db, scope.eventsWhere, scope);
  const known = new Map(loaded.map((l) => [l.row.id, l.row]));
  const loadedById = new Map(loaded.map((l) => [l.row.id, l]));
  out.resources = resourcesFor(viewer, out.resources, (id) => {
    const l = loadedById.get(id);
    return l && { baseId: l.row.baseId, eventToBase: l.eventToBase };
  });
  const [presented, links, ...children] = await Promise.all([
    presentEvents(db, viewer, loaded, scope),
    loadEventLinks(db, scope, known),
    // messages: the newest of each conversation and the viewer's unread ones, not the archive (issue 13 item 2)
    ...CHILD_KEYS.map((key) => loadChildren(db, viewer, key, scope, known, { unreadOfViewer: true })),
  ]);
  out.events = presented;
  // a link is sent when one of its ends was read (what the id-list query did)
  out.eventToEvent = links.filter((l) => known.has(l.sourceEventId) || known.has(l.targetEventId));
  CHILD_KEYS.forEach((key, i) => ((out as Record<string, unknown>)[key] = children[i]));
  return {
    ...out,
    settings: (await presentSettings(db, st.settings)) as AppBundle['settings'],
    userPermissions: auth.permissions,
    resetData: true,
    uid: formatUid(st.epoch!, revision),
  };
}

/**
 * The delta since `since`: the span's shared delta (read once for all panels, modules/sync/delta/), cut for the viewer's
 * visibility class and completed with the user's read state (batched with the other users asking now).
 */
async function buildDelta(db: Database, auth: BundleAuth, state: RevisionState, since: number): Promise<AppBundle> {
  const upTo = state.revision;
  const viewer = viewerOf(auth);
  const shared = await sharedDelta(db, await spanOf(db, state.epoch!, since, upTo, state.minRevision));
  const view = shared.viewOf(viewer);
  const reads = await shared.readStateOf(viewer.id);
  if (shared.core.settings) state.settings = shared.core.settings;
  return {
    ...personalize(shared.core, view, viewer.id, reads),
    settings: await settingsOf(db, state),
    userPermissions: auth.permissions,
    resetData: false,
    uid: formatUid(state.epoch!, upTo),
    removed: view.removed,
    ...(view.positions && { positions: view.positions }),
  };
}

/** Test helper: forget the in-memory state of a database (e.g. after a manual SQL change). */
export function forgetState(db: Database): void {
  const st = stateOf(db);
  st.checkedAt = 0;
  st.settings = null;
  forgetDeltas(db);
  forgetRevisionKinds(db);
  forgetPositionBoard(db);
  forgetFullState(db);
}
