/**
 * The shared part of a delta: everything that changed between two revisions, read once for every panel that
 * asks for the same span, before any viewer's filter. Each panel's answer is then cut from it in memory
 * (`view.ts`) and completed with its user's read state (`readState.ts`): no panel reads the change log, the
 * events or the children on its own.
 */
import { jobEventIds, loadJobEventScopes, type JobEventScope } from '../resourceView.js';
import { inArray, sql } from 'drizzle-orm';
import { withMovedDevice, withMovedResource, type AppBundle, type MovedResource } from '@panel/domain/sync';
import { CATALOGUE_KEYS } from '@panel/domain/sync';
import { INACTIVE_STATES } from '@panel/domain/constants';
import type { Database } from '../../../db/client.js';
import { nextTurn } from '../../../db/nextTurn.js';
import { events, messages } from '../../../db/schema/index.js';
import { readChanges, type TableChanges } from '../../../sync/changeLog.js';
import {
  eventIdsOfChildren,
  loadCatalogue,
  loadChildren,
  loadDevices,
  loadEventLinks,
  loadEventParts,
  loadEventRows,
  loadResources,
  loadSettings,
  type CatalogueKey,
  type ChildKey,
  type EventParts,
  type LoadedEvent,
  type MovedDeviceOfBase,
} from '../loaders.js';
import { jsonTuples } from '../loaders/scope.js';
import { CHILD_KEYS } from '../entities.js';
import { movedSince } from './positionBoard.js';

type Row<K extends keyof AppBundle> = AppBundle[K] extends (infer R)[] ? R : never;
export type ChildRow = Row<ChildKey> & { id: number; eventId: number };
export type LinkRow = Row<'eventToEvent'>;

/** Message totals of an event per category, and how many of them each author wrote (own ones are never unread). */
export interface EventMessageTotals {
  total: Map<number, number>;
  byAuthor: Map<number, Map<number, number>>;
}

/** A delta's data: every change of its span but the moves (span.ts). */
export interface DataCore {
  since: number;
  upTo: number;
  /** the newest revision when it was read: its rows are at least that new */
  readAt: number;
  changes: Map<string, TableChanges>;
  /** the panel settings when they changed in the span (read once here, not by each panel) */
  settings: Awaited<ReturnType<typeof loadSettings>> | null;
  /** whole catalogue tables whose rows changed, and their removed ids */
  catalogues: Map<CatalogueKey, { rows: unknown[]; removed: number[] }>;
  /** changed devices of every unit (the view keeps the viewer's) */
  devices: AppBundle['devices'];
  devicesRemoved: number[];
  /** changed vehicles and the vehicles of changed jobs; null when none */
  resources: AppBundle['resources'] | null;
  /** the active events those vehicles work on: owner and units (the view hides the jobs of unseen ones) */
  resourceEvents: Map<number, JobEventScope>;
  resourcesRemoved: number[];
  /** events the delta needs: changed ones, parents of changed children, ends of changed links */
  loaded: Map<number, LoadedEvent>;
  /** events sent (changed, or whose messages changed), ascending */
  sendEvents: number[];
  /** changed events, also those not loaded any more (the view may have to take them back) */
  changedEvents: Set<number>;
  parts: EventParts;
  messageTotals: Map<number, EventMessageTotals>;
  /** per child table: changed row id → its event */
  childEvents: Map<ChildKey, Map<number, number>>;
  /** per child table: the changed rows that still exist, by id */
  childRows: Map<ChildKey, Map<number, ChildRow>>;
  /** events whose units changed and that are active: a unit that now sees one gets all its children and links */
  eventToBaseActive: number[];
  /** all children of those events (a full bundle's selection), per table */
  childExtras: Map<ChildKey, ChildRow[]>;
  linkRows: LinkRow[];
  linkExtras: LinkRow[];
}

/** A delta core: the data of a span and the positions moved in it (withPositions). */
export interface DeltaCore extends DataCore {
  /** vehicles and devices moved in the span and not sent whole (changeLog.ts `move`) */
  movedResources: MovedResource[];
  movedDevices: MovedDeviceOfBase[];
}

const none = (): TableChanges => ({ changed: new Set(), removed: new Set(), moved: new Set() });

/**
 * Reads the data of (since, upTo] once, for every viewer: every change but the moves (span.ts). `readAt` is the
 * newest revision when the read began: the rows read are at least that new.
 */
