/**
 * POST /v2/app: the full bundle (uid null, unknown epoch or a revision the change log no longer covers) or a
 * delta of the rows changed since the uid's revision, both filtered by what the user may see
 * (docs/ARCHITECTURE.md, Sync). A delta whose revision has not moved is answered from memory.
 */
import { and, inArray, notInArray } from 'drizzle-orm';
import type { AppBundle, EntityKey } from '@panel/domain/sync';
import { BUNDLE_KEYS, CATALOGUE_KEYS } from '@panel/domain/sync';
import { INACTIVE_STATES } from '@panel/domain/constants';
import type { Database } from '../db/client.js';
import { events } from '../db/schema/index.js';
import { readChanges, type TableChanges } from './changeLog.js';
import {
  eventIdsOfChildren,
  loadCatalogue,
  loadChildren,
  loadDevices,
  loadEventLinks,
  loadEventRows,
  loadResources,
  loadSettings,
  presentEvents,
  type CatalogueKey,
  type ChildKey,
  type EventScope,
  type LoadedEvent,
} from './loaders.js';
import { formatUid, freshState, loadRevision, parseUid, stateOf, type RevisionState } from './revision.js';
import { eventVisibleSql, isEventVisible, seesAllDevices, seesTag, type Viewer } from './visibility.js';

/** What the bundle needs to know of the requesting user (a subset of AuthContext). */
export interface BundleAuth {
  user: { id: number; baseId: number | null; roles: string[]; groups: string[] };
  permissions: string[];
}

const CHILD_KEYS: ChildKey[] = ['eventJobs', 'eventGeos', 'eventObjects', 'eventContacts', 'messages'];

function viewerOf(auth: BundleAuth): Viewer {
  return { ...auth.user, permissions: auth.permissions };
}

function emptyEntities(): { [K in EntityKey]: AppBundle[K] } {
  const out = {} as Record<EntityKey, unknown[]>;
  for (const k of BUNDLE_KEYS) out[k] = [];
  return out as { [K in EntityKey]: AppBundle[K] };
}

async function settingsOf(db: Database, state: RevisionState): Promise<AppBundle['settings']> {
  state.settings ??= await loadSettings(db);
  return state.settings as unknown as AppBundle['settings'];
}

