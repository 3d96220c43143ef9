/**
 * 'Historie akcí' (000 §2 event detail tab "action history"): the event journal's history rows in a form every
 * viewer of the event may read — who did what and when, and which fields changed — without the raw `data`
 * of the debug journal (000 §2 "Event journal dialog", view Debug), which can hold ids of central-only tags,
 * outbox answers and other internals.
 *
 * Wire: `GET /v2/events/{eventId}/history` → `EventHistoryRow[]`, oldest first.
 */
import type { z } from 'zod';
import type { eventHistoryRowSchema } from './schema';

/** One row of the answer; its schema is the contract (events/schema.ts). */
export type EventHistoryRow = z.infer<typeof eventHistoryRowSchema>;

/** Czech names of the journal types (ours: the spec names the columns, not the texts). */
export const HISTORY_ACTIONS: Record<string, string> = {
  'event.create': 'Založení události',
  'event.createFrom': 'Vytvoření z jiné události',
  'event.simulate': 'Test KOPIS',
  'event.update': 'Úprava události',
  'event.state': 'Změna stavu',
  'event.end': 'Ukončení události',
  'event.close': 'Uzavření události',
  'event.remove': 'Odebrání události',
  'event.unlinkParent': 'Zrušení připojení',
  'event.queue': 'Odeslání do fronty',
  'event.queueTaken': 'Převzetí z fronty',
  'eventToEvent.create': 'Propojení událostí',
  'eventToEvent.remove': 'Zrušení propojení',
  'eventContact.create': 'Nový kontakt',
  'eventContact.update': 'Úprava kontaktu',
  'eventContact.delete': 'Smazání kontaktu',
  'contact.sms': 'Odeslání SMS',
  'eventJob.create': 'Nasazení techniky',
  'eventJob.update': 'Změna nasazení techniky',
  'eventJob.end': 'Ukončení nasazení techniky',
  'eventJob.remove': 'Odebrání nasazení techniky',
  'eventJob.geofence': 'Automatická změna stavu nasazení podle polohy',
  'eventObject.create': 'Nová poznámka v mapě',
  'eventObject.update': 'Úprava poznámky v mapě',
  'eventObject.delete': 'Smazání poznámky v mapě',
  'eventGeo.create': 'Nový objekt v mapě',
  'eventGeo.update': 'Úprava objektu v mapě',
  'eventGeo.delete': 'Smazání objektu v mapě',
  'message.send': 'Odeslání zprávy',
  'message.confirm': 'Potvrzení zprávy',
  'message.tag': 'Nastavení štítku zprávy',
  'message.untag': 'Odebrání štítku zprávy',
  'message.isv': 'Odeslání zprávy do ISV',
};

/**
 * Labels of the event's own fields outside the category's inputs (ours): a refusal (403/422) names its field by
 * them when the category gives no label, and the history does too.
 */
export const EVENT_FIELD_LABELS: Record<string, string> = {
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

/** The history's labels: the event's own, and those of fields a refusal names by their key (ours). */
export const HISTORY_FIELD_LABELS: Record<string, string> = {
  ...EVENT_FIELD_LABELS,
  addressData: 'Adresa',
  addressDescription: 'Upřesnění místa',
  targetLatitude: 'Cíl',
  targetLongitude: 'Cíl',
  destinationLatitude: 'Místo dojezdu',
  destinationLongitude: 'Místo dojezdu',
  eventTerrainId: 'Terén',
  priorityId: 'Priorita',
  eventTypeId: 'Typ události',
  eventJobStatusId: 'Stav nasazení',
  arriveAt: 'Příjezd',
  geofence: 'Automatické stavy podle polohy',
};

export const HISTORY_CHANGED = 'Změněno'; // ours

/** The Czech name of a journal type; an unknown type shows as it is (better than nothing). */
export function historyAction(type: string): string {
  return HISTORY_ACTIONS[type] ?? type;
}

/**
 * The detail of a journal row: the labels of the fields its `changes` name (category labels first), each once,
 * in order — never the values (a tag change would name central-only tags, an address change is on the event
 * anyway). Null when the row names no change.
 */
export function historyDetail(data: unknown, labels: Record<string, string | undefined> = {}): string | null {
  if (!data || typeof data !== 'object') return null;
  const changes = (data as { changes?: unknown }).changes;
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return null;
  const names: string[] = [];
  for (const field of Object.keys(changes)) {
    const name = labels[field] ?? HISTORY_FIELD_LABELS[field] ?? field;
    if (!names.includes(name)) names.push(name);
  }
  return names.length ? `${HISTORY_CHANGED}: ${names.join(', ')}` : null;
}
