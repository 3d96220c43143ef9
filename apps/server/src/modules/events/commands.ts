/**
 * Event writes: create (idempotent by the client's uuid) and update of the saved field subset. Validation
 * follows 000 §5 (required inputs of the category, end not before start, uppercase reporter name, empty texts
 * stored as null); defaults of a new event follow 000 §4.
 */
import { and, eq, ne } from 'drizzle-orm';
import { CENTRAL_BASE_ID, INACTIVE_STATES, NEW_EVENT_DEFAULTS } from '@panel/domain/constants';
import { fromWireTime, texts, toWireTime } from '@panel/domain/locale';
import type { Event } from '@panel/domain/sync';
import type { AuthContext, PushHub } from '../../context.js';
import type { Database, Tx } from '../../db/client.js';
import { bases, conversations, eventCategories, eventToBase, eventToTags, events } from '../../db/schema/index.js';
import { conflict, forbidden, notFound, unprocessable } from '../../errors.js';
import { runCommand, type ChangeRecorder } from '../../sync/commands.js';
import { loadEventRows, presentEvents } from '../../sync/loaders.js';
import { isEventVisible } from '../../sync/visibility.js';
import type { EventRow } from './presenter.js';
import type { CreateEventBody, EventFields } from './schema.js';

type Deps = { db: Database; hub: PushHub };
type Auth = Pick<AuthContext, 'user' | 'permissions' | 'deviceId' | 'ability'>;
type CategoryRow = typeof eventCategories.$inferSelect;
type FieldError = { field: string; message: string };

/** Message categories that get a conversation when an event of this category type is created. */
const CONVERSATION_TYPES: Record<string, number[]> = { event: [1, 2], chat: [1], support: [1] };

const TIME_FIELDS = ['start', 'startAt', 'endAt'] as const;
const NULL_WHEN_EMPTY = ['description', 'investigator', 'manager', 'addressDescription'] as const;
const SCALAR_FIELDS = [
  'parentId',
  'eventStateId',
  'eventStatusId',
  'eventTypeId',
  'eventSourceId',
  'eventCategoryId',
  'eventTerrainId',
  'serviceId',
  'priorityId',
  'subject',
  'description',
  'reporterName',
  'reporterNumber',
  'reporterDescription',
  'address',
  'addressData',
  'addressDescription',
  'targetLatitude',
  'targetLongitude',
  'destinationLatitude',
  'destinationLongitude',
  'investigator',
  'manager',
  'eventAccess',
] as const;

const DEFAULT_LABELS: Record<string, string> = {
  start: 'Začátek',
  startAt: 'Začátek',
  endAt: 'Konec',
  description: 'Popis',
  address: 'Adresa',
  eventCategoryId: 'Kategorie',
};

/** Saved column values (DB shape) of an event. */
type Values = Partial<typeof events.$inferInsert>;

interface Prepared {
  values: Values;
  units?: number[];
  tags?: number[];
}

function label(category: CategoryRow, field: string): string {
  const inputs = category.inputs as Record<string, { label?: string }>;
  return inputs[field]?.label ?? DEFAULT_LABELS[field] ?? field;
}

/** Body fields → column values (only the keys present in the body), with 000 §5 normalisation. */
function toValues(body: EventFields, category: CategoryRow, errors: FieldError[]): Prepared {
  const values: Values = {};
  const src = body as Record<string, unknown>;
  for (const f of SCALAR_FIELDS) if (f in src && src[f] !== undefined) (values as Record<string, unknown>)[f] = src[f];
  for (const f of TIME_FIELDS) {
    if (!(f in src) || src[f] === undefined) continue;
    const raw = src[f] as string | null;
    if (raw === null || raw === '') values[f] = null;
    else {
      const d = fromWireTime(raw) ?? (Number.isNaN(Date.parse(raw)) ? null : new Date(raw));
      if (!d) errors.push({ field: f, message: texts.validation.invalidDate(label(category, f)) });
      else values[f] = d;
    }
  }
  for (const f of NULL_WHEN_EMPTY) {
    const v = values[f];
    if (typeof v === 'string' && v.trim() === '') values[f] = null;
  }
  if (typeof values.reporterName === 'string') values.reporterName = values.reporterName.toUpperCase();
  return { values, units: body.eventToBase, tags: body.eventToTags };
}

