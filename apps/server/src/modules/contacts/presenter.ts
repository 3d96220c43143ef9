/** event_contacts row → wire `EventContact` (type name, device code, editable = custom, send block). */
import type { EventContact } from '@panel/domain/sync';
import type { eventContacts } from '../../db/schema/index.js';

export type EventContactRow = typeof eventContacts.$inferSelect;

export function presentEventContact(
  r: EventContactRow,
  eventUuid: string,
  contactTypeName: string | null,
  deviceCode: string | null,
): EventContact {
  return {
    id: r.id,
    eventId: r.eventId,
    eventUuid,
    contactTypeId: r.contactTypeId,
    contactTypeName,
    title: r.title,
    name: r.name,
    number: r.number,
    custom: r.custom ? 1 : 0,
    persistent: r.persistent ? 1 : 0,
    deviceId: r.deviceId,
    deviceCode,
    prefix: r.prefix,
    suffix: r.suffix,
    code: r.code,
    type: r.type,
    icon: r.icon,
    sort: r.sort,
    priority: r.priority,
    editable: r.custom ? 1 : 0,
    send: { name: r.name, prefix: r.prefix, suffix: r.suffix },
  };
}
