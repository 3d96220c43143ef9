/**
 * Map notes (event_objects, bundle key `eventObjects`) and drawn objects (event_geos, `eventGeos`), 001 §5/§6:
 *
 * - notes: manage Message2, the event's category not of type call/chat/monitor/support, a saved event
 *   (`canUseMapNotes`), and an active event (states 3–7 take nothing); on another base's event also view Event
 *   (`canWriteRowsOf`, issue 24 item 11);
 * - drawings: a saved, active event of the user's base (`canDraw`).
 *
 * Every write runs through `runCommand`: change log row, journal row (`eventObject.create|update|delete`,
 * `eventGeo.create|update|delete`, table = the bundle key) and the push. Creates are idempotent by `uuid`; a
 * create without one gets a server-made uuid (answered in the row, so the caller can retry with it).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { INACTIVE_STATES } from '@panel/domain/constants';
import {
  mapObjectTexts,
  roundCoordinate,
  type CreateGeoBody,
  type CreateNoteBody,
  type UpdateGeoBody,
  type UpdateNoteBody,
  canDraw,
  canUseMapNotes,
} from '@panel/domain/map';
import { authTexts, canWriteRowsOf } from '@panel/domain/auth';
import type { EventGeo, EventObject } from '@panel/domain/sync';
import type { Queryable } from '../../../db/client.js';
import { eventGeos, eventObjects } from '../../../db/schema/index.js';
import { forbidden, notFound, unprocessable } from '../../../errors.js';
import { runCommand } from '../../../sync/commands.js';
import {
  actorOf,
  eventIdOf,
  loadCategory,
  ruleCategory,
  visibleEvent,
  type Auth,
  type Deps,
} from '../../events/access.js';
import { assertOwnRetry } from '../../events/retry.js';
import type { EventRow } from '../../events/presenter.js';
import { presentEventGeo, presentEventObject } from './presenter.js';
import { normalizeGeojson } from './geojson.js';
import { authorize } from '../../../http/authorize.js';

const isInactive = (row: Pick<EventRow, 'eventStateId'>) => INACTIVE_STATES.includes(row.eventStateId);

/** 403 unless the user may create, change or delete notes of this event. */
async function assertNotes(q: Queryable, auth: Auth, row: EventRow): Promise<void> {
  authorize(auth, 'manage', 'Message2');
  // another base's notes only for a role that views events (issue 24 item 11: udrp manages Message only)
  if (!canWriteRowsOf(auth.ability, auth.user, row, 'Event')) throw forbidden(authTexts.otherBaseRefused);
  const category = ruleCategory(await loadCategory(q, row.eventCategoryId));
  if (!canUseMapNotes(auth.ability, category, row)) throw forbidden(mapObjectTexts.notesRefused);
  if (isInactive(row)) throw forbidden(mapObjectTexts.inactive);
}

/** 403 unless the event is saved, active and of the user's base. */
function assertDraw(auth: Auth, row: EventRow): void {
  if (!canDraw({ baseId: auth.user.baseId }, row) || isInactive(row)) throw forbidden(mapObjectTexts.drawRefused);
}

const cleanText = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);

// ---------------------------------------------------------------- notes

async function noteRow(q: Queryable, where: ReturnType<typeof eq>) {
  const [row] = await q.select().from(eventObjects).where(where);
  return row;
}

