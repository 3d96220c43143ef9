/** Reads the event writes share: the visible event (optionally locked), its tags, jobs and category. */
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { mayUpdateEvent, type CatalogueCategory, type RuleCategory } from '@panel/domain/events';
import type { Event } from '@panel/domain/sync';
import type { AuthContext, PushHub } from '../../context.js';
import type { Database, Queryable } from '../../db/client.js';
import { eventCategories, eventJobs, eventToBase, eventToTags, events, tags } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { loadEventRows, presentEvents } from '../sync/loaders.js';
import { isEventVisible, type Viewer } from '../../sync/visibility.js';
import type { EventRow } from './presenter.js';

export type Deps = { db: Database; hub: PushHub };
export type Auth = Pick<AuthContext, 'user' | 'permissions' | 'deviceId' | 'ability'>;
export type CategoryRow = typeof eventCategories.$inferSelect;

export interface EventState {
  row: EventRow;
  eventToBase: number[];
}

export const viewerOf = (auth: Pick<Auth, 'user' | 'permissions'>): Viewer => ({
  ...auth.user,
  permissions: auth.permissions,
});

export const actorOf = (auth: Pick<Auth, 'user' | 'deviceId'>) => ({ userId: auth.user.id, deviceId: auth.deviceId });

/** Ids a PostgreSQL `integer` column can hold; a larger id names no row (and must not reach the query). */
export const isRowId = (id: number): boolean => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

/**
 * The id of the event a child write names (a contact, a map object, a message, a job): by id, or by the uuid of an
 * event the panel made itself (offline); 404 when that uuid names no event. Visibility is the caller's next step.
 */
export async function eventIdOf(
  q: Queryable,
  ref: { eventId?: number | null; eventUuid?: string | null },
): Promise<number> {
  if (ref.eventId != null) return ref.eventId;
  const [row] = await q
    .select({ id: events.id })
    .from(events)
    .where(eq(events.uuid, ref.eventUuid ?? ''));
  if (!row) throw notFound();
  return row.id;
}

/** The event with its units when the user may see it, else null (unknown and invisible look the same). */
export async function findVisibleEvent(
  q: Queryable,
  auth: Pick<Auth, 'user' | 'permissions'>,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<EventState | null> {
  if (!isRowId(id)) return null;
  // the row and its units in one round trip (every write starts here; issue 24 item 10)
  const query = q
    .select({
      ...getTableColumns(events),
      units: sql<
        number[]
      >`array(select ${eventToBase.baseId} from ${eventToBase} where ${eventToBase.eventId} = ${events.id})`,
    })
    .from(events)
    .where(eq(events.id, id));
  const [found] = opts.lock ? await query.for('update', { of: events }) : await query;
  if (!found) return null;
  const { units: unitList, ...row } = found;
  const units = unitList.map(Number);
  if (!isEventVisible(viewerOf(auth), { baseId: row.baseId, eventToBase: units })) return null;
  return { row, eventToBase: units.sort((a, b) => a - b) };
}

/**
 * The event with its units when the user may see it, else 404 (`message` to override the text). With `lock`
 * (inside a command) the row is locked until commit, so two writers of one event run one after the other.
 */
export async function visibleEvent(
  q: Queryable,
  auth: Pick<Auth, 'user' | 'permissions'>,
  id: number,
  opts: { lock?: boolean; message?: string } = {},
): Promise<EventState> {
  const found = await findVisibleEvent(q, auth, id, opts);
  if (!found) throw notFound(opts.message);
  return found;
}

/** The event's tags (id, code and settings: ISPO locks read `options.locked`), by id. */
export async function tagsOf(
  q: Queryable,
  eventId: number,
): Promise<{ id: number; code: string; options: Record<string, unknown> | null }[]> {
  const rows = await q
    .select({ id: tags.id, code: tags.code, options: tags.options })
    .from(eventToTags)
    .innerJoin(tags, eq(tags.id, eventToTags.tagId))
    .where(eq(eventToTags.eventId, eventId))
    .orderBy(asc(tags.id));
  return rows.map((r) => ({ ...r, options: (r.options as Record<string, unknown> | null) ?? null }));
}

/** The category catalogue in the shape of the domain's category rules (000 §6). */
export async function categoryCatalogue(q: Queryable): Promise<CatalogueCategory[]> {
  const rows = await q.select().from(eventCategories);
  return rows.map((c) => ({ ...ruleCategory(c)!, id: c.id, toggleCategoryIds: c.toggleCategoryIds as number[] }));
}

export async function tagIdByCode(q: Queryable, code: string): Promise<number> {
  const [row] = await q.select({ id: tags.id }).from(tags).where(eq(tags.code, code));
  if (!row) throw new Error(`tag ${code} missing from the catalogue`);
  return row.id;
}

/** Jobs of the event in every status (the unit rule of 000 §6 counts all of them). */
export async function jobsOf(q: Queryable, eventId: number): Promise<{ baseId: number }[]> {
  const rows = await q.select({ baseId: eventJobs.baseId }).from(eventJobs).where(eq(eventJobs.eventId, eventId));
  return rows.filter((r): r is { baseId: number } => r.baseId != null);
}

export async function loadCategory(q: Queryable, id: number): Promise<CategoryRow | undefined> {
  const [row] = await q.select().from(eventCategories).where(eq(eventCategories.id, id));
  return row;
}

export async function categoryByCode(q: Queryable, code: string): Promise<CategoryRow | undefined> {
  const [row] = await q.select().from(eventCategories).where(eq(eventCategories.code, code));
  return row;
}

/** The wire event as this user sees it (tags, conversations, counts). */
export async function presentOne(db: Database, auth: Pick<Auth, 'user' | 'permissions'>, id: number): Promise<Event> {
  const loaded = await loadEventRows(db, and(eq(events.id, id)));
  const [event] = await presentEvents(db, viewerOf(auth), loaded);
  return event;
}

/** The category in the shape of the domain rules (inputs, actions, type, code). */
export const ruleCategory = (c: CategoryRow | undefined | null): RuleCategory | null =>
  c
    ? {
        id: c.id,
        code: c.code ?? undefined,
        type: c.type as RuleCategory['type'],
        inputs: c.inputs as RuleCategory['inputs'],
        actions: c.actions as RuleCategory['actions'],
      }
    : null;

/** Update rights on a whole event (links, queue): the events policy's `mayUpdateEvent` (packages/domain). */
export const mayUpdate = (
  auth: Pick<Auth, 'ability' | 'user'>,
  row: Pick<EventRow, 'eventStateId' | 'baseId'>,
): boolean => mayUpdateEvent(auth.ability, auth.user, row);
