/**
 * Reads of the incident report (issue 26 item 3): the catalogues' names, the event's journal with the users'
 * names, its deployments with their vehicles, contacts and messages. Every read is bounded by one event the
 * caller has already shown visible (routes.ts); none widens what the user sees.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { ReportJournalRow, ReportNames } from '@panel/domain/incidentReport';
import type { EventContact, Message } from '@panel/domain/sync';
import type { Database } from '../../db/client.js';
import * as s from '../../db/schema/index.js';
import { loadChildren } from '../sync/loaders/children.js';
import type { Viewer } from '../../sync/visibility.js';
import { wireTime } from '../../sync/wire.js';

const nameMap = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));

/** Names of the small catalogues the report shows (each a handful of rows, read whole). */
export async function loadCatalogueNames(db: Database) {
  const [categories, types, priorities, states, statuses, jobStatuses, bases, messageCategories, contactTypes] =
    await Promise.all([
      db.select({ id: s.eventCategories.id, name: s.eventCategories.name }).from(s.eventCategories),
      db.select({ id: s.eventTypes.id, name: s.eventTypes.name }).from(s.eventTypes),
      db.select({ id: s.priorities.id, name: s.priorities.name }).from(s.priorities),
      db.select({ id: s.eventStates.id, name: s.eventStates.name }).from(s.eventStates),
      db.select({ id: s.eventStatuses.id, name: s.eventStatuses.name }).from(s.eventStatuses),
      db.select({ id: s.eventJobStatuses.id, name: s.eventJobStatuses.name }).from(s.eventJobStatuses),
      db.select({ id: s.bases.id, name: s.bases.name }).from(s.bases),
      db
        .select({ id: s.messageCategories.id, name: s.messageCategories.name })
        .from(s.messageCategories)
        .orderBy(asc(s.messageCategories.id)),
      db.select({ id: s.contactTypes.id }).from(s.contactTypes),
    ]);
  return {
    categories: nameMap(categories),
    types: nameMap(types),
    priorities: nameMap(priorities),
    eventStates: nameMap(states),
    eventStatuses: nameMap(statuses),
    jobStatuses: nameMap(jobStatuses),
    bases: nameMap(bases),
    messageCategories,
    contactTypeIds: contactTypes.map((c) => c.id),
  };
}
export type CatalogueNames = Awaited<ReturnType<typeof loadCatalogueNames>>;

/** 'Jana Nováková', else the username (a user without names), else null (the system). */
function personName(u: { username: string | null; firstName: string | null; lastName: string | null }) {
  const full = [u.firstName, u.lastName].filter((p) => p && p.trim()).join(' ');
  return full || u.username || null;
}

/** The event's journal, oldest first, with the acting user's name. */
export async function loadJournal(db: Database, eventId: number): Promise<ReportJournalRow[]> {
  const rows = await db
    .select({
      date: s.journal.date,
      type: s.journal.type,
      data: s.journal.data,
      username: s.users.username,
      firstName: s.users.firstName,
      lastName: s.users.lastName,
    })
    .from(s.journal)
    .leftJoin(s.users, eq(s.users.id, s.journal.userId))
    .where(eq(s.journal.eventId, eventId))
    .orderBy(asc(s.journal.id));
  return rows.map((r) => ({ at: wireTime(r.date) ?? '', type: r.type, data: r.data, user: personName(r) }));
}

/** Every deployment of the event (ended ones too: the report is the whole story) with its vehicle. */
export async function loadJobs(db: Database, eventId: number) {
  return db
    .select({
      job: s.eventJobs,
      resource: {
        name: s.resources.name,
        licence: s.resources.licence,
        baseId: s.resources.baseId,
      },
      resourceType: s.resourceTypes.name,
      baseLongitude: s.bases.longitude,
      baseLatitude: s.bases.latitude,
    })
    .from(s.eventJobs)
    .leftJoin(s.resources, eq(s.resources.id, s.eventJobs.resourceId))
    .leftJoin(s.resourceTypes, eq(s.resourceTypes.id, s.resources.resourceTypeId))
    .leftJoin(s.bases, eq(s.bases.id, s.resources.baseId))
    .where(eq(s.eventJobs.eventId, eventId))
    .orderBy(asc(s.eventJobs.createdAt), asc(s.eventJobs.id));
}
export type JobRow = Awaited<ReturnType<typeof loadJobs>>[number];

/** Vehicle names of the journal's rows (a deployment removed since still names its vehicle). */
export async function loadResourceNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: s.resources.id, name: s.resources.name })
    .from(s.resources)
    .where(inArray(s.resources.id, ids));
  return nameMap(rows);
}

/** The event's contacts as the bundle presents them. */
export function loadContacts(db: Database, viewer: Viewer, eventId: number): Promise<EventContact[]> {
  return loadChildren(db, viewer, 'eventContacts', { eventIds: [eventId] });
}

/** The event's messages, oldest first, as the bundle presents them (this user's read flag, tags). */
export async function loadMessages(db: Database, viewer: Viewer, eventId: number): Promise<Message[]> {
  const ids = (
    await db
      .select({ id: s.messages.id })
      .from(s.messages)
      .where(eq(s.messages.eventId, eventId))
      .orderBy(asc(s.messages.id))
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const list = await loadChildren(db, viewer, 'messages', { ids });
  return list.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

export type { ReportNames };
