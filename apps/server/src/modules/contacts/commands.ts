/**
 * Event contact writes (000 §4–§6; docs/API.md "Contacts, commander and SMS (issue 5) — contract"):
 *
 * - `saveContact` (POST /v2/event-contacts): creates a contact (no `id`; idempotent by `uuid`, one made here when
 *   the caller sends none) or changes one.
 * - `removeContact` (DELETE /v2/event-contacts/{id}).
 *
 * Rules, the same the panel applies (`@panel/domain/contacts` rules):
 * - every write needs create EventContact, judged with the event's own event roles (000 §6); the event must be
 *   visible (404 otherwise);
 * - a new contact needs an active event of category type 'event' (the "addable" rule, 403), a name and a 9-digit
 *   number (422, numbers stored without spaces, 00420 and +420), and a number the event does not have yet (422);
 * - only custom contacts are edited; a non-custom one takes only the commander transitions (set: the resolver
 *   type, title 'Velitel zásahu' and a name; unset: type 5 with a device, else 4, title cleared), 403 otherwise;
 * - delete only custom and not persistent contacts (403).
 *
 * Each write runs through `runCommand`: the change log row `eventContacts`, the journal row on the event
 * (`eventContact.create|update|delete`, table `eventContacts`) and the push.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { CONTACT_TYPE, COMMANDER_TITLE, INACTIVE_STATES } from '@panel/domain/constants';
import { normalizeContactNumber, texts } from '@panel/domain/locale';
import { buildAbility, type AppAbility } from '@panel/domain/auth';
import type { EventContact } from '@panel/domain/sync';
import type { Database, Queryable } from '../../db/client.js';
import { contactTypes, devices, eventCategories, eventContacts, events } from '../../db/schema/index.js';
import { forbidden, notFound, unprocessable } from '../../errors.js';
import type { FieldError } from '../../texts.js';
import { runCommand } from '../../sync/commands.js';
import { listEventRolePermissions } from '../auth/repository.js';
import { actorOf, eventIdOf, visibleEvent, type Auth, type Deps } from '../events/access.js';
import { assertOwnRetry } from '../events/retry.js';
import type { EventRow } from '../events/presenter.js';
import { presentEventContact, type EventContactRow } from './presenter.js';
import {
  type SaveContactBody,
  canDeleteContact,
  commanderUnset,
  contactFormErrors,
  resolverTypeOf,
} from '@panel/domain/contacts';
import { authorize } from '../../http/authorize.js';

const t = texts.contacts;

/** The user's ability with this event as the active one (its event roles, 000 §6). */
export async function eventAbility(q: Queryable, auth: Auth, event: Pick<EventRow, 'id' | 'eventRoles'>) {
  const u = auth.user;
  return buildAbility({
    user: { id: u.id, baseId: u.baseId, roles: u.roles, groups: u.groups },
    permissions: auth.permissions,
    activeEvent: { id: event.id, eventRoles: Array.isArray(event.eventRoles) ? event.eventRoles : undefined },
    eventRoles: await listEventRolePermissions(q),
  });
}

/** The wire contact (type name, device code, event uuid) of one row. */
export async function presentContact(q: Queryable, id: number): Promise<EventContact> {
  const [r] = await q
    .select({ c: eventContacts, typeName: contactTypes.name, deviceCode: devices.code, eventUuid: events.uuid })
    .from(eventContacts)
    .innerJoin(events, eq(events.id, eventContacts.eventId))
    .leftJoin(contactTypes, eq(contactTypes.id, eventContacts.contactTypeId))
    .leftJoin(devices, eq(devices.id, eventContacts.deviceId))
    .where(eq(eventContacts.id, id));
  if (!r) throw notFound();
  return presentEventContact(r.c, r.eventUuid, r.typeName, r.deviceCode);
}

