/**
 * The shared part of the full bundle (issue 13: 1,000 active events, 50,000 messages, < 300 ms): what every
 * viewer's full bundle is cut from, for the active events of every base, kept per database at one revision.
 * Reading it whole costs as much as one full bundle did (the messages above all); after a write it is brought
 * forward by the change log of the span instead — only what the span touched is read again — so the first
 * panel that starts after a write does not pay for the whole history.
 *
 * Sections and what makes them read again (docs/ARCHITECTURE.md "sync"): a catalogue when its table changed;
 * devices when devices or vehicles changed (the vehicle's name); vehicles when vehicles or jobs changed (the
 * current job); the rows, units, tags, conversations and open jobs of each changed event, of events whose
 * units changed and of the events of changed jobs; links when links or any event changed; a child table when
 * it changed or an event became active; messages and message totals of the events of changed messages and of
 * every changed event. A change of tags, bases or contact types (codes and names copied into other sections)
 * reads everything again, as does a span longer than FULL_PATCH_MAX_CHANGES rows.
 *
 * A state is never changed once made (a patch makes a new one sharing the untouched parts), so a request still
 * assembling from the previous revision is not disturbed.
 */
import { inArray, notInArray, sql } from 'drizzle-orm';
import type { AppBundle } from '@panel/domain/sync';
import { CATALOGUE_KEYS } from '@panel/domain/sync';
import { INACTIVE_STATES } from '@panel/domain/constants';
import type { Database } from '../../../db/client.js';
import { events, messages } from '../../../db/schema/index.js';
import { readChanges, type TableChanges } from '../../../sync/changeLog.js';
import type { ChildRow, LinkRow } from '../delta/core.js';
import {
  eventIdsOfChildren,
  loadCatalogue,
  loadChildren,
  loadDevices,
  loadEventLinks,
  loadEventParts,
  loadEventRows,
  loadResources,
  type CatalogueKey,
  type EventParts,
  type EventScope,
  type LoadedEvent,
} from '../loaders.js';
import { loadWireMessages } from '../loaders/messages.js';
import { jsonTuples } from '../loaders/scope.js';
import { splitAt } from './pieces.js';

/** Child tables other than messages (kept whole for the active events; messages are kept per event). */
export const PLAIN_CHILD_KEYS = ['eventJobs', 'eventGeos', 'eventObjects', 'eventContacts'] as const;
export type PlainChildKey = (typeof PLAIN_CHILD_KEYS)[number];

/** A span touching more change-log rows than this is read whole (a patch would read most of it anyway). */
export const FULL_PATCH_MAX_CHANGES = 5_000;

/** Tables whose values are copied into other sections: a change reads the whole state again (rare admin edits). */
const REBUILD_TABLES = ['tags', 'bases', 'contactTypes'];

/**
 * A message of the shared part as the UTF-8 bytes of its JSON with read flag 0, and the byte offset of that
 * flag: a viewer's message is these bytes with a 1 written there when they have read it — the bytes of
 * JSON.stringify with their flag.
 */
export interface MessagePiece {
  id: number;
  eventId: number;
  category: number;
  userId: number | null;
  bytes: Buffer;
  flagAt: number;
}

export interface FullState {
  epoch: string;
  revision: number;
  catalogues: ReadonlyMap<CatalogueKey, unknown[]>;
  /** devices of every unit (a class keeps its own) */
  devices: AppBundle['devices'];
  resources: AppBundle['resources'];
  /** the active events of every base, by id */
  events: ReadonlyMap<number, LoadedEvent>;
  parts: EventParts;
  /** per active event: message category → how many messages it has (every author) */
  totals: ReadonlyMap<number, ReadonlyMap<number, number>>;
  /** links touching an active event */
  links: LinkRow[];
  children: ReadonlyMap<PlainChildKey, ChildRow[]>;
  /** per active event: the newest BUNDLE_MESSAGES_PER_CONVERSATION of each conversation, ascending ids */
  messages: ReadonlyMap<number, MessagePiece[]>;
  /**
   * The last patches, oldest first: the span each covered and the events whose messages, read marks or
   * conversations it read again — what a user's kept read state (personal.ts) must read again. Empty after a
   * whole read (a user's read state kept from before it is read again whole).
   */
  patches: { from: number; revision: number; events: ReadonlySet<number> }[];
}

/** Patches remembered per state (a user's read state older than these is read again whole). */
export const FULL_PATCH_HISTORY = 64;