function isEmpty(v: unknown): boolean {
  return v == null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/** Required inputs of the category and the end-after-start rule on the merged event. */
export function checkEvent(category: CategoryRow, merged: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  const inputs = category.inputs as Record<string, { label?: string; required?: number | boolean; sort?: number }>;
  const required = Object.entries(inputs)
    .filter(([, i]) => i.required === 1 || i.required === true)
    .sort(([, a], [, b]) => (a.sort ?? 0) - (b.sort ?? 0));
  for (const [field] of required) {
    if (isEmpty(merged[field])) errors.push({ field, message: texts.validation.requiredField(label(category, field)) });
  }
  const startAt = merged.startAt as Date | null | undefined;
  const endAt = merged.endAt as Date | null | undefined;
  if (startAt instanceof Date && endAt instanceof Date && endAt < startAt) {
    errors.push({ field: 'endAt', message: texts.validation.invalidDate(label(category, 'endAt')) });
  }
  return errors;
}

async function loadCategory(db: Database | Tx, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(eventCategories).where(eq(eventCategories.id, id));
  return row;
}

/** The category's default values restricted to saved fields (time fields excluded; start becomes now). */
function categoryDefaults(category: CategoryRow): Values {
  const out: Values = {};
  const defaults = category.defaultValues as Record<string, unknown>;
  for (const f of SCALAR_FIELDS) if (f in defaults) (out as Record<string, unknown>)[f] = defaults[f];
  return out;
}

async function present(db: Database, auth: Auth, id: number): Promise<Event> {
  const loaded = await loadEventRows(db, and(eq(events.id, id)));
  const [event] = await presentEvents(db, { ...auth.user, permissions: auth.permissions }, loaded);
  return event;
}

async function writeUnitsAndTags(tx: Tx, rec: ChangeRecorder, row: EventRow, p: Prepared): Promise<void> {
  if (p.units) {
    const units = [...new Set(p.units)].filter((b) => b !== row.baseId);
    await tx.delete(eventToBase).where(eq(eventToBase.eventId, row.id));
    if (units.length) await tx.insert(eventToBase).values(units.map((baseId) => ({ eventId: row.id, baseId })));
    rec.changed('eventToBase', row.id);
  }
  if (p.tags) {
    const tagIds = [...new Set(p.tags)];
    await tx
      .delete(eventToTags)
      .where(tagIds.length ? and(eq(eventToTags.eventId, row.id), notIn(tagIds)) : eq(eventToTags.eventId, row.id));
    if (tagIds.length) {
      await tx
        .insert(eventToTags)
        .values(tagIds.map((tagId) => ({ eventId: row.id, tagId })))
        .onConflictDoNothing();
    }
  }
}

const notIn = (ids: number[]) => and(...ids.map((id) => ne(eventToTags.tagId, id)));

export async function createEvent(
  deps: Deps,
  auth: Auth,
  body: CreateEventBody,
): Promise<{ event: Event; created: boolean }> {
  if (!auth.ability.can('create', 'Event')) throw forbidden();
  const [existing] = await deps.db.select({ id: events.id }).from(events).where(eq(events.uuid, body.uuid));
  if (existing) return { event: await present(deps.db, auth, existing.id), created: false };

  const categoryId = body.eventCategoryId ?? NEW_EVENT_DEFAULTS.eventCategoryId;
  const category = await loadCategory(deps.db, categoryId);
  if (!category)
    throw unprocessable({ field: 'eventCategoryId', message: texts.validation.requiredField('Kategorie') });

  const errors: FieldError[] = [];
  const p = toValues(body, category, errors);
  const values: Values = {
    ...NEW_EVENT_DEFAULTS,
    ...categoryDefaults(category),
    start: new Date(),
    ...p.values,
    eventCategoryId: categoryId,
  };
  errors.push(...checkEvent(category, { ...values, eventToBase: p.units, eventToTags: p.tags }));
  if (errors.length) throw unprocessable(errors);

  let createdId: number | null = null;
  const id = await runCommand(
    deps,
    { userId: auth.user.id, deviceId: auth.deviceId },
    { type: 'event.create' },
    async (tx, rec) => {
      const [row] = await tx
        .insert(events)
        .values({
          ...values,
          uuid: body.uuid,
          baseId: auth.user.baseId,
          deviceId: auth.deviceId,
          createdBy: auth.user.id,
        })
        .onConflictDoNothing({ target: events.uuid })
        .returning();
      if (!row) {
        // a concurrent retry of the same create won
        const [other] = await tx.select({ id: events.id }).from(events).where(eq(events.uuid, body.uuid));
        return other.id;
      }
      createdId = row.id;
      if (!row.code) {
        // the event number dispatchers quote on the radio: unit code, year, id (unique without a counter race)
        const [base] = auth.user.baseId
          ? await tx.select({ code: bases.code }).from(bases).where(eq(bases.id, auth.user.baseId))
          : [];
        const code = `${base?.code ?? 'UDL'}-${toWireTime(new Date()).slice(0, 4)}-${String(row.id).padStart(4, '0')}`;
        await tx.update(events).set({ code }).where(eq(events.id, row.id));
      }
      await writeUnitsAndTags(tx, rec, row, p);
      const types = CONVERSATION_TYPES[category.type] ?? [];
      if (types.length) {
        await tx
          .insert(conversations)
          .values(types.map((type) => ({ eventId: row.id, type, name: `event-messages-${type}` })));
      }
      rec.changed('events', row.id);
      rec.journal({ eventId: row.id, table: 'events', data: journalData(body) });
      return row.id;
    },
  );
  return { event: await present(deps.db, auth, id), created: createdId !== null };
}

function journalData(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (v !== undefined && k !== 'version') out[k] = v;
  return out;
}

/** 000 §5: own base or central, an active event, and the ability to update events. */
export function mayUpdate(auth: Auth, row: EventRow): boolean {
  if (!auth.ability.can('update', 'Event')) return false;
  if (INACTIVE_STATES.includes(row.eventStateId)) return false;
  return row.baseId === auth.user.baseId || auth.user.baseId === CENTRAL_BASE_ID;
}

export async function updateEvent(deps: Deps, auth: Auth, id: number, body: EventFields): Promise<Event> {
  const [loaded] = await loadEventRows(deps.db, and(eq(events.id, id)));
  const viewer = { ...auth.user, permissions: auth.permissions };
  if (!loaded || !isEventVisible(viewer, { baseId: loaded.row.baseId, eventToBase: loaded.eventToBase })) {
    throw notFound();
  }
  const row = loaded.row;
  if (!mayUpdate(auth, row)) throw forbidden();
  if (body.version !== undefined && body.version !== row.version) {
    throw conflict(await present(deps.db, auth, id));
  }

  const categoryId = body.eventCategoryId ?? row.eventCategoryId;
  const category = await loadCategory(deps.db, categoryId);
  if (!category)
    throw unprocessable({ field: 'eventCategoryId', message: texts.validation.requiredField('Kategorie') });
  const errors: FieldError[] = [];
  const p = toValues(body, category, errors);
  const merged: Record<string, unknown> = {
    ...row,
    ...p.values,
    eventToBase: p.units ?? loaded.eventToBase,
  };
  errors.push(...checkEvent(category, merged));
  if (errors.length) throw unprocessable(errors);

  await runCommand(
    deps,
    { userId: auth.user.id, deviceId: auth.deviceId },
    { type: 'event.update', eventId: id },
    async (tx, rec) => {
      const [updated] = await tx
        .update(events)
        .set({ ...p.values, version: row.version + 1, updatedAt: new Date() })
        .where(eq(events.id, id))
        .returning();
      await writeUnitsAndTags(tx, rec, updated, p);
      rec.changed('events', id);
      rec.journal({ table: 'events', data: journalData(body) });
    },
  );
  return present(deps.db, auth, id);
}