export async function createNote(
  deps: Deps,
  auth: Auth,
  body: CreateNoteBody,
): Promise<{ note: EventObject; created: boolean }> {
  const existing = body.uuid === undefined ? undefined : await noteRow(deps.db, eq(eventObjects.uuid, body.uuid));
  if (existing) {
    const { eventUuid } = await assertOwnRetry(deps.db, auth, existing);
    return { note: presentEventObject(existing, eventUuid), created: false };
  }
  const eventId = await eventIdOf(deps.db, body);
  const { row: event } = await visibleEvent(deps.db, auth, eventId);
  await assertNotes(deps.db, auth, event);
  const content = cleanText(body.content);
  if (!content) throw unprocessable({ field: 'content', message: mapObjectTexts.contentRequired });
  const longitude = roundCoordinate(body.longitude);
  const latitude = roundCoordinate(body.latitude);
  const uuid = body.uuid ?? randomUUID();

  return runCommand(deps, actorOf(auth), { type: 'eventObject.create', eventId }, async (tx, rec) => {
    await visibleEvent(tx, auth, eventId, { lock: true });
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${eventObjects.sequence}), 0)::int + 1` })
      .from(eventObjects)
      .where(eq(eventObjects.eventId, eventId));
    const [row] = await tx
      .insert(eventObjects)
      .values({
        uuid,
        eventId,
        sequence: Number(next),
        longitude,
        latitude,
        content,
        createdBy: auth.user.id,
      })
      .onConflictDoNothing({ target: eventObjects.uuid })
      .returning();
    if (!row) {
      const again = await noteRow(tx, eq(eventObjects.uuid, uuid));
      if (!again) throw new Error(`note ${uuid} vanished`);
      const { eventUuid } = await assertOwnRetry(tx, auth, again);
      return { note: presentEventObject(again, eventUuid), created: false };
    }
    rec.changed('eventObjects', row.id);
    rec.journal({ table: 'eventObjects', data: { id: row.id, uuid: row.uuid, content, longitude, latitude } });
    return { note: presentEventObject(row, event.uuid), created: true };
  });
}

async function visibleNote(deps: Deps, auth: Auth, id: number) {
  const note = await noteRow(deps.db, eq(eventObjects.id, id));
  if (!note) throw notFound();
  const { row: event } = await visibleEvent(deps.db, auth, note.eventId);
  await assertNotes(deps.db, auth, event);
  return { note, event };
}

export async function updateNote(deps: Deps, auth: Auth, id: number, body: UpdateNoteBody): Promise<EventObject> {
  const { note, event } = await visibleNote(deps, auth, id);
  const patch: Partial<Pick<typeof note, 'content' | 'longitude' | 'latitude'>> = {};
  if (body.content !== undefined) {
    const content = cleanText(body.content);
    if (!content) throw unprocessable({ field: 'content', message: mapObjectTexts.contentRequired });
    if (content !== note.content) patch.content = content;
  }
  if (body.longitude !== undefined && roundCoordinate(body.longitude) !== note.longitude) {
    patch.longitude = roundCoordinate(body.longitude);
  }
  if (body.latitude !== undefined && roundCoordinate(body.latitude) !== note.latitude) {
    patch.latitude = roundCoordinate(body.latitude);
  }
  if (Object.keys(patch).length === 0) return presentEventObject(note, event.uuid);

  return runCommand(deps, actorOf(auth), { type: 'eventObject.update', eventId: note.eventId }, async (tx, rec) => {
    const [row] = await tx.update(eventObjects).set(patch).where(eq(eventObjects.id, id)).returning();
    if (!row) throw notFound();
    const changes = Object.fromEntries(
      Object.entries(patch).map(([k, v]) => [k, { old: note[k as keyof typeof patch], new: v }]),
    );
    rec.changed('eventObjects', id);
    rec.journal({ table: 'eventObjects', data: { id, changes } });
    return presentEventObject(row, event.uuid);
  });
}

export async function deleteNote(deps: Deps, auth: Auth, id: number): Promise<void> {
  const { note } = await visibleNote(deps, auth, id);
  await runCommand(deps, actorOf(auth), { type: 'eventObject.delete', eventId: note.eventId }, async (tx, rec) => {
    const gone = await tx.delete(eventObjects).where(eq(eventObjects.id, id)).returning({ id: eventObjects.id });
    if (!gone.length) throw notFound();
    rec.removed('eventObjects', id);
    rec.journal({ table: 'eventObjects', data: { id, uuid: note.uuid, content: note.content } });
  });
}

// ---------------------------------------------------------------- drawn objects

async function geoRow(q: Queryable, where: ReturnType<typeof eq>) {
  const [row] = await q.select().from(eventGeos).where(where);
  return row;
}

const badGeojson = () => unprocessable({ field: 'geojson', message: mapObjectTexts.badGeojson });

export async function createGeo(
  deps: Deps,
  auth: Auth,
  body: CreateGeoBody,
): Promise<{ geo: EventGeo; created: boolean }> {
  const existing = body.uuid === undefined ? undefined : await geoRow(deps.db, eq(eventGeos.uuid, body.uuid));
  if (existing) {
    const { eventUuid } = await assertOwnRetry(deps.db, auth, existing);
    return { geo: presentEventGeo(existing, eventUuid), created: false };
  }
  const eventId = await eventIdOf(deps.db, body);
  const { row: event } = await visibleEvent(deps.db, auth, eventId);
  assertDraw(auth, event);
  const title = cleanText(body.title);
  const geojson = normalizeGeojson(body.geojson, title);
  if (!geojson) throw badGeojson();
  const uuid = body.uuid ?? randomUUID();

  return runCommand(deps, actorOf(auth), { type: 'eventGeo.create', eventId }, async (tx, rec) => {
    await visibleEvent(tx, auth, eventId, { lock: true });
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${eventGeos.sequence}), 0)::int + 1` })
      .from(eventGeos)
      .where(eq(eventGeos.eventId, eventId));
    const [row] = await tx
      .insert(eventGeos)
      .values({ uuid, eventId, sequence: Number(next), geojson, title, createdBy: auth.user.id })
      .onConflictDoNothing({ target: eventGeos.uuid })
      .returning();
    if (!row) {
      const again = await geoRow(tx, eq(eventGeos.uuid, uuid));
      if (!again) throw new Error(`geo ${uuid} vanished`);
      const { eventUuid } = await assertOwnRetry(tx, auth, again);
      return { geo: presentEventGeo(again, eventUuid), created: false };
    }
    rec.changed('eventGeos', row.id);
    rec.journal({ table: 'eventGeos', data: { id: row.id, uuid: row.uuid, title, type: geojson.geometry.type } });
    return { geo: presentEventGeo(row, event.uuid), created: true };
  });
}