export async function buildAppData(db: Database, auth: BundleAuth, uid: string | null): Promise<AppBundle> {
  let state = await freshState(db);
  const parsed = uid ? parseUid(uid) : null;
  // another node committed a revision this one has not heard of yet
  if (parsed && parsed.epoch === state.epoch && parsed.revision > state.revision) state = await loadRevision(db);
  if (
    !parsed ||
    parsed.epoch !== state.epoch ||
    parsed.revision < state.minRevision ||
    parsed.revision > state.revision
  ) {
    return buildFull(db, auth, state);
  }
  if (parsed.revision === state.revision) {
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
  return buildDelta(db, auth, state, parsed.revision);
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
  const [presented, links, ...children] = await Promise.all([
    presentEvents(db, viewer, loaded, scope),
    loadEventLinks(db, scope, known),
    ...CHILD_KEYS.map((key) => loadChildren(db, viewer, key, scope, known)),
  ]);
  out.events = presented;
  // a link is sent when one of its ends was read (what the id-list query did)
  out.eventToEvent = links.filter((l) => known.has(l.sourceEventId) || known.has(l.targetEventId));
  CHILD_KEYS.forEach((key, i) => ((out as Record<string, unknown>)[key] = children[i]));
  return {
    ...out,
    settings: st.settings as unknown as AppBundle['settings'],
    userPermissions: auth.permissions,
    resetData: true,
    uid: formatUid(st.epoch!, revision),
  };
}

async function buildDelta(db: Database, auth: BundleAuth, state: RevisionState, since: number): Promise<AppBundle> {
  const upTo = state.revision;
  const viewer = viewerOf(auth);
  const changes = await readChanges(db, since, upTo);
  const ch = (t: string): TableChanges => changes.get(t) ?? { changed: new Set(), removed: new Set() };
  const out = emptyEntities();
  const removed: Partial<Record<EntityKey, number[]>> = {};
  const remove = (key: EntityKey, ids: Iterable<number>) => {
    const list = [...ids];
    if (list.length) removed[key] = [...new Set([...(removed[key] ?? []), ...list])].sort((a, b) => a - b);
  };

  if (changes.has('settings')) state.settings = await loadSettings(db);

  // catalogues: whole table when any row changed
  for (const key of CATALOGUE_KEYS) {
    const c = changes.get(key);
    if (!c) continue;
    (out as Record<string, unknown>)[key] = await loadCatalogue(db, key as CatalogueKey);
    remove(key, c.removed);
  }
  if (changes.has('tags')) {
    // tags the viewer may not see stay out; one that changed into a C_ tag is taken back from the client
    const changedTags = ch('tags').changed;
    remove(
      'tags',
      out.tags.filter((tag) => !seesTag(viewer, tag) && changedTags.has(tag.id)).map((tag) => tag.id),
    );
    out.tags = out.tags.filter((tag) => seesTag(viewer, tag));
  }

  // devices and resources: every viewer sees resources; devices by unit
  const dev = ch('devices');
  if (dev.changed.size) {
    const all = await loadDevices(db, { ids: [...dev.changed] });
    const mine = seesAllDevices(viewer) ? all : all.filter((d) => d.baseId === viewer.baseId);
    out.devices = mine;
    remove(
      'devices',
      all.filter((d) => !mine.includes(d)).map((d) => d.id),
    );
  }
  remove('devices', dev.removed);
  const res = ch('resources');
  // a job change moves a vehicle between events: re-send the vehicles of changed jobs too
  const jobIds = [...ch('eventJobs').changed];
  const resourceIds = new Set(res.changed);
  if (jobIds.length) {
    const jobs = await loadChildren(db, viewer, 'eventJobs', { ids: jobIds });
    for (const j of jobs) if (j.resourceId) resourceIds.add(j.resourceId);
  }
  if (resourceIds.size) out.resources = await loadResources(db, [...resourceIds]);
  remove('resources', res.removed);

  // children: which events do they belong to
  const childEvents = new Map<ChildKey, Map<number, number>>();
  const eventIdsNeeded = new Set<number>([...ch('events').changed, ...ch('eventToBase').changed]);
  for (const key of CHILD_KEYS) {
    const m = await eventIdsOfChildren(db, key, [...ch(key).changed]);
    childEvents.set(key, m);
    for (const e of m.values()) eventIdsNeeded.add(e);
  }
  const links = ch('eventToEvent');
  const linkRows = await loadEventLinks(db, { ids: [...links.changed] });
  for (const l of linkRows) {
    eventIdsNeeded.add(l.sourceEventId);
    eventIdsNeeded.add(l.targetEventId);
  }

  const loaded: LoadedEvent[] = eventIdsNeeded.size
    ? await loadEventRows(db, inArray(events.id, [...eventIdsNeeded]))
    : [];
  const byId = new Map(loaded.map((l) => [l.row.id, l]));
  const visible = (eventId: number) => {
    const l = byId.get(eventId);
    return !!l && isEventVisible(viewer, { baseId: l.row.baseId, eventToBase: l.eventToBase });
  };

  // events: changed ones, plus those whose messages changed (unread counts) — once, even when closed
  const sendEvents = new Set<number>([...ch('events').changed, ...(childEvents.get('messages')?.values() ?? [])]);
  const shown: LoadedEvent[] = [];
  const hidden: number[] = [];
  for (const id of sendEvents) {
    if (visible(id)) shown.push(byId.get(id)!);
    else if (ch('events').changed.has(id)) hidden.push(id);
  }
  out.events = await presentEvents(
    db,
    viewer,
    shown.sort((a, b) => a.row.id - b.row.id),
  );
  remove('events', [...ch('events').removed, ...hidden]);

  // units that newly see an event get all its children
  const newlyVisible = [...ch('eventToBase').changed].filter(
    (id) => visible(id) && !INACTIVE_STATES.includes(byId.get(id)!.row.eventStateId),
  );

  for (const key of CHILD_KEYS) {
    const m = childEvents.get(key)!;
    const ok = [...m.entries()].filter(([, e]) => visible(e)).map(([id]) => id);
    const gone = [...m.entries()].filter(([, e]) => !visible(e)).map(([id]) => id);
    const rows: { id: number }[] = ok.length ? await loadChildren(db, viewer, key, { ids: ok }) : [];
    if (newlyVisible.length) {
      const extra = await loadChildren(db, viewer, key, { eventIds: newlyVisible });
      const have = new Set(rows.map((r) => r.id));
      for (const r of extra) if (!have.has(r.id)) rows.push(r);
    }
    (out as Record<string, unknown>)[key] = rows;
    remove(key, [...ch(key).removed, ...gone]);
  }

  const visibleLinks = linkRows.filter((l) => visible(l.sourceEventId) || visible(l.targetEventId));
  if (newlyVisible.length) {
    const extra = await loadEventLinks(db, { eventIds: newlyVisible });
    const have = new Set(visibleLinks.map((l) => l.id));
    for (const l of extra) if (!have.has(l.id)) visibleLinks.push(l);
  }
  out.eventToEvent = visibleLinks;
  remove('eventToEvent', [...links.removed, ...linkRows.filter((l) => !visibleLinks.includes(l)).map((l) => l.id)]);

  return {
    ...out,
    settings: await settingsOf(db, state),
    userPermissions: auth.permissions,
    resetData: false,
    uid: formatUid(state.epoch!, upTo),
    removed,
  };
}

/** Test helper: forget the in-memory state of a database (e.g. after a manual SQL change). */
export function forgetState(db: Database): void {
  const st = stateOf(db);
  st.checkedAt = 0;
  st.settings = null;
}
