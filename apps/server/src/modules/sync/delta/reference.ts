/**
 * The per-panel delta as it was computed before the shared delta (issue 13): every query for one viewer. Kept
 * only as the oracle of the shared delta's tests (delta.test.ts), which prove that each viewer gets exactly
 * what this gave. Not used by the server.
 */
import { jobEventIds, loadJobEventScopes, resourcesFor } from '../resourceView.js';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { packPositions, type EntityKey, type MovedPositions } from '@panel/domain/sync';
import { CATALOGUE_KEYS } from '@panel/domain/sync';
import { INACTIVE_STATES } from '@panel/domain/constants';
import type { Database } from '../../../db/client.js';
import { changeLog, events } from '../../../db/schema/index.js';
import { readChanges, type TableChanges } from '../../../sync/changeLog.js';
import {
  eventIdsOfChildren,
  loadCatalogue,
  loadChildren,
  loadDevices,
  loadEventLinks,
  loadEventRows,
  loadMovedDevices,
  loadMovedResources,
  loadResources,
  presentEvents,
  type CatalogueKey,
  type ChildKey,
  type LoadedEvent,
} from '../loaders.js';
import { CHILD_KEYS, emptyEntities } from '../entities.js';
import { isEventVisible, seesAllDevices, seesTag, type Viewer } from '../../../sync/visibility.js';

/**
 * The entities and removals of the delta (since, upTo] for one viewer, and the positions of the rows moved after
 * `positionsSince` (a pull takes them from the start of its bucket, span.ts) and not sent whole.
 */
export async function referenceDelta(
  db: Database,
  viewer: Viewer,
  since: number,
  upTo: number,
  positionsSince = since,
) {
  const changes = await readChanges(db, since, upTo);
  const ch = (t: string): TableChanges =>
    changes.get(t) ?? { changed: new Set(), removed: new Set(), moved: new Set() };
  const out = emptyEntities();
  const removed: Partial<Record<EntityKey, number[]>> = {};
  const remove = (key: EntityKey, ids: Iterable<number>) => {
    const list = [...ids];
    if (list.length) removed[key] = [...new Set([...(removed[key] ?? []), ...list])].sort((a, b) => a - b);
  };

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
  // an event whose units changed: whether this viewer sees its vehicles' jobs may have changed
  const sharedEvents = [...ch('eventToBase').changed];
  if (sharedEvents.length) {
    const jobs = await loadChildren(db, null, 'eventJobs', { eventIds: sharedEvents });
    for (const j of jobs) if (j.resourceId) resourceIds.add(j.resourceId);
  }
  if (resourceIds.size) {
    const list = await loadResources(db, [...resourceIds]);
    const scopes = await loadJobEventScopes(db, jobEventIds(list));
    out.resources = resourcesFor(viewer, list, (id) => scopes.get(id));
  }
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

  // positions alone: rows moved after positionsSince, unless sent whole
  const moves = await db
    .selectDistinct({ table: changeLog.tableName, id: changeLog.rowId })
    .from(changeLog)
    .where(and(gt(changeLog.revision, positionsSince), lte(changeLog.revision, upTo), eq(changeLog.op, 'move')));
  const movedOf = (table: string, whole: TableChanges, alsoWhole = new Set<number>()) =>
    moves
      .filter((m) => m.table === table && !whole.changed.has(m.id) && !whole.removed.has(m.id) && !alsoWhole.has(m.id))
      .map((m) => m.id);
  const movedResources = await loadMovedResources(db, movedOf('resources', res, resourceIds));
  const movedDevices = (await loadMovedDevices(db, movedOf('devices', dev)))
    .filter((d) => seesAllDevices(viewer) || d.baseId === viewer.baseId)
    .map((d) => d.device);
  const positions: MovedPositions | undefined =
    movedResources.length || movedDevices.length ? packPositions(movedResources, movedDevices) : undefined;

  return { entities: out, removed, positions };
}
