/** Child rows of events in the bundle: jobs, geos, notes, contacts, messages. */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppBundle } from '@panel/domain/sync';
import type { Database } from '../../../db/client.js';
import * as s from '../../../db/schema/index.js';
import { presentEventContact } from '../../contacts/presenter.js';
import { presentEventJob } from '../../vehicles/jobs/presenter.js';
import { presentEventGeo, presentEventObject } from '../../map/objects/presenter.js';
import type { Viewer } from '../../../sync/visibility.js';
import { loadWireMessages } from './messages.js';
import { idList, inScope, type EventScope } from './scope.js';

type Bundle = AppBundle;

export { BUNDLE_MESSAGES_PER_CONVERSATION, BUNDLE_UNREAD_PER_CONVERSATION } from './messages.js';

export type ChildKey = 'eventJobs' | 'eventGeos' | 'eventObjects' | 'eventContacts' | 'messages';

export interface ChildOptions {
  /**
   * Messages by events (full bundle): keep the viewer's unread ones (at most BUNDLE_UNREAD_PER_CONVERSATION per
   * conversation, after the read watermark) besides the newest of each conversation. Not in a delta's shared part, which is read once for all users (viewer null).
   */
  unreadOfViewer?: boolean;
}

/** uuid of each event: from `known` (events the caller loaded), the rest read in one query. */
async function eventUuids(
  db: Database,
  eventIds: number[],
  known?: ReadonlyMap<number, { uuid: string }>,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const missing: number[] = [];
  for (const id of idList(eventIds)) {
    const row = known?.get(id);
    if (row) out.set(id, row.uuid);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  const rows = await db
    .select({ id: s.events.id, uuid: s.events.uuid })
    .from(s.events)
    .where(inArray(s.events.id, missing));
  for (const r of rows) out.set(r.id, r.uuid);
  return out;
}

/** Child rows selected by row ids (delta) or by their events (full bundle, newly visible events). */
export type ChildSelector = { ids: number[] } | EventScope;

/**
 * Children of events: by event ids or condition (full bundle, newly visible events) or by row ids (delta).
 * Returns the wire rows. `viewer` null: messages come without anybody's read flag (`read: 0`; the shared delta
 * sets it per user). `known` = events the caller already loaded (full bundle): their uuids are not read
 * again, and a selection by condition keeps only rows of these events (the condition is evaluated again by
 * each query, and an event that changed in between must not bring children without itself).
 */
export async function loadChildren<K extends ChildKey>(
  db: Database,
  viewer: Viewer | null,
  key: K,
  by: ChildSelector,
  known?: ReadonlyMap<number, { uuid: string }>,
  opts: ChildOptions = {},
): Promise<Bundle[K]> {
  if ('ids' in by ? by.ids.length === 0 : 'eventIds' in by && by.eventIds.length === 0) return [] as Bundle[K];
  /** the rows this selection keeps (by condition: of the `known` events only), each with its event's uuid */
  const present = async <T>(rows: T[], eventIdOf: (r: T) => number, wire: (r: T, eventUuid: string) => unknown) => {
    const kept = known && 'eventsWhere' in by ? rows.filter((r) => known.has(eventIdOf(r))) : rows;
    const uuids = await eventUuids(db, kept.map(eventIdOf), known);
    return kept.map((r) => wire(r, uuids.get(eventIdOf(r)) ?? '')) as Bundle[K];
  };
  switch (key) {
    case 'eventJobs': {
      const where =
        'ids' in by
          ? inArray(s.eventJobs.id, by.ids)
          : and(inScope(s.eventJobs.eventId, by), isNull(s.eventJobs.endedAt));
      const rows = await db.select().from(s.eventJobs).where(where).orderBy(asc(s.eventJobs.id));
      return present(rows, (r) => r.eventId, presentEventJob);
    }
    case 'eventGeos': {
      const where = 'ids' in by ? inArray(s.eventGeos.id, by.ids) : inScope(s.eventGeos.eventId, by);
      const rows = await db.select().from(s.eventGeos).where(where).orderBy(asc(s.eventGeos.id));
      return present(rows, (r) => r.eventId, presentEventGeo);
    }
    case 'eventObjects': {
      const where = 'ids' in by ? inArray(s.eventObjects.id, by.ids) : inScope(s.eventObjects.eventId, by);
      const rows = await db.select().from(s.eventObjects).where(where).orderBy(asc(s.eventObjects.id));
      return present(rows, (r) => r.eventId, presentEventObject);
    }
    case 'eventContacts': {
      const where = 'ids' in by ? inArray(s.eventContacts.id, by.ids) : inScope(s.eventContacts.eventId, by);
      const rows = await db
        .select({ c: s.eventContacts, typeName: s.contactTypes.name, deviceCode: s.devices.code })
        .from(s.eventContacts)
        .leftJoin(s.contactTypes, eq(s.contactTypes.id, s.eventContacts.contactTypeId))
        .leftJoin(s.devices, eq(s.devices.id, s.eventContacts.deviceId))
        .where(where)
        .orderBy(asc(s.eventContacts.id));
      return present(
        rows,
        (r) => r.c.eventId,
        (r, eventUuid) => presentEventContact(r.c, eventUuid, r.typeName, r.deviceCode),
      );
    }
    case 'messages':
      return (await loadWireMessages(db, viewer, by, {
        unreadOfViewer: opts.unreadOfViewer,
        keepEvent: known && 'eventsWhere' in by ? (id) => known.has(id) : undefined,
      })) as Bundle[K];
  }
  throw new Error(`unknown child ${String(key)}`);
}

/** Event id of each child row (delta visibility). */
export async function eventIdsOfChildren(db: Database, key: ChildKey, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const table = {
    eventJobs: s.eventJobs,
    eventGeos: s.eventGeos,
    eventObjects: s.eventObjects,
    eventContacts: s.eventContacts,
    messages: s.messages,
  }[key];
  const rows = await db.select({ id: table.id, eventId: table.eventId }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id, r.eventId]));
}