export async function loadDataCore(db: Database, since: number, upTo: number, readAt: number): Promise<DataCore> {
  if (since >= upTo) return emptyDataCore(since, upTo);
  // the moves are the board's (positionBoard.ts): an 8 s span of a reporting fleet holds thousands
  const changes = await readChanges(db, since, upTo, { moves: false });
  await nextTurn();
  const ch = (t: string): TableChanges => changes.get(t) ?? none();

  const settings = changes.has('settings') ? await loadSettings(db) : null;
  const catalogues = new Map<CatalogueKey, { rows: unknown[]; removed: number[] }>();
  for (const key of CATALOGUE_KEYS as readonly CatalogueKey[]) {
    const c = changes.get(key);
    if (c) catalogues.set(key, { rows: await loadCatalogue(db, key), removed: [...c.removed] });
  }

  const dev = ch('devices');
  const devices = dev.changed.size ? await loadDevices(db, { ids: [...dev.changed] }) : [];
  if (devices.length) await nextTurn();

  // a job change moves a vehicle between events: re-send the vehicles of changed jobs too; and an event shared
  // with a unit or taken back changes whether that unit sees the jobs of other bases' vehicles on it
  // (resourceView.ts): re-send the vehicles working on events whose units changed
  const jobIds = [...ch('eventJobs').changed];
  const resourceIds = new Set(ch('resources').changed);
  if (jobIds.length) {
    for (const j of await loadChildren(db, null, 'eventJobs', { ids: jobIds })) {
      if (j.resourceId) resourceIds.add(j.resourceId);
    }
  }
  const sharedEvents = [...ch('eventToBase').changed];
  if (sharedEvents.length) {
    for (const j of await loadChildren(db, null, 'eventJobs', { eventIds: sharedEvents })) {
      if (j.resourceId) resourceIds.add(j.resourceId);
    }
  }
  const resources = resourceIds.size ? await loadResources(db, [...resourceIds]) : null;
  const resourceEvents = resources ? await loadJobEventScopes(db, jobEventIds(resources)) : new Map();
  if (resources) await nextTurn();

  // children: which events they belong to
  const childEvents = new Map<ChildKey, Map<number, number>>();
  const eventIdsNeeded = new Set<number>([...ch('events').changed, ...ch('eventToBase').changed]);
  for (const key of CHILD_KEYS) {
    const m = await eventIdsOfChildren(db, key, [...ch(key).changed]);
    childEvents.set(key, m);
    for (const e of m.values()) eventIdsNeeded.add(e);
  }
  const linkIds = [...ch('eventToEvent').changed];
  const linkRows = linkIds.length ? await loadEventLinks(db, { ids: linkIds }) : [];
  for (const l of linkRows) {
    eventIdsNeeded.add(l.sourceEventId);
    eventIdsNeeded.add(l.targetEventId);
  }
  // events: changed ones, plus those whose messages changed (unread counts) — once, even when closed. Their parts
  // and message totals are read beside their rows, not after them (one step less in a write's push, issue 28
  // item 2); an event that is gone is not sent, and what was read of it is dropped
  const changedEvents = ch('events').changed;
  const sendable = [...new Set([...changedEvents, ...(childEvents.get('messages')?.values() ?? [])])].sort(
    (a, b) => a - b,
  );
  const partsRead = sendable.length
    ? Promise.all([loadEventParts(db, { eventIds: sendable }), loadMessageTotals(db, sendable)])
    : null;
  partsRead?.catch(() => undefined); // awaited below, unless the rows' read fails first
  const loadedList = eventIdsNeeded.size ? await loadEventRows(db, inArray(events.id, [...eventIdsNeeded])) : [];
  const loaded = new Map(loadedList.map((l) => [l.row.id, l]));
  if (loadedList.length) await nextTurn();
  const sendEvents = sendable.filter((id) => loaded.has(id));
  const [parts, messageTotals] = partsRead
    ? await partsRead
    : [{ tags: new Map(), conversations: new Map(), jobs: new Map() }, new Map<number, EventMessageTotals>()];
  if (sendEvents.length < sendable.length) {
    for (const map of [parts.tags, parts.conversations, parts.jobs, messageTotals]) {
      for (const id of map.keys()) if (!loaded.has(id)) map.delete(id);
    }
  }

  const eventToBaseActive = [...ch('eventToBase').changed].filter((id) => {
    const l = loaded.get(id);
    return !!l && !INACTIVE_STATES.includes(l.row.eventStateId);
  });

  const childRows = new Map<ChildKey, Map<number, ChildRow>>();
  const childExtras = new Map<ChildKey, ChildRow[]>();
  for (const key of CHILD_KEYS) {
    // rows of events that no longer exist are not read: every view takes them back
    const ids = [...childEvents.get(key)!.entries()].filter(([, e]) => loaded.has(e)).map(([id]) => id);
    const rows = (ids.length ? await loadChildren(db, null, key, { ids }) : []) as ChildRow[];
    childRows.set(key, new Map(rows.map((r) => [r.id, r])));
    childExtras.set(
      key,
      (eventToBaseActive.length
        ? await loadChildren(db, null, key, { eventIds: eventToBaseActive })
        : []) as ChildRow[],
    );
  }
  const linkExtras = eventToBaseActive.length ? await loadEventLinks(db, { eventIds: eventToBaseActive }) : [];

  return {
    since,
    upTo,
    changes,
    settings,
    catalogues,
    devices,
    devicesRemoved: [...dev.removed],
    resources,
    resourceEvents,
    resourcesRemoved: [...ch('resources').removed],
    readAt,
    loaded,
    sendEvents,
    changedEvents,
    parts,
    messageTotals,
    childEvents,
    childRows,
    eventToBaseActive,
    childExtras,
    linkRows,
    linkExtras,
  };
}

