/**
 * Event writes (000 §4/§5/§6): create (idempotent by the client's uuid), update of the saved field subset with
 * the per-field rules and the state transitions (close, remove, remove parent link), create from another event
 * and the KOPIS simulation. Every write is one `runCommand` (journal, change log, push).
 *
 * Update reading (docs/API.md "Events (issue 3)"):
 * - only fields whose value differs from the stored one count as changed (the panel may send its whole event);
 *   times compare to the second (the wire has no milliseconds); a PUT that changes nothing writes nothing;
 * - each changed attribute needs `canEditAttribute` (own base except eventToBase, active, not readonly, not
 *   ISPO-locked), the category `canEditCategory`; removed units `canRemoveUnit`, added units `canSeeAllUnits`;
 * - eventStateId 5/3/7 = close (`canCloseEvent`), 6 = remove (`canRemoveEvent`), parentId null = remove the
 *   parent link (`canRemoveParentLink`, state 1); another active state needs own/central base or updateState
 *   Event; an inactive event takes no other change; parentId/state 4 are set only by linking;
 * - tags ISPO/ISPO_QUEUE (the queue's) and tags the user cannot see (C_ for non-central) are kept as they are;
 * - 403 `{message, field}` names the refused field; 409 `{message, current, changed}` on a stale `version`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ACTIVE_STATE,
  ALERT_STATE,
  CATEGORY_CODES,
  CLOSED_STATES,
  DELETED_STATE,
  FINAL_STATUS,
  INACTIVE_STATES,
  LINKED_STATE,
  NEW_EVENT_DEFAULTS,
  TAG_ISPO,
  TAG_ISPO_QUEUE,
} from '@panel/domain/constants';
import { fromWireTime, texts, toWireTime } from '@panel/domain/locale';
import {
  canCloseEvent,
  canCreateFrom,
  canEditAttribute,
  canEditCategory,
  canRemoveEvent,
  canRemoveParentLink,
  canRemoveUnit,
  canSeeAllUnits,
  isCentral,
  isMine,
  isTagVisible,
} from '@panel/domain/permissions';
import type { Event } from '@panel/domain/sync';
import type { Tx } from '../../db/client.js';
import {
  bases,
  conversations,
  eventToBase,
  eventToEvent,
  eventToTags,
  events,
  journal,
  tags,
} from '../../db/schema/index.js';
import { HttpError, forbidden, notFound, unprocessable } from '../../errors.js';
import { serverTexts } from '../../texts.js';
import { runCommand, type ChangeRecorder } from '../../sync/commands.js';
import { enqueueEvent } from '../queue/commands.js';
import {
  actorOf,
  categoryByCode,
  jobsOf,
  loadCategory,
  presentOne,
  ruleCategory,
  tagsOf,
  visibleEvent,
  type Auth,
  type CategoryRow,
  type Deps,
} from './access.js';
import type { EventRow } from './presenter.js';
import type { CreateEventBody, CreateFromBody, EventFields } from './schema.js';
import { eventTexts } from './texts.js';

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

/** Fields of a state transition (not attributes of the form). */
const TRANSITION_FIELDS = new Set(['parentId', 'eventStateId', 'eventStatusId']);

const DEFAULT_LABELS: Record<string, string> = {
  start: 'Začátek',
  startAt: 'Začátek',
  endAt: 'Konec',
  description: 'Popis',
  address: 'Adresa',
  eventCategoryId: 'Kategorie',
  eventToBase: 'Jednotky',
  eventToTags: 'Štítky',
  eventStateId: 'Stav',
  eventStatusId: 'Status',
  parentId: 'Nadřazená událost',
};

/** Saved column values (DB shape) of an event. */
type Values = Partial<typeof events.$inferInsert>;

interface Prepared {
  values: Values;
  units?: number[];
  tags?: number[];
}