/** How often the state was read whole and patched (tests: a message write must not read everything). */
export const fullStateReads = { whole: 0, patched: 0 };

const ACTIVE = notInArray(events.eventStateId, [...INACTIVE_STATES]);

function piecesOf(list: AppBundle['messages']): Map<number, MessagePiece[]> {
  const out = new Map<number, MessagePiece[]>();
  for (const m of list) {
    const [head, tail] = splitAt(m, 'read');
    const bytes = Buffer.from(`${head}0${tail}`);
    const flagAt = Buffer.byteLength(head);
    const piece = { id: m.id, eventId: m.eventId, category: m.messageCategoryId, userId: m.userId, bytes, flagAt };
    const listOf = out.get(m.eventId);
    if (listOf) listOf.push(piece);
    else out.set(m.eventId, [piece]);
  }
  return out;
}

/** Message totals per event and category of the events in `scope`. */
async function loadTotals(db: Database, scope: EventScope): Promise<Map<number, Map<number, number>>> {
  const m = messages;
  const where =
    'eventIds' in scope
      ? inArray(m.eventId, scope.eventIds.length ? scope.eventIds : [-1])
      : sql`${m.eventId} in (select ${events.id} from ${events} where ${scope.eventsWhere})`;
  const rows = await jsonTuples<[number, number, number]>(
    db,
    sql`select json_agg(json_build_array(event_id, category, n)) from (
          select ${m.eventId} as event_id, ${m.messageCategoryId} as category, count(*)::int as n
          from ${m} where ${where} group by 1, 2) c`,
  );
  const out = new Map<number, Map<number, number>>();
  for (const [eventId, category, n] of rows) {
    let byCategory = out.get(eventId);
    if (!byCategory) out.set(eventId, (byCategory = new Map()));
    byCategory.set(category, n);
  }
  return out;
}

/** The shared part read whole at `revision` (the revision is read before the rows, as buildFull does). */
export async function loadFullState(db: Database, epoch: string, revision: number): Promise<FullState> {
  fullStateReads.whole++;
  const scope: EventScope = { eventsWhere: ACTIVE };
  const catalogueRows = await Promise.all(CATALOGUE_KEYS.map((key) => loadCatalogue(db, key as CatalogueKey)));
  const catalogues = new Map(CATALOGUE_KEYS.map((key, i) => [key as CatalogueKey, catalogueRows[i] as unknown[]]));
  const [devices, resources, loaded] = await Promise.all([
    loadDevices(db, {}),
    loadResources(db),
    loadEventRows(db, ACTIVE, scope),
  ]);
  const known = new Map(loaded.map((l) => [l.row.id, l.row]));
  const [parts, totals, links, wire, ...children] = await Promise.all([
    loadEventParts(db, scope),
    loadTotals(db, scope),
    loadEventLinks(db, scope, known),
    loadWireMessages(db, null, scope, { keepEvent: (id) => known.has(id) }),
    ...PLAIN_CHILD_KEYS.map((key) => loadChildren(db, null, key, scope, known)),
  ]);
  return {
    epoch,
    revision,
    catalogues,
    devices,
    resources,
    events: new Map(loaded.map((l) => [l.row.id, l])),
    parts,
    totals,
    links,
    children: new Map(PLAIN_CHILD_KEYS.map((key, i) => [key, children[i] as ChildRow[]])),
    messages: piecesOf(wire),
    patches: [],
  };
}

const none = (): TableChanges => ({ changed: new Set(), removed: new Set(), moved: new Set() });

/** `map` without `ids`, then with `fresh`'s entries for them (a new map; `map` is not touched). */
function replaced<V>(
  map: ReadonlyMap<number, V>,
  ids: Iterable<number>,
  fresh: ReadonlyMap<number, V>,
): Map<number, V> {
  const out = new Map(map);
  for (const id of ids) {
    const v = fresh.get(id);
    if (v === undefined) out.delete(id);
    else out.set(id, v);
  }
  return out;
}

/**
 * The state at `revision`, from `prev` and the change log of (prev.revision, revision]; the whole state read
 * again when the span is too long or touches a table copied into other sections.
 */