/** The data of a span without any: only position batches between its ends (no read). */
function emptyDataCore(since: number, upTo: number): DataCore {
  return {
    since,
    upTo,
    readAt: upTo,
    changes: new Map(),
    settings: null,
    catalogues: new Map(),
    devices: [],
    devicesRemoved: [],
    resources: null,
    resourceEvents: new Map(),
    resourcesRemoved: [],
    loaded: new Map(),
    sendEvents: [],
    changedEvents: new Set(),
    parts: { tags: new Map(), conversations: new Map(), jobs: new Map() },
    messageTotals: new Map(),
    childEvents: new Map(CHILD_KEYS.map((key) => [key, new Map()])),
    childRows: new Map(CHILD_KEYS.map((key) => [key, new Map()])),
    eventToBaseActive: [],
    childExtras: new Map(CHILD_KEYS.map((key) => [key, []])),
    linkRows: [],
    linkExtras: [],
  };
}

/**
 * The delta core of a span: its data core with the positions moved after `positionsSince` (up to `upTo` at
 * least), from the board, nothing read but the newest moves. A row the data core sends whole is not sent as a
 * position; when it moved after the data core read it, the whole row gets its newest position (the data core
 * may be seconds old while its vehicles report).
 */
export async function withPositions(
  db: Database,
  epoch: string,
  data: DataCore,
  positionsSince: number,
  upTo: number,
): Promise<DeltaCore> {
  const whole = {
    resources: new Set([...(data.resources ?? []).map((r) => r.id), ...data.resourcesRemoved]),
    devices: new Set([...data.devices.map((d) => d.id), ...data.devicesRemoved]),
  };
  const moved = await movedSince(db, epoch, positionsSince, upTo, whole, data.readAt);
  const resources =
    data.resources && moved.wholeResources.size
      ? data.resources.map((r) => {
          const newer = moved.wholeResources.get(r.id);
          return newer ? withMovedResource(r, newer) : r;
        })
      : data.resources;
  const devices = moved.wholeDevices.size
    ? data.devices.map((d) => {
        const newer = moved.wholeDevices.get(d.id);
        return newer ? withMovedDevice(d, newer.device) : d;
      })
    : data.devices;
  return { ...data, resources, devices, movedResources: moved.resources, movedDevices: moved.devices };
}

/** Per event and category: the message total and each author's count, in one query. */
async function loadMessageTotals(db: Database, eventIds: number[]): Promise<Map<number, EventMessageTotals>> {
  const m = messages;
  const rows = await jsonTuples<[number, number, number | null, number]>(
    db,
    sql`select json_agg(json_build_array(event_id, category, author, n)) from (
          select ${m.eventId} as event_id, ${m.messageCategoryId} as category, ${m.userId} as author, count(*)::int as n
          from ${m} where ${inArray(m.eventId, eventIds)} group by 1, 2, 3) c`,
  );
  const out = new Map<number, EventMessageTotals>();
  for (const [eventId, category, author, n] of rows) {
    let t = out.get(eventId);
    if (!t) out.set(eventId, (t = { total: new Map(), byAuthor: new Map() }));
    t.total.set(category, (t.total.get(category) ?? 0) + n);
    if (author != null) {
      let perCategory = t.byAuthor.get(author);
      if (!perCategory) t.byAuthor.set(author, (perCategory = new Map()));
      perCategory.set(category, n);
    }
  }
  return out;
}