function label(category: CategoryRow | undefined | null, field: string): string {
  const inputs = (category?.inputs ?? {}) as Record<string, { label?: string }>;
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

/** The category's default values restricted to saved fields (time fields excluded; start becomes now). */
function categoryDefaults(category: CategoryRow): Values {
  const out: Values = {};
  const defaults = category.defaultValues as Record<string, unknown>;
  for (const f of SCALAR_FIELDS) if (f in defaults) (out as Record<string, unknown>)[f] = defaults[f];
  return out;
}

const missingCategory = () =>
  unprocessable({ field: 'eventCategoryId', message: texts.validation.requiredField('Kategorie') });

/** 403 `{message, field}`: the refused field named for the panel. */
function refuse(message: string, field?: string): HttpError {
  return new HttpError(403, message, field ? { message, field } : { message });
}

// ---------------------------------------------------------------- create

interface NewEvent {
  uuid: string;
  category: CategoryRow;
  values: Values;
  units?: number[];
  tags?: number[];
}

/** Defaults of 000 §4, the category's defaults, start now, then the given fields; 422 on the category rules. */
async function prepareNew(deps: Deps, body: EventFields, uuid: string): Promise<NewEvent> {
  const categoryId = body.eventCategoryId ?? NEW_EVENT_DEFAULTS.eventCategoryId;
  const category = await loadCategory(deps.db, categoryId);
  if (!category) throw missingCategory();
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
  return { uuid, category, values, units: p.units, tags: p.tags };
}

/**
 * Inserts a prepared event (number, units, tags, conversations) in the command's transaction and journals it.
 * Answers the id, and whether this call created it (false: the uuid existed, a retry).
 */
async function insertEvent(
  tx: Tx,
  rec: ChangeRecorder,
  auth: Auth,
  e: NewEvent,
  opts: { journalType?: string; journalData: unknown; deviceId?: number | null; codePrefix?: string },
): Promise<{ id: number; created: boolean }> {
  const [row] = await tx
    .insert(events)
    .values({
      ...e.values,
      uuid: e.uuid,
      baseId: auth.user.baseId,
      deviceId: opts.deviceId === undefined ? auth.deviceId : opts.deviceId,
      createdBy: auth.user.id,
    })
    .onConflictDoNothing({ target: events.uuid })
    .returning();
  if (!row) {
    // a concurrent retry of the same create won
    const [other] = await tx.select({ id: events.id }).from(events).where(eq(events.uuid, e.uuid));
    return { id: other.id, created: false };
  }
  if (!row.code) {
    // the event number dispatchers quote on the radio: unit code, year, id (unique without a counter race)
    let prefix = opts.codePrefix;
    if (!prefix) {
      const [base] = auth.user.baseId
        ? await tx.select({ code: bases.code }).from(bases).where(eq(bases.id, auth.user.baseId))
        : [];
      prefix = base?.code ?? 'UDL';
    }
    const code = `${prefix}-${toWireTime(new Date()).slice(0, 4)}-${String(row.id).padStart(4, '0')}`;
    await tx.update(events).set({ code }).where(eq(events.id, row.id));
  }
  if (e.units) {
    const units = [...new Set(e.units)].filter((b) => b !== row.baseId);
    if (units.length) await tx.insert(eventToBase).values(units.map((baseId) => ({ eventId: row.id, baseId })));
    rec.changed('eventToBase', row.id);
  }
  if (e.tags?.length) {
    await tx
      .insert(eventToTags)
      .values([...new Set(e.tags)].map((tagId) => ({ eventId: row.id, tagId })))
      .onConflictDoNothing();
  }
  const types = CONVERSATION_TYPES[e.category.type] ?? [];
  if (types.length) {
    await tx
      .insert(conversations)
      .values(types.map((type) => ({ eventId: row.id, type, name: `event-messages-${type}` })));
  }
  rec.changed('events', row.id);
  rec.journal({ eventId: row.id, table: 'events', type: opts.journalType, data: opts.journalData });
  return { id: row.id, created: true };
}

function journalData(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (v !== undefined && k !== 'version') out[k] = v;
  return out;
}

async function existingByUuid(deps: Deps, uuid: string): Promise<number | null> {
  const [existing] = await deps.db.select({ id: events.id }).from(events).where(eq(events.uuid, uuid));
  return existing?.id ?? null;
}

export async function createEvent(
  deps: Deps,
  auth: Auth,
  body: CreateEventBody,
): Promise<{ event: Event; created: boolean }> {
  if (!auth.ability.can('create', 'Event')) throw forbidden();
  const existing = await existingByUuid(deps, body.uuid);
  if (existing != null) return { event: await presentOne(deps.db, auth, existing), created: false };

  const prepared = await prepareNew(deps, body, body.uuid);
  const result = await runCommand(deps, actorOf(auth), { type: 'event.create' }, (tx, rec) =>
    insertEvent(tx, rec, auth, prepared, { journalData: journalData(body) }),
  );
  return { event: await presentOne(deps.db, auth, result.id), created: result.created };
}

/** Fields of `event` a new event does not take over: the source's identity, its place in a tree, its state. */
const NOT_COPIED = ['parentId', 'eventStateId', 'eventStatusId', 'version'] as const;

/**
 * POST /v2/events/create-from/{uuid}: a new event from the fields the panel sends (`event`), nothing copied
 * from the source silently; the source must be visible (404), its category must have the create action and it
 * must have no parent (`canCreateFrom`, 403). Both events get an 'event.createFrom' journal row; with
 * `sendToQueue` the new event is queued for Spojař in the same transaction.
 */
export async function createEventFrom(
  deps: Deps,
  auth: Auth,
  sourceUuid: string,
  body: CreateFromBody,
): Promise<{ event: Event; created: boolean }> {
  if (!auth.ability.can('create', 'Event')) throw forbidden();
  const [src] = await deps.db.select({ id: events.id }).from(events).where(eq(events.uuid, sourceUuid));
  if (!src) throw notFound();
  const source = (await visibleEvent(deps.db, auth, src.id)).row;
  const sourceCategory = await loadCategory(deps.db, source.eventCategoryId);
  if (!canCreateFrom(ruleCategory(sourceCategory), source)) throw refuse(eventTexts.createFromForbidden);

  const fields: Record<string, unknown> = { ...(body.event ?? {}) };
  for (const f of NOT_COPIED) delete fields[f];
  const uuid =
    typeof fields.uuid === 'string' && fields.uuid && fields.uuid !== source.uuid ? fields.uuid : randomUUID();
  const existing = await existingByUuid(deps, uuid);
  if (existing != null) return { event: await presentOne(deps.db, auth, existing), created: false };

  const prepared = await prepareNew(deps, fields as EventFields, uuid);
  const result = await runCommand(
    deps,
    actorOf(auth),
    { type: 'event.createFrom', eventId: source.id },
    async (tx, rec) => {
      const made = await insertEvent(tx, rec, auth, prepared, {
        journalType: 'event.createFrom',
        journalData: {
          sourceEventId: source.id,
          sourceUuid: source.uuid,
          sendToQueue: body.sendToQueue,
          ...journalData(fields),
        },
      });
      if (!made.created) return made;
      rec.journal({
        eventId: source.id,
        table: 'events',
        data: { createdEventId: made.id, createdEventUuid: uuid, sendToQueue: body.sendToQueue },
      });
      if (body.sendToQueue) await enqueueEvent(tx, rec, auth, made.id);
      return made;
    },
  );
  return { event: await presentOne(deps.db, auth, result.id), created: result.created };
}

// ---------------------------------------------------------------- KOPIS simulation

const KOPIS_PLACES = [
  { address: 'Praha hl.n., nástupiště 5', latitude: 50.0831, longitude: 14.4353 },
  { address: 'Brno hl.n., kolej 1', latitude: 49.1906, longitude: 16.6127 },
  { address: 'Ostrava-Svinov, zhlaví', latitude: 49.8209, longitude: 18.1935 },
  { address: 'Plzeň hl.n., kolej 4', latitude: 49.7434, longitude: 13.3879 },
  { address: 'Olomouc hl.n., nákladové nádraží', latitude: 49.5926, longitude: 17.2782 },
  { address: 'Pardubice hl.n., kolej 2', latitude: 50.0322, longitude: 15.7572 },
  { address: 'Česká Třebová, seřaďovací nádraží', latitude: 49.8984, longitude: 16.4493 },
  { address: 'Ústí nad Labem hl.n., kolej 3', latitude: 50.6597, longitude: 14.0446 },
];

const KOPIS_INCIDENTS = [
  { eventTypeId: 9, subject: 'Požár kolejového vozidla', description: 'Hlášen kouř z podvozku osobního vozu.' },
  { eventTypeId: 4, subject: 'Únik nebezpečné látky', description: 'Odkapávání z cisternového vozu, látka neznámá.' },
  { eventTypeId: 5, subject: 'Srážka vlaku s osobou', description: 'Strojvedoucí hlásí střet s osobou, vlak stojí.' },
  { eventTypeId: 6, subject: 'Vykolejení', description: 'Vykolejení nákladního vozu při posunu, bez zranění.' },
];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/**
 * POST /v2/events/simulate/kopis: a test event of the KOPIS category (looked up by code), state 0 with an
 * alert, at a random railway place; no creating device, so the panel that asked gets the alert too.
 */
export async function simulateKopis(deps: Deps, auth: Auth): Promise<Event> {
  if (!auth.ability.can('create', 'Event')) throw forbidden();
  const category = await categoryByCode(deps.db, CATEGORY_CODES.KOPIS);
  if (!category)
    throw new HttpError(422, eventTexts.kopisTestFailed, [
      { field: 'eventCategoryId', message: eventTexts.kopisTestFailed },
    ]);
  const place = pick(KOPIS_PLACES);
  const incident = pick(KOPIS_INCIDENTS);
  const now = new Date();
  const title = `TEST KOPIS – ${incident.subject}`;
  const values: Values = {
    ...NEW_EVENT_DEFAULTS,
    ...categoryDefaults(category),
    eventCategoryId: category.id,
    eventStateId: ALERT_STATE,
    eventStatusId: 1,
    eventTypeId: incident.eventTypeId,
    subject: title,
    description: incident.description,
    address: place.address,
    addressData: { title: place.address, distance: 0 },
    reporterName: 'KOPIS TEST',
    targetLatitude: place.latitude,
    targetLongitude: place.longitude,
    start: now,
    startAt: now,
    header: {
      title: { value: title, class: 'text-error' },
      subtitle: { value: place.address, class: null },
      description: { value: incident.description, class: null },
      overview: { value: `**${title}**\n\n${incident.description}\n\n${place.address}`, class: 'markdown' },
    },
    alert: { title, subtitle: place.address, description: incident.description },
    data: { simulated: true },
  };
  const errors = checkEvent(category, values);
  if (errors.length) throw unprocessable(errors);
  const uuid = randomUUID();
  const { id } = await runCommand(deps, actorOf(auth), { type: 'event.simulate' }, async (tx, rec) => {
    const made = await insertEvent(
      tx,
      rec,
      auth,
      { uuid, category, values },
      {
        journalData: { simulated: 'KOPIS', subject: title, address: place.address },
        deviceId: null,
        codePrefix: 'KOPIS-T',
      },
    );
    await tx
      .update(events)
      .set({ uid: sql`${events.code}` })
      .where(eq(events.id, made.id));
    return made;
  });
  return presentOne(deps.db, auth, id);
}

// ---------------------------------------------------------------- update

const sec = (d: Date) => Math.floor(d.getTime() / 1000);

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    if (!(a instanceof Date) || !(b instanceof Date)) return a == null && b == null;
    return sec(a) === sec(b);
  }
  if (a == null || b == null) return a == null && b == null;
  if (typeof a === 'object' || typeof b === 'object') return canonical(a) === canonical(b);
  return a === b;
}