async function contactRow(q: Queryable, id: number, lock = false): Promise<EventContactRow | undefined> {
  const query = q.select().from(eventContacts).where(eq(eventContacts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function typeCatalogue(q: Queryable): Promise<Map<number, { priority: number }>> {
  const rows = await q.select({ id: contactTypes.id, priority: contactTypes.priority }).from(contactTypes);
  return new Map(rows.map((r) => [r.id, { priority: r.priority }]));
}

/** Another contact of the event with this number (compared as stored: without 00420/+420 and spaces). */
async function duplicateOf(q: Queryable, eventId: number, number: string, exceptId?: number): Promise<boolean> {
  const rows = await q
    .select({ id: eventContacts.id, number: eventContacts.number })
    .from(eventContacts)
    .where(eq(eventContacts.eventId, eventId));
  return rows.some((r) => r.id !== exceptId && r.number != null && normalizeContactNumber(r.number) === number);
}

const cleanText = (v: string | null | undefined): string | null => {
  const s = v?.trim();
  return s ? s : null;
};

function formErrors(name: string | null | undefined, number: string | number | null | undefined): FieldError[] {
  const e = contactFormErrors({ name, number });
  return [
    ...(e.name ? [{ field: 'name', message: e.name }] : []),
    ...(e.number ? [{ field: 'number', message: e.number }] : []),
  ];
}

async function mayWrite(q: Queryable, auth: Auth, eventId: number): Promise<{ event: EventRow; ability: AppAbility }> {
  const { row: event } = await visibleEvent(q, auth, eventId);
  const ability = await eventAbility(q, auth, event);
  authorize({ ability }, 'create', 'EventContact');
  return { event, ability };
}

/**
 * POST /v2/event-contacts. Answers `{contact, created}`: created true for a new row (201), false for a change
 * or a retry of a known `uuid` (200).
 */
export async function saveContact(
  deps: Deps,
  auth: Auth,
  body: SaveContactBody,
): Promise<{ contact: EventContact; created: boolean }> {
  if (body.id == null && body.uuid) {
    const [known] = await deps.db
      .select({ id: eventContacts.id, eventId: eventContacts.eventId, createdBy: eventContacts.createdBy })
      .from(eventContacts)
      .where(eq(eventContacts.uuid, body.uuid));
    if (known) {
      await assertOwnRetry(deps.db, auth, known);
      return { contact: await presentContact(deps.db, known.id), created: false };
    }
  }
  return body.id == null ? createContact(deps, auth, body) : updateContact(deps, auth, body.id, body);
}

async function createContact(deps: Deps, auth: Auth, body: SaveContactBody) {
  const eventId = await eventIdOf(deps.db, body);
  const { event } = await mayWrite(deps.db, auth, eventId);
  const [category] = await deps.db
    .select({ type: eventCategories.type })
    .from(eventCategories)
    .where(eq(eventCategories.id, event.eventCategoryId));
  if (INACTIVE_STATES.includes(event.eventStateId) || category?.type !== 'event') throw forbidden(t.notAddable);

  const types = await typeCatalogue(deps.db);
  const contactTypeId = body.contactTypeId ?? CONTACT_TYPE.DEFAULT;
  const errors = formErrors(body.name, body.number);
  if (!types.has(contactTypeId)) errors.push({ field: 'contactTypeId', message: t.unknownType });
  if (errors.length) throw unprocessable(errors);
  const number = normalizeContactNumber(body.number);
  const name = cleanText(body.name)!;

  const id = await runCommand(deps, actorOf(auth), { type: 'eventContact.create', eventId }, async (tx, rec) => {
    // the event lock orders concurrent writers of one event, so the duplicate check holds
    await visibleEvent(tx, auth, eventId, { lock: true });
    if (await duplicateOf(tx, eventId, number)) throw unprocessable({ field: 'number', message: t.duplicate });
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${eventContacts.sort}), 0)::int + 1` })
      .from(eventContacts)
      .where(eq(eventContacts.eventId, eventId));
    const title = cleanText(body.title);
    const [row] = await tx
      .insert(eventContacts)
      .values({
        // the panel sends its own uuid (a retry finds the saved row); another caller gets one made here
        uuid: body.uuid ?? randomUUID(),
        eventId,
        contactTypeId,
        title,
        name,
        number,
        custom: true,
        persistent: false,
        sort: Number(next),
        priority: types.get(contactTypeId)?.priority ?? 0,
        createdBy: auth.user.id,
      })
      .returning({ id: eventContacts.id });
    rec.changed('eventContacts', row.id);
    rec.journal({ table: 'eventContacts', data: { contactId: row.id, name, number, contactTypeId, title } });
    return row.id;
  });
  return { contact: await presentContact(deps.db, id), created: true };
}

type Editable = Pick<EventContactRow, 'name' | 'number' | 'contactTypeId' | 'title'>;

/** Is this change of a non-custom contact one of the commander transitions (000 §4)? */
function isCommanderTransition(row: EventContactRow, next: Editable, resolverTypeId: number): boolean {
  if (next.number !== row.number) return false;
  if (next.contactTypeId === resolverTypeId && next.title === COMMANDER_TITLE) return true;
  const unset = commanderUnset(row);
  return next.contactTypeId === unset.contactTypeId && next.title === null && next.name === row.name;
}

async function updateContact(deps: Deps, auth: Auth, id: number, body: SaveContactBody) {
  const row = await contactRow(deps.db, id);
  if (!row) throw notFound();
  await mayWrite(deps.db, auth, row.eventId);
  const types = await typeCatalogue(deps.db);
  const resolverTypeId = resolverTypeOf(types.keys());

  const next: Editable = {
    name: body.name !== undefined ? cleanText(body.name) : row.name,
    number:
      body.number !== undefined && body.number !== null && normalizeContactNumber(body.number) !== row.number
        ? normalizeContactNumber(body.number)
        : row.number,
    contactTypeId: body.contactTypeId ?? row.contactTypeId,
    title: body.title !== undefined ? cleanText(body.title) : row.title,
  };
  const changes = Object.fromEntries(
    (Object.keys(next) as (keyof Editable)[])
      .filter((k) => next[k] !== row[k])
      .map((k) => [k, { old: row[k], new: next[k] }]),
  );
  if (Object.keys(changes).length === 0) return { contact: await presentContact(deps.db, id), created: false };

  if (!row.custom && !isCommanderTransition(row, next, resolverTypeId)) throw forbidden(t.notEditable);
  const errors: FieldError[] = [];
  if (row.custom || 'name' in changes) errors.push(...formErrors(next.name, row.custom ? next.number : '000000000'));
  if (!types.has(next.contactTypeId)) errors.push({ field: 'contactTypeId', message: t.unknownType });
  if (errors.length) throw unprocessable(errors);

  await runCommand(deps, actorOf(auth), { type: 'eventContact.update', eventId: row.eventId }, async (tx, rec) => {
    await visibleEvent(tx, auth, row.eventId, { lock: true });
    if ('number' in changes && next.number && (await duplicateOf(tx, row.eventId, next.number, id))) {
      throw unprocessable({ field: 'number', message: t.duplicate });
    }
    await tx
      .update(eventContacts)
      .set({
        ...next,
        priority: 'contactTypeId' in changes ? (types.get(next.contactTypeId)?.priority ?? 0) : row.priority,
        updatedAt: new Date(),
      })
      .where(eq(eventContacts.id, id));
    rec.changed('eventContacts', id);
    rec.journal({ table: 'eventContacts', data: { contactId: id, changes } });
  });
  return { contact: await presentContact(deps.db, id), created: false };
}

/** DELETE /v2/event-contacts/{id}: custom and not persistent only (403), create EventContact. */
export async function removeContact(deps: Deps, auth: Auth, id: number): Promise<void> {
  const row = await contactRow(deps.db, id);
  if (!row) throw notFound();
  const { ability } = await mayWrite(deps.db, auth, row.eventId);
  if (!canDeleteContact(ability, row)) throw forbidden(t.notRemovable);
  await runCommand(deps, actorOf(auth), { type: 'eventContact.delete', eventId: row.eventId }, async (tx, rec) => {
    const deleted = await tx
      .delete(eventContacts)
      .where(and(eq(eventContacts.id, id)))
      .returning({ id: eventContacts.id });
    if (deleted.length === 0) throw notFound();
    rec.removed('eventContacts', id);
    rec.journal({ table: 'eventContacts', data: { contactId: id, name: row.name, number: row.number } });
  });
}

/** The event's contacts in table order (tests, SMS journal). */
export async function contactsOf(db: Database, eventId: number): Promise<EventContactRow[]> {
  return db.select().from(eventContacts).where(eq(eventContacts.eventId, eventId)).orderBy(asc(eventContacts.id));
}
