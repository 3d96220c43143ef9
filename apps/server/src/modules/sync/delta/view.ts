/**
 * A delta as one viewer gets it, cut from the shared core in two steps:
 * - `classView`: what every viewer of a visibility class gets (visibilityClass in ../visibility.ts): the events,
 *   children, links, tags and devices they may see, and what they must drop. Built once per class and core.
 * - `personalize`: the user's own parts — unread counts of the sent events, the read flag of the sent
 *   messages, the user's permissions — on top of the class view, from the batched read state.
 */
import type { AppBundle, EntityKey, MovedPositions } from '@panel/domain/sync';
import { BUNDLE_KEYS, packPositions } from '@panel/domain/sync';
import { presentLoadedEvent } from '../loaders.js';
import { isEventVisible, seesAllDevices, seesTag, type Viewer } from '../../../sync/visibility.js';
import { CHILD_KEYS, emptyEntities, type Entities } from '../entities.js';
import { resourcesFor } from '../resourceView.js';
import type { ChildRow, DeltaCore, LinkRow } from './core.js';
import type { UserReadState } from './readState.js';

export interface ClassView {
  entities: Entities;
  removed: Partial<Record<EntityKey, number[]>>;
  /** ids of the messages sent: the read state to fetch per user */
  messageIds: number[];
  /** positions that moved (every vehicle's; the class's devices); absent when none */
  positions?: MovedPositions;
}

export function classView(core: DeltaCore, viewer: Viewer): ClassView {
  const out = emptyEntities();
  const removed: Partial<Record<EntityKey, number[]>> = {};
  const remove = (key: EntityKey, ids: Iterable<number>) => {
    const list = [...ids];
    if (list.length) removed[key] = [...new Set([...(removed[key] ?? []), ...list])].sort((a, b) => a - b);
  };
  const set = (key: EntityKey, rows: unknown[]) => ((out as Record<string, unknown>)[key] = rows);

  for (const [key, { rows, removed: gone }] of core.catalogues) {
    set(key, rows);
    remove(key, gone);
  }
  const tags = core.catalogues.get('tags');
  if (tags) {
    // tags the viewer may not see stay out; one that changed into a C_ tag is taken back from the client
    const changedTags = core.changes.get('tags')?.changed ?? new Set<number>();
    const all = tags.rows as AppBundle['tags'];
    remove(
      'tags',
      all.filter((tag) => !seesTag(viewer, tag) && changedTags.has(tag.id)).map((tag) => tag.id),
    );
    out.tags = all.filter((tag) => seesTag(viewer, tag));
  }

  if (core.devices.length) {
    const mine = seesAllDevices(viewer) ? core.devices : core.devices.filter((d) => d.baseId === viewer.baseId);
    out.devices = mine;
    remove(
      'devices',
      core.devices.filter((d) => !mine.includes(d)).map((d) => d.id),
    );
  }
  remove('devices', core.devicesRemoved);
  if (core.resources) out.resources = resourcesFor(viewer, core.resources, (id) => core.resourceEvents.get(id));
  remove('resources', core.resourcesRemoved);

  const visible = (eventId: number) => {
    const l = core.loaded.get(eventId);
    return !!l && isEventVisible(viewer, { baseId: l.row.baseId, eventToBase: l.eventToBase });
  };

  // events with the class's tags; message counts are the user's (personalize)
  out.events = core.sendEvents
    .filter(visible)
    .map((id) => presentLoadedEvent(core.loaded.get(id)!, core.parts, undefined, viewer));
  remove('events', [
    ...(core.changes.get('events')?.removed ?? []),
    ...[...core.changedEvents].filter((id) => !visible(id)),
  ]);

  // units that newly see an event get all its children
  const newlyVisible = new Set(core.eventToBaseActive.filter(visible));
  for (const key of CHILD_KEYS) {
    const rows: ChildRow[] = [];
    const gone: number[] = [];
    for (const [id, eventId] of core.childEvents.get(key)!) {
      if (!visible(eventId)) gone.push(id);
      else {
        const row = core.childRows.get(key)!.get(id);
        if (row) rows.push(row);
      }
    }
    rows.sort((a, b) => a.id - b.id);
    if (newlyVisible.size) {
      const have = new Set(rows.map((r) => r.id));
      for (const r of core.childExtras.get(key)!) if (newlyVisible.has(r.eventId) && !have.has(r.id)) rows.push(r);
    }
    set(key, rows);
    remove(key, [...(core.changes.get(key)?.removed ?? []), ...gone]);
  }

  const visibleLinks: LinkRow[] = core.linkRows.filter((l) => visible(l.sourceEventId) || visible(l.targetEventId));
  if (newlyVisible.size) {
    const have = new Set(visibleLinks.map((l) => l.id));
    for (const l of core.linkExtras) {
      const touches = newlyVisible.has(l.sourceEventId) || newlyVisible.has(l.targetEventId);
      if (touches && !have.has(l.id)) visibleLinks.push(l);
    }
  }
  out.eventToEvent = visibleLinks;
  remove('eventToEvent', [
    ...(core.changes.get('eventToEvent')?.removed ?? []),
    ...core.linkRows.filter((l) => !visibleLinks.includes(l)).map((l) => l.id),
  ]);

  const movedDevices = core.movedDevices
    .filter((d) => seesAllDevices(viewer) || d.baseId === viewer.baseId)
    .map((d) => d.device);
  // as tuples on the wire (packPositions): the field names were more than half of a fleet's positions
  const positions =
    core.movedResources.length || movedDevices.length ? packPositions(core.movedResources, movedDevices) : undefined;
  return { entities: out, removed, messageIds: out.messages.map((m) => m.id), ...(positions && { positions }) };
}

/** The class view with the user's unread counts and read flags (new objects; the shared view is not touched). */
export function personalize(core: DeltaCore, view: ClassView, userId: number, reads: UserReadState): Entities {
  const events = view.entities.events.map((e) => {
    const totals = e.id == null ? undefined : core.messageTotals.get(e.id);
    if (!totals || e.id == null) return e;
    const own = totals.byAuthor.get(userId);
    const readHere = reads.readCounts.get(e.id);
    const unread: Record<string, number> = {};
    let total = 0;
    for (const category of [...totals.total.keys()].sort((a, b) => a - b)) {
      const n = totals.total.get(category)!;
      total += n;
      unread[String(category)] = n - (own?.get(category) ?? 0) - (readHere?.get(category) ?? 0);
    }
    return { ...e, messages: { total, unread } };
  });
  const messages = view.entities.messages.map((m) => {
    const read: 0 | 1 = m.userId === userId || reads.readMessages.has(m.id) ? 1 : 0;
    return read === m.read ? m : { ...m, read };
  });
  return { ...view.entities, events, messages };
}

const PERSONAL_KEYS = new Set<string>(['events', 'messages']);

/**
 * The class part of a delta as JSON fragments (`"key":[…]`) in bundle key order, stringified once per class;
 * null where a personal key (`personalize`: events, messages) goes (encoded.ts splices those in per user).
 */
export function classFragments(view: ClassView): (string | null)[] {
  const entities = view.entities as Record<string, unknown>;
  return BUNDLE_KEYS.map((key) =>
    PERSONAL_KEYS.has(key) ? null : `${JSON.stringify(key)}:${JSON.stringify(entities[key])}`,
  );
}