const wire = (v: unknown) => (v instanceof Date ? toWireTime(v) : (v ?? null));

type Kind = 'update' | 'close' | 'remove' | 'unlinkParent' | 'state';

interface Plan {
  kind: Kind;
  values: Values;
  changes: Record<string, { old: unknown; new: unknown }>;
  units?: { add: number[]; remove: number[]; final: number[] };
  tags?: { add: number[]; remove: number[]; final: number[] };
  attributesChanged: boolean;
}

const diffIds = (current: number[], final: number[]) => ({
  add: final.filter((id) => !current.includes(id)),
  remove: current.filter((id) => !final.includes(id)),
});

async function baseLabel(tx: Tx, id: number): Promise<string> {
  const [b] = await tx.select({ name: bases.name, code: bases.code }).from(bases).where(eq(bases.id, id));
  return b ? b.name || b.code : String(id);
}

/** The changes of a PUT and the rules of 000 §5/§6 on them (throws 403 naming the refused field). */
async function planUpdate(
  tx: Tx,
  auth: Auth,
  state: { row: EventRow; eventToBase: number[] },
  category: CategoryRow | undefined,
  p: Prepared,
): Promise<Plan> {
  const { row } = state;
  const user = auth.user;
  const rc = ruleCategory(category);
  const tagRows = await tagsOf(tx, row.id);
  const tagCodes = tagRows.map((t) => t.code);
  const inactive = INACTIVE_STATES.includes(row.eventStateId);

  const values: Values = {};
  const changes: Plan['changes'] = {};
  const cur = row as unknown as Record<string, unknown>;
  for (const [f, v] of Object.entries(p.values)) {
    if (same(cur[f], v)) continue;
    (values as Record<string, unknown>)[f] = v;
    changes[f] = { old: wire(cur[f]), new: wire(v) };
  }

  // transitions
  let kind: Kind = 'update';
  if ('parentId' in values) {
    if (values.parentId !== null) throw refuse(eventTexts.parentViaLink, 'parentId');
    if (!canRemoveParentLink(row, rc)) throw refuse(eventTexts.parentLinkForbidden, 'parentId');
    if ('eventStateId' in values && values.eventStateId !== ACTIVE_STATE) {
      throw refuse(eventTexts.stateForbidden, 'eventStateId');
    }
    kind = 'unlinkParent';
    if (row.eventStateId !== ACTIVE_STATE && !('eventStateId' in values)) {
      values.eventStateId = ACTIVE_STATE;
      changes.eventStateId = { old: row.eventStateId, new: ACTIVE_STATE };
    }
  } else if ('eventStateId' in values) {
    const to = values.eventStateId!;
    if (inactive) throw refuse(eventTexts.inactive, 'eventStateId');
    if (to === DELETED_STATE) {
      if (!canRemoveEvent(auth.ability, user, row, rc, tagCodes))
        throw refuse(eventTexts.removeForbidden, 'eventStateId');
      kind = 'remove';
    } else if (to === LINKED_STATE) {
      throw refuse(eventTexts.parentViaLink, 'eventStateId');
    } else if (CLOSED_STATES.includes(to)) {
      if (!canCloseEvent(auth.ability, user, row, rc)) throw refuse(eventTexts.closeForbidden, 'eventStateId');
      kind = 'close';
    } else {
      if (!(isMine(row, user) || isCentral(user) || auth.ability.can('updateState', 'Event'))) {
        throw refuse(eventTexts.stateForbidden, 'eventStateId');
      }
      kind = 'state';
    }
  }
  if ((kind === 'close' || kind === 'remove') && !('eventStatusId' in values) && row.eventStatusId !== FINAL_STATUS) {
    values.eventStatusId = FINAL_STATUS;
    changes.eventStatusId = { old: row.eventStatusId, new: FINAL_STATUS };
  }

  // attributes
  const transitionStatus = kind === 'close' || kind === 'remove';
  let attributesChanged = false;
  for (const f of Object.keys(values)) {
    if (f === 'parentId' || f === 'eventStateId' || (f === 'eventStatusId' && transitionStatus)) continue;
    if (!TRANSITION_FIELDS.has(f)) attributesChanged = true;
    if (inactive && kind !== 'unlinkParent') throw refuse(eventTexts.inactive, f);
    const ok =
      f === 'eventCategoryId' ? canEditCategory(user, row, rc, tagCodes) : canEditAttribute(user, row, rc, f, tagCodes);
    if (!ok) throw refuse(eventTexts.fieldForbidden(label(category, f)), f);
  }

  // units
  let units: Plan['units'];
  if (p.units) {
    const final = [...new Set(p.units)].filter((b) => b !== row.baseId).sort((a, b) => a - b);
    const d = diffIds(state.eventToBase, final);
    if (d.add.length || d.remove.length) {
      if (inactive) throw refuse(eventTexts.inactive, 'eventToBase');
      if (!canEditAttribute(user, row, rc, 'eventToBase', tagCodes)) {
        throw refuse(eventTexts.fieldForbidden(label(category, 'eventToBase')), 'eventToBase');
      }
      for (const b of d.add) {
        if (!canSeeAllUnits(user, row))
          throw refuse(eventTexts.unitAddForbidden(await baseLabel(tx, b)), 'eventToBase');
      }
      if (d.remove.length) {
        const jobs = await jobsOf(tx, row.id);
        for (const b of d.remove) {
          if (!canRemoveUnit(user, row, b, jobs))
            throw refuse(eventTexts.unitForbidden(await baseLabel(tx, b)), 'eventToBase');
        }
      }
      units = { ...d, final };
      changes.eventToBase = { old: state.eventToBase, new: final };
      attributesChanged = true;
    }
  }

  // tags: ISPO/ISPO_QUEUE (the queue's) and tags the user cannot see stay as they are
  let tagPlan: Plan['tags'];
  if (p.tags) {
    const requested = [...new Set(p.tags)];
    const known = requested.length
      ? await tx.select({ id: tags.id, code: tags.code }).from(tags).where(inArray(tags.id, requested))
      : [];
    const unknown = requested.filter((id) => !known.some((k) => k.id === id));
    if (unknown.length) {
      throw unprocessable({
        field: 'eventToTags',
        message: texts.validation.requiredField(label(category, 'eventToTags')),
      });
    }
    const kept = (code: string) => code === TAG_ISPO || code === TAG_ISPO_QUEUE || !isTagVisible({ code }, user);
    const current = tagRows.map((t) => t.id);
    for (const k of known) {
      if (kept(k.code) && !current.includes(k.id)) {
        const message =
          k.code === TAG_ISPO || k.code === TAG_ISPO_QUEUE
            ? eventTexts.ispoTagForbidden
            : eventTexts.fieldForbidden(label(category, 'eventToTags'));
        throw refuse(message, 'eventToTags');
      }
    }
    const final = [
      ...known.filter((k) => !kept(k.code)).map((k) => k.id),
      ...tagRows.filter((t) => kept(t.code)).map((t) => t.id),
    ].sort((a, b) => a - b);
    const d = diffIds(current, final);
    if (d.add.length || d.remove.length) {
      if (inactive) throw refuse(eventTexts.inactive, 'eventToTags');
      if (!canEditAttribute(user, row, rc, 'eventToTags', tagCodes)) {
        throw refuse(eventTexts.fieldForbidden(label(category, 'eventToTags')), 'eventToTags');
      }
      tagPlan = { ...d, final };
      changes.eventToTags = { old: current, new: final };
      attributesChanged = true;
    }
  }

  return { kind, values, changes, units, tags: tagPlan, attributesChanged };
}