async function visibleGeo(deps: Deps, auth: Auth, id: number) {
  const geo = await geoRow(deps.db, eq(eventGeos.id, id));
  if (!geo) throw notFound();
  const { row: event } = await visibleEvent(deps.db, auth, geo.eventId);
  assertDraw(auth, event);
  return { geo, event };
}

export async function updateGeo(deps: Deps, auth: Auth, id: number, body: UpdateGeoBody): Promise<EventGeo> {
  const { geo, event } = await visibleGeo(deps, auth, id);
  const title = body.title !== undefined ? cleanText(body.title) : geo.title;
  const source = body.geojson !== undefined ? body.geojson : geo.geojson;
  const geojson = normalizeGeojson(source, title);
  if (!geojson) throw badGeojson();
  const titleChanged = title !== geo.title;
  const shapeChanged = JSON.stringify(geojson) !== JSON.stringify(geo.geojson);
  if (!titleChanged && !shapeChanged) return presentEventGeo(geo, event.uuid);

  return runCommand(deps, actorOf(auth), { type: 'eventGeo.update', eventId: geo.eventId }, async (tx, rec) => {
    const [row] = await tx.update(eventGeos).set({ title, geojson }).where(eq(eventGeos.id, id)).returning();
    if (!row) throw notFound();
    rec.changed('eventGeos', id);
    rec.journal({
      table: 'eventGeos',
      data: {
        id,
        changes: {
          ...(titleChanged ? { title: { old: geo.title, new: title } } : {}),
          ...(shapeChanged ? { geojson: { old: null, new: geojson.geometry.type } } : {}),
        },
      },
    });
    return presentEventGeo(row, event.uuid);
  });
}

export async function deleteGeo(deps: Deps, auth: Auth, id: number): Promise<void> {
  const { geo } = await visibleGeo(deps, auth, id);
  await runCommand(deps, actorOf(auth), { type: 'eventGeo.delete', eventId: geo.eventId }, async (tx, rec) => {
    const gone = await tx
      .delete(eventGeos)
      .where(and(eq(eventGeos.id, id)))
      .returning({ id: eventGeos.id });
    if (!gone.length) throw notFound();
    rec.removed('eventGeos', id);
    rec.journal({ table: 'eventGeos', data: { id, uuid: geo.uuid, title: geo.title } });
  });
}
