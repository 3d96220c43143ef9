/**
 * The full bundle as it was computed before the database built the messages' JSON and before the read
 * watermarks (issue 13): messages decoded row by row and presented in JS, the viewer's unread ones and the
 * unread counts read over the whole history through the read marks. Kept only as the oracle of
 * bundleReference.test.ts, which proves each demo role gets exactly what this gave. Not used by the server.
 */
import { resourcesFor } from './resourceView.js';
import { and, notInArray, sql } from 'drizzle-orm';
import { CATALOGUE_KEYS } from '@panel/domain/sync';
import { INACTIVE_STATES, MESSAGE_CATEGORY } from '@panel/domain/constants';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import { appliedTags, presentMessage, type MessageRow } from '../messages/presenter.js';
import { CHILD_KEYS, emptyEntities } from './entities.js';
import {
  BUNDLE_MESSAGES_PER_CONVERSATION,
  loadCatalogue,
  loadChildren,
  loadDevices,
  loadEventLinks,
  loadEventParts,
  loadEventRows,
  loadResources,
  messageCountsOf,
  presentLoadedEvent,
  type CatalogueKey,
  type EventScope,
  type MessageCounts,
} from './loaders.js';
import { columnsOf, jsonTuples, rowOf, scopeIds } from './loaders/scope.js';
import { eventVisibleSql, seesAllDevices, seesTag, type BundleAuth, type Viewer } from '../../sync/visibility.js';

const MESSAGE_COLUMNS = columnsOf(s.messages);

/** Message counts with the unread ones of `viewerId` over the whole history (not own, no read mark). */
async function referenceCounts(db: Database, viewerId: number, scope: EventScope): Promise<MessageCounts> {
  const rows = await jsonTuples<[number, number, number, number]>(
    db,
    sql`select json_agg(json_build_array(event_id, category, total, unread)) from (
          select m.event_id, m.message_category_id as category, count(*)::int as total,
            count(*) filter (where m.user_id is distinct from ${viewerId}
              and not exists (select 1 from message_reads r where r.message_id = m.id and r.user_id = ${viewerId}))::int as unread
          from ${s.messages} m where m.event_id in (${scopeIds(scope)}) group by m.event_id, m.message_category_id) c`,
  );
  // only the folding into a map is shared with loadMessageCounts; what is counted is this query's own
  return messageCountsOf(rows);
}

/** The newest K per conversation and every unread message of the viewer, presented row by row. */
async function referenceMessages(db: Database, viewer: Viewer, scope: EventScope, known: Map<number, string>) {
  const m = s.messages;
  const found = await queryRows<{ j: string; read: boolean | string; tags: string | null }>(
    db,
    sql`select row_to_json(${m})::text as j,
          exists (select 1 from ${s.messageReads} r where r.message_id = ${m.id} and r.user_id = ${viewer.id}) as read,
          (select json_agg(a.message_tag_id order by a.message_tag_id) from ${s.messageToTags} a
            where a.message_id = ${m.id})::text as tags
        from (select l.id from (select ${s.events.id} as id from ${s.events} where ${s.events.id} in (${scopeIds(scope)})) e
          cross join lateral (select cv.type as category from ${s.conversations} cv where cv.event_id = e.id
            union values ${sql.join(
              Object.values(MESSAGE_CATEGORY).map((id) => sql`(${id}::int)`),
              sql`, `,
            )}) c
          cross join lateral (select n.id from ${m} n where n.event_id = e.id and n.message_category_id = c.category
            order by n.id desc limit ${BUNDLE_MESSAGES_PER_CONVERSATION}) l
          union select u.id from ${m} u where u.event_id in (${scopeIds(scope)})
            and u.user_id is distinct from ${viewer.id}
            and not exists (select 1 from ${s.messageReads} r where r.message_id = u.id and r.user_id = ${viewer.id})
        ) p join ${m} on ${m.id} = p.id order by ${m.id}`,
  );
  return found
    .map((r) => ({
      row: rowOf<MessageRow>(MESSAGE_COLUMNS, JSON.parse(r.j) as Record<string, unknown>),
      read: r.read === true || String(r.read) === 't',
      tags: r.tags ? (JSON.parse(r.tags) as number[]) : [],
    }))
    .filter((r) => known.has(r.row.eventId))
    .map((r) =>
      presentMessage(r.row, known.get(r.row.eventId)!, r.read || r.row.userId === viewer.id, appliedTags(r.tags)),
    );
}

/** The entities of the full bundle for one user (settings, permissions and uid left out). */
export async function referenceFull(db: Database, auth: BundleAuth) {
  const viewer: Viewer = { ...auth.user, permissions: auth.permissions };
  const out = emptyEntities();
  for (const key of CATALOGUE_KEYS) {
    (out as Record<string, unknown>)[key] = await loadCatalogue(db, key as CatalogueKey);
  }
  out.tags = out.tags.filter((tag) => seesTag(viewer, tag));
  out.devices = await loadDevices(db, seesAllDevices(viewer) ? {} : { baseId: viewer.baseId });
  const resources = await loadResources(db);
  const scope: EventScope = {
    eventsWhere: and(notInArray(s.events.eventStateId, [...INACTIVE_STATES]), eventVisibleSql(viewer)),
  };
  const loaded = await loadEventRows(db, scope.eventsWhere, scope);
  const known = new Map(loaded.map((l) => [l.row.id, l.row]));
  const loadedById = new Map(loaded.map((l) => [l.row.id, l]));
  out.resources = resourcesFor(viewer, resources, (id) => {
    const l = loadedById.get(id);
    return l && { baseId: l.row.baseId, eventToBase: l.eventToBase };
  });
  const [parts, counts] = [await loadEventParts(db, scope), await referenceCounts(db, viewer.id, scope)];
  out.events = loaded.map((l) => presentLoadedEvent(l, parts, counts.get(l.row.id), viewer));
  out.eventToEvent = (await loadEventLinks(db, scope, known)).filter(
    (l) => known.has(l.sourceEventId) || known.has(l.targetEventId),
  );
  for (const key of CHILD_KEYS) {
    if (key === 'messages') continue;
    (out as Record<string, unknown>)[key] = await loadChildren(db, viewer, key, scope, known);
  }
  out.messages = await referenceMessages(db, viewer, scope, new Map(loaded.map((l) => [l.row.id, l.row.uuid])));
  return out;
}