export async function patchFullState(db: Database, prev: FullState, revision: number): Promise<FullState> {
  const changes = await readChanges(db, prev.revision, revision);
  let size = 0;
  for (const t of changes.values()) size += t.changed.size + t.removed.size + t.moved.size;
  if (size > FULL_PATCH_MAX_CHANGES || REBUILD_TABLES.some((t) => changes.has(t))) {
    return loadFullState(db, prev.epoch, revision);
  }
  fullStateReads.patched++;
  const ch = (t: string): TableChanges => changes.get(t) ?? none();
  const has = (...tables: string[]) => tables.some((t) => changes.has(t));
  const next: FullState = { ...prev, revision };

  if (has(...CATALOGUE_KEYS)) {
    const catalogues = new Map(prev.catalogues);
    for (const key of CATALOGUE_KEYS as readonly CatalogueKey[]) {
      if (changes.has(key)) catalogues.set(key, (await loadCatalogue(db, key)) as unknown[]);
    }
    next.catalogues = catalogues;
  }
  if (has('devices', 'resources')) next.devices = await loadDevices(db, {});
  if (has('resources', 'eventJobs')) next.resources = await loadResources(db);

  // events to read again: changed ones, those whose units changed, and the events of changed or removed jobs
  const touched = new Set<number>([...ch('events').changed, ...ch('events').removed, ...ch('eventToBase').changed]);
  for (const eventId of (await eventIdsOfChildren(db, 'eventJobs', [...ch('eventJobs').changed])).values()) {
    touched.add(eventId);
  }
  const jobsBefore = new Map(prev.children.get('eventJobs')!.map((j) => [j.id, j.eventId]));
  for (const id of ch('eventJobs').removed) {
    const eventId = jobsBefore.get(id);
    if (eventId !== undefined) touched.add(eventId);
  }
  let becameActive = false;
  if (touched.size) {
    const ids = [...touched];
    const scope = { eventIds: ids };
    const loaded = await loadEventRows(db, inArray(events.id, ids));
    const active = new Map(
      loaded.filter((l) => !INACTIVE_STATES.includes(l.row.eventStateId)).map((l) => [l.row.id, l]),
    );
    becameActive = [...active.keys()].some((id) => !prev.events.has(id));
    const parts = await loadEventParts(db, scope);
    next.events = replaced(prev.events, ids, active);
    const keep = <V>(m: ReadonlyMap<number, V>) => new Map([...m].filter(([id]) => active.has(id)));
    next.parts = {
      tags: replaced(prev.parts.tags, ids, keep(parts.tags)),
      conversations: replaced(prev.parts.conversations, ids, keep(parts.conversations)),
      jobs: replaced(prev.parts.jobs, ids, keep(parts.jobs)),
    };
  }
  // by the condition, not an id list (see loaders/scope.ts); rows of events outside `known` are left out
  const activeScope: EventScope = { eventsWhere: ACTIVE };
  const known = new Map([...next.events].map(([id, l]) => [id, l.row]));
  if (has('eventToEvent') || touched.size) next.links = await loadEventLinks(db, activeScope, known);

  const children = new Map(prev.children);
  for (const key of PLAIN_CHILD_KEYS) {
    const dependsOnDevices = key === 'eventContacts' && has('devices');
    if (becameActive || changes.has(key) || dependsOnDevices) {
      children.set(key, (await loadChildren(db, null, key, activeScope, known)) as ChildRow[]);
    }
  }
  next.children = children;

  // messages: the events of changed messages (ids never change their event) and every touched event (its
  // conversations may have changed, or it became active). A removed message is not known to be anywhere:
  // read all again (messages are not removed today).
  if (ch('messages').removed.size) return loadFullState(db, prev.epoch, revision);
  const messageEvents = new Set(touched);
  for (const eventId of (await eventIdsOfChildren(db, 'messages', [...ch('messages').changed])).values()) {
    messageEvents.add(eventId);
  }
  const ids = [...messageEvents].filter((id) => next.events.has(id));
  const gone = [...messageEvents].filter((id) => !next.events.has(id));
  if (ids.length || gone.length) {
    const scope = { eventIds: ids };
    const [wire, totals] = ids.length
      ? await Promise.all([loadWireMessages(db, null, scope), loadTotals(db, scope)])
      : [[], new Map<number, Map<number, number>>()];
    next.messages = replaced(prev.messages, messageEvents, piecesOf(wire));
    next.totals = replaced(prev.totals, messageEvents, totals);
  }
  next.patches = [
    ...prev.patches.slice(-(FULL_PATCH_HISTORY - 1)),
    { from: prev.revision, revision, events: messageEvents },
  ];
  return next;
}