class StaleVersion extends Error {}

/** Fields changed by the writes after `version` (from the journal rows' `data.version` / `data.changes`). */
async function changedSince(deps: Deps, eventId: number, version: number): Promise<string[]> {
  const rows = await deps.db
    .select({ data: journal.data })
    .from(journal)
    .where(eq(journal.eventId, eventId))
    .orderBy(journal.id);
  const fields = new Set<string>();
  for (const { data } of rows) {
    const d = data as { version?: unknown; changes?: Record<string, unknown> } | null;
    if (typeof d?.version === 'number' && d.version > version && d.changes) {
      for (const k of Object.keys(d.changes)) fields.add(k);
    }
  }
  return [...fields];
}

export async function updateEvent(deps: Deps, auth: Auth, id: number, body: EventFields): Promise<Event> {
  try {
    await runCommand(deps, actorOf(auth), { type: 'event.update', eventId: id }, async (tx, rec) => {
      const state = await visibleEvent(tx, auth, id, { lock: true });
      const { row } = state;
      if (!auth.ability.can('update', 'Event')) throw forbidden();
      if (body.version !== undefined && body.version !== row.version) throw new StaleVersion();

      const category = await loadCategory(tx, row.eventCategoryId);
      if (!category) throw missingCategory();
      const errors: FieldError[] = [];
      const p = toValues(body, category, errors);
      if (errors.length) throw unprocessable(errors);
      const plan = await planUpdate(tx, auth, state, category, p);
      if (Object.keys(plan.changes).length === 0) return;

      if (plan.attributesChanged) {
        const nextCategory =
          plan.values.eventCategoryId != null ? await loadCategory(tx, plan.values.eventCategoryId) : category;
        if (!nextCategory) throw missingCategory();
        const merged = { ...row, ...plan.values, eventToBase: plan.units?.final ?? state.eventToBase };
        const invalid = checkEvent(nextCategory, merged);
        if (invalid.length) throw unprocessable(invalid);
      }

      const now = new Date();
      const version = row.version + 1;
      const set: Values = { ...plan.values, version, updatedAt: now };
      if ((plan.kind === 'close' || plan.kind === 'remove') && !row.endedAt) set.endedAt = now;
      await tx.update(events).set(set).where(eq(events.id, id));

      if (plan.units) {
        if (plan.units.remove.length) {
          await tx
            .delete(eventToBase)
            .where(and(eq(eventToBase.eventId, id), inArray(eventToBase.baseId, plan.units.remove)));
        }
        if (plan.units.add.length) {
          await tx.insert(eventToBase).values(plan.units.add.map((baseId) => ({ eventId: id, baseId })));
        }
        rec.changed('eventToBase', id);
      }
      if (plan.tags) {
        if (plan.tags.remove.length) {
          await tx
            .delete(eventToTags)
            .where(and(eq(eventToTags.eventId, id), inArray(eventToTags.tagId, plan.tags.remove)));
        }
        if (plan.tags.add.length) {
          await tx.insert(eventToTags).values(plan.tags.add.map((tagId) => ({ eventId: id, tagId })));
        }
      }
      if (plan.kind === 'unlinkParent' && row.parentId != null) {
        // the link row of the parent link goes with it
        const gone = await tx
          .delete(eventToEvent)
          .where(and(eq(eventToEvent.sourceEventId, id), eq(eventToEvent.targetEventId, row.parentId)))
          .returning({ id: eventToEvent.id });
        for (const l of gone) rec.removed('eventToEvent', l.id);
        rec.journal({
          eventId: row.parentId,
          table: 'event_to_event',
          type: 'event.unlinkParent',
          data: { childEventId: id },
        });
      }
      rec.changed('events', id);
      rec.journal({ table: 'events', type: `event.${plan.kind}`, data: { version, changes: plan.changes } });
    });
  } catch (err) {
    if (err instanceof StaleVersion) {
      const current = await presentOne(deps.db, auth, id);
      const changed = await changedSince(deps, id, body.version ?? 0);
      const message = serverTexts.conflict;
      throw new HttpError(409, message, { message, current, changed });
    }
    throw err;
  }
  return presentOne(deps.db, auth, id);
}
